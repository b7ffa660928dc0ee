/**
 * SMTP_URL set: account mail goes out over SMTP (nodemailer) instead of the outbox. The real
 * mailer delivers to a local SMTP receiver; the activation link it carries activates the account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../../src/server/mail/mailer';
import { decodeQuotedPrintable, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver';
import { PASSWORD, registration, startApiServer, uniqueEmail, type ApiServer } from './helpers';

let smtp: SmtpReceiver;
let server: ApiServer;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-smtp-'));

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startApiServer({ mailer: createMailer({ smtpUrl: smtp.url, dataDir: outbox, log: { info: () => {} } }) });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('account mail over SMTP', () => {
  it('sends the activation mail to the relay in the brand\'s name, and its link activates the account', async () => {
    const email = uniqueEmail('smtp');
    const registered = await server.call('POST', '/v1/users/register', { body: registration(email) });
    expect(registered.status).toBe(201);
    const mail = smtp.mails.find((m) => m.to.includes(email.toLowerCase()));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@drover.test');
    expect(mail!.raw).toMatch(/^From: "Tayside & Stirling Journey Planner" <no-reply@drover\.test>/m);
    expect(mail!.raw).toMatch(/^Subject: Activate your Tayside & Stirling Journey Planner account/m);
    const code = /\/auth\/activation\?code=([\w-]{43})/.exec(decodeQuotedPrintable(mail!.raw))?.[1];
    expect(code).toBeDefined();
    // Nothing went to the outbox instead.
    expect(fs.existsSync(path.join(outbox, 'outbox'))).toBe(false);

    expect((await server.call('POST', `/v1/users/activation/${code}`)).status).toBe(200);
    expect((await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } })).status).toBe(200);
  });

  it('answers 503 when the relay cannot be reached', async () => {
    await smtp.close();
    const email = uniqueEmail('smtp-down');
    const refused = await server.call('POST', '/v1/users/register', { body: registration(email) });
    expect(refused.status).toBe(503);
    expect(refused.json<{ message: string }>().message).toBe('We could not send the activation e-mail just now. Please try again in a few minutes.');
  });
});
