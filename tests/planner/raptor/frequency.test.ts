/**
 * Frequency patterns (src/planner/raptor/frequency.ts): the waiting rule itself, the rule on small
 * feeds written here (first departure, allowance, last departure, nothing after the span, arrive-by,
 * a bus before a timetabled train left as late as it can), and both routers against a time-dependent
 * Dijkstra on a real network with a third of its routes turned into headway services.
 */
import { describe, expect, it } from 'vitest';
import { frequencyDeparture, retime, usesFrequency } from '../../../src/planner/raptor/frequency';
import { INF } from '../../../src/planner/raptor/state';
import type { RaptorPath } from '../../../src/planner/raptor/transit-data';
import { toItinerary, type TransitLeg } from '../../../src/planner/transit/itinerary';
import { accessFromStop, egressToStop } from '../../../src/planner/transit/places';
import { Planner } from '../../../src/planner/transit/planner';
import { serviceTimetable } from '../../../src/planner/transit/service-timetable';
import { forwardView } from '../../../src/planner/transit/transit-view';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay, parseGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { frequencyFeedFrom } from '../transit/frequency-feed';
import { MemorySource, seeded, zipSource } from '../transit/helpers';
import { earliestArrivalDijkstra, stopPatterns } from '../transit/reference-dijkstra';

const T = parseGtfsTime;
const DAY = '2024-03-05';

describe('the waiting rule', () => {
  it('boards the first departure, then within the allowance, never after the last, and nothing after it', () => {
    const first = T('06:00:00');
    const span = T('12:00:00');
    const wait = 600;
    expect(frequencyDeparture(first, span, wait, T('05:00:00'))).toBe(first);
    expect(frequencyDeparture(first, span, wait, first)).toBe(first);
    expect(frequencyDeparture(first, span, wait, T('09:00:01'))).toBe(T('09:10:01'));
    expect(frequencyDeparture(first, span, wait, T('17:55:00'))).toBe(T('18:00:00'));
    expect(frequencyDeparture(first, span, wait, T('18:00:00'))).toBe(T('18:00:00'));
    expect(frequencyDeparture(first, span, wait, T('18:00:01'))).toBe(INF);
  });

  it('never lets a later traveller leave earlier (the property RAPTOR relies on)', () => {
    const rnd = seeded(7);
    for (let k = 0; k < 2000; k++) {
      const first = Math.floor(rnd() * 80_000) - 40_000;
      const span = Math.floor(rnd() * 60_000);
      const wait = 1 + Math.floor(rnd() * 3600);
      const a = first - 3600 + Math.floor(rnd() * (span + 7200));
      const b = a + Math.floor(rnd() * 3600);
      expect(frequencyDeparture(first, span, wait, a)).toBeLessThanOrEqual(frequencyDeparture(first, span, wait, b));
      const dep = frequencyDeparture(first, span, wait, a);
      if (dep < INF) expect(dep).toBeGreaterThanOrEqual(a);
    }
  });
});

const BASE = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA1,Test Buses,https://example.org,Europe/London\n',
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,56.00,-3.00\nB,Bravo,56.10,-3.00\nC,Charlie,56.20,-3.00\nD,Delta,56.30,-3.00\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nBUS,A1,17,Bus,3\nRAIL,A1,,Train,2\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20240101,20241231\n',
};

/** Bus A -> B -> C every 12 minutes (no times) from 06:00 to 22:00, 10 + 15 minutes; a train C -> D at 09:00 and 10:00. */
async function network(): Promise<Timetable> {
  return buildTimetable([
    {
      source: new MemorySource('t', {
        ...BASE,
        'trips.txt':
          'route_id,service_id,trip_id,trip_headsign\nBUS,ALL,bus,Charlie\nRAIL,ALL,t9,Delta\nRAIL,ALL,t10,Delta\n',
        'stop_times.txt':
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
          'bus,06:00:00,06:00:00,A,1\nbus,06:10:00,06:10:00,B,2\nbus,06:25:00,06:25:00,C,3\n' +
          't9,09:00:00,09:00:00,C,1\nt9,09:30:00,09:30:00,D,2\nt10,10:00:00,10:00:00,C,1\nt10,10:30:00,10:30:00,D,2\n',
        'frequencies.txt':
          'trip_id,start_time,end_time,headway_secs,exact_times,last_departure_time\nbus,06:00:00,22:00:00,720,0,22:00:00\n',
      }),
    },
  ]);
}

