/** Reading the user forms: the SPEC nests passes under profile; flat pass fields are accepted too. */
import { normalisePasses } from '../../../contract/account-rules';
import { londonToday } from '../../../vocabulary/time';
import type { ProfileInput } from '../../../contract/users';
import type { UserProfile } from '../../db/schema';
import { DEFAULT_PROFILE } from './present';

const PASS_FIELDS = [
  'has_car_access',
  'has_concessionary_pass',
  'has_young_scot_card',
  'has_new_young_scot_card',
  'railcard',
] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ has_car_access: true }` -> `{ profile: { has_car_access: true } }`; fields inside profile win. */
export function liftFlatPasses(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  if (body.profile !== undefined && !isPlainObject(body.profile)) return body;
  const flat = Object.fromEntries(PASS_FIELDS.filter((field) => field in body).map((field) => [field, body[field]]));
  if (Object.keys(flat).length === 0) return body;
  return { ...body, profile: { ...flat, ...(body.profile as Record<string, unknown> | undefined) } };
}

/** Stored passes + what the form changed, with the Young Scot and railcard rules applied. */
export function mergeProfile(stored: UserProfile | undefined, input: ProfileInput | undefined): UserProfile {
  const merged = { ...DEFAULT_PROFILE, ...stored, ...input };
  const { user_age: _derived, ...passes } = normalisePasses(merged);
  return passes;
}

/** Ages are counted on London's calendar. */
export const todayIn = (now: () => Date) => () => londonToday(now());
