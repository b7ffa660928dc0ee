/**
 * The result filter chain's rules on a real planned journey (Dundee station to Perth and back, as
 * the API answered it: tests/web/features/journey/fixtures) and variants of it, for what the
 * sanity suite's invariants do not pin down: who may dominate whom, when car or taxi access
 * stays, that hours-late options stay (tagged) when nothing is near, and that each removal says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distance } from '../../../../src/planner/geo/geo';
import type { JourneyFigures } from '../../../../src/planner/journey/assemble';
import type { Journey } from '../../../../src/planner/journey/types';
import { filterOptions, type FilterContext } from '../../../../src/planner/plan/filters/index';

const base = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../web/features/journey/fixtures/dundee-perth-return.json'), 'utf8'),
) as Journey;

/** A copy of the real journey, changed by `edit`, with the figures plan() computes beside it. */
function option(edit: (j: Journey) => void = () => {}): JourneyFigures {
  const j = structuredClone(base);
  j.cost = '£9.00';
  j.cost_value = 900;
  j.tags = [];
  delete j.return;
  edit(j);
  return { journey: j, costPence: j.cost_value ?? Infinity, departure: 0, arrival: 0, changes: j.depart.changes };
}

const ASKED = Date.UTC(2026, 10, 30) / 1000 + 8 * 3600 + 45 * 60; // 2026-11-30 08:45
const ctx: FilterContext = {
  origin: base.origin,
  destination: base.destination,
  directMetres: distance(base.origin, base.destination),
  asked: ASKED,
  arriveBy: false,
  returnAsked: false,
};

/** Moves a leg and its steps later by whole hours (within the day). */
function later(j: Journey, hours: number): void {
  const shift = (t: string) => `${String(Number(t.slice(0, 2)) + hours).padStart(2, '0')}${t.slice(2)}`;
  j.depart.departure_at = shift(j.depart.departure_at);
  j.depart.arrival_at = shift(j.depart.arrival_at);
  for (const s of j.depart.steps) {
    s.departure_time = shift(s.departure_time);
    s.arrival_time = shift(s.arrival_time);
  }
}

describe('dominance', () => {
  it('removes an option another beats on price and equals on the rest, and says which', () => {
    const dear = option((j) => ((j.id = 'dear'), (j.cost = '£12.00'), (j.cost_value = 1200)));
    const cheap = option((j) => (j.id = 'cheap'));
    const { kept, removed } = filterOptions([dear, cheap], ctx);
    expect(kept.map((f) => f.journey.id)).toEqual(['cheap']);
    expect(removed).toEqual([
      expect.objectContaining({ rule: 'dominated', id: 'dear', reason: expect.stringMatching(/no worse on time/) }),
    ]);
  });

  it('never lets an option open only to eligible travellers, or one needing a bike, remove one open to all', () => {
    const bus = option((j) => ((j.id = 'open'), (j.cost = '£12.00'), (j.cost_value = 1200)));
    const community = option((j) => ((j.id = 'community'), (j.eligibility = 'people who cannot use buses')));
    const bike = option((j) => {
      j.id = 'bike';
      j.depart.steps[0]!.type = 'cycle';
    });
    expect(filterOptions([bus, community, bike], ctx).kept.map((f) => f.journey.id)).toContain('open');
  });
});

describe('car, taxi or bike to the station', () => {
  const taxiAll = option((j) => {
    j.id = 'taxi';
    j.tags = ['direct'];
    j.transport_mode = 'taxi';
    j.cost = '£40.00';
    j.cost_value = 4000;
    j.carbon_emission = 6;
    j.total_walking_distance = 0;
    j.duration = j.depart.duration = { text: '40 mins', value: 2400 };
  });
  const taxiToTrain = (kg: number, pence = 4500) =>
    option((j) => {
      j.id = `taxi+train ${kg} ${pence}`;
      j.depart.steps[0]!.type = 'taxi';
      j.cost = `£${(pence / 100).toFixed(2)}`;
      j.cost_value = pence;
      j.carbon_emission = kg;
      j.duration = j.depart.duration = { text: '1 hour', value: 3600 };
    });

  it('goes when it is no quicker, cheaper or a quarter greener than the taxi all the way', () => {
    const { kept, removed } = filterOptions([taxiAll, taxiToTrain(5.5)], ctx);
    expect(kept.map((f) => f.journey.id)).toEqual(['taxi']);
    expect(removed[0]).toMatchObject({ rule: 'vehicle-access' });
  });

  it('stays when it saves a clear share of CO2', () => {
    expect(filterOptions([taxiAll, taxiToTrain(3)], ctx).kept.map((f) => f.journey.id)).toContain('taxi+train 3 4500');
  });

  it('stays when it is cheaper by more than its extra 20 minutes are worth, not for a few pounds', () => {
    expect(filterOptions([taxiAll, taxiToTrain(5.5, 3500)], ctx).kept.map((f) => f.journey.id)).toEqual(['taxi']);
    expect(filterOptions([taxiAll, taxiToTrain(5.5, 2000)], ctx).kept.map((f) => f.journey.id)).toContain(
      'taxi+train 5.5 2000',
    );
  });
});