function query(tt: Timetable, from: string, to: string, time: string, extra: object = {}) {
  const planner = new Planner(tt);
  const stop = (id: string) => tt.stopDisplayIds.indexOf(id);
  return planner.plan({
    date: parseDay(DAY),
    time: T(time),
    access: [{ stop: stop(from), duration: 0 }],
    egress: [{ stop: stop(to), duration: 0 }],
    ...extra,
  }).paths;
}

const best = (paths: RaptorPath[]) => paths.reduce((b, p) => (p.arrival < b.arrival ? p : b));

describe('frequency patterns on a small network', () => {
  it('imports a headway row as one window whose times are its first departure', async () => {
    const tt = await network();
    const bus = tt.tripIds.indexOf('t:bus@06:00:00');
    expect(tt.tripSpan?.[bus]).toBe(T('16:00:00'));
    expect(tt.tripWait?.[bus]).toBe(720);
    expect(tt.tripSpan?.[tt.tripIds.indexOf('t:t9')]).toBe(-1);
  });

  it('plans the first bus, a bus within the allowance, the last bus, and none after the span', async () => {
    const tt = await network();
    // Before the first departure: the 06:00 from A, at B 06:10, C 06:25.
    expect(best(query(tt, 'A', 'C', '05:00:00')).arrival).toBe(T('06:25:00'));
    // At B at 08:03: a bus by 08:15, 15 minutes to C.
    const mid = best(query(tt, 'B', 'C', '08:03:00'));
    expect(mid.arrival).toBe(T('08:30:00'));
    const leg = mid.legs.find((l) => l.kind === 'transit');
    expect(leg?.kind === 'transit' && leg.frequency).toEqual({
      ready: T('08:03:00'),
      first: T('06:10:00'),
      last: T('22:10:00'),
      allowance: 720,
    });
    // At B at 22:05: the last bus (22:10 there), not 22:17.
    expect(best(query(tt, 'B', 'C', '22:05:00')).arrival).toBe(T('22:25:00'));
    // After the span: tomorrow's first bus, never a bus that does not run.
    expect(best(query(tt, 'B', 'C', '22:11:00')).arrival).toBe(86_400 + T('06:25:00'));
  });

  it('leaves as late as it can before a timetabled train, and says where the wait is', async () => {
    const tt = await network();
    const paths = query(tt, 'A', 'D', '07:00:00', { window: 3 * 3600 });
    const nine = paths.find((p) => p.arrival === T('09:30:00'));
    const ten = paths.find((p) => p.arrival === T('10:30:00'));
    // Ready at A at 08:23: a bus by 08:35, C by 09:00, the 09:00 train; a minute later misses it.
    expect(nine?.departure).toBe(T('08:23:00'));
    expect(ten?.departure).toBe(T('09:23:00'));
    // The same bus-only ride at every moment of the window is one option, not one per run.
    const busOnly = query(tt, 'A', 'C', '07:00:00', { window: 3 * 3600 });
    expect(busOnly).toHaveLength(1);
    expect(busOnly[0]?.departure).toBe(T('07:00:00'));
  });

  it('arrive-by gives the latest departure the forward rule still gets there by', async () => {
    const tt = await network();
    const paths = query(tt, 'A', 'C', '12:00:00', { arriveBy: true });
    const latest = paths.reduce((b, p) => (p.departure > b.departure ? p : b));
    // Leaving A at 11:23, a bus by 11:35, at C by 12:00; told forwards, not with the wait at C.
    expect(latest.departure).toBe(T('11:23:00'));
    expect(latest.arrival).toBe(T('12:00:00'));
    const leg = latest.legs.find((l) => l.kind === 'transit');
    expect(leg?.start).toBe(T('11:35:00'));
    // Arriving by 06:20 at C: today's first bus is too late; the evening before, the last one (22:00 from A).
    const early = query(tt, 'A', 'C', '06:20:00', { arriveBy: true });
    expect(early.map((p) => [p.departure, p.arrival])).toEqual([[-86_400 + T('22:00:00'), -86_400 + T('22:25:00')]]);
  });

  it('tells the itinerary and the day timetable what is known, and no departure time', async () => {
    const tt = await network();
    const path = best(query(tt, 'B', 'C', '08:03:00'));
    const leg = toItinerary(tt, parseDay(DAY), path).legs.find((l) => l.mode === 'transit') as TransitLeg;
    expect(leg.frequency?.allowance).toBe(720);
    expect(leg.serviceDate).toBe(DAY);
    expect(leg.intermediateStops).toEqual([]);
    const day = serviceTimetable(tt, 0, tt.tripIds.indexOf('t:bus@06:00:00'), parseDay(DAY));
    expect(day.columns).toEqual([]);
    expect(day.frequency).toEqual([{ first: '06:00', last: '22:00', allowanceMinutes: 12 }]);
  });

  it('plans with McRAPTOR by the same rule', async () => {
    const tt = await network();
    const paths = query(tt, 'A', 'D', '08:00:00', { multiCriteria: true });
    expect(best(paths).arrival).toBe(T('09:30:00'));
    expect(best(query(tt, 'B', 'C', '08:03:00', { multiCriteria: true })).arrival).toBe(T('08:30:00'));
  });
});

