/**
 * Leg and step times as seconds on the region's wall clock, and what a journey needs: the
 * filters compare options by these. Step clocks are HH:mm text read forward from the leg's
 * departure (a clock earlier than the one before is the next day: a leg can run overnight).
 */
import type { Journey, Leg } from '../../journey/types';

const dayOf = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000;
const clock = (t: string) => Number(t.slice(0, 2)) * 3600 + Number(t.slice(3, 5)) * 60;

export const legStart = (l: Leg): number => dayOf(l.departure_date) + clock(l.departure_at);
export const legEnd = (l: Leg): number => dayOf(l.arrival_date) + clock(l.arrival_at);

export const legsOf = (j: Journey): Leg[] => (j.return ? [j.depart, j.return] : [j.depart]);

/** Seconds between one step's arrival and the next one's departure, for every pair of steps of a leg. */
export function stepGaps(l: Leg): number[] {
  let day = dayOf(l.departure_date);
  let last = clock(l.departure_at);
  const at = (t: string) => {
    const s = clock(t);
    if (s < last) day += 86_400;
    last = s;
    return day + s;
  };
  const times = l.steps.map((s) => ({ dep: at(s.departure_time), arr: at(s.arrival_time) }));
  return times.slice(1).map((t, i) => t.dep - times[i]!.arr);
}

/** The longest wait between two steps of any leg, seconds. */
export const longestWait = (j: Journey): number => Math.max(0, ...legsOf(j).flatMap(stepGaps));

/** Step types that need something of the traveller besides money: their own car or bike, a club membership. */
const NEEDS = new Set(['own-car', 'cycle', 'car-club', 'bike-hire']);

/** What an option needs besides money; an option only some travellers may use needs that eligibility. */
export function needs(j: Journey): Set<string> {
  const n = new Set<string>();
  for (const l of legsOf(j)) for (const s of l.steps) if (NEEDS.has(s.type)) n.add(s.type);
  if (j.eligibility) n.add(`eligibility: ${j.eligibility}`);
  return n;
}

/** Direct modes (walk, cycle, car, taxi, car club, bike hire, DRT) are tagged 'direct' by plan(). */
export const isDirect = (j: Journey): boolean => j.tags.includes('direct');

export function optionText(j: Journey): string {
  return `${j.transport_mode} ${j.depart.departure_at}-${j.depart.arrival_at}${j.return ? ` back ${j.return.departure_at}-${j.return.arrival_at}` : ''}`;
}

export function minutesText(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}
