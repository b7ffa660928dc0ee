/**
 * Car club hire: time charged per hour in 15-minute steps (a started quarter is
 * charged), the time charge capped at the daily rate for each 24 hours, plus a charge
 * per mile; an optional minimum booking (Enterprise Car Club: 30 minutes, reservations
 * in 15-minute increments - enterprisecarclub.co.uk FAQ, undated).
 *
 * VAT: consumer car-club tariffs are published VAT-inclusive; a tariff row with
 * `vat_included: false` (the source quotes it ex-VAT) gets UK VAT added to the total.
 */
import { metresToMiles } from '../../vocabulary/units';
import { UK_VAT_RATE, withVat, type Cost, type PriceLine } from './money';

export interface CarClubTariff {
  per_hour_pence: number;
  /** Daily cap on the time charge (24 hours); null when none is published. */
  per_day_pence: number | null;
  per_mile_pence: number;
  minimum_minutes: number;
  vat_included: boolean;
  source_url: string;
  source_date: string;
}

export interface CarClubPrice {
  cost: Cost;
  /** 15-minute blocks charged (after the minimum). */
  blocks: number;
  timePence: number;
  mileagePence: number;
  line: PriceLine;
}

export const CAR_CLUB_STEP_MINUTES = 15;
const BLOCKS_PER_DAY = (24 * 60) / CAR_CLUB_STEP_MINUTES;

/** Time charge for a number of 15-minute blocks: hourly rate per quarter, each whole day capped at the day rate. */
export function carClubTimeCharge(
  tariff: Pick<CarClubTariff, 'per_hour_pence' | 'per_day_pence'>,
  blocks: number,
): number {
  const quarter = tariff.per_hour_pence / 4;
  if (tariff.per_day_pence === null) return Math.round(blocks * quarter);
  const days = Math.floor(blocks / BLOCKS_PER_DAY);
  const rest = blocks - days * BLOCKS_PER_DAY;
  return days * tariff.per_day_pence + Math.min(Math.round(rest * quarter), tariff.per_day_pence);
}

export function priceCarClub(
  tariff: CarClubTariff | null,
  durationS: number,
  distanceM: number,
  provider = 'Car club',
  vatRate = UK_VAT_RATE,
): CarClubPrice {
  if (!tariff) {
    return {
      cost: 'unknown',
      blocks: 0,
      timePence: 0,
      mileagePence: 0,
      line: {
        description: `${provider}: no current published prices in our region data`,
        cost: 'unknown',
        estimated: true,
      },
    };
  }
  const minutes = Math.max(tariff.minimum_minutes, Math.max(0, durationS) / 60);
  const blocks = Math.ceil(minutes / CAR_CLUB_STEP_MINUTES - 1e-9);
  const timePence = carClubTimeCharge(tariff, blocks);
  const miles = metresToMiles(distanceM);
  const mileagePence = Math.round(miles * tariff.per_mile_pence);
  const total = withVat(timePence + mileagePence, tariff.vat_included, vatRate);
  const vatText = tariff.vat_included ? '' : `, plus VAT at ${Math.round(vatRate * 100)}%`;
  return {
    cost: total,
    blocks,
    timePence,
    mileagePence,
    line: {
      description:
        `${provider} estimate: ${blocks * CAR_CLUB_STEP_MINUTES} min at £${(tariff.per_hour_pence / 100).toFixed(2)}/hour` +
        `${tariff.per_day_pence !== null ? ` (capped at £${(tariff.per_day_pence / 100).toFixed(2)}/day)` : ''}` +
        ` + ${miles.toFixed(2)} miles at ${tariff.per_mile_pence}p/mile${vatText}`,
      cost: total,
      estimated: true,
      source: { url: tariff.source_url, date: tariff.source_date },
    },
  };
}
