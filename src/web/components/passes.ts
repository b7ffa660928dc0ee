/**
 * The passes questions of the search form (SPEC sections 3 and 4), as pure rules so the
 * search form and the account screens answer them the same way.
 */
import { RAILCARDS, type Passes, type Railcard } from '../../vocabulary/index';

/** Railcard 'No' empties the choice; 'Yes' reveals it (and keeps an earlier pick). */
export const answerRailcard = (passes: Passes, yes: boolean): Passes => ({
  ...passes,
  has_railcard: yes,
  railcard_type: yes ? passes.railcard_type : null,
});

export const chooseRailcard = (passes: Passes, railcard: string): Passes => ({
  ...passes,
  has_railcard: true,
  railcard_type: (RAILCARDS as readonly string[]).includes(railcard) ? (railcard as Railcard) : null,
});

/** Answering no to the Young Scot card also resets the new-card answer. */
export const answerYoungScot = (passes: Passes, yes: boolean): Passes => ({
  ...passes,
  has_young_scot_card: yes,
  has_new_young_scot_card: yes ? passes.has_new_young_scot_card : false,
});

/** The new-card question is asked only of Young Scot card holders. */
export const asksNewYoungScotCard = (passes: Passes): boolean => passes.has_young_scot_card;
