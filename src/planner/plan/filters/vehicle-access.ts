/**
 * A car, taxi or bike to or from the station is kept only where it beats going the whole way by
 * that vehicle: quicker, or cheaper by more than the extra time is worth (a lower generalized
 * cost: money at £10 an hour), or a clear share less CO2. Otherwise the traveller would simply
 * drive (or ride, or take the taxi) there.
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { TransportMode } from '../../journey/types';
import type { JourneyRule } from './types';
import { isDirect, legsOf } from './clock';
import { generalizedCost } from './generalized-cost';

/** The share of CO2 an access option must save over going direct by its vehicle (README.md). */
export const CO2_SAVING_SHARE = 0.25;

const VEHICLES: TransportMode[] = ['own-car', 'taxi', 'cycle'];

export const vehicleAccess: JourneyRule = {
  name: 'vehicle-access',
  remove(options) {
    const out = new Map<JourneyFigures, string>();
    for (const f of options) {
      const j = f.journey;
      if (isDirect(j)) continue;
      const types = new Set(legsOf(j).flatMap((l) => l.steps.map((s) => s.type as string)));
      for (const vehicle of VEHICLES) {
        if (!types.has(vehicle)) continue;
        const direct = options.find((g) => isDirect(g.journey) && g.journey.transport_mode === vehicle);
        if (!direct) continue;
        const d = direct.journey;
        const quicker = j.duration.value < d.duration.value;
        // Cheaper only counts when the saving is worth the extra time and changes (generalized cost).
        const cheaper =
          j.cost_value !== null &&
          d.cost_value !== null &&
          j.cost_value < d.cost_value &&
          generalizedCost(f) < generalizedCost(direct);
        const greener = j.carbon_emission <= (1 - CO2_SAVING_SHARE) * d.carbon_emission;
        if (!quicker && !cheaper && !greener) {
          out.set(
            f,
            `${vehicle} to the station is no quicker, not cheaper by more than the extra time is worth, and not ${Math.round(CO2_SAVING_SHARE * 100)}% greener than going all the way by ${vehicle} (${d.duration.text}, ${d.cost}, ${d.carbon_emission} kg)`,
          );
          break;
        }
      }
    }
    return out;
  },
};
