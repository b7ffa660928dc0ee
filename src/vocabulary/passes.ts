/**
 * The traveller's passes (SPEC sections 3, 4 and 6): the six questions of the search form, their
 * defaults, the profile they come from for a signed-in traveller, and the profile the planner
 * prices with. One shape for every layer; the pass fields are listed here and nowhere else.
 */
import { RAILCARDS, type Railcard } from './words';

/** The search form's pass fields, in the SPEC's order. */
export const PASS_FIELDS = [
  'has_access_to_car',
  'has_concessionary_pass',
  'has_railcard',
  'railcard_type',
  'has_young_scot_card',
  'has_new_young_scot_card',
] as const;
export type PassField = (typeof PASS_FIELDS)[number];

export interface Passes {
  has_access_to_car: boolean;
  has_concessionary_pass: boolean;
  has_railcard: boolean;
  railcard_type: Railcard | null;
  has_young_scot_card: boolean;
  has_new_young_scot_card: boolean;
}

/** SPEC section 4: car access defaults to yes; everything else to no. */
export const defaultPasses = (): Passes => ({
  has_access_to_car: true,
  has_concessionary_pass: false,
  has_railcard: false,
  railcard_type: null,
  has_young_scot_card: false,
  has_new_young_scot_card: false,
});

/** A signed-in traveller's profile passes (SPEC User.profile, spelt as there). */
export interface ProfilePasses {
  has_car_access: boolean;
  has_concessionary_pass: boolean;
  has_young_scot_card: boolean;
  has_new_young_scot_card: boolean;
  railcard: Railcard | null;
  user_age: number | null;
}

/** SPEC section 3: a signed-in traveller's passes come from their profile, not the questions. */
export function passesFromProfile(profile: ProfilePasses): Passes & { user_age: number | null } {
  return {
    has_access_to_car: profile.has_car_access,
    has_concessionary_pass: profile.has_concessionary_pass,
    has_railcard: profile.railcard !== null,
    railcard_type: profile.railcard,
    has_young_scot_card: profile.has_young_scot_card,
    has_new_young_scot_card: profile.has_young_scot_card && profile.has_new_young_scot_card,
    user_age: profile.user_age,
  };
}

/** Which profile field (SPEC User.profile) answers each pass question. */
export const PROFILE_FIELD_OF: Readonly<Record<PassField, keyof ProfilePasses>> = {
  has_access_to_car: 'has_car_access',
  has_concessionary_pass: 'has_concessionary_pass',
  has_railcard: 'railcard',
  railcard_type: 'railcard',
  has_young_scot_card: 'has_young_scot_card',
  has_new_young_scot_card: 'has_new_young_scot_card',
};

/** The passes as a profile (railcard 'No' is no railcard; no Young Scot card, no new card). */
export function profileFromPasses(passes: Passes): Omit<ProfilePasses, 'user_age'> {
  return {
    has_car_access: passes.has_access_to_car,
    has_concessionary_pass: passes.has_concessionary_pass,
    has_young_scot_card: passes.has_young_scot_card,
    has_new_young_scot_card: passes.has_young_scot_card && passes.has_new_young_scot_card,
    railcard: passes.has_railcard ? passes.railcard_type : null,
  };
}

/** SPEC sections 3 and 4: a railcard type only with a railcard, a new Young Scot card only with a card. */
export function consistentPasses<T extends Passes>(passes: T): T {
  return {
    ...passes,
    railcard_type: passes.has_railcard ? passes.railcard_type : null,
    has_new_young_scot_card: passes.has_young_scot_card && passes.has_new_young_scot_card,
  };
}

/** The passes of a stored or received record (a stored search form): what it says, the defaults for what it lacks. */
export function readPasses(record: Readonly<Record<string, unknown>>): Passes {
  const passes = defaultPasses();
  const flags = PASS_FIELDS.filter((field): field is Exclude<PassField, 'railcard_type'> => field !== 'railcard_type');
  for (const field of flags) if (typeof record[field] === 'boolean') passes[field] = record[field] as boolean;
  const railcard = record.railcard_type;
  passes.railcard_type = (RAILCARDS as readonly unknown[]).includes(railcard) ? (railcard as Railcard) : null;
  return passes;
}

/** What the planner prices with (its PlanProfile): the railcard only when the traveller has one. */
export interface PlannerProfile {
  has_access_to_car: boolean;
  has_concessionary_pass: boolean;
  railcard_type: Railcard | null;
  has_young_scot_card: boolean;
  has_new_young_scot_card: boolean;
  user_age?: number;
}

export function plannerProfile(passes: Passes & { user_age?: number | null }): PlannerProfile {
  return {
    has_access_to_car: passes.has_access_to_car,
    has_concessionary_pass: passes.has_concessionary_pass,
    railcard_type: passes.has_railcard ? passes.railcard_type : null,
    has_young_scot_card: passes.has_young_scot_card,
    has_new_young_scot_card: passes.has_new_young_scot_card,
    ...(typeof passes.user_age === 'number' ? { user_age: passes.user_age } : {}),
  };
}
