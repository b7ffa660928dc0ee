/**
 * Edge cases on small feeds written here, each built to isolate one rule.
 * Stops are kilometres apart so no footpaths are generated between them.
 */
import { describe, expect, it } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import { toItinerary, type TransitLeg } from '../../../src/planner/transit/itinerary';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay, parseGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { MemorySource } from './helpers';

const BASE = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA1,Test Buses,https://example.org,Europe/London\n',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,56.00,-3.00\nB,Bravo,56.10,-3.00\nC,Charlie,56.20,-3.00\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A1,1,One,3\nR2,A1,2,Two,3\n',
};

async function feed(files: Record<string, string>, rollForward?: { first: number; last: number }): Promise<Timetable> {
  return buildTimetable([
    { source: new MemorySource('t', { ...BASE, ...files }), ...(rollForward ? { rollForward } : {}) },
  ]);
}

function stop(tt: Timetable, id: string): number {
  return tt.stopDisplayIds.indexOf(id);
}

function earliest(tt: Timetable, from: string, to: string, date: string, time: string, extra: object = {}) {
  const result = new Planner(tt).plan({
    date: parseDay(date),
    time: parseGtfsTime(time),
    access: [{ stop: stop(tt, from), duration: 0 }],
    egress: [{ stop: stop(tt, to), duration: 0 }],
    ...extra,
  });
  const best = result.paths.reduce<(typeof result.paths)[number] | undefined>(
    (b, p) => (!b || p.arrival < b.arrival ? p : b),
    undefined,
  );
  return { result, best, arrival: best?.arrival ?? Infinity };
}

const WEEKDAYS = 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n';

