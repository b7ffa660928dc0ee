/**
 * Who pays what: the traveller's passes (SPEC section 3, User.profile and the search
 * form) and the rules that turn them into free or discounted travel.
 *
 * Sources (data/regions/tayside/fares.json carries the same rows with dates):
 *  - National Entitlement Card, 60+ or disabled: free travel on registered local and
 *    long-distance buses in Scotland at any time; some premium-fare services, tours and
 *    group hire excluded (transport.gov.scot/concessionary-travel/60plus-or-disabled-free-bus-travel;
 *    mygov.scot/disabled-bus-pass). Not rail.
 *  - Young Persons' Free Bus Travel: everyone aged 5-21 living in Scotland (from
 *    31 January 2022, togetherscotland.org.uk 2022-02-02); the Young Scot card issued
 *    since 10 January 2022 carries the entitlement (SPEC section 9, "YoungScot new card").
 *    An older Young Scot card does not.
 *  - Railcards: 1/3 off most rail fares; 16-25 and 26-30: GBP 12 minimum fare for journeys
 *    04:30-10:00 Monday-Friday, none at weekends, on public holidays or in July and August;
 *    16-17 Saver: 50% off; Senior: 1/3 off (its peak restriction is in south-east England
 *    only); Disabled Persons: 1/3 off for holder and one companion at any time
 *    (MoneyWeek 2023-05-05, pressreader.com/uk/money-week/20230505/281925957344293; time
 *    window from railcards.avantiwestcoast.co.uk FAQ).
 * Which services count as "local bus" is decided by the caller (transit.ts) from the
 * GTFS route type and the region's list of coach operators.
 */
import { inClockWindow, type LocalDateTime } from '../common/local-time';

/** SPEC railcard options: src/vocabulary. */
import { RAILCARDS, type Railcard } from '../../vocabulary/index';

export interface TravellerProfile {
  /** Age in whole years on the travel date, when known. */
  age?: number | undefined;
  /** National Entitlement Card for 60+ or disabled people. */
  hasConcessionaryPass?: boolean | undefined;
  /** Any Young Scot card (older cards carry no free bus entitlement). */
  hasYoungScotCard?: boolean | undefined;
  /** Young Scot card issued since 10 January 2022 (SPEC: has_new_young_scot_card). */
  hasNewYoungScotCard?: boolean | undefined;
  /** Issue date of the Young Scot card (YYYY-MM-DD) when known; decides "new" by itself. */
  youngScotIssued?: string | undefined;
  railcard?: Railcard | null | undefined;
}

/** A traveller without passes: the prices anyone pays (what a shared search shows, issue 33). */
export const ANYONE: TravellerProfile = Object.freeze({});

/** Whether the traveller holds anything that can change a fare (a railcard, a concessionary or Young Scot card). */
export function holdsPasses(p: TravellerProfile): boolean {
  return Boolean(
    p.railcard || p.hasConcessionaryPass || p.hasYoungScotCard || p.hasNewYoungScotCard || p.youngScotIssued,
  );
}

/** SPEC section 9: "YoungScot new card: issued since 10th January 2022". */
export const YOUNG_SCOT_NEW_CARD_FROM = '2022-01-10';
/** Under-22 free bus travel: aged 5 to 21. */
export const YOUNG_PERSONS_MAX_AGE = 21;
export const YOUNG_PERSONS_MIN_AGE = 5;
export const OLDER_PERSONS_MIN_AGE = 60;

export interface ConcessionResult {
  free: true;
  /** Which entitlement applies, for the pricing breakdown. */
  reason: string;
}

function hasNewYoungScot(p: TravellerProfile): boolean {
  if (p.youngScotIssued) return p.youngScotIssued >= YOUNG_SCOT_NEW_CARD_FROM;
  return p.hasNewYoungScotCard === true;
}

