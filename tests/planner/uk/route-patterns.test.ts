/**
 * Route-pattern import (Dundee's buses): the real network into the timetable model as frequency
 * windows, and broken copies of it (a stop missing from NaPTAN, a zero or negative running time, a
 * route with one stop): each reported and skipped, nothing else lost.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { isFrequencyTrip } from '../../../src/planner/timetable/model';
import { naptanLookup, parseNaptan } from '../../../src/planner/uk/naptan';
import {
  convertRoutePatterns,
  patternAllowance,
  routeKey,
  type RoutePatternFiles,
} from '../../../src/planner/uk/route-patterns';
import { TableSource } from '../../../src/planner/timetable/table-source';

const DATA = resolve(__dirname, '../../../data/tayside');
const read = (name: string) => readFileSync(resolve(DATA, name), 'utf8');
const FILES: RoutePatternFiles = {
  patterns: read('dundee-bus/route_patterns.csv'),
  links: read('dundee-bus/pattern_links.csv'),
  walks: read('dundee-bus/walk_links.csv'),
};
const stops = naptanLookup(
  ['angus', 'dundee', 'perth-kinross'].flatMap((c) => parseNaptan(read(`naptan/${c}.csv`), `${c}.csv`).stops),
);
const DAYS = { first: parseDay('2026-11-20'), last: parseDay('2027-12-24') };
const OPTIONS = { feed: 'dundee-bus', stops, days: DAYS, listings: { 'Xplore Dundee': 3 } };

describe('route-pattern import', () => {
  it('turns every usable pattern into one frequency window with its first and last departure', async () => {
    const feed = convertRoutePatterns(FILES, OPTIONS);
    expect(feed.patterns.read).toBe(163);
    // 19 without links, one with a zero-second link, and those calling at a stop outside these councils' NaPTAN.
    const reasons = feed.issues.map((i) => i.message);
    expect(reasons.filter((m) => m.includes('one stop'))).toHaveLength(19);
    expect(reasons.filter((m) => m.includes('running time of 0 s'))).toHaveLength(1);
    expect(feed.patterns.kept + feed.issues.length).toBe(163);

    const tt = await buildTimetable([{ source: new TableSource('dundee-bus', feed.tables) }]);
    expect(tt.tripCount).toBe(feed.patterns.kept);
    for (let t = 0; t < tt.tripCount; t++) expect(isFrequencyTrip(tt, t)).toBe(true);
    // P122: Xplore Dundee 17 to Ninewells, 05:22-22:43 (1041 min), 280 trips listed three times: 93 a day.
    // A window is named by its pattern and first departure.
    const t = tt.tripDisplayIds.indexOf('P122@05:22:00');
    expect(tt.tripSpan![t]).toBe(1041 * 60);
    expect(tt.tripWait![t]).toBe(patternAllowance(1041 * 60, 280, 3, 600));
    expect(tt.tripWait![t]).toBe(12 * 60);
    // Names and positions are NaPTAN's, ids the ATCO codes: the same stop as the place index's.
    const s = tt.stopDisplayIds.indexOf('6400PT1649');
    expect(s).toBeGreaterThanOrEqual(0);
  });

  it('reports and skips a pattern with a stop missing from NaPTAN, a non-positive running time or one stop', () => {
    const patterns = [
      'pattern_id,route_short_name,operator,destination,trips_in_source_feed,first_departure,last_departure,link_count',
      'A,9,Xplore Dundee,Somewhere,30,06:00:00,18:00:00,2',
      'B,9,Xplore Dundee,Missing,30,06:00:00,18:00:00,1',
      'C,9,Xplore Dundee,Zero,30,06:00:00,18:00:00,1',
      'D,9,Xplore Dundee,Backwards,30,06:00:00,18:00:00,1',
      'E,9,Xplore Dundee,Alone,30,06:00:00,18:00:00,0',
    ].join('\n');
    const links = [
      'pattern_id,link_order,from_stop_id,to_stop_id,run_seconds,source_stop_sequence',
      'A,1,6400PT1649,6400PT1013,36,1',
      'A,2,6400PT1013,6400PT1488,16,2',
      'B,1,6400PT1649,6400NOTREAL,60,1',
      'C,1,6400PT1649,6400PT1013,0,1',
      'D,1,6400PT1649,6400PT1013,-5,1',
    ].join('\n');
    const feed = convertRoutePatterns({ patterns, links }, OPTIONS);
    expect(feed.patterns).toEqual({ read: 5, kept: 1 });
    const messages = feed.issues.map((i) => `${i.file}:${i.line} ${i.message}`);
    expect(messages).toEqual([
      'pattern_links.csv:4 pattern B (route 9, Xplore Dundee): stop 6400NOTREAL not in NaPTAN; pattern skipped',
      'pattern_links.csv:5 pattern C (route 9, Xplore Dundee): link 1 has a running time of 0 s (not above 0); pattern skipped',
      'pattern_links.csv:6 pattern D (route 9, Xplore Dundee): link 1 has a running time of -5 s (not above 0); pattern skipped',
      'route_patterns.csv:6 pattern E (route 9, Xplore Dundee): a route with one stop (no links); pattern skipped',
    ]);
    expect(
      feed.tables
        .get('trips.txt')!
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['A']);
    expect(
      feed.tables
        .get('stop_times.txt')!
        .slice(1)
        .map((r) => [r[1], r[3]]),
    ).toEqual([
      ['06:00:00', '6400PT1649'],
      ['06:00:36', '6400PT1013'],
      ['06:00:52', '6400PT1488'],
    ]);
    // 30 listed three times (Xplore): 10 a day over 12 hours, a bus every 80 minutes, the allowance;
    // the last departure is 18:00 whatever the allowance.
    expect(feed.tables.get('frequencies.txt')![1]).toEqual(['A', '06:00:00', '19:20:00', '4800', '0', '18:00:00']);
  });

  it('leaves out a route a timetabled feed runs (its real times win)', () => {
    const feed = convertRoutePatterns(FILES, { ...OPTIONS, timetabled: new Set([routeKey('Ember', 'E1')]) });
    const e1 = feed.issues.filter((i) => i.message.includes('route E1, Ember'));
    expect(e1).toHaveLength(3);
    expect(e1[0]!.message).toContain('a timetabled feed of the region runs this route');
  });

  it('skips a single working (about one departure a day), whose days the data does not have', () => {
    const feed = convertRoutePatterns(FILES, OPTIONS);
    const single = feed.issues.filter((i) => i.message.includes('a single working'));
    // P121 Xplore 17 to the city centre (21 listed, 7 a day) stays; P124 17S (2 listed, 1 a day) goes.
    expect(single.map((i) => i.message)).toContain(
      'pattern P124 (route 17S, Xplore Dundee): about 1 departure a day (2 listed, each under 3 calendars): a single working whose days are not in our data; pattern skipped',
    );
    expect(single.some((i) => i.message.startsWith('pattern P121 '))).toBe(false);
  });

  it('never allows less than the minimum, and a single departure allows the span', () => {
    expect(patternAllowance(3600, 100, 1, 600)).toBe(600);
    expect(patternAllowance(0, 1, 1, 600)).toBe(600);
    expect(patternAllowance(7200, 1, 1, 600)).toBe(7200);
    expect(patternAllowance(7200, 3, 3, 600)).toBe(7200);
  });
});
