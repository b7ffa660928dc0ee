/** A users row as the SPEC's User (never the password hash). */
import { ageOn } from '../../../contract/account-rules';
import { RAILCARDS, TITLES, type Railcard, type Title, isOneOf } from '../../../vocabulary/index';
import { londonToday } from '../../../vocabulary/time';
import type { User } from '../../../contract/users';
import type { UserProfile, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** SPEC section 4: car access defaults to yes; the other passes to no. */
export const DEFAULT_PROFILE = {
  has_car_access: true,
  has_concessionary_pass: false,
  has_young_scot_card: false,
  has_new_young_scot_card: false,
  railcard: null,
} as const satisfies UserProfile;

export function presentUser(row: UserRow, now: Date): User {
  const profile = { ...DEFAULT_PROFILE, ...row.profile };
  return {
    id: row.id,
    title: isOneOf(TITLES, row.title) ? (row.title as Title) : null,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    country_code_phone_number: row.countryCodePhoneNumber,
    dob: row.dob,
    creation_origin: row.creationOrigin,
    profile: {
      has_car_access: profile.has_car_access === true,
      has_concessionary_pass: profile.has_concessionary_pass === true,
      has_young_scot_card: profile.has_young_scot_card === true,
      has_new_young_scot_card: profile.has_young_scot_card === true && profile.has_new_young_scot_card === true,
      railcard: isOneOf(RAILCARDS, profile.railcard) ? (profile.railcard as Railcard) : null,
      user_age: row.dob ? ageOn(row.dob, londonToday(now)) : null,
    },
  };
}
