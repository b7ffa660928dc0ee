/** Shared checks for planned journeys: the contract schema, and legs that connect in time and space. */
import { expect } from 'vitest';
import { journeySchema } from '../../../src/contract/journey';
import { haversine } from '../../../src/planner/geo/geo';
import type { Journey, Leg } from '../../../src/planner/journey/types';

export function expectValid(j: Journey): void {
  const parsed = journeySchema.safeParse(j);
  if (!parsed.success)
    throw new Error(
      `journey ${j.id} (${j.transport_mode}) does not match src/contract/journey.ts: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
    );
}

const minutes = (date: string, hhmm: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 60_000 +
  Number(hhmm.slice(0, 2)) * 60 +
  Number(hhmm.slice(3, 5));

/** Steps follow one another in time (clock text; a step may not start before the previous ends) and space (within 1 m). */
export function expectConnected(
  leg: Leg,
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  tolerance = 1,
): void {
  const first = leg.steps[0]!;
  const last = leg.steps[leg.steps.length - 1]!;
  expect(haversine(first.start_location.lat, first.start_location.lng, from.lat, from.lng)).toBeLessThan(tolerance);
  expect(haversine(last.end_location.lat, last.end_location.lng, to.lat, to.lng)).toBeLessThan(tolerance);
  let day = leg.departure_date;
  let prevEnd = minutes(day, leg.departure_at);
  for (let i = 0; i < leg.steps.length; i++) {
    const s = leg.steps[i]!;
    if (i > 0) {
      const p = leg.steps[i - 1]!;
      expect(
        haversine(p.end_location.lat, p.end_location.lng, s.start_location.lat, s.start_location.lng),
      ).toBeLessThan(tolerance);
    }
    let start = minutes(day, s.departure_time);
    if (start < prevEnd - 12 * 60) {
      day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
      start = minutes(day, s.departure_time);
    }
    expect(start).toBeGreaterThanOrEqual(prevEnd);
    let end = minutes(day, s.arrival_time);
    if (end < start) end += 24 * 60;
    expect(end).toBeGreaterThanOrEqual(start);
    expect(Math.abs(end - start - s.duration.value / 60)).toBeLessThanOrEqual(1);
    prevEnd = end;
  }
  expect(prevEnd).toBe(minutes(leg.arrival_date, leg.arrival_at));
}
