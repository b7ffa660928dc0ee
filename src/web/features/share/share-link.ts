/**
 * What a shared journey link holds (issue 31): the search and the journey, as the journey page's
 * own address does, and nothing of the sharer's (no passes, account, visitor id or screen state);
 * the server shows anyone but the owner the journey priced as for anyone (issue 33). A journey
 * planned on the device, which the server never saw, is shared as a planner link for the same
 * trip instead, which plans it afresh for whoever opens it.
 */
import type { Journey } from '../../../contract/journey';
import { dayLabel } from '../../lib/day-label';
import { plannerLink } from '../../lib/planner-link';

export interface ShareTarget {
  url: string;
  /** 'journey': opens this journey; 'planner': opens the planner with the same trip filled in. */
  kind: 'journey' | 'planner';
  title: string;
  text: string;
}

const placeName = (label: string) => label.split(',')[0]!.trim();

export function shareTarget(
  origin: string,
  journey: Journey,
  where: { hash: string; journeyId: string; onDevice: boolean; journeyType?: 'depart' | 'return' },
): ShareTarget {
  const from = placeName(journey.origin.label);
  const to = placeName(journey.destination.label);
  const leg = journey.depart;
  const title = `${from} to ${to}`;
  const text = `${title}, ${dayLabel(leg.departure_date)}: leave ${leg.departure_at}, arrive ${leg.arrival_at}${
    journey.return ? `; back at ${journey.return.departure_at}` : ''
  }`;
  if (where.onDevice) {
    const url = plannerLink(origin, {
      from: journey.origin,
      to: journey.destination,
      time: `${leg.departure_date}T${leg.departure_at}`,
      ...(journey.return ? { back: `${journey.return.departure_date}T${journey.return.departure_at}` } : {}),
    });
    return { url, kind: 'planner', title, text };
  }
  const path = `/search/${encodeURIComponent(where.hash)}/results/${encodeURIComponent(where.journeyId)}`;
  const url = `${origin}${path}${where.journeyType === 'return' ? '?journeyType=return' : ''}`;
  return { url, kind: 'journey', title, text };
}
