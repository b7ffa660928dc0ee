/**
 * Account vocabulary and rules shared by the API and the web app (SPEC sections 3, 5 and 9).
 * Plain constants and functions (no zod here) so the browser's first chunk stays small;
 * src/contract/users.ts builds the zod schemas from these.
 */

/** SPEC: creation_origin is HOME_PAGE on register. */
export const DEFAULT_CREATION_ORIGIN = 'HOME_PAGE';

/** SPEC sections 5 and 9. */
export const MIN_AGE = 12;
export const MAX_AGE = 130;

/** Our password rules (the SPEC leaves them to us); the messages state them. */
export const PASSWORD_MIN_LENGTH = 10;
/** argon2 hashes anything, but an unbounded password is a cheap way to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  isEmail: 'The password must not be your e-mail address.',
  oneCharacter: 'The password must not be one character repeated.',
  mismatch: 'The password confirmation does not match.',
} as const;

/** Characters, not UTF-16 units, so an emoji counts once. */
const length = (text: string) => [...text].length;

/** Every password rule the text breaks (empty when it is acceptable). */
export function passwordProblems(password: string, email?: string | null): string[] {
  const problems: string[] = [];
  const size = length(password);
  if (size < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (size > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  const bare = email?.trim().toLowerCase();
  if (bare && password.trim().toLowerCase() === bare) problems.push(PASSWORD_MESSAGES.isEmail);
  if (size >= PASSWORD_MIN_LENGTH && new Set(password).size === 1) problems.push(PASSWORD_MESSAGES.oneCharacter);
  return problems;
}

const DOB = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date of birth's problem on `today` (YYYY-MM-DD, London), or null when it is acceptable. */
export function dobProblem(dob: string, today: string): string | null {
  if (!dob.trim()) return 'The date of birth is required.';
  if (!parseIsoDate(dob)) return 'The date of birth must be a real date written YYYY-MM-DD.';
  const age = ageOn(dob, today);
  if (age === null || age < 0) return 'The date of birth must not be in the future.';
  if (age < MIN_AGE) return `You must be aged ${MIN_AGE} or over to register.`;
  if (age > MAX_AGE) return 'Check the year of the date of birth.';
  return null;
}

/** Parses YYYY-MM-DD into a real calendar date (rejects 2023-02-30), or null. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = DOB.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years from `dob` to `today` (both YYYY-MM-DD); null for a malformed date. A 29 February birthday counts from 1 March in other years. */
export function ageOn(dob: string, today: string): number | null {
  const birth = parseIsoDate(dob);
  const now = parseIsoDate(today);
  if (!birth || !now) return null;
  let age = now.year - birth.year;
  if (now.month < birth.month || (now.month === birth.month && now.day < birth.day)) age -= 1;
  return age;
}

export interface PassesInput {
  has_car_access?: boolean;
  has_concessionary_pass?: boolean;
  has_young_scot_card?: boolean;
  has_new_young_scot_card?: boolean;
  railcard?: string | null;
}

/**
 * SPEC section 4: answering no to the Young Scot card also resets the new-card flag,
 * and railcard 'No' is sent as empty, which we store as null.
 */
export function normalisePasses<T extends PassesInput>(passes: T): T {
  const out = { ...passes };
  if (out.has_young_scot_card !== true) out.has_new_young_scot_card = false;
  if (out.railcard === '') out.railcard = null;
  return out;
}

/** The user form's text limits and shapes (the zod schemas in users.ts use these). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_SHAPE = /^[0-9][0-9 ()-]{4,18}[0-9]$/;
export const COUNTRY_CODE_SHAPE = /^\+?[0-9]{1,4}$/;
/** A name, an @ and a dotted domain, no spaces: the server's e-mail check is stricter still. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const USER_FORM_MESSAGES = {
  required: (label: string) => `The ${label} is required.`,
  tooLong: (label: string, max: number) => `The ${label} must be at most ${max} characters.`,
  email: 'Enter a valid e-mail address.',
  phone: 'The phone number must be 6 to 20 digits (spaces, brackets and dashes allowed).',
  countryCode: 'The country code must be like +44.',
  terms: 'You must accept the terms and conditions.',
} as const;

export interface RegisterFields {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  country_code_phone_number: string | null;
  dob: string;
  password: string;
  password_confirmation: string;
  accepts_terms: boolean;
}

/**
 * The register form's field errors as the server gives them (its first message per field), so
 * an empty form shows every field's error on the first submit rather than in rounds.
 */
export function registerFieldErrors(form: RegisterFields, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  for (const [field, label] of [
    ['first_name', 'first name'],
    ['last_name', 'last name'],
  ] as const) {
    const value = form[field].trim();
    put(
      field,
      !value
        ? USER_FORM_MESSAGES.required(label)
        : value.length > NAME_MAX_LENGTH
          ? USER_FORM_MESSAGES.tooLong(label, NAME_MAX_LENGTH)
          : null,
    );
  }
  const phone = form.phone_number?.trim();
  if (phone) put('phone_number', PHONE_SHAPE.test(phone) ? null : USER_FORM_MESSAGES.phone);
  const code = form.country_code_phone_number?.trim();
  if (code) put('country_code_phone_number', COUNTRY_CODE_SHAPE.test(code) ? null : USER_FORM_MESSAGES.countryCode);
  put('dob', dobProblem(form.dob, today));
  const email = form.email.trim();
  put(
    'email',
    email.length > EMAIL_MAX_LENGTH
      ? USER_FORM_MESSAGES.tooLong('e-mail address', EMAIL_MAX_LENGTH)
      : EMAIL_SHAPE.test(email)
        ? null
        : USER_FORM_MESSAGES.email,
  );
  put('accepts_terms', form.accepts_terms ? null : USER_FORM_MESSAGES.terms);
  put('password', passwordProblems(form.password, form.email)[0] ?? null);
  put('password_confirmation', form.password_confirmation !== form.password ? PASSWORD_MESSAGES.mismatch : null);
  return errors;
}
