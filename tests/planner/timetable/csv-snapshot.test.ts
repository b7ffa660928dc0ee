import { describe, expect, it } from 'vitest';
import { Planner } from '../../../src/planner/transit/planner';
import { CsvParser } from '../../../src/planner/timetable/csv';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { decodeSnapshot, encodeSnapshot } from '../../../src/planner/timetable/snapshot';
import { FEEDS, loadFeeds, seeded } from '../transit/helpers';

function parse(text: string, chunk: number): [string[], number][] {
  const rows: [string[], number][] = [];
  const p = new CsvParser((f, line) => rows.push([f, line]));
  for (let i = 0; i < text.length; i += chunk) p.push(text.slice(i, i + chunk));
  p.end();
  return rows;
}

describe('CSV parser', () => {
  const text = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",\n3,last,row';
  it.each([1, 2, 3, 1000])('handles BOM, CRLF, quotes and embedded newlines in chunks of %i', (chunk) => {
    expect(parse(text, chunk)).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', 'x, y', 'say "hi"'], 2],
      [['2', 'two\nlines', ''], 3],
      [['3', 'last', 'row'], 5],
    ]);
  });
});

describe('snapshot and planner reuse', () => {
  it('round-trips a real feed and answers the same queries; searches do not leak state', async () => {
    const tt = await loadFeeds(FEEDS.ember);
    const loaded = decodeSnapshot(encodeSnapshot(tt));
    expect(loaded.stopIds).toEqual(tt.stopIds);
    expect(Array.from(loaded.departures)).toEqual(Array.from(tt.departures));
    // Fare zones and the time zone travel with the snapshot (Ember gives each stop its own zone_id).
    expect(loaded.stopZones?.[loaded.stopDisplayIds.indexOf('640014188')]).toBe('640014188');
    expect(loaded.stopZones).toEqual(tt.stopZones);
    expect(loaded.timezone).toBe('Europe/London');
    const date = parseDay('2026-11-25');
    const rnd = seeded(5);
    const stops = [...new Set(tt.patternStops)];
    const reused = new Planner(loaded);
    for (let q = 0; q < 200; q++) {
      const a = stops[Math.floor(rnd() * stops.length)] as number;
      const b = stops[Math.floor(rnd() * stops.length)] as number;
      const query = {
        date,
        time: Math.floor(rnd() * 86_400),
        access: [{ stop: a, duration: 0 }],
        egress: [{ stop: b, duration: 0 }],
      };
      // A search cut short by its transfer limit must not disturb the next one.
      reused.plan({ ...query, maxTransfers: 0 });
      const fresh = new Planner(tt).plan(query).paths.map((p) => [p.departure, p.arrival, p.transfers]);
      expect(reused.plan(query).paths.map((p) => [p.departure, p.arrival, p.transfers])).toEqual(fresh);
    }
  });
});
