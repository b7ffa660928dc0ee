/** The shared user form's rules (SPEC sections 3, 4 and 5): the register checks before sending and the payloads sent. */
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../src/contract/users';
import { registerFormSchema } from '../../../../src/contract/users';
import {
  emptyUserForm,
  registerErrors,
  registerPayload,
  updatePayload,
  userFormFrom,
} from '../../../../src/web/features/account/user-form';

const form = (patch: Partial<ReturnType<typeof emptyUserForm>> = {}) => ({
  ...emptyUserForm(),
  email: 'isla@example.org',
  dob: '1990-05-17',
  accepts_terms: true,
  ...patch,
});

const TODAY = '2026-11-23';
const PASSWORD = 'a long enough secret';

/** The server's answer for the same form: the register schema's first message per field. */
function serverErrors(body: Record<string, unknown>): Record<string, string> {
  const parsed = registerFormSchema(() => TODAY).safeParse(body);
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('registerErrors: every field in one round, as the server says them', () => {
  const valid = form({
    first_name: 'Isla',
    last_name: 'Morrison',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });

  it('an empty form shows all six errors at once, not e-mail and terms first', () => {
    const errors = registerErrors(emptyUserForm(), TODAY);
    expect(Object.keys(errors).sort()).toEqual([
      'accepts_terms',
      'dob',
      'email',
      'first_name',
      'last_name',
      'password',
    ]);
    expect(errors).toEqual(serverErrors(registerPayload(emptyUserForm())));
  });

  it('a valid form has none', () => {
    expect(registerErrors(valid, TODAY)).toEqual({});
    expect(serverErrors(registerPayload(valid))).toEqual({});
  });

  it('matches the server field by field on each broken rule', () => {
    const broken: Array<Partial<ReturnType<typeof emptyUserForm>>> = [
      { accepts_terms: false },
      { dob: '2014-11-24' }, // a day short of 12
      { dob: '2030-01-01' },
      { dob: '1890-01-01' },
      { dob: '2023-02-30' },
      { email: 'isla@example' },
      { email: 'is la@example.org' },
      { first_name: '   ' },
      { last_name: 'x'.repeat(101) },
      { phone_number: '12' },
      { phone_number: '01382 123456', country_code_phone_number: '44444' },
      { password: 'short', password_confirmation: 'short' },
      { password: 'aaaaaaaaaaaa', password_confirmation: 'aaaaaaaaaaaa' },
      { password: 'isla@example.org', password_confirmation: 'isla@example.org' },
      { password_confirmation: 'something else' },
    ];
    for (const patch of broken) {
      const changed = { ...valid, ...patch };
      const client = registerErrors(changed, TODAY);
      expect(Object.keys(client).length, JSON.stringify(patch)).toBeGreaterThan(0);
      expect(client, JSON.stringify(patch)).toEqual(serverErrors(registerPayload(changed)));
    }
  });

  it('the age of 12 counts on the day: the 12th birthday is accepted', () => {
    expect(registerErrors(form({ ...valid, dob: '2014-11-23' }), TODAY)).toEqual({});
  });
});

describe('payloads', () => {
  it('register sends HOME_PAGE, the passes as a profile with railcard No as null, and no phone code without a phone', () => {
    const body = registerPayload(
      form({
        passes: {
          ...emptyUserForm().passes,
          has_railcard: false,
          railcard_type: '16-25 Railcard',
          has_young_scot_card: false,
          has_new_young_scot_card: true,
        },
      }),
    );
    expect(body).toMatchObject({
      creation_origin: 'HOME_PAGE',
      email: 'isla@example.org',
      country_code_phone_number: null,
      phone_number: null,
    });
    expect(body.profile).toEqual({
      has_car_access: true,
      has_concessionary_pass: false,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: null,
    });
  });
  it('the edit form starts from the user and its update never sends the e-mail or passwords', () => {
    const user: User = {
      id: 'u1',
      title: 'Dr',
      first_name: 'Isla',
      last_name: 'Morrison',
      email: 'isla@example.org',
      phone_number: '01382 123456',
      country_code_phone_number: '+44',
      dob: '1990-05-17',
      creation_origin: 'HOME_PAGE',
      profile: {
        has_car_access: false,
        has_concessionary_pass: true,
        has_young_scot_card: true,
        has_new_young_scot_card: true,
        railcard: 'Senior Railcard',
        user_age: 36,
      },
    };
    const state = userFormFrom(user);
    expect(state.passes).toMatchObject({
      has_access_to_car: false,
      has_railcard: true,
      railcard_type: 'Senior Railcard',
      has_new_young_scot_card: true,
    });
    const body = updatePayload(state);
    expect(body).toEqual({
      title: 'Dr',
      first_name: 'Isla',
      last_name: 'Morrison',
      country_code_phone_number: '+44',
      phone_number: '01382 123456',
      dob: '1990-05-17',
      profile: {
        has_car_access: false,
        has_concessionary_pass: true,
        has_young_scot_card: true,
        has_new_young_scot_card: true,
        railcard: 'Senior Railcard',
      },
    });
  });
});
