/**
 * The shared user form's state and rules (SPEC sections 3 and 5): the payload the API takes,
 * and the register form's checks made before sending (the contract's rules, as the server's).
 */
import { DEFAULT_CREATION_ORIGIN, registerFieldErrors } from '../../../contract/account-rules';

import type { User } from '../../../contract/users';
import {
  defaultPasses,
  londonToday,
  PASS_FIELDS,
  passesFromProfile,
  PROFILE_FIELD_OF,
  profileFromPasses,
  type Passes,
} from '../../../vocabulary/index';

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

const userFields = (form: UserFormState) => ({
  title: form.title || null,
  first_name: form.first_name,
  last_name: form.last_name,
  country_code_phone_number: form.phone_number ? form.country_code_phone_number : null,
  phone_number: form.phone_number || null,
  dob: form.dob,
  profile: profileFromPasses(form.passes),
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

/**
 * The register form's field errors before sending, the server's own rules from the contract
 * (first message per field), so every field's error shows on the first submit. Empty when the
 * server should be asked.
 */
export function registerErrors(form: UserFormState, today: string = londonToday()): Record<string, string> {
  const body = registerPayload(form);
  return registerFieldErrors(body, today);
}

/** The API keys pass errors as profile.<field>; the passes questions use the search form's names. */
export function passesErrors(fields: Record<string, string>): Partial<Record<keyof Passes, string>> {
  // has_railcard has no error of its own: the railcard's error shows on the railcard choice.
  return Object.fromEntries(
    PASS_FIELDS.filter((field) => field !== 'has_railcard').map((field) => [
      field,
      fields[`profile.${PROFILE_FIELD_OF[field]}`],
    ]),
  );
}
