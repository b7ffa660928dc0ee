/**
 * Accounts (SPEC section 7): register, activation, show, update, password reset.
 * E-mail addresses are unique across all brands (one account works on every brand that
 * offers accounts); mails go out in the calling brand's name.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { passwordProblems } from '../../../contract/account-rules';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  registerFormSchema,
  updateFormSchema,
} from '../../../contract/users';
import { CODE_LIFETIME_MS, consumeCode, issueCode, peekCode } from '../../auth/codes';
import { hashPassword } from '../../auth/passwords';
import { revokeAllTokens } from '../../auth/tokens';
import { ApiError, parseInput } from '../../http/errors';
import { accountExistsMail, passwordResetMail, type MailContext } from '../../mail/templates';
import type { ApiContext } from '../context';
import { limitRate, requireAccounts, requireUser } from '../guards';
import { liftFlatPasses, mergeProfile, todayIn } from './forms';
import { presentUser } from './present';
import {
  activateUser,
  findUserByEmail,
  findUserById,
  insertUser,
  replaceUnactivatedUser,
  setPassword,
  updateUser,
} from './repository';
import { mailOutbox } from '../../db/schema';

export const MESSAGES = {
  registered: 'Thank you for registering. We have sent you an e-mail with a link to activate your account.',
  emailTaken:
    'An account with this e-mail address already exists. Sign in, or reset your password if you have forgotten it.',
  activated: 'Your account is activated. You can now sign in.',
  alreadyActive: 'This account is already activated. You can sign in.',
  badActivation: 'This activation link is not valid or has expired. Use Forgot Password to get a new link by e-mail.',
  resetSent: 'If an account exists for this e-mail address, we have sent it a link to reset the password.',
  resetDone: 'Your password has been changed. Please sign in with your new password.',
  badReset: 'This password reset link is not valid, has been used or has expired. Please ask for a new one.',
  emailFixed: 'The e-mail address cannot be changed.',
  passwordElsewhere: 'Use Change Password to change your password.',
} as const;

const minutes = (ms: number) => Math.round(ms / 60_000);

export function usersRoutes(context: ApiContext): FastifyPluginAsync {
  const today = todayIn(context.now);
  const register = registerFormSchema(today);
  const update = updateFormSchema(today);
  const mailContext = (request: FastifyRequest): MailContext => ({ brand: request.brand, ...context.mail });

  return async (api) => {
    api.post('/users/register', async (request, reply) => {
      requireAccounts(request);
      await limitRate(context, reply, [[`register:ip:${request.ip}`, context.limits.registerPerIp]]);
      const form = parseInput(register, liftFlatPasses(request.body));
      // Keyed on the address and the client together (issue 33): nobody else can use up its quota.
      await limitRate(context, reply, [
        [`register:account:${form.email}:${request.ip}`, context.limits.registerPerAccount],
      ]);
      const now = context.now();
      const values = {
        email: form.email,
        passwordHash: await hashPassword(form.password),
        brand: request.brand.key,
        title: form.title ?? null,
        firstName: form.first_name,
        lastName: form.last_name,
        phoneNumber: form.phone_number ?? null,
        countryCodePhoneNumber: form.country_code_phone_number ?? null,
        dob: form.dob,
        profile: mergeProfile(undefined, form.profile),
        creationOrigin: form.creation_origin,
        createdAt: now,
        updatedAt: now,
      };
      // The account and its activation mail in one transaction (issue 22): a crash leaves both or
      // neither. An address registered but never activated registers again: the new details take
      // the old ones' place and a new activation mail goes out.
      const owed = await context.db.transaction(async (tx) => {
        let user = await insertUser(tx, values);
        if (!user) {
          const existing = await findUserByEmail(tx, form.email);
          if (existing?.activatedAt) return { exists: existing, owed: undefined };
          user = existing ? await replaceUnactivatedUser(tx, existing.id, values) : undefined;
        }
        if (!user) return undefined;
        // One activation mail owed at a time: a newer registration's replaces an unsent older one.
        await tx
          .update(mailOutbox)
          .set({ sentAt: now })
          .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'activation'), isNull(mailOutbox.sentAt)));
        const [row] = await tx
          .insert(mailOutbox)
          .values({ kind: 'activation', userId: user.id, brand: request.brand.key })
          .returning({ id: mailOutbox.id });
        return row ? { exists: undefined, owed: row.id } : undefined;
      });
      // An address that already has an account gets the same answer as a new one (OWASP: no
      // account enumeration); its owner is told by e-mail, at most as often as the quota allows.
      const exists = owed?.exists;
      if (exists) {
        const mail = mailContext(request);
        void context.mailer
          .send(accountExistsMail(mail, exists.email, exists.firstName))
          .catch((error: unknown) => request.log.error({ err: error }, 'account exists mail failed'));
        return reply.code(201).send({ data: { message: MESSAGES.registered } });
      }
      if (!owed?.owed) throw new ApiError(409, MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
      // Sent now in the background; if the relay is down, the outbox tries again (main.ts).
      const brand = request.brand;
      void context.outbox
        .deliver((key) => (key === brand.key ? brand : undefined), owed.owed)
        .catch((error: unknown) => request.log.error({ err: error }, 'activation mail: outbox delivery failed'));
      return reply.code(201).send({ data: { message: MESSAGES.registered } });
    });

    api.post<{ Params: { code: string } }>('/users/activation/:code', async (request, reply) => {
      requireAccounts(request);
      await limitRate(context, reply, [[`code:ip:${request.ip}`, context.limits.codePerIp]]);
      const now = context.now();
      const userId = await consumeCode(context.db, request.params.code, 'activation', now);
      if (userId) {
        await activateUser(context.db, userId, now);
        return { data: { message: MESSAGES.activated } };
      }
      const known = await peekCode(context.db, request.params.code, 'activation', now);
      const owner = known && (await findUserById(context.db, known.userId));
      // The link opened again (another tab, a reload): activation is done, and says so (issue 32).
      if (owner?.activatedAt) return { data: { message: MESSAGES.alreadyActive } };
      throw ApiError.notFound(MESSAGES.badActivation);
    });

    api.get('/users/show', async (request) => {
      const user = await requireUser(context, request);
      return { data: presentUser(user, context.now()) };
    });

    api.put('/users/update', async (request) => {
      const user = await requireUser(context, request);
      const form = parseInput(update, liftFlatPasses(request.body));
      const errors: Record<string, string[]> = {};
      if (
        form.email !== undefined &&
        form.email !== null &&
        (typeof form.email !== 'string' || form.email.trim().toLowerCase() !== user.email.toLowerCase())
      ) {
        errors.email = [MESSAGES.emailFixed];
      }
      for (const field of ['password', 'password_confirmation'] as const) {
        if (form[field] !== undefined && form[field] !== null && form[field] !== '')
          errors[field] = [MESSAGES.passwordElsewhere];
      }
      if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
      const now = context.now();
      const updated = await updateUser(
        context.db,
        user.id,
        {
          title: form.title ?? null,
          firstName: form.first_name,
          lastName: form.last_name,
          phoneNumber: form.phone_number ?? null,
          countryCodePhoneNumber: form.country_code_phone_number ?? null,
          dob: form.dob,
          profile: mergeProfile(user.profile, form.profile),
        },
        now,
      );
      if (!updated) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
      return { data: presentUser(updated, now) };
    });

    api.post('/users/password/reset', async (request, reply) => {
      requireAccounts(request);
      await limitRate(context, reply, [[`reset:ip:${request.ip}`, context.limits.resetPerIp]]);
      const { email } = parseInput(passwordResetRequestSchema, request.body);
      // Keyed on the address and the client together (issue 33): nobody else can use up its quota.
      await limitRate(context, reply, [[`reset:account:${email}:${request.ip}`, context.limits.resetPerAccount]]);
      // The answer must not depend on whether the account exists, not even in its timing:
      // the lookup and the mail happen after it.
      const mail = mailContext(request);
      void (async () => {
        const user = await findUserByEmail(context.db, email);
        if (!user) return;
        const code = await issueCode(context.db, user.id, 'password_reset', context.now());
        await context.mailer.send(
          passwordResetMail(mail, user.email, user.firstName, code, minutes(CODE_LIFETIME_MS.password_reset)),
        );
      })().catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      return { data: { message: MESSAGES.resetSent } };
    });

    api.post<{ Params: { code: string } }>('/users/password/reset/:code', async (request, reply) => {
      requireAccounts(request);
      await limitRate(context, reply, [[`code:ip:${request.ip}`, context.limits.codePerIp]]);
      // Validate first, so a mistyped password does not use up the link.
      const form = parseInput(passwordResetSchema, request.body);
      const now = context.now();
      const known = await peekCode(context.db, request.params.code, 'password_reset', now);
      const user = known?.live ? await findUserById(context.db, known.userId) : undefined;
      if (!user) throw ApiError.notFound(MESSAGES.badReset);
      const problems = passwordProblems(form.password, user.email);
      if (problems.length > 0) throw ApiError.validation({ password: problems });
      const passwordHash = await hashPassword(form.password);
      // The conditional update decides between two racing uses of one link.
      if ((await consumeCode(context.db, request.params.code, 'password_reset', context.now())) !== user.id)
        throw ApiError.notFound(MESSAGES.badReset);
      await setPassword(context.db, user.id, passwordHash, now);
      await revokeAllTokens(context.db, user.id, now);
      return { data: { message: MESSAGES.resetDone } };
    });
  };
}
