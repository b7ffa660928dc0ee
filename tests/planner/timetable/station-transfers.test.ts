/**
 * Station-level transfers (GTFS reference, transfers.txt): a rule naming a station applies
 * to all its stops, a stop's own rule wins over its station's, and stops of one station
 * with no rule still connect (walk, at least STATION_MIN_CHANGE_S).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { FOOT_SOURCE, STATION_MIN_CHANGE_S } from '../../../src/planner/timetable/footpaths';
import { parseDay, parseGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { compareWithReference } from '../transit/compare';
import { MemorySource, SHARED_DATA } from '../transit/helpers';

// Station S has two platforms 40 m apart; line 1 runs A -> S1, line 2 runs S2 -> C at two times.
const FEED = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA1,Test Rail,https://example.org,Europe/London\n',
  'stops.txt':
    [
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
      'A,Alpha,56.0000,-3.0000,0,',
      'S,Station,56.1000,-3.0000,1,',
      'S1,Station platform 1,56.1000,-3.0000,0,S',
      'S2,Station platform 2,56.1000,-3.0006,0,S',
      'C,Charlie,56.2000,-3.0000,0,',
    ].join('\n') + '\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A1,1,One,2\nR2,A1,2,Two,2\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260101,20261231\n',
  'trips.txt': 'route_id,service_id,trip_id\nR1,WK,in\nR2,WK,out-2min\nR2,WK,out-4min\n',
  'stop_times.txt':
    [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'in,08:00:00,08:00:00,A,1',
      'in,08:20:00,08:20:00,S1,2',
      'out-2min,08:22:00,08:22:00,S2,1',
      'out-2min,08:50:00,08:50:00,C,2',
      'out-4min,08:24:00,08:24:00,S2,1',
      'out-4min,08:52:00,08:52:00,C,2',
    ].join('\n') + '\n',
};

async function build(files: Record<string, string>): Promise<Timetable> {
  return buildTimetable([{ source: new MemorySource('t', { ...FEED, ...files }) }]);
}

function arrivalAtC(tt: Timetable): number {
  const stop = (id: string) => tt.stopDisplayIds.indexOf(id);
  const result = new Planner(tt).plan({
    date: parseDay('2026-11-30'),
    time: parseGtfsTime('07:55:00'),
    access: [{ stop: stop('A'), duration: 0 }],
    egress: [{ stop: stop('C'), duration: 0 }],
  });
  return Math.min(Infinity, ...result.paths.map((p) => p.arrival));
}

function footpath(tt: Timetable, from: string, to: string): { duration: number; source: number } | undefined {
  const a = tt.stopDisplayIds.indexOf(from);
  const b = tt.stopDisplayIds.indexOf(to);
  for (let e = tt.footStart[a] as number; e < (tt.footStart[a + 1] as number); e++) {
    if (tt.footTo[e] === b) return { duration: tt.footDuration[e] as number, source: tt.footSource[e] as number };
  }
  return undefined;
}

describe('station-level transfers', () => {
  it('applies a station-to-station rule to every pair of its platforms', async () => {
    // 3 minutes to change anywhere in S: the 08:22 is missed, the 08:24 taken.
    const tt = await build({ 'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,S,2,180\n' });
    expect(footpath(tt, 'S1', 'S2')).toEqual({ duration: 180, source: FOOT_SOURCE.transfers });
    expect(footpath(tt, 'S2', 'S1')).toEqual({ duration: 180, source: FOOT_SOURCE.transfers });
    expect(tt.stopMinTransfer[tt.stopDisplayIds.indexOf('S1')]).toBe(180);
    expect(arrivalAtC(tt)).toBe(parseGtfsTime('08:52:00'));
  });

  it('lets a stop-level rule win over its station rule, and a stop-to-station rule reach every platform', async () => {
    const tt = await build({
      'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,S,2,600\nS1,S2,2,90\nA,S,2,300\n',
    });
    expect(footpath(tt, 'S1', 'S2')?.duration).toBe(90);
    expect(footpath(tt, 'S2', 'S1')?.duration).toBe(600);
    expect(footpath(tt, 'A', 'S1')?.duration).toBe(300);
    expect(footpath(tt, 'A', 'S2')?.duration).toBe(300);
    expect(arrivalAtC(tt)).toBe(parseGtfsTime('08:50:00'));
  });

  it('forbids every platform pair when the station rule says transfer_type 3', async () => {
    const tt = await build({ 'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,S,3,\n' });
    expect(footpath(tt, 'S1', 'S2')).toBeUndefined();
    expect(arrivalAtC(tt)).toBe(Infinity);
  });

  it('connects platforms of one station with no rule (walk, at least the stated minimum), even when the feed has other rules', async () => {
    const tt = await build({ 'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nA,C,2,60\n' });
    const change = footpath(tt, 'S1', 'S2');
    expect(change?.source).toBe(FOOT_SOURCE.station);
    expect(change?.duration).toBeGreaterThanOrEqual(STATION_MIN_CHANGE_S);
    expect(change?.duration).toBeLessThan(120);
    expect(arrivalAtC(tt)).toBe(parseGtfsTime('08:50:00'));
  });

  it('imports a transfers.txt naming unknown stops, with a warning in the import report', async () => {
    const tt = await build({
      'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,NOWHERE,2,60\nS,S,2,180\n',
    });
    expect(tt.report.warnings.some((w) => w.file === 'transfers.txt' && /unknown stop 'NOWHERE'/.test(w.message))).toBe(
      true,
    );
    expect(footpath(tt, 'S1', 'S2')?.duration).toBe(180);
  });
});

/**
 * Trensurb's metro with each station split into one platform per direction, as many metro
 * feeds publish it, and transfers.txt naming the stations (some with a change time, the rest
 * with none). Without station-level transfers most random platform pairs had no journey.
 */
