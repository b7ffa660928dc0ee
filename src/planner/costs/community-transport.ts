/**
 * Fares of demand-responsive and community transport from region data (drt.json):
 * free, a flat fare per journey, or a rate per mile (volunteer car schemes), only
 * where the source states it plainly; otherwise unknown with the published wording.
 * Community schemes charge no VAT on these fares (published amounts are the price).
 */
import { metresToMiles } from '../../vocabulary/units';
import type { Cost, PriceLine } from './money';

export interface CommunityFareService {
  name: string;
  fares_text: string | null;
  fare: { kind: 'free' } | { kind: 'flat'; pence: number } | { kind: 'per_mile'; pence: number } | null;
  eligibility: string;
  source_url: string;
  source_date: string;
}

export function priceCommunityTransport(
  service: CommunityFareService,
  distanceM: number,
): { cost: Cost; line: PriceLine } {
  const source = { url: service.source_url, date: service.source_date };
  const f = service.fare;
  if (!f) {
    const said = service.fares_text ? ` (published: "${service.fares_text}")` : '';
    return {
      cost: 'unknown',
      line: { description: `${service.name}: fare unknown${said}`, cost: 'unknown', estimated: false, source },
    };
  }
  if (f.kind === 'free') {
    return {
      cost: 'free',
      line: {
        description: `${service.name}: free for eligible travellers (${service.fares_text ?? 'free'}; ${service.eligibility})`,
        cost: 'free',
        estimated: false,
        source,
      },
    };
  }
  if (f.kind === 'flat') {
    return {
      cost: f.pence,
      line: {
        description: `${service.name}: flat fare as published ${service.source_date}`,
        cost: f.pence,
        estimated: true,
        source,
      },
    };
  }
  const miles = metresToMiles(distanceM);
  const pence = Math.round(miles * f.pence);
  return {
    cost: pence,
    line: {
      description: `${service.name}: ${miles.toFixed(2)} miles at ${f.pence}p per mile, as published ${service.source_date}`,
      cost: pence,
      estimated: true,
      source,
    },
  };
}