describe('timetable edge cases', () => {
  it('runs a trip of the previous service day after midnight (times past 24:00)', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}MON,1,0,0,0,0,0,0,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,MON,late\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nlate,24:30:00,24:30:00,A,1\nlate,25:00:00,25:00:00,B,2\n',
    });
    // Tuesday 2 January 2024, 00:10: Monday's 24:30 trip is still to come.
    const { best, arrival } = earliest(tt, 'A', 'B', '2024-01-02', '00:10:00');
    expect(arrival).toBe(parseGtfsTime('01:00:00'));
    const leg = toItinerary(tt, parseDay('2024-01-02'), best as NonNullable<typeof best>).legs[0] as TransitLeg;
    expect(leg.serviceDate).toBe('2024-01-01');
    // Wednesday 00:10: Tuesday has no service, so nothing until Monday's next run (beyond the search horizon).
    expect(earliest(tt, 'A', 'B', '2024-01-03', '00:10:00').arrival).toBe(Infinity);
  });

  it('uses services defined only in calendar_dates.txt, on those dates only', async () => {
    const tt = await feed({
      'calendar_dates.txt': 'service_id,date,exception_type\nEXTRA,20240103,1\n',
      'trips.txt': 'route_id,service_id,trip_id\nR1,EXTRA,x1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nx1,10:00:00,10:00:00,A,1\nx1,10:30:00,10:30:00,B,2\n',
    });
    expect(earliest(tt, 'A', 'B', '2024-01-03', '09:00:00').arrival).toBe(parseGtfsTime('10:30:00'));
    expect(earliest(tt, 'A', 'B', '2024-01-05', '09:00:00').arrival).toBe(Infinity);
  });

  it('answers a window in which nothing leaves with the first journey after it', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,x1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nx1,10:00:00,10:00:00,A,1\nx1,10:30:00,10:30:00,B,2\n',
    });
    const { result } = earliest(tt, 'A', 'B', '2024-03-05', '07:00:00', { window: 3600 });
    expect(result.paths.map((p) => [p.departure, p.arrival])).toEqual([
      [parseGtfsTime('10:00:00'), parseGtfsTime('10:30:00')],
    ]);
  });

  it('drops a date removed by exception_type 2', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}WK,1,1,1,1,1,0,0,20240101,20241231\n`,
      'calendar_dates.txt': 'service_id,date,exception_type\nWK,20240103,2\n',
      'trips.txt': 'route_id,service_id,trip_id\nR1,WK,w1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nw1,10:00:00,10:00:00,A,1\nw1,10:30:00,10:30:00,B,2\n',
    });
    expect(earliest(tt, 'A', 'B', '2024-01-02', '09:00:00').arrival).toBe(parseGtfsTime('10:30:00'));
    // On the removed Wednesday the first run is Thursday's, a day later.
    expect(earliest(tt, 'A', 'B', '2024-01-03', '09:00:00').arrival).toBe(86_400 + parseGtfsTime('10:30:00'));
  });

  it('expands exact frequencies into trips and keeps a headway (exact_times 0) as one window', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,exact\nR2,ALL,approx\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nexact,08:00:00,08:00:00,A,1\nexact,08:20:00,08:20:00,B,2\napprox,06:00:00,06:00:00,B,1\napprox,06:15:00,06:15:00,C,2\n',
      'frequencies.txt':
        'trip_id,start_time,end_time,headway_secs,exact_times\nexact,08:00:00,09:00:00,600,1\napprox,12:00:00,13:00:00,1200,0\n',
    });
    expect(tt.tripIds.filter((id) => id.startsWith('t:exact@'))).toHaveLength(6);
    // A headway is not a schedule: one window from 12:00 to its last whole headway (12:40), waiting up to 20 min.
    expect(tt.tripIds.filter((id) => id.startsWith('t:approx@'))).toEqual(['t:approx@12:00:00']);
    const window = tt.tripIds.indexOf('t:approx@12:00:00');
    expect(tt.tripSpan?.[window]).toBe(40 * 60);
    expect(tt.tripWait?.[window]).toBe(1200);
    expect(earliest(tt, 'A', 'B', '2024-03-05', '08:05:00').arrival).toBe(parseGtfsTime('08:30:00'));
    expect(earliest(tt, 'A', 'B', '2024-03-05', '08:51:00').arrival).toBe(86_400 + parseGtfsTime('08:20:00'));
    // Ready at 12:01: the bus leaves by 12:21 (the allowance), 15 minutes to C.
    expect(earliest(tt, 'B', 'C', '2024-03-05', '12:01:00').arrival).toBe(parseGtfsTime('12:36:00'));
    // Ready at 12:30: by the last departure, 12:40, not 12:50.
    expect(earliest(tt, 'B', 'C', '2024-03-05', '12:30:00').arrival).toBe(parseGtfsTime('12:55:00'));
  });

  it('honours a stop minimum transfer time from transfers.txt', async () => {
    const files = {
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,in\nR2,ALL,tight\nR2,ALL,later\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nin,08:00:00,08:00:00,A,1\nin,08:30:00,08:30:00,B,2\n' +
        'tight,08:33:00,08:33:00,B,1\ntight,09:00:00,09:00:00,C,2\nlater,08:40:00,08:40:00,B,1\nlater,09:10:00,09:10:00,C,2\n',
    };
    const free = await feed(files);
    expect(earliest(free, 'A', 'C', '2024-03-05', '07:50:00').arrival).toBe(parseGtfsTime('09:00:00'));
    const slow = await feed({
      ...files,
      'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nB,B,2,300\n',
    });
    expect(earliest(slow, 'A', 'C', '2024-03-05', '07:50:00').arrival).toBe(parseGtfsTime('09:10:00'));
    // A route-specific rule is more specific than the stop's own (GTFS ranking): R1 -> R2 needs 60 s, not 300.
    const routeRule = await feed({
      ...files,
      'transfers.txt':
        'from_stop_id,to_stop_id,from_route_id,to_route_id,transfer_type,min_transfer_time\nB,B,,,2,300\nB,B,R1,R2,2,60\n',
    });
    expect(earliest(routeRule, 'A', 'C', '2024-03-05', '07:50:00').arrival).toBe(parseGtfsTime('09:00:00'));
    expect(routeRule.report.warnings.filter((w) => w.file === 'transfers.txt')).toEqual([]);
    expect(routeRule.report.feeds[0]?.transfers).toEqual({
      'stop-to-stop minimum time': 1,
      'route-to-route minimum time': 1,
    });
  });

  it('finds nothing on an expired feed and says why; rolled forward it runs on current dates', async () => {
    const files = {
      'calendar.txt': `${WEEKDAYS}WK,1,1,1,1,1,0,0,20220101,20221231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,WK,w1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nw1,10:00:00,10:00:00,A,1\nw1,10:30:00,10:30:00,B,2\n',
    };
    const expired = await feed(files);
    const { result, arrival } = earliest(expired, 'A', 'B', '2026-11-24', '09:00:00');
    expect(arrival).toBe(Infinity);
    expect(result.notices.join(' ')).toMatch(/expired/);
    const rolled = await feed(files, { first: parseDay('2026-11-01'), last: parseDay('2027-10-31') });
    expect(earliest(rolled, 'A', 'B', '2026-11-24', '09:00:00').arrival).toBe(parseGtfsTime('10:30:00'));
    // A Saturday stays without service: the roll-forward keeps weekdays.
    expect(earliest(rolled, 'A', 'B', '2026-11-28', '09:00:00').arrival).toBe(Infinity);
    expect(rolled.report.feeds[0]?.rolledForward).toMatchObject({
      sourceFirst: '2022-01-03',
      targetFirst: '2026-11-01',
    });
  });

  it('filters trips for wheelchair users and routes by mode', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id,wheelchair_accessible\nR1,ALL,steps,2\nR1,ALL,level,1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nsteps,08:00:00,08:00:00,A,1\nsteps,08:30:00,08:30:00,B,2\nlevel,09:00:00,09:00:00,A,1\nlevel,09:30:00,09:30:00,B,2\n',
    });
    expect(earliest(tt, 'A', 'B', '2024-03-05', '07:00:00').arrival).toBe(parseGtfsTime('08:30:00'));
    expect(earliest(tt, 'A', 'B', '2024-03-05', '07:00:00', { wheelchair: true }).arrival).toBe(
      parseGtfsTime('09:30:00'),
    );
    expect(earliest(tt, 'A', 'B', '2024-03-05', '07:00:00', { modes: ['rail'] }).arrival).toBe(Infinity);
    expect(earliest(tt, 'A', 'B', '2024-03-05', '07:00:00', { modes: ['bus'] }).arrival).toBe(
      parseGtfsTime('08:30:00'),
    );
  });

  it('interpolates blank intermediate times by distance', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,i1\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\ni1,08:00:00,08:00:00,A,1\ni1,,,B,2\ni1,08:20:00,08:20:00,C,3\n',
    });
    // B lies halfway between A and C.
    expect(earliest(tt, 'A', 'B', '2024-03-05', '07:00:00').arrival).toBe(parseGtfsTime('08:10:00'));
  });

  it('changes at a stop to an earlier trip of the same route still standing there when one arrives (a tie, then faster onward)', async () => {
    // 'fast' leaves Alpha first and waits at Bravo exactly as long as 'slow'; both leave Bravo at 10:22 but
    // fast is at Charlie by 10:30, slow at 10:40. Missing fast at Alpha, one rides slow and changes.
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,fast\nR1,ALL,slow\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
        'fast,10:00:00,10:00:00,A,1\nfast,10:20:00,10:22:00,B,2\nfast,10:30:00,10:30:00,C,3\n' +
        'slow,10:05:00,10:05:00,A,1\nslow,10:20:00,10:22:00,B,2\nslow,10:40:00,10:40:00,C,3\n',
    });
    expect(tt.patternCount).toBe(1);
    const { best, arrival } = earliest(tt, 'A', 'C', '2024-01-03', '10:01:00');
    expect(arrival).toBe(parseGtfsTime('10:30:00'));
    expect(best?.legs.filter((l) => l.kind === 'transit').map((l) => tt.tripIds[(l as { trip: number }).trip])).toEqual(
      ['t:slow', 't:fast'],
    );
  });

  it('answers a search the same on a planner reused after a range search whose window has no departures', async () => {
    const tt = await feed({
      'calendar.txt': `${WEEKDAYS}ALL,1,1,1,1,1,1,1,20240101,20241231\n`,
      'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,noon\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nnoon,12:00:00,12:00:00,A,1\nnoon,12:10:00,12:10:00,B,2\nnoon,12:20:00,12:20:00,C,3\n',
    });
    const date = parseDay('2024-01-03');
    const at = (id: string) => [{ stop: stop(tt, id), duration: 0 }];
    const planner = new Planner(tt);
    // Nothing leaves Alpha between 10:30 and 11:00: the answer is the first journey after the window.
    const range = planner.plan({
      date,
      time: parseGtfsTime('10:30:00'),
      window: 1800,
      access: at('A'),
      egress: at('B'),
    });
    expect(range.paths.map((p) => p.arrival)).toEqual([parseGtfsTime('12:10:00')]);
    // Bravo is not this search's destination: the noon trip gets to Charlie at 12:20.
    const single = planner.plan({ date, time: parseGtfsTime('11:00:00'), access: at('A'), egress: at('C') });
    expect(single.paths.map((p) => p.arrival)).toEqual([parseGtfsTime('12:20:00')]);
  });
});