describe('RAPTOR and McRAPTOR against a time-dependent Dijkstra, with headway services', () => {
  it('agree on 250 random stop pairs and times in Porto Alegre (a third of the bus routes without times)', async () => {
    const tt = await buildTimetable([
      { source: frequencyFeedFrom('test/porto-alegre/gtfs-eptc-bus.zip', 'bus', 3) },
      { source: zipSource('test/porto-alegre/gtfs-trensurb-metro.zip', 'metro') },
    ]);
    const windows = tt.tripSpan?.filter((x) => x >= 0).length ?? 0;
    expect(windows).toBeGreaterThan(50);
    const date = parseDay('2019-05-15');
    const planner = new Planner(tt);
    const slots = planner.daySlots(date);
    const fwd = forwardView(tt);
    const byStop = stopPatterns(tt);
    const rnd = seeded(2028);
    const stops = [...new Set(tt.patternStops)];
    let found = 0;
    let frequencyPaths = 0;
    for (let q = 0; q < 250; q++) {
      const a = stops[Math.floor(rnd() * stops.length)] as number;
      const b = stops[Math.floor(rnd() * stops.length)] as number;
      if (a === b) continue;
      const time = T('05:00:00') + Math.floor(rnd() * 17 * 3600);
      const access = accessFromStop(tt, a);
      const egress = egressToStop(tt, b);
      const where = `query ${q}: ${tt.stopIds[a]} -> ${tt.stopIds[b]} at ${time}`;
      const reference = earliestArrivalDijkstra(tt, slots, byStop, access, egress, time);
      const paths = planner.plan({ date, time, access, egress, maxTransfers: 20 }).paths;
      const arrival = paths.length ? Math.min(...paths.map((p) => p.arrival)) : Infinity;
      expect(arrival, where).toBe(reference);
      if (q % 5 === 0) {
        const mc = planner.plan({ date, time, access, egress, maxTransfers: 20, multiCriteria: true }).paths;
        expect(mc.length ? Math.min(...mc.map((p) => p.arrival)) : Infinity, `McRAPTOR ${where}`).toBe(reference);
      }
      if (reference === Infinity) continue;
      found++;
      for (const p of paths) {
        // Every path is the rule told forwards from its departure (retime is the identity on it).
        expect(retime(fwd, slots, p, p.departure)?.arrival, where).toBe(p.arrival);
        if (usesFrequency(fwd, p)) frequencyPaths++;
      }
      // Arrive-by: the latest departure that still arrives by the reference arrival.
      const back = planner.plan({ date, time: reference, access, egress, arriveBy: true, maxTransfers: 20 }).paths;
      const latest = Math.max(...back.map((p) => p.departure));
      expect(latest, `arrive-by ${where}`).toBeGreaterThanOrEqual(time);
      expect(earliestArrivalDijkstra(tt, slots, byStop, access, egress, latest), where).toBeLessThanOrEqual(reference);
      expect(earliestArrivalDijkstra(tt, slots, byStop, access, egress, latest + 1), where).toBeGreaterThan(reference);
    }
    expect(found).toBeGreaterThan(150);
    expect(frequencyPaths).toBeGreaterThan(50);
    console.log('frequency reference', { found, frequencyPaths, windows });
  }, 600_000);
});
