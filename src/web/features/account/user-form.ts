/**
 * The shared user form's state and rules (SPEC sections 3 and 5): the payload the API takes,
 * and the eligibility check made before registering (accepts terms, aged 12 or over).
 */
import { ageOn, DEFAULT_CREATION_ORIGIN, londonDate, MIN_AGE } from '../../../contract/account-rules';
import type { User } from '../../../contract/users';
import { defaultPasses, passesFromProfile, type Passes } from '../../components/passes';

export interface UserFormState {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  country_code_phone_number: string;
  phone_number: string;
  /** YYYY-MM-DD, as the date input gives it and the API takes it. */
  dob: string;
  password: string;
  password_confirmation: string;
  passes: Passes;
  accepts_terms: boolean;
}

export const emptyUserForm = (): UserFormState => ({
  title: '',
  first_name: '',
  last_name: '',
  email: '',
  country_code_phone_number: '+44',
  phone_number: '',
  dob: '',
  password: '',
  password_confirmation: '',
  passes: defaultPasses(),
  accepts_terms: false,
});

export function userFormFrom(user: User): UserFormState {
  const { user_age: _age, ...passes } = passesFromProfile(user.profile);
  return {
    ...emptyUserForm(),
    title: user.title ?? '',
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    country_code_phone_number: user.country_code_phone_number ?? '',
    phone_number: user.phone_number ?? '',
    dob: user.dob ?? '',
    passes,
  };
}

/** The passes as the API's profile (railcard 'No' is sent empty). */
export const profileOf = (passes: Passes) => ({
  has_car_access: passes.has_access_to_car,
  has_concessionary_pass: passes.has_concessionary_pass,
  has_young_scot_card: passes.has_young_scot_card,
  has_new_young_scot_card: passes.has_young_scot_card && passes.has_new_young_scot_card,
  railcard: passes.has_railcard ? passes.railcard_type : null,
});

const userFields = (form: UserFormState) => ({
  title: form.title || null,
  first_name: form.first_name,
  last_name: form.last_name,
  country_code_phone_number: form.phone_number ? form.country_code_phone_number : null,
  phone_number: form.phone_number || null,
  dob: form.dob,
  profile: profileOf(form.passes),
});

export const registerPayload = (form: UserFormState) => ({
  ...userFields(form),
  email: form.email,
  password: form.password,
  password_confirmation: form.password_confirmation,
  accepts_terms: form.accepts_terms,
  creation_origin: DEFAULT_CREATION_ORIGIN,
});

export const updatePayload = (form: UserFormState) => userFields(form);

/** Something@something.tld, no spaces: the server checks the address properly; this catches a slip before sending. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ELIGIBILITY_MESSAGES = {
  email: 'Enter a valid e-mail address.',
  terms: 'You must accept the terms and conditions.',
  age: `You must be aged ${MIN_AGE} or over to register.`,
} as const;

/** SPEC section 5's eligibility: a valid e-mail, accepts the terms and is aged 12 or over. Field name to message; empty when eligible. */
export function eligibilityErrors(form: UserFormState, today: string = londonDate()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!EMAIL_SHAPE.test(form.email.trim())) errors.email = ELIGIBILITY_MESSAGES.email;
  if (!form.accepts_terms) errors.accepts_terms = ELIGIBILITY_MESSAGES.terms;
  const age = form.dob ? ageOn(form.dob, today) : null;
  if (age !== null && age < MIN_AGE) errors.dob = ELIGIBILITY_MESSAGES.age;
  return errors;
}

/** The API keys pass errors as profile.<field>; the passes questions use the search form's names. */
export function passesErrors(fields: Record<string, string>): Partial<Record<keyof Passes, string>> {
  return {
    has_access_to_car: fields['profile.has_car_access'],
    has_concessionary_pass: fields['profile.has_concessionary_pass'],
    railcard_type: fields['profile.railcard'],
    has_young_scot_card: fields['profile.has_young_scot_card'],
    has_new_young_scot_card: fields['profile.has_new_young_scot_card'],
  };
}
