/** Porto Alegre: public transport with cycle access (cycle to the stop, leave the bike, ride, walk). */
import { beforeAll, describe, expect, it } from 'vitest';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadPortoAlegre } from '../../../src/planner/region/load-node';
import type { PlanRequest } from '../../../src/planner/plan/request';
import type { Journey } from '../../../src/planner/journey/types';
import { CYCLE_ACCESS_BUDGET, CYCLE_ACCESS_SAVING } from '../../../src/planner/modes/cycle-transit';
import { expectConnected, expectValid } from '../helpers/journey-checks';

const now = new Date('2019-05-01T12:00:00Z');
// North-east of the city to the south, about 11.5 km (an hour's cycling), both ends on mapped streets.
const req: PlanRequest = {
  origin: { label: 'North-east', lat: -30.0141, lng: -51.1794 },
  destination: { label: 'South', lat: -30.108, lng: -51.2284 },
  out_time: '2019-05-15T12:00',
};
// About 4 km: cycling the whole way is quicker than any bike-and-ride.
const short: PlanRequest = {
  origin: { label: 'North', lat: -30.0, lng: -51.174 },
  destination: { label: 'Centre-east', lat: -30.0342, lng: -51.1889 },
  out_time: '2019-05-15T12:00',
};
let region: Region;
let all: Journey[];
let noCycle: Journey[];

const cycled = (js: Journey[]) => js.filter((j) => j.tags.includes('cycle-access'));
const walkedTransit = (js: Journey[]) =>
  js.filter((j) => j.transport_mode === 'transit' && !j.tags.includes('cycle-access'));
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`);

beforeAll(async () => {
  region = await loadPortoAlegre();
  all = await planAll(req, { regions: [region], now });
  noCycle = await planAll({ ...req, blocked_travel_types: ['cycle'] }, { regions: [region], now });
}, 60_000);

describe('public transport with cycle access', () => {
  it('cycles to a stop, then rides, and ends on foot, within the cycling budget', () => {
    const cs = cycled(all);
    expect(cs.length).toBeGreaterThan(0);
    for (const j of cs) {
      expectValid(j);
      expectConnected(j.depart, j.origin, j.destination);
      expect(j.estimated).toBe(false);
      const [first, second] = j.depart.steps;
      expect(j.transport_mode).toBe('transit');
      expect(first!.type).toBe('cycle');
      expect(first!.duration.value).toBeLessThanOrEqual(CYCLE_ACCESS_BUDGET + 60);
      expect(first!.directions.length).toBeGreaterThan(0);
      expect(second!.transit).not.toBeNull();
      expect(first!.end_address).toBe(second!.transit!.from_stop.name);
      expect(j.depart.steps.slice(1).every((s) => s.type !== 'cycle')).toBe(true);
    }
  });

  it('is offered only where it saves time: no walking option leaves as late and arrives as early', () => {
    const walks = walkedTransit(all);
    expect(walks.length).toBeGreaterThan(0);
    for (const c of cycled(all)) {
      const dep = at(c.depart.departure_date, c.depart.departure_at);
      const arr = at(c.depart.arrival_date, c.depart.arrival_at);
      // Clock text is whole minutes: a walking option must not beat it by a full minute either way.
      for (const w of walks)
        expect(
          at(w.depart.departure_date, w.depart.departure_at) >= dep + 60_000 &&
            at(w.depart.arrival_date, w.depart.arrival_at) <= arr - 60_000,
        ).toBe(false);
    }
  });

  it('is offered only when at least 5 minutes quicker than cycling the whole way', async () => {
    const direct = all.find((j) => j.transport_mode === 'cycle')!;
    expect(direct).toBeDefined();
    for (const c of cycled(all))
      expect(c.duration.value).toBeLessThanOrEqual(direct.duration.value - CYCLE_ACCESS_SAVING);
    const near = await planAll(short, { regions: [region], now });
    expect(near.some((j) => j.transport_mode === 'cycle')).toBe(true);
    expect(cycled(near)).toEqual([]);
  });

  it('is not offered from a point off the cycle network (no cycling times guessed from the straight line)', async () => {
    // At the edge of the extract: 400 m from the nearest footway, with no road or cycleway within 500 m.
    const edge = { label: 'North edge', lat: -29.995, lng: -51.165 };
    expect(region.street.snap(edge, 'cycle')).toBeNull();
    const js = await planAll(
      { origin: edge, destination: { label: 'Centro', lat: -30.03, lng: -51.225 }, out_time: '2019-05-15T15:30' },
      { regions: [region], now },
    );
    expect(js.some((j) => j.transport_mode === 'transit')).toBe(true);
    expect(cycled(js)).toEqual([]);
  });

  it('never pushes out a walking option, and a brand blocking cycling gets none', () => {
    expect(
      walkedTransit(all)
        .map((j) => j.id)
        .sort(),
    ).toEqual(
      walkedTransit(noCycle)
        .map((j) => j.id)
        .sort(),
    );
    expect(cycled(noCycle)).toEqual([]);
    for (const j of noCycle) expect(j.depart.steps.some((s) => s.type === 'cycle')).toBe(false);
  });

  it('is not planned with a return (the bike would be left at the outbound stop)', async () => {
    const js = await planAll({ ...req, return_time: '2019-05-15T16:00' }, { regions: [region], now });
    expect(js.some((j) => j.transport_mode === 'transit')).toBe(true);
    expect(cycled(js)).toEqual([]);
  });
});
