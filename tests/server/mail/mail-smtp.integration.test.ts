/**
 * SMTP_URL set: account mail goes out over SMTP (nodemailer) instead of the outbox. The real
 * mailer delivers to a local SMTP receiver; the activation link it carries activates the account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../../src/server/db/schema';
import { createMailer } from '../../../src/server/mail/mailer';
import { decodeQuotedPrintable, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver';
import { PASSWORD, registration, startApiServer, uniqueEmail, type ApiServer } from '../helpers/api';

let smtp: SmtpReceiver;
let server: ApiServer;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-smtp-'));

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startApiServer({
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: outbox, log: { info: () => {} } }),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('account mail over SMTP', () => {
  it("sends the activation mail to the relay in the brand's name, and its link activates the account", async () => {
    const email = uniqueEmail('smtp');
    const registered = await server.call('POST', '/v1/users/register', { body: registration(email) });
    expect(registered.status).toBe(201);
    // Sent from the outbox right after the answer.
    for (let i = 0; i < 100 && !smtp.mails.some((m) => m.to.includes(email.toLowerCase())); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
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
    expect(
      (await server.call('POST', '/v1/auth/login', { body: { username: email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('still registers when the relay cannot be reached: the mail waits in the outbox', async () => {
    await smtp.close();
    const email = uniqueEmail('smtp-down');
    const registered = await server.call('POST', '/v1/users/register', { body: registration(email) });
    expect(registered.status).toBe(201);
    const [user] = await server.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    const owed = async () => (await server.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user!.id)))[0];
    for (let i = 0; i < 250 && (await owed())?.attempts === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await owed()).toMatchObject({ attempts: 1, sentAt: null });
  });
});