function platformised(changeSeconds: number): Record<string, string> {
  const zip = unzipSync(
    new Uint8Array(readFileSync(resolve(SHARED_DATA, 'test/porto-alegre/gtfs-trensurb-metro.zip'))),
  );
  const text = (f: string) =>
    strFromU8(zip[f] as Uint8Array)
      .replace(/\r/g, '')
      .trim()
      .split('\n');
  const trips = text('trips.txt');
  const tripDirection = new Map(
    trips.slice(1).map((line) => {
      const [, , id, shape] = line.split(',');
      return [id as string, shape?.endsWith('-1') ? 'a' : 'b'];
    }),
  );
  const stops = text('stops.txt')
    .slice(1)
    .map((l) => l.split(','));
  const stopRows = ['stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station'];
  const transferRows = ['from_stop_id,to_stop_id,transfer_type,min_transfer_time'];
  stops.forEach(([id, name, lat, lon], i) => {
    stopRows.push(`${id},${name},${lat},${lon},1,`);
    // Platforms about 30 m either side of the station point.
    stopRows.push(`${id}-a,${name} A,${Number(lat) + 0.0003},${lon},0,${id}`);
    stopRows.push(`${id}-b,${name} B,${Number(lat) - 0.0003},${lon},0,${id}`);
    if (i % 2 === 0) transferRows.push(`${id},${id},2,${changeSeconds}`);
    // An out-of-station interchange now and then, so the feed has rules of its own between stations.
    const next = stops[i + 1];
    if (i % 5 === 0 && next) transferRows.push(`${id},${next[0]},2,900`);
  });
  const stopTimes = text('stop_times.txt');
  const header = (stopTimes[0] as string).split(',');
  const tripCol = header.indexOf('trip_id');
  const stopCol = header.indexOf('stop_id');
  const rewritten = [
    stopTimes[0] as string,
    ...stopTimes.slice(1).map((line) => {
      const cells = line.split(',');
      cells[stopCol] = `${cells[stopCol]}-${tripDirection.get(cells[tripCol] as string)}`;
      return cells.join(',');
    }),
  ];
  const files: Record<string, string> = {};
  for (const f of Object.keys(zip)) files[f] = strFromU8(zip[f] as Uint8Array);
  return {
    ...files,
    'stops.txt': stopRows.join('\n') + '\n',
    'stop_times.txt': rewritten.join('\n') + '\n',
    'transfers.txt': transferRows.join('\n') + '\n',
  };
}

describe('RAPTOR against the reference connection scan: a metro with station-level transfers', () => {
  it('finds the same earliest arrivals, and a journey between nearly every pair of platforms', async () => {
    const tt = await buildTimetable([{ source: new MemorySource('trensurb', platformised(120), 1 << 16) }]);
    const stats = compareWithReference(tt, parseDay('2019-09-18'), 300, 1717);
    expect(stats.queries).toBe(300);
    // Late-evening queries may miss the last train; before station transfers, most pairs had none.
    expect(stats.found / stats.queries).toBeGreaterThan(0.8);
  }, 120_000);
});
