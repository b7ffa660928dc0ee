/**
 * Accounts (SPEC sections 3, 5 and 7): the user form, profile passes, login and password
 * reset payloads, and the User the API answers. Zod schemas for the server and for the web
 * app's forms; the option lists and rules themselves live zod-free in account-rules.ts.
 */
import { z } from 'zod';
import {
  COUNTRY_CODE_SHAPE,
  DEFAULT_CREATION_ORIGIN,
  dobProblem,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  passwordProblems,
  PHONE_SHAPE,
  USER_FORM_MESSAGES,
} from './account-rules';
import { RAILCARDS, TITLES } from '../vocabulary/index';

/** A required string field with messages that name the field; trimmed. */
const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `The ${label} is required.` : `The ${label} must be text.`,
    })
    .trim()
    .min(1, USER_FORM_MESSAGES.required(label))
    .max(max, USER_FORM_MESSAGES.tooLong(label, max));

/** Optional text: absent, null and '' all mean "none" (null). */
const optionalText = (label: string, pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: `The ${label} must be text.` })
      .regex(pattern, message)
      .nullable(),
  );

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

export const emailSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'The e-mail address is required.'
        : 'The e-mail address must be text.',
  })
  .trim()
  .max(EMAIL_MAX_LENGTH, USER_FORM_MESSAGES.tooLong('e-mail address', EMAIL_MAX_LENGTH))
  .pipe(z.email(USER_FORM_MESSAGES.email))
  .transform((email) => email.toLowerCase());

export const titleSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.enum(TITLES, { error: `Choose a title from the list: ${TITLES.join(', ')}.` }).nullable(),
);

export const railcardSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.enum(RAILCARDS, { error: `Choose a railcard from the list: ${RAILCARDS.join(', ')}, or none.` }).nullable(),
);

/** The passes a user can set; every field optional so an update can send only what changed. */
export const profileInputSchema = z.object(
  {
    has_car_access: flag('Car access').optional(),
    has_concessionary_pass: flag('Concessionary pass').optional(),
    has_young_scot_card: flag('Young Scot card').optional(),
    has_new_young_scot_card: flag('New Young Scot card').optional(),
    railcard: railcardSchema.optional(),
  },
  { error: 'The profile must be an object of passes.' },
);
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** SPEC section 3 User.profile as the API answers it; user_age comes from dob. */
export const profileSchema = z.object({
  has_car_access: z.boolean(),
  has_concessionary_pass: z.boolean(),
  has_young_scot_card: z.boolean(),
  has_new_young_scot_card: z.boolean(),
  railcard: z.enum(RAILCARDS).nullable(),
  user_age: z.number().int().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Date of birth, YYYY-MM-DD, aged MIN_AGE or over on `today()` (Europe/London). */
export const dobSchema = (today: () => string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The date of birth is required.'
          : 'The date of birth must be text.',
    })
    .superRefine((dob, context) => {
      const problem = dobProblem(dob, today());
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** The fields shared by register and update (SPEC: the shared user form). */
const userFields = (today: () => string) => ({
  title: titleSchema.optional(),
  first_name: text('first name', NAME_MAX_LENGTH),
  last_name: text('last name', NAME_MAX_LENGTH),
  phone_number: optionalText('phone number', PHONE_SHAPE, USER_FORM_MESSAGES.phone).optional(),
  country_code_phone_number: optionalText(
    'country code',
    COUNTRY_CODE_SHAPE,
    USER_FORM_MESSAGES.countryCode,
  ).optional(),
  dob: dobSchema(today),
  profile: profileInputSchema.optional(),
});

// Length and the other rules are checked in checkPasswords; a failed form is never hashed.
const password = z.string({
  error: (issue) =>
    issue.input === undefined || issue.input === null ? 'The password is required.' : 'The password must be text.',
});
const passwordConfirmation = z.string({
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? 'Confirm the password.'
      : 'The password confirmation must be text.',
});

/** Cross-field password rules; runs even when other fields fail, so all errors show at once. */
function checkPasswords(input: unknown, context: z.RefinementCtx, withEmail: boolean) {
  // With `when: always` this also sees input that failed the object check (null, arrays, text).
  if (typeof input !== 'object' || input === null) return;
  const value = input as Record<string, unknown>;
  const email = withEmail ? value.email : null;
  if (typeof value.password !== 'string') return;
  for (const message of passwordProblems(value.password, typeof email === 'string' ? email : null)) {
    context.addIssue({ code: 'custom', path: ['password'], message });
  }
  if (typeof value.password_confirmation === 'string' && value.password_confirmation !== value.password) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: PASSWORD_MESSAGES.mismatch });
  }
}

const ALWAYS = { when: () => true };
const BODY_ERROR = { error: 'Send the form as a JSON object.' };

export const registerFormSchema = (today: () => string) =>
  z
    .object(
      {
        ...userFields(today),
        email: emailSchema,
        password,
        password_confirmation: passwordConfirmation,
        accepts_terms: z.literal(true, { error: USER_FORM_MESSAGES.terms }),
        creation_origin: z
          .string({ error: 'The creation origin must be text.' })
          .regex(/^[A-Z][A-Z_]{0,39}$/, 'The creation origin must be a name like HOME_PAGE.')
          .default(DEFAULT_CREATION_ORIGIN),
      },
      BODY_ERROR,
    )
    .superRefine((value, context) => checkPasswords(value, context, true), ALWAYS);
export type RegisterForm = z.infer<ReturnType<typeof registerFormSchema>>;

/** The edit form: the user fields; e-mail and password change elsewhere (the server checks that). */
export const updateFormSchema = (today: () => string) =>
  z.object(
    {
      ...userFields(today),
      email: z.unknown().optional(),
      password: z.unknown().optional(),
      password_confirmation: z.unknown().optional(),
    },
    BODY_ERROR,
  );
export type UpdateForm = z.infer<ReturnType<typeof updateFormSchema>>;

export const loginFormSchema = z.object(
  {
    username: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'The e-mail address is required.'
            : 'The e-mail address must be text.',
      })
      .trim()
      .min(1, 'The e-mail address is required.')
      .max(254, 'The e-mail address must be at most 254 characters.')
      .transform((email) => email.toLowerCase()),
    password: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'The password is required.'
            : 'The password must be text.',
      })
      .min(1, 'The password is required.')
      .max(PASSWORD_MAX_LENGTH * 4, PASSWORD_MESSAGES.tooLong),
  },
  BODY_ERROR,
);
export type LoginForm = z.infer<typeof loginFormSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema }, BODY_ERROR);

export const passwordResetSchema = z
  .object({ password, password_confirmation: passwordConfirmation }, BODY_ERROR)
  .superRefine((value, context) => checkPasswords(value, context, false), ALWAYS);

/** SPEC section 3 User, as GET /v1/users/show and PUT /v1/users/update answer it (inside data). */
export const userSchema = z.object({
  id: z.string(),
  title: z.enum(TITLES).nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  country_code_phone_number: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  creation_origin: z.string().nullable(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

/** `{ data: { message } }` answers (register, activation, password reset). */
export const messageAnswerSchema = z.object({ data: z.object({ message: z.string() }) });
export const loginAnswerSchema = z.object({ data: z.object({ access_token: z.string() }) });