/**
 * Free travel on a Scottish local bus for this traveller, or null when they pay.
 * The concessionary pass (60+ or disabled) is itself the proof of entitlement, so
 * it applies whatever age is entered. The new Young Scot card applies to ages 5-21;
 * with no age given the card is taken at its word (it is only issued with the
 * entitlement to under-22s), an age of 22 or more ends it.
 */
export function localBusConcession(p: TravellerProfile): ConcessionResult | null {
  if (p.hasConcessionaryPass) {
    const who = p.age !== undefined && p.age >= OLDER_PERSONS_MIN_AGE ? '60+' : '60+ or disabled';
    return { free: true, reason: `National Entitlement Card (${who}): free local bus travel in Scotland` };
  }
  if (hasNewYoungScot(p)) {
    if (p.age === undefined || (p.age >= YOUNG_PERSONS_MIN_AGE && p.age <= YOUNG_PERSONS_MAX_AGE)) {
      return {
        free: true,
        reason: 'Young Scot card (issued since 10 January 2022, under 22): free local bus travel in Scotland',
      };
    }
  }
  return null;
}

export interface RailcardRule {
  /** Fraction of the fare paid: 2/3 for a third off. */
  pays: number;
  /** Minimum fare in pence and when it applies, when the railcard has one. */
  minimumFare?: { pence: number; weekdaysFrom: number; weekdaysTo: number; exceptMonths: number[] };
  label: string;
}

// Labels never name the card: a search's journeys are shown to anyone with its URL, and the card
// (a Disabled Persons Railcard, above all) is the traveller's own business (issue 22, item 5).
export const RAILCARD_RULES: Record<Railcard, RailcardRule> = {
  '16-17 Saver': { pays: 1 / 2, label: 'your railcard: 50% off' },
  '16-25 Railcard': {
    pays: 2 / 3,
    label: 'your railcard: 1/3 off',
    minimumFare: { pence: 1200, weekdaysFrom: 4 * 60 + 30, weekdaysTo: 10 * 60, exceptMonths: [7, 8] },
  },
  '26-30 Railcard': {
    pays: 2 / 3,
    label: 'your railcard: 1/3 off',
    minimumFare: { pence: 1200, weekdaysFrom: 4 * 60 + 30, weekdaysTo: 10 * 60, exceptMonths: [7, 8] },
  },
  'Disabled Persons Railcard': { pays: 2 / 3, label: 'your railcard: 1/3 off' },
  'Senior Railcard': { pays: 2 / 3, label: 'your railcard: 1/3 off' },
};

export interface RailcardPrice {
  pence: number;
  description: string;
}

/**
 * A known adult rail fare with the railcard applied. Rounded to the nearest penny
 * (the industry's rounding to 5p is not in our sources). The 16-25 / 26-30 minimum
 * fare: during 04:30-10:00 Monday-Friday (not July or August, not public holidays)
 * the traveller pays at least GBP 12, or the full fare when that is less.
 */
export function applyRailcard(
  farePence: number,
  railcard: Railcard,
  departure?: LocalDateTime,
  publicHolidays: readonly string[] = [],
): RailcardPrice {
  const rule = (RAILCARD_RULES as Partial<Record<string, RailcardRule>>)[railcard];
  if (!rule) throw new Error(`unknown railcard '${String(railcard)}' (one of ${RAILCARDS.join(', ')})`);
  if (!Number.isFinite(farePence) || farePence < 0)
    throw new Error(`a rail fare must be a non-negative amount of pence (got ${farePence})`);
  let pence = Math.round(farePence * rule.pays);
  let description = rule.label;
  const min = rule.minimumFare;
  if (
    min &&
    departure &&
    departure.weekday <= 4 &&
    !min.exceptMonths.includes(departure.month) &&
    !publicHolidays.includes(departure.date) &&
    inClockWindow(departure.minutes, min.weekdaysFrom, min.weekdaysTo)
  ) {
    const floor = Math.min(farePence, min.pence);
    if (pence < floor) {
      pence = floor;
      description += ' (GBP 12 minimum fare, 04:30-10:00 Mon-Fri)';
    }
  }
  return { pence, description };
}