describe('waits and late departures', () => {
  it('removes a journey with a wait of hours between two steps, whatever else there is', () => {
    const stranded = option((j) => {
      j.id = 'stranded';
      const [walk, train, last] = j.depart.steps;
      walk!.arrival_time = '08:50';
      train!.departure_time = '12:50';
      train!.arrival_time = '13:10';
      last!.departure_time = '13:10';
      last!.arrival_time = '13:16';
      j.depart.arrival_at = '13:16';
    });
    const { kept, removed } = filterOptions([stranded], ctx);
    expect(kept).toEqual([]);
    expect(removed[0]).toMatchObject({ rule: 'long-wait', reason: expect.stringMatching(/waits 4 h/) });
  });

  it('removes an option hours after the time asked when one near it exists, else keeps it as a later option', () => {
    const near = option((j) => (j.id = 'near'));
    const late = () => option((j) => ((j.id = 'late'), later(j, 3), (j.carbon_emission = 1)));
    expect(filterOptions([near, late()], ctx).kept.map((f) => f.journey.id)).toEqual(['near']);
    const alone = filterOptions([late()], ctx).kept;
    expect(alone.map((f) => f.journey.id)).toEqual(['late']);
    expect(alone[0]!.journey.tags).toContain('later-option');
  });
});

describe('generalized cost', () => {
  /** The real journey with the train `waitMinutes` after the first walk (cost unknown, as a bus with no published fare). */
  const waiting = (id: string, waitMinutes: number) =>
    option((j) => {
      j.id = id;
      const [walk, train, last] = j.depart.steps;
      const at = (m: number) =>
        `${String(8 + Math.floor((50 + m) / 60)).padStart(2, '0')}:${String((50 + m) % 60).padStart(2, '0')}`;
      train!.departure_time = at(waitMinutes);
      train!.arrival_time = at(waitMinutes + 20);
      last!.departure_time = at(waitMinutes + 20);
      last!.arrival_time = at(waitMinutes + 26);
      j.depart.arrival_at = at(waitMinutes + 26);
      expect(walk!.arrival_time).toBe('08:50');
    });
  /** An hour later, no walking, its price unknown: cheap by every weight, but no use to someone leaving now. */
  const hourLater = () =>
    option((j) => {
      j.id = 'later';
      later(j, 1);
      j.total_walking_distance = 0;
      j.cost = 'unknown';
      j.cost_value = null;
    });

  it('keeps the option at the time asked that a cheaper one an hour later would outweigh (OTP interval relax)', () => {
    const now = waiting('now', 45);
    now.journey.cost = 'unknown';
    now.journey.cost_value = null;
    const { kept, removed } = filterOptions([now, hourLater()], ctx);
    expect(removed).toEqual([]);
    expect(kept.map((f) => f.journey.id).sort()).toEqual(['later', 'now']);
    // The same two options leaving together: the slow one goes, and says which option it was measured against.
    const sameTime = hourLater();
    later(sameTime.journey, -1);
    const out = filterOptions([waiting('now', 45), sameTime], { ...ctx }).removed;
    expect(out).toEqual([
      expect.objectContaining({
        rule: 'generalized-cost',
        id: 'now',
        reason: expect.stringMatching(/of transit 08:49-09:16; money left out/),
      }),
    ]);
  });

  it('leaves money out when a price is unknown, so an unpriced bus does not remove every priced option', () => {
    const priced = waiting('priced', 25);
    const { kept, removed } = filterOptions([priced, hourLater()], ctx);
    expect(removed).toEqual([]);
    expect(kept.map((f) => f.journey.id)).toContain('priced');
  });
});
