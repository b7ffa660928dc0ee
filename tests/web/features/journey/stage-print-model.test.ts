/** Stage navigation, the timetable grid (SPEC sections 2-4) and the print list, on a real Tayside journey. */
import { describe, expect, it } from 'vitest';
import { journeySchema, type Journey } from '../../../../src/contract/journey';
import { parseJourneySearch } from '../../../../src/web/lib/search-params';
import { printItems, PRINT_OFFSET, visiblePrintItems } from '../../../../src/web/features/journey/print/print-model';
import {
  findStage,
  journeyStages,
  operatorLink,
  stageSearch,
  timetableGrid,
} from '../../../../src/web/features/journey/stage/stage-model';
import fixture from './fixtures/dundee-perth-return.json';

const journey = journeySchema.parse(fixture);
const single: Journey = { ...journey, return: undefined };

describe('stage URL', () => {
  it('reads ?stage=N (1-based) with journeyType, and drops anything that is not a stage number', () => {
    expect(parseJourneySearch({ stage: '2', journeyType: 'return' })).toEqual({ stage: 2, journeyType: 'return' });
    expect(parseJourneySearch({ stage: 3 })).toEqual({ stage: 3 });
    for (const bad of ['0', '-1', '1.5', 'two', true, '1000', ''])
      expect(parseJourneySearch({ stage: bad })).toEqual({});
  });
  it('writes journeyType only for the return leg', () => {
    expect(stageSearch({ leg: 'depart', index: 0 })).toEqual({ stage: 1 });
    expect(stageSearch({ leg: 'return', index: 2 })).toEqual({ journeyType: 'return', stage: 3 });
  });
});

describe('stage navigation (SPEC section 4: one step at a time)', () => {
  it('runs through the outbound steps and on into the return ones', () => {
    expect(journeyStages(journey).map((s) => `${s.leg}${s.index}`)).toEqual([
      'depart0',
      'depart1',
      'depart2',
      'return0',
      'return1',
      'return2',
    ]);
    const last = findStage(journey, { stage: 3 })!;
    expect(last).toMatchObject({
      leg: 'depart',
      index: 2,
      position: 3,
      total: 6,
      previous: { leg: 'depart', index: 1 },
      next: { leg: 'return', index: 0 },
    });
    const firstReturn = findStage(journey, { journeyType: 'return', stage: 1 })!;
    expect(firstReturn.previous).toEqual({ leg: 'depart', index: 2 });
    expect(firstReturn.startLabel).toBe(journey.destination.label);
  });
  it('has no previous stage at the start and no next stage at the end', () => {
    expect(findStage(journey, { stage: 1 })!.previous).toBeNull();
    expect(findStage(journey, { journeyType: 'return', stage: 3 })!.next).toBeNull();
    expect(findStage(single, { stage: 3 })!.next).toBeNull();
  });
  it('starts a stage where the one before it ended', () => {
    expect(findStage(journey, { stage: 1 })!.startLabel).toBe(journey.origin.label);
    expect(findStage(journey, { stage: 2 })!.startLabel).toBe(journey.depart.steps[0]!.end_address);
  });
  it('a stage the journey does not have (an old link) is null, not a crash', () => {
    expect(findStage(journey, { stage: 4 })).toBeNull();
    expect(findStage(single, { journeyType: 'return', stage: 1 })).toBeNull();
    expect(findStage(journey, {})).toBeNull();
  });
});

