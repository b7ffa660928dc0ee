/**
 * Long waits: a wait of hours between two steps is no journey anyone would take (a train at 08:10,
 * then six hours on a platform). Always removed, whatever else is in the set.
 */
import type { JourneyRule } from './types';
import { longestWait, minutesText } from './clock';

/** Seconds: the longest wait between two steps a journey may have (README.md). */
export const MAX_WAIT_S = 3 * 3600;

export const longWaits: JourneyRule = {
  name: 'long-wait',
  remove(options) {
    const out = new Map<(typeof options)[number], string>();
    for (const f of options) {
      const wait = longestWait(f.journey);
      if (wait > MAX_WAIT_S)
        out.set(f, `waits ${minutesText(wait)} between two steps (more than ${MAX_WAIT_S / 3600} h)`);
    }
    return out;
  },
};
