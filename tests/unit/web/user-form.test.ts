/** The shared user form's rules (SPEC sections 3, 4 and 5): eligibility before registering and the payloads sent. */
import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/contract/users';
import { ELIGIBILITY_MESSAGES, eligibilityErrors, emptyUserForm, registerPayload, updatePayload, userFormFrom } from '../../../src/web/features/account/user-form';

const form = (patch: Partial<ReturnType<typeof emptyUserForm>> = {}) => ({ ...emptyUserForm(), email: 'isla@example.org', dob: '1990-05-17', accepts_terms: true, ...patch });

describe('eligibilityErrors', () => {
  it('accepts a valid e-mail, the terms and an age of 12 or more', () => {
    expect(eligibilityErrors(form(), '2026-11-23')).toEqual({});
  });
  it('needs the terms accepted', () => {
    expect(eligibilityErrors(form({ accepts_terms: false }), '2026-11-23')).toEqual({ accepts_terms: ELIGIBILITY_MESSAGES.terms });
  });
  it('needs the age of 12 on the day: the day before the 12th birthday is refused, the birthday accepted', () => {
    expect(eligibilityErrors(form({ dob: '2014-11-24' }), '2026-11-23')).toEqual({ dob: ELIGIBILITY_MESSAGES.age });
    expect(eligibilityErrors(form({ dob: '2014-11-23' }), '2026-11-23')).toEqual({});
  });
  it('needs an e-mail address with a name, an @ and a domain', () => {
    for (const email of ['', 'isla', 'isla@', 'isla@example', 'is la@example.org']) {
      expect(eligibilityErrors(form({ email }), '2026-11-23'), email).toEqual({ email: ELIGIBILITY_MESSAGES.email });
    }
  });
  it('leaves a missing or malformed date of birth to the server (its message names the field)', () => {
    expect(eligibilityErrors(form({ dob: '' }), '2026-11-23')).toEqual({});
  });
});

describe('payloads', () => {
  it('register sends HOME_PAGE, the passes as a profile with railcard No as null, and no phone code without a phone', () => {
    const body = registerPayload(form({ passes: { ...emptyUserForm().passes, has_railcard: false, railcard_type: '16-25 Railcard', has_young_scot_card: false, has_new_young_scot_card: true } }));
    expect(body).toMatchObject({ creation_origin: 'HOME_PAGE', email: 'isla@example.org', country_code_phone_number: null, phone_number: null });
    expect(body.profile).toEqual({ has_car_access: true, has_concessionary_pass: false, has_young_scot_card: false, has_new_young_scot_card: false, railcard: null });
  });
  it('the edit form starts from the user and its update never sends the e-mail or passwords', () => {
    const user: User = {
      id: 'u1', title: 'Dr', first_name: 'Isla', last_name: 'Morrison', email: 'isla@example.org', phone_number: '01382 123456', country_code_phone_number: '+44',
      dob: '1990-05-17', creation_origin: 'HOME_PAGE',
      profile: { has_car_access: false, has_concessionary_pass: true, has_young_scot_card: true, has_new_young_scot_card: true, railcard: 'Senior Railcard', user_age: 36 },
    };
    const state = userFormFrom(user);
    expect(state.passes).toMatchObject({ has_access_to_car: false, has_railcard: true, railcard_type: 'Senior Railcard', has_new_young_scot_card: true });
    const body = updatePayload(state);
    expect(body).toEqual({
      title: 'Dr', first_name: 'Isla', last_name: 'Morrison', country_code_phone_number: '+44', phone_number: '01382 123456', dob: '1990-05-17',
      profile: { has_car_access: false, has_concessionary_pass: true, has_young_scot_card: true, has_new_young_scot_card: true, railcard: 'Senior Railcard' },
    });
  });
});