describe('operator link and timetable', () => {
  const train = journey.depart.steps[1]!;
  it("links to the travel guide's operator site, else the agency's, and walks have none", () => {
    expect(operatorLink(train)).toEqual({ name: 'ScotRail', url: 'http://www.scotrail.co.uk/' });
    expect(operatorLink({ ...train, how_to_guide: null })).toEqual({
      name: 'ScotRail',
      url: 'http://www.scotrail.co.uk/',
    });
    expect(operatorLink(journey.depart.steps[0]!)).toBeNull();
  });
  it("is a stops x departures grid, times HH:mm or -, with the traveller's departure and stops marked", () => {
    const grid = timetableGrid(train.timetable!, train);
    const { stops, columns } = train.timetable!.timetable;
    // Trains have no service number: the timetable is named by its first and last stops.
    expect(grid.title).toBe(`Rail timetable: ${stops[0]!.name} to ${stops.at(-1)!.name}`);
    expect(grid.rows.map((r) => r.stop)).toEqual(stops.map((s) => s.name));
    expect(grid.departures).toHaveLength(columns.length);
    for (const row of grid.rows) for (const time of row.times) expect(time).toMatch(/^(\d{2}:\d{2}|-)$/);
    expect(grid.rows.filter((r) => r.boarding).map((r) => r.stop)).toEqual(['Dundee Rail Station']);
    expect(grid.rows.filter((r) => r.alighting).map((r) => r.stop)).toEqual(['Perth Rail Station']);
    const yours = grid.departures.findIndex((d) => d.yours);
    expect(columns[yours]!.trip_id).toBe(train.transit!.trip_id);
    // Each column is headed by its time at the boarding stop: the traveller's train leaves at 08:50.
    expect(grid.departures[yours]!.heading).toBe(train.departure_time);
  });
  it('shows the arrival where the traveller gets off: Perth arrives 09:10 (the train leaves 09:12)', () => {
    const grid = timetableGrid(train.timetable!, train);
    const yours = grid.departures.findIndex((d) => d.yours);
    const perth = grid.rows.find((r) => r.alighting)!;
    // A journey stored before timetables carried arrivals: the step's own arrival for the traveller's train.
    expect(perth.times[yours]).toBe(train.arrival_time);
    expect(perth.times[yours]).toBe('09:10');
    // With arrivals, every departure's arrival at that stop.
    const { stops, columns } = train.timetable!.timetable;
    const perthRow = stops.findIndex((stop) => stop.name === 'Perth Rail Station');
    const withArrivals = {
      ...train.timetable!,
      timetable: {
        stops,
        columns: columns.map((c) => ({
          ...c,
          arrivals: c.times.map((t, row) => (row === perthRow && t !== '-' ? `${t.slice(0, 3)}0${t.slice(4)}` : t)),
        })),
      },
    };
    const rows = timetableGrid(withArrivals, train).rows;
    expect(rows.find((r) => r.alighting)!.times[0]).toBe('07:01');
    expect(rows.find((r) => r.boarding)!.times[yours]).toBe('08:50');
  });
  it('heads a departure that skips the boarding stop by its first time', () => {
    const grid = timetableGrid(
      {
        Mode: 'bus',
        ServiceNumber: 'T9',
        timetable: {
          stops: [
            { stop_id: 'a', name: 'A' },
            { stop_id: 'b', name: 'B' },
          ],
          columns: [{ trip_id: 't', times: ['-', '10:05'] }],
        },
      },
      {
        transit: { ...train.transit!, from_stop: { stop_id: 'a', name: 'A' }, trip_id: 'other' },
        arrival_time: '10:05',
      },
    );
    expect(grid.departures).toEqual([{ heading: '10:05', yours: false }]);
  });
  it('marks one boarding and one alighting call on a loop route that lists its terminus twice', () => {
    const stops = ['T', 'A', 'B', 'T'].map((id) => ({ stop_id: id, name: id }));
    const grid = timetableGrid(
      {
        Mode: 'bus',
        ServiceNumber: 'L',
        timetable: { stops, columns: [{ trip_id: 't', times: ['08:00', '08:05', '08:10', '08:20'] }] },
      },
      {
        transit: {
          ...train.transit!,
          from_stop: { stop_id: 'A', name: 'A' },
          to_stop: { stop_id: 'T', name: 'T' },
          trip_id: 't',
        },
        arrival_time: '08:20',
      },
    );
    expect(grid.rows.map((r) => `${r.boarding ? 'on' : ''}${r.alighting ? 'off' : ''}`)).toEqual(['', 'on', '', 'off']);
  });
});

describe('print list (SPEC section 4)', () => {
  it('every step, its directions open at offset 1000; the arrival skipped; Return home at the end', () => {
    const items = printItems(journey, { appointment: false });
    expect(PRINT_OFFSET).toBe(1000);
    expect(items.map((i) => i.kind)).toEqual(['step', 'step', 'step', 'hidden', 'step', 'step', 'step', 'custom']);
    expect(items.at(-1)).toMatchObject({
      kind: 'custom',
      card: 'home',
      title: 'Return home',
      time: journey.return!.arrival_at,
    });
    expect(visiblePrintItems(items).map((i) => i.kind as string)).toEqual([
      'step',
      'step',
      'step',
      'step',
      'step',
      'step',
      'custom',
    ]);
  });
  it('the appointment end card assumes 1 hour', () => {
    const items = printItems(journey, { appointment: true });
    const card = items.find((i) => i.kind === 'custom' && i.card === 'appointment');
    expect(card).toMatchObject({ title: 'Attend appointment (1 hour)', time: journey.depart.arrival_at });
  });
  it('directions past the offset collapse into a counted group', () => {
    const directions = Array.from({ length: 5 }, (_, i) => ({
      html_instructions: `Turn ${i}`,
      distance: { text: '10 m' },
    }));
    const withDirections: Journey = {
      ...single,
      depart: { ...single.depart, steps: [{ ...single.depart.steps[0]!, directions }] },
    };
    const items = printItems(withDirections, { appointment: false, offset: 2 });
    expect(items.map((i) => i.kind)).toEqual(['step', 'collapse', 'hidden']);
    expect(items[0]).toMatchObject({ directions: directions.slice(0, 2) });
    expect(items[1]).toMatchObject({ directions: directions.slice(2) });
    expect(printItems(withDirections, { appointment: false }).map((i) => i.kind)).toEqual(['step', 'hidden']);
  });
});
