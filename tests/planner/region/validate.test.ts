/**
 * The validation report on real feeds: the import's issues grouped by rule with their file and
 * line (an unknown stop in a TransXChange file, an unreadable record), an expired feed as an
 * error, a stop moved away from its NaPTAN position, and the HTML page saying what failed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateRegion } from '../../../src/planner/region/validate';
import { validationHtml } from '../../../src/planner/region/validation-html';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { TableSource } from '../../../src/planner/timetable/table-source';
import { naptanLookup, parseNaptan } from '../../../src/planner/uk/naptan';
import { convertTxc } from '../../../src/planner/uk/txc';
import { SHARED_DATA } from '../transit/helpers';

const text = readFileSync(resolve(SHARED_DATA, 'north-east/txc/SVRABAO421.xml'), 'utf8');
const naptan = parseNaptan(
  readFileSync(resolve(SHARED_DATA, 'north-east/naptan/aberdeenshire.csv'), 'utf8'),
  'aberdeenshire.csv',
).stops;

describe('validateRegion', () => {
  it('names an unknown stop by file and line, and fails an expired feed', async () => {
    // Point one timing link at a stop the file does not list.
    const link = text.indexOf('<StopPointRef>', text.indexOf('<JourneyPatternTimingLink'));
    const broken = `${text.slice(0, link)}<StopPointRef>639099999999${text.slice(text.indexOf('</StopPointRef>', link))}`;
    const feed = convertTxc([{ name: 'SVRABAO421.xml', text: broken }], {
      feed: 'bus',
      stops: naptanLookup(naptan),
      today: parseDay('2026-11-25'),
    });
    const tt = await buildTimetable([{ source: new TableSource('bus', feed.tables) }], { issues: feed.issues });
    const report = validateRegion({
      region: 'test',
      timetable: tt,
      issues: tt.report.warnings,
      naptan: naptanLookup(naptan),
      // After the feed's last day (2021-08-14): its departures are all in the past.
      today: parseDay('2026-11-25'),
    });
    const unknown = report.rules.find((r) => r.code === 'unknown_stop')!;
    expect(unknown.severity).toBe('WARNING');
    expect(unknown.notices[0]).toMatchObject({ feed: 'bus', file: 'SVRABAO421.xml' });
    expect(unknown.notices[0]!.line).toBeGreaterThan(1);
    expect(unknown.notices[0]!.message).toMatch(/639099999999/);
    expect(report.rules.find((r) => r.code === 'expired_service')?.severity).toBe('ERROR');
    expect(report.summary.errors).toBe(1);
    expect(report.files['SVRABAO421.xml']!.warnings).toBeGreaterThan(0);
    const html = validationHtml(report);
    expect(html).toMatch(/The build failed: 1 error would make answers wrong/);
    expect(html).toContain('639099999999');
  });

  it('warns of a stop far from its NaPTAN position', async () => {
    const feed = convertTxc([{ name: 'SVRABAO421.xml', text }], {
      feed: 'bus',
      stops: naptanLookup(naptan),
      today: parseDay('2026-11-25'),
    });
    const tt = await buildTimetable([{ source: new TableSource('bus', feed.tables) }]);
    const moved = tt.stopDisplayIds[0]!;
    const lookup = naptanLookup(naptan);
    const report = validateRegion({
      region: 'test',
      timetable: tt,
      issues: [],
      naptan: (atco) => {
        const k = lookup(atco);
        return k && atco === moved ? { lat: k.lat + 0.01, lon: k.lon } : k;
      },
      // Inside the days the file's journeys run (2019-08-24 to 2021-08-14).
      today: parseDay('2020-06-01'),
    });
    const far = report.rules.find((r) => r.code === 'stop_far_from_naptan')!;
    expect(far.count).toBe(1);
    expect(far.notices[0]!.message).toMatch(new RegExp(`stop ${moved} .* 1\\d\\d\\d m from its NaPTAN position`));
    expect(report.summary.errors).toBe(0);
  });
});
