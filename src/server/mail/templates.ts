/**
 * Account e-mails, in the calling brand's name and linking to its host. Plain text plus a
 * minimal HTML part; every user-supplied value is escaped.
 */
import type { Brand } from '../../contract/brand';
import type { Mail } from './mailer';

export interface MailContext {
  brand: Pick<Brand, 'title' | 'hostnames' | 'supportEmail'>;
  /** PUBLIC_URL: a base URL, `{host}` standing for the brand's hostname. */
  publicUrl: string;
  /** MAIL_FROM. */
  mailFrom: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A display name must not smuggle quotes or line breaks into the header. */
const displayName = (title: string) => title.replace(/["\\\r\n]/g, '').slice(0, 80);

export function brandLink(context: MailContext, pathname: string, params: Record<string, string>): string {
  const host = context.brand.hostnames[0] ?? 'localhost';
  const url = new URL(`${context.publicUrl.replaceAll('{host}', host)}${pathname}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function compose(
  context: MailContext,
  to: string,
  subject: string,
  lines: string[],
  link: string,
  action: string,
): Mail {
  const { brand } = context;
  const footer = `${brand.title} · ${brand.supportEmail}`;
  const text = [...lines, '', `${action}: ${link}`, '', footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { from: `"${displayName(brand.title)}" <${context.mailFrom}>`, to, subject, text, html, link };
}

export function activationMail(
  context: MailContext,
  to: string,
  firstName: string,
  code: string,
  validHours: number,
): Mail {
  const link = brandLink(context, '/auth/activation', { code });
  return compose(
    context,
    to,
    `Activate your ${context.brand.title} account`,
    [
      `Hello ${firstName},`,
      `Thank you for creating an account with ${context.brand.title}. Open the link below to activate it.`,
      `The link works once and for ${validHours} hours. If you did not create an account, ignore this e-mail.`,
    ],
    link,
    'Activate your account',
  );
}

export function passwordResetMail(
  context: MailContext,
  to: string,
  firstName: string,
  code: string,
  validMinutes: number,
): Mail {
  const link = brandLink(context, '/auth/password-reset', { code });
  return compose(
    context,
    to,
    `Reset your ${context.brand.title} password`,
    [
      `Hello ${firstName},`,
      `Someone asked to reset the password of your ${context.brand.title} account. Open the link below to choose a new one.`,
      `The link works once and for ${validMinutes} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
    ],
    link,
    'Choose a new password',
  );
}

/**
 * To the owner of an address someone tried to register again (issue 33): the API answers as
 * for a new account, so only the address's owner learns that it has one.
 */
export function accountExistsMail(context: MailContext, to: string, firstName: string): Mail {
  const link = brandLink(context, '/login', {});
  return compose(
    context,
    to,
    `You already have a ${context.brand.title} account`,
    [
      `Hello ${firstName},`,
      `Someone (perhaps you) tried to create a ${context.brand.title} account with this e-mail address, which already has one.`,
      'Sign in with it below; if you have forgotten the password, use Forgot Password on the sign-in page. If it was not you, ignore this e-mail: nothing has changed.',
    ],
    link,
    'Sign in',
  );
}
