/**
 * Missing returns: with a return asked, an outbound option whose way back could not be fitted
 * after it arrives (journey.return_unavailable says so) is removed when another option of the same
 * kind (public transport, or the same direct mode) has a way back that fits.
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { JourneyRule } from './types';
import { isDirect } from './clock';

const kind = (f: JourneyFigures) => (isDirect(f.journey) ? f.journey.transport_mode : 'public transport');

export const missingReturns: JourneyRule = {
  name: 'no-return',
  remove(options, ctx) {
    const out = new Map<JourneyFigures, string>();
    if (!ctx.returnAsked) return out;
    for (const f of options) {
      if (f.journey.return) continue;
      const other = options.find((g) => g.journey.return && kind(g) === kind(f) && !g.journey.eligibility);
      if (other)
        out.set(
          f,
          `no way back fits after it arrives, and the ${kind(f)} option at ${other.journey.depart.departure_at} has one`,
        );
    }
    return out;
  },
};
