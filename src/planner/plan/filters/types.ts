/**
 * The result filter chain's shared words: what a rule sees (the options with their figures and
 * the search they answer) and what it says when it removes one (the rule and the reason).
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { LatLng } from '../../geo/geo';

export interface FilterContext {
  origin: LatLng;
  destination: LatLng;
  /** Great-circle metres from origin to destination. */
  directMetres: number;
  /** The time asked, seconds since the epoch on the region's wall clock (arrive-by: the latest arrival). */
  asked: number;
  arriveBy: boolean;
  /** A return was asked for. */
  returnAsked: boolean;
}

/** A rule: which of the options still in the set it removes, each with the reason a traveller would accept. */
export interface JourneyRule {
  name: string;
  remove(options: readonly JourneyFigures[], ctx: FilterContext): Map<JourneyFigures, string>;
}

/** One removed option, as the CLI's --why flag prints it. */
export interface Removal {
  rule: string;
  id: string;
  /** 'transit 08:12-09:40' */
  option: string;
  reason: string;
}
