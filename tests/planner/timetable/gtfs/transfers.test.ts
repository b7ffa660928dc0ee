/**
 * transfers.txt in full (GTFS reference, "transfers.txt" and "Linked trips"): rules between trips and
 * routes with the specificity ranking, counted by kind in the import report; rows the reference does
 * not allow are reported and skipped while the rest are imported; a timed transfer is honoured where
 * the station's own change time would miss the connection.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildTimetable } from '../../../../src/planner/timetable/build';
import { parseDay, parseGtfsTime } from '../../../../src/planner/timetable/gtfs-time';
import { formatReport } from '../../../../src/planner/timetable/report';
import { Planner } from '../../../../src/planner/transit/planner';
import type { Timetable } from '../../../../src/planner/timetable/model';
import { MemorySource, SHARED_DATA } from '../../transit/helpers';

const ZIP = resolve(SHARED_DATA, 'test/transfers/linked-transfers.gtfs.zip');
const files = (): Record<string, string> =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(readFileSync(ZIP)))).map(([k, v]) => [k, strFromU8(v)]));

async function build(extraTransfers: string[] = [], replace?: string): Promise<Timetable> {
  const f = files();
  const transfers = replace ?? (f['transfers.txt'] as string);
  return buildTimetable(
    [{ source: new MemorySource('linked', { ...f, 'transfers.txt': transfers + extraTransfers.join('\n') + '\n' }) }],
    {
      footpaths: { maxDistance: 0 },
    },
  );
}

function earliest(tt: Timetable, from: string, to: string, time: string, date = '2026-01-14'): string {
  const planner = new Planner(tt);
  const id = (s: string) => tt.stopIds.indexOf(`linked:${s}`);
  const r = planner.plan({
    date: parseDay(date),
    time: parseGtfsTime(time),
    access: [{ stop: id(from), duration: 0 }],
    egress: [{ stop: id(to), duration: 0 }],
  });
  const best = Math.min(Infinity, ...r.paths.map((p) => p.arrival));
  if (best === Infinity) return 'none';
  const p = r.paths.find((x) => x.arrival === best);
  return (p?.legs ?? [])
    .filter((l) => l.kind === 'transit')
    .map((l) => (l.kind === 'transit' ? tt.tripIds[l.trip] : ''))
    .join(' > ');
}

describe('transfers.txt: trip- and route-specific rules', () => {
  it('counts every kind in the import report', async () => {
    const tt = await build();
    expect(tt.report.feeds[0]?.transfers).toEqual({
      'stop-to-stop minimum time': 2,
      'trip-to-trip timed': 6,
      'route-to-route minimum time': 1,
      'route-to-route forbidden': 1,
      'route-to-route timed': 1,
      'trip-and-route forbidden': 1,
      'one-route minimum time': 1,
    });
    expect(tt.report.warnings.filter((w) => w.file === 'transfers.txt')).toEqual([]);
    expect(formatReport(tt.report)).toContain('6 trip-to-trip timed');
  });

  it('honours a timed trip-to-trip transfer that the station change time (5 min) would miss', async () => {
    const tt = await build();
    // Coast 07:00 reaches Central platform 1 at 07:13; the valley train leaves platform 2 at 07:17.
    expect(earliest(tt, 'ABY', 'DNM', '06:55:00')).toBe('linked:CWK0700 > linked:VWK0700');
    // Off-peak the same pair has no rule: the 5-minute station change misses it, so the next valley train.
    expect(earliest(tt, 'ABY', 'DNM', '10:55:00')).toBe('linked:CWK1100 > linked:VWK1130');
    // The journey leaves when its first train does (it once said 07:17, the second train's time).
    const id = (s: string) => tt.stopIds.indexOf(`linked:${s}`);
    const r = new Planner(tt).plan({
      date: parseDay('2026-01-14'),
      time: parseGtfsTime('06:55:00'),
      access: [{ stop: id('ABY'), duration: 60 }],
      egress: [{ stop: id('DNM'), duration: 0 }],
    });
    const timed = r.paths.find((p) =>
      p.legs.some((l) => l.kind === 'transit' && tt.tripIds[l.trip] === 'linked:VWK0700'),
    );
    expect(timed?.departure).toBe(parseGtfsTime('06:59:00'));
    expect(timed?.legs[0]).toMatchObject({ kind: 'access', end: parseGtfsTime('07:00:00') });
  });

  it('without the rules the peak connection is lost (what the stop-level model did)', async () => {
    const f = files();
    const stopOnly = (f['transfers.txt'] as string)
      .split('\n')
      .filter((l, i) => i === 0 || /^[A-Z0-9]+,[A-Z0-9]+,,,,,/.test(l))
      .join('\n');
    const tt = await build([], stopOnly + '\n');
    expect(earliest(tt, 'ABY', 'DNM', '06:55:00')).toBe('linked:CWK0700 > linked:VWK0730');
  });

  it('a trip-to-trip rule beats a route-to-route one; forbidden transfers are enforced', async () => {
    const tt = await build();
    // Valley -> coast at Central is forbidden (route-to-route) except the 18:00 pair (trip-to-trip, timed).
    expect(earliest(tt, 'DNM', 'ABY', '17:55:00')).toBe('linked:VRWK1800 > linked:CRWK1800');
    // At noon the change is forbidden: the way round is by the airport bus and back (its own rules).
    expect(earliest(tt, 'DNM', 'ABY', '11:55:00')).toBe(
      'linked:VRWK1200 > linked:X1@12:25:00 > linked:X1R@12:50:00 > linked:CRWK1300',
    );
  });

  it('applies a route-to-route minimum time per pair (2 min, not the station 5)', async () => {
    const tt = await build();
    // Coast 07:00 at Central platform 1 07:13; the airport bus from the bus station every 10 min from 06:05.
    expect(earliest(tt, 'ABY', 'ARP', '06:55:00')).toBe('linked:CWK0700 > linked:X1@07:15:00');
  });

  it('reports and skips bad rows, importing the rest', async () => {
    const tt = await build([
      'CEN1,CEN2,,,NOSUCHTRIP,VWK0700,1,',
      'CEN1,CEN3,COAST,NOSUCHROUTE,,,2,60',
      'CEN1,NOWHERE,,,,,2,60',
      'CEN1,CEN3,COAST,AIR,,,2,-30',
      'CEN1,CEN3,COAST,AIR,,,2,90',
      'CEN1,CEN2,VALLEY,,CWK0700,,1,',
      'CEN1,CEN2,,,,,7,',
      ',,,,,,2,60',
    ]);
    const messages = tt.report.warnings
      .filter((w) => w.file === 'transfers.txt')
      .map((w) => `${w.column ?? ''}: ${w.message}`);
    expect(messages).toEqual([
      "from_trip_id: unknown trip 'NOSUCHTRIP'; skipped",
      "to_route_id: unknown route 'NOSUCHROUTE'; skipped",
      "to_stop_id: unknown stop 'NOWHERE'; skipped",
      "min_transfer_time: min_transfer_time '-30' is not a whole number of seconds at least 0; skipped",
      ': a second rule for the same transfer as line 9; skipped (line 9 applies)',
      "from_route_id: trip 'CWK0700' is not on route 'VALLEY'; skipped",
      "transfer_type: transfer_type '7' is not 0 to 5; skipped",
      'from_stop_id: transfer_type 2 needs from_stop_id and to_stop_id; skipped',
    ]);
    // The good rows are all there, and still work.
    expect(tt.report.feeds[0]?.transfers?.['trip-to-trip timed']).toBe(6);
    expect(tt.report.feeds[0]?.transfers?.['route-to-route minimum time']).toBe(1);
    expect(earliest(tt, 'ABY', 'DNM', '06:55:00')).toBe('linked:CWK0700 > linked:VWK0700');
    expect(earliest(tt, 'ABY', 'ARP', '06:55:00')).toBe('linked:CWK0700 > linked:X1@07:15:00');
  });

  it('plans arrive-by through a timed transfer too', async () => {
    const tt = await build();
    const planner = new Planner(tt);
    const id = (s: string) => tt.stopIds.indexOf(`linked:${s}`);
    const r = planner.plan({
      date: parseDay('2026-01-14'),
      time: parseGtfsTime('07:35:00'),
      arriveBy: true,
      access: [{ stop: id('ABY'), duration: 0 }],
      egress: [{ stop: id('DNM'), duration: 0 }],
    });
    const latest = Math.max(...r.paths.map((p) => p.departure));
    expect(latest).toBe(parseGtfsTime('07:00:00'));
  });
});

describe('transfers.txt: no change at a stop (type 3, from_stop_id = to_stop_id)', () => {
  // Two routes meet at Junction: the first arrives 08:10, the second leaves 08:15 and 08:45.
  const feed = (transfers: string) =>
    buildTimetable(
      [
        {
          source: new MemorySource('tiny', {
            'agency.txt':
              'agency_id,agency_name,agency_url,agency_timezone\nA,Tiny,https://example.org,Europe/London\n',
            'stops.txt':
              'stop_id,stop_name,stop_lat,stop_lon\nW,West,56.40,-3.10\nJ,Junction,56.41,-3.00\nE,East,56.42,-2.90\n',
            'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,A,1,3\nR2,A,2,3\n',
            'calendar.txt':
              'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260105,20260327\n',
            'trips.txt': 'route_id,service_id,trip_id\nR1,WK,T1\nR2,WK,T2\nR2,WK,T3\n',
            'stop_times.txt':
              'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
              'T1,08:00:00,08:00:00,W,1\nT1,08:10:00,08:10:00,J,2\n' +
              'T2,08:15:00,08:15:00,J,1\nT2,08:30:00,08:30:00,E,2\n' +
              'T3,08:45:00,08:45:00,J,1\nT3,09:00:00,09:00:00,E,2\n',
            'transfers.txt':
              'from_stop_id,to_stop_id,from_route_id,to_route_id,transfer_type,min_transfer_time\n' + transfers,
          }),
        },
      ],
      { footpaths: { maxDistance: 0 } },
    );
  const arrival = (tt: Timetable, arriveBy = false) => {
    const id = (s: string) => tt.stopIds.indexOf(`tiny:${s}`);
    const r = new Planner(tt).plan({
      date: parseDay('2026-01-14'),
      time: parseGtfsTime(arriveBy ? '09:30:00' : '07:55:00'),
      ...(arriveBy ? { arriveBy: true } : {}),
      access: [{ stop: id('W'), duration: 0 }],
      egress: [{ stop: id('E'), duration: 0 }],
    });
    return r.paths.map((p) => `${p.departure}-${p.arrival}`);
  };
  const at = (t: string) => parseGtfsTime(t);

  it('is enforced both ways, and a rule naming the two routes still allows the change', async () => {
    expect(arrival(await feed(''))).toEqual([`${at('08:00:00')}-${at('08:30:00')}`]);
    const forbidden = await feed('J,J,,,3,\n');
    expect(forbidden.report.feeds[0]?.transfers).toEqual({ 'stop-to-stop forbidden': 1 });
    expect(arrival(forbidden)).toEqual([]);
    expect(arrival(forbidden, true)).toEqual([]);
    // The more specific rule (route to route, GTFS ranking) wins over the stop's own.
    expect(arrival(await feed('J,J,,,3,\nJ,J,R1,R2,2,600\n'))).toEqual([`${at('08:00:00')}-${at('09:00:00')}`]);
  });

  it('a stop rule of 0 (recommended) overrides its station-wide change time', async () => {
    const tt = await feed('J,J,,,2,1200\n');
    expect(arrival(tt)).toEqual([`${at('08:00:00')}-${at('09:00:00')}`]);
  });
});
