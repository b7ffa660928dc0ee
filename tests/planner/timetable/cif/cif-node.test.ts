/**
 * The RDG timetable in CIF: the real March 2020 sample (20,000 schedules) imported into the
 * timetable model and answering Dundee -> Perth, checked against the 2022-23 rail GTFS that was
 * converted from the same format; and a damaged copy, whose bad records are named by file and
 * line while everything else imports.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { haversine } from '../../../../src/planner/geo/geo';
import { buildTimetable } from '../../../../src/planner/timetable/build';
import { openCifFeed, type CifFeedInput } from '../../../../src/planner/timetable/cif/cif-node';
import { parseDay } from '../../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../../src/planner/timetable/model';
import type { TableSource } from '../../../../src/planner/timetable/table-source';
import { accessFromStop, egressToStop, findStop } from '../../../../src/planner/transit/places';
import { Planner } from '../../../../src/planner/transit/planner';
import { SHARED_DATA } from '../../transit/helpers';

const SAMPLE = resolve(SHARED_DATA, 'test/cif/atoc-2020-sample.zip');
const ymd = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const tables = (f: CifFeedInput) => (f.input.source as TableSource)['tables'] as Map<string, string[][]>;

let feed: CifFeedInput;
let tt: Timetable;
beforeAll(async () => {
  feed = await openCifFeed(SAMPLE, 'rail');
  tt = await buildTimetable([feed.input], { issues: feed.issues });
}, 60_000);

describe('the CIF sample', () => {
  it('imports every schedule: 20,000 of them, 3,981 cancellations, 16,019 trains with their calls', () => {
    expect(feed.counts).toMatchObject({ schedules: 20_000, cancellations: 3_981, trips: 16_019 });
    expect(tt.tripCount).toBe(16_019);
    expect(feed.counts.calls).toBeGreaterThan(150_000);
    expect(tt.report.feeds[0]).toMatchObject({ firstDate: '2020-02-17', lastDate: '2020-05-16' });
    // Stations from the MSN with their grid references (to 100 m; Dundee's is 1.1 km from the platforms, most
    // stations' within 100 m, see below): Dundee is DUNDETB, CRS DEE.
    const dundee = feed.stations.stations.get('DUNDETB');
    expect(dundee).toMatchObject({ crs: 'DEE', name: 'Dundee' });
    expect(haversine(dundee!.lat, dundee!.lon, 56.4565, -2.9712)).toBeLessThan(1500);
  });

  it('runs an overlay or cancellation instead of the permanent schedule on its days (STP)', () => {
    const t = tables(feed);
    const trips = t.get('trips.txt')!.slice(1);
    const removed = new Set(
      t
        .get('calendar_dates.txt')!
        .slice(1)
        .map((r) => `${r[0]}|${r[1]}`),
    );
    const calendar = new Map(
      t
        .get('calendar.txt')!
        .slice(1)
        .map((r) => [r[0]!, r]),
    );
    // A train with a permanent schedule and an overlay: on each day the overlay runs, the permanent one does not.
    const overlays = trips.filter((r) => r[2]!.split(':')[1] === 'O');
    let checked = 0;
    for (const o of overlays) {
      const uid = o[2]!.split(':')[0]!;
      const oc = calendar.get(o[1]!)!;
      for (const p of trips.filter((r) => r[2]!.startsWith(`${uid}:P:`))) {
        const pc = calendar.get(p[1]!)!;
        for (let d = parseDay(ymd(oc[8]!)); d <= parseDay(ymd(oc[9]!)); d++) {
          const date = new Date(d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
          const wd = (new Date(d * 86_400_000).getUTCDay() + 6) % 7;
          const pRuns = pc[1 + wd] === '1' && date >= pc[8]! && date <= pc[9]!;
          if (oc[1 + wd] === '1' && pRuns) {
            expect(removed.has(`${p[1]}|${date}`)).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('answers Dundee -> Perth on a date inside the sample', () => {
    const from = findStop(tt, 'DUNDETB');
    const to = findStop(tt, 'PERTH');
    expect(from).toBeDefined();
    const result = new Planner(tt).plan({
      date: parseDay('2020-03-24'),
      time: 8 * 3600,
      access: accessFromStop(tt, from!),
      egress: egressToStop(tt, to!),
    });
    expect(result.paths.length).toBeGreaterThan(0);
    const p = result.paths[0]!;
    // About 23 minutes on the train, as ScotRail runs it.
    expect(p.arrival - p.departure).toBeGreaterThan(15 * 60);
    expect(p.arrival - p.departure).toBeLessThan(45 * 60);
  });

  it('agrees with the 2022-23 rail GTFS converted from the same format (stations, patterns, running times)', () => {
    const g = unzipSync(new Uint8Array(readFileSync(resolve(SHARED_DATA, 'tayside/gtfs/rail-scotland-2022.zip'))));
    const rows = (name: string) =>
      new TextDecoder()
        .decode(g[name])
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','));
    // Stations: the same TIPLOC ids and CRS codes, positions within a few hundred metres.
    const gStops = rows('stops.txt');
    const inBoth = gStops.filter((s) => feed.stations.stations.has(s[0]!));
    expect(inBoth.length).toBeGreaterThan(345);
    expect(inBoth.every((s) => feed.stations.stations.get(s[0]!)!.crs === s[1])).toBe(true);
    const far = inBoth.filter((s) => {
      const st = feed.stations.stations.get(s[0]!)!;
      return haversine(st.lat, st.lon, Number(s[3]), Number(s[4])) > 500;
    });
    expect(far.length / inBoth.length).toBeLessThan(0.05);
    const near = inBoth.filter((s) => {
      const st = feed.stations.stations.get(s[0]!)!;
      return haversine(st.lat, st.lon, Number(s[3]), Number(s[4])) < 150;
    });
    expect(near.length / inBoth.length).toBeGreaterThan(0.7);
    // Trains present in both (same origin, departure and destination): mostly the same calls, running times within minutes.
    const sec = (t: string) => t.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    const byTrip = (stopTimes: string[][]) => {
      const m = new Map<string, string[][]>();
      for (const r of stopTimes) (m.get(r[0]!) ?? m.set(r[0]!, []).get(r[0]!)!).push(r);
      return m;
    };
    const key = (c: string[][]) => `${c[0]![3]}@${c[0]![2]}>${c.at(-1)![3]}`;
    const gtfs = new Map([...byTrip(rows('stop_times.txt')).values()].map((c) => [key(c), c]));
    let matched = 0;
    let samePattern = 0;
    const diffs: number[] = [];
    for (const calls of byTrip(tables(feed).get('stop_times.txt')!.slice(1)).values()) {
      const other = gtfs.get(key(calls));
      if (!other) continue;
      matched++;
      if (other.map((c) => c[3]).join() !== calls.map((c) => c[3]).join()) continue;
      samePattern++;
      const run = (c: string[][]) => sec(c.at(-1)![1]!) - sec(c[0]![2]!);
      diffs.push(Math.abs(run(calls) - run(other)));
    }
    // Two years apart (2020 and 2022-23), so some trains were retimed; most run as they did.
    expect(matched).toBeGreaterThanOrEqual(50);
    expect(samePattern / matched).toBeGreaterThan(0.4);
    diffs.sort((a, b) => a - b);
    expect(diffs[diffs.length >> 1]).toBeLessThanOrEqual(120);
    expect(diffs.filter((d) => d <= 300).length / diffs.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a damaged CIF set', () => {
  it('names a record of the wrong length by file and line, and loses only that record', async () => {
    const files = unzipSync(new Uint8Array(readFileSync(SAMPLE)));
    const mca = new TextDecoder('latin1').decode(files['example.mca']);
    const lines = mca.split('\n');
    // Cut an intermediate call of a train short (line numbers are 1-based).
    const at = lines.findIndex((l, i) => i > 1000 && l.startsWith('LI') && l.slice(42, 54).trim() === 'T');
    lines[at] = lines[at]!.slice(0, 40);
    files['example.mca'] = new TextEncoder().encode(lines.join('\n'));
    const dir = mkdtempSync(join(tmpdir(), 'drover-cif-'));
    writeFileSync(join(dir, 'damaged.zip'), zipSync(files));
    const damaged = await openCifFeed(join(dir, 'damaged.zip'), 'rail');
    const issue = damaged.issues.find((i) => i.file === 'damaged.zip/example.mca');
    expect(issue).toMatchObject({ line: at + 1 });
    expect(issue!.message).toMatch(/LI record of 40 characters \(CIF records are 80\); this record is left out/);
    expect(damaged.counts.trips).toBe(feed.counts.trips);
    expect(damaged.counts.calls).toBe(feed.counts.calls - 1);
  }, 60_000);
});
