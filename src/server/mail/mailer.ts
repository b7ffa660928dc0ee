/**
 * Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise each message is written
 * to DATA_DIR/outbox as JSON (the log names the folder, never the address or link), so activation and password reset work on
 * a laptop and in tests without a mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  /** `"Brand title" <address>`. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about (activation, reset); it carries a secret code, so it is never logged. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export interface MailLog {
  info(details: object, message: string): void;
}

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}

/** `<ISO time>-<to>.json`: sortable by time, and a test can find the mail for an address. */
export function outboxFileName(mail: Pick<Mail, 'to'>, now: Date): string {
  const to = mail.to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 100);
  return `${now.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 6)}-${to}.json`;
}

export function outboxMailer(dir: string, log: MailLog): Mailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(mail, new Date()));
      // Write then rename, so a reader never sees half a mail.
      await fs.writeFile(`${file}.tmp`, `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      // The file (and its name) holds the address and the link, a secret code: the log names only the folder.
      log.info({ subject: mail.subject, outbox: dir }, `mail written to the outbox folder ${dir}: ${mail.subject}`);
    },
  };
}

export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; log: MailLog }): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl)
    : outboxMailer(path.join(options.dataDir, 'outbox'), options.log);
}
