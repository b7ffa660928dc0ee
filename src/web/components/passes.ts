/**
 * The passes questions of the search form (SPEC sections 3 and 4), as pure rules so the
 * search form and the account screens answer them the same way.
 */
import { RAILCARD_OPTIONS, type Railcard } from '../../contract/railcards';

export { RAILCARD_OPTIONS, type Railcard };

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

/** Railcard 'No' empties the choice; 'Yes' reveals it (and keeps an earlier pick). */
export const answerRailcard = (passes: Passes, yes: boolean): Passes => ({
  ...passes,
  has_railcard: yes,
  railcard_type: yes ? passes.railcard_type : null,
});

export const chooseRailcard = (passes: Passes, railcard: string): Passes => ({
  ...passes,
  has_railcard: true,
  railcard_type: (RAILCARD_OPTIONS as readonly string[]).includes(railcard) ? (railcard as Railcard) : null,
});

/** Answering no to the Young Scot card also resets the new-card answer. */
export const answerYoungScot = (passes: Passes, yes: boolean): Passes => ({
  ...passes,
  has_young_scot_card: yes,
  has_new_young_scot_card: yes ? passes.has_new_young_scot_card : false,
});

/** The new-card question is asked only of Young Scot card holders. */
export const asksNewYoungScotCard = (passes: Passes): boolean => passes.has_young_scot_card;

/** SPEC section 3: a signed-in traveller's passes come from their profile, not the questions. */
export function passesFromProfile(profile: {
  has_car_access: boolean;
  has_concessionary_pass: boolean;
  has_young_scot_card: boolean;
  has_new_young_scot_card: boolean;
  railcard: Railcard | null;
  user_age: number | null;
}): Passes & { user_age: number | null } {
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
