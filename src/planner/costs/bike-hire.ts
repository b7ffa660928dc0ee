/**
 * Bike hire: an unlock fee plus time bands, each charging a fixed amount per started
 * period (nextbike Stirling 2022: GBP 1 per 20 minutes; Ride On Dundee 2022 pay as you
 * go: GBP 1 unlock, 6p a minute for the first 20 minutes, 10p a minute to 2 hours).
 * Published consumer prices, VAT-inclusive; `vat_included: false` adds VAT.
 */
import { UK_VAT_RATE, withVat, type Cost, type PriceLine } from './money';

export interface BikeHireBand {
  /** Minutes from the start of the hire, [from, to); to null = open-ended. */
  from_minute: number;
  to_minute: number | null;
  pence: number;
  per_minutes: number;
}

export interface BikeHireTariff {
  unlock_pence: number;
  bands: BikeHireBand[];
  vat_included: boolean;
  source_url: string;
  source_date: string;
}

export function bikeHireCharge(tariff: Pick<BikeHireTariff, 'unlock_pence' | 'bands'>, minutes: number): number | null {
  let pence = tariff.unlock_pence;
  let covered = 0;
  const bands = [...tariff.bands].sort((a, b) => a.from_minute - b.from_minute);
  for (const b of bands) {
    if (minutes <= b.from_minute) break;
    if (b.from_minute !== covered) return null;
    const end = b.to_minute === null ? minutes : Math.min(minutes, b.to_minute);
    pence += Math.ceil((end - b.from_minute) / b.per_minutes - 1e-9) * b.pence;
    covered = b.to_minute ?? Infinity;
  }
  return covered >= minutes || minutes === 0 ? pence : null;
}

export function priceBikeHire(
  tariff: BikeHireTariff | null,
  durationS: number,
  scheme = 'Bike hire',
  vatRate = UK_VAT_RATE,
): { cost: Cost; line: PriceLine } {
  if (!tariff)
    return {
      cost: 'unknown',
      line: { description: `${scheme}: no current published prices`, cost: 'unknown', estimated: true },
    };
  const minutes = Math.max(0, durationS) / 60;
  const charge = bikeHireCharge(tariff, minutes);
  const source = { url: tariff.source_url, date: tariff.source_date };
  if (charge === null) {
    return {
      cost: 'unknown',
      line: {
        description: `${scheme}: the published prices do not cover a ${Math.ceil(minutes)}-minute hire`,
        cost: 'unknown',
        estimated: true,
        source,
      },
    };
  }
  const cost = withVat(charge, tariff.vat_included, vatRate);
  return {
    cost,
    line: {
      description: `${scheme} estimate: ${Math.ceil(minutes)} min (prices of ${tariff.source_date})`,
      cost,
      estimated: true,
      source,
    },
  };
}
