/**
 * The feed validation report of a region build, in the manner of the canonical GTFS validator:
 * notices grouped by rule, each with a severity, a count, where it is (feed, file, line or
 * trip) and the first examples. Rules over the built timetable (so every source format is
 * checked alike) and the import's own issues (files, records and stops it could not read).
 *
 * Severity: an ERROR makes answers wrong (a feed with no service, or only past service, trips
 * faster than the vehicle can go), and fails the build; a WARNING is worth an operator's look
 * (unknown stops left out, overlapping calendars, stops far from their NaPTAN position, trips
 * wholly outside the region, records that could not be read); INFO counts. Browser-safe.
 */
import { haversine } from '../geo/geo';
import type { Timetable } from '../timetable/model';
import { tripTimeBase } from '../timetable/model';
import { modeOfRouteType, type TransitMode } from '../timetable/modes';
import type { ImportIssue } from '../timetable/report';

export type Severity = 'ERROR' | 'WARNING' | 'INFO';

export interface ValidationNotice {
  feed: string;
  file: string;
  /** 1-based line, 0 when the notice is about a whole file or a trip. */
  line: number;
  message: string;
}

export interface ValidationRule {
  code: string;
  severity: Severity;
  description: string;
  count: number;
  /** The first notices (at most MAX_EXAMPLES). */
  notices: ValidationNotice[];
}

export interface ValidationReport {
  region: string;
  generatedAt: string;
  summary: { errors: number; warnings: number; infos: number };
  /** Per feed: what it holds. */
  feeds: Record<string, Record<string, number | string>>;
  /** Per file: errors and warnings. */
  files: Record<string, { errors: number; warnings: number }>;
  rules: ValidationRule[];
}

export const MAX_EXAMPLES = 50;

const RULES: Record<string, { severity: Severity; description: string }> = {
  no_service: { severity: 'ERROR', description: 'A feed has no trips: every journey it should give is missing.' },
  expired_service: {
    severity: 'ERROR',
    description: 'A feed runs only before the build date and is not rolled forward: its departures are in the past.',
  },
  impossible_speed: {
    severity: 'ERROR',
    description:
      'A trip travels between two stops faster than its vehicle can (straight line over the scheduled time plus the minute published times round away): a stop position or a time is wrong.',
  },
  fast_travel: {
    severity: 'WARNING',
    description: 'A trip travels between two stops faster than usual for its mode (but within what is possible).',
  },
  unknown_stop: {
    severity: 'WARNING',
    description:
      'A journey names a stop the file and NaPTAN do not know (or a location the MSN does not list): the call is left out.',
  },
  overlapping_calendars: {
    severity: 'WARNING',
    description: 'Two trips of one route run the same stops at the same times on a common day (a duplicate journey).',
  },
  stop_far_from_naptan: {
    severity: 'WARNING',
    description: 'A stop lies more than 250 m from the position NaPTAN gives its ATCO code.',
  },
  trip_outside_region: {
    severity: 'WARNING',
    description: "A trip calls at no stop inside the region's councils (plus margin).",
  },
  unreadable_input: {
    severity: 'WARNING',
    description:
      'A file, zip entry or record could not be read (truncated, corrupt, wrong length); only it is left out.',
  },
  feed_defect: { severity: 'WARNING', description: 'Another defect the import repaired or skipped.' },
  clipped_out: { severity: 'INFO', description: 'Journeys of a national source wholly outside the region, left out.' },
};

/** The rule an import issue belongs to, by what its message says. */
export function ruleOfIssue(issue: ImportIssue): string {
  const m = issue.message;
  if (/not in the NaPTAN|StopPoints do not list|MSN does not list|unknown stop/i.test(m)) return 'unknown_stop';
  if (/truncated|corrupt|checksum|characters \(|not well-formed|no end of central directory|unreadable|blob/i.test(m))
    return 'unreadable_input';
  return 'feed_defect';
}

/** Top speeds (km/h) by mode: over `usual` a warning, over `possible` an error. */
const SPEEDS: Record<TransitMode, { usual: number; possible: number }> = {
  rail: { usual: 210, possible: 320 },
  coach: { usual: 115, possible: 160 },
  bus: { usual: 100, possible: 150 },
  tram: { usual: 80, possible: 120 },
  subway: { usual: 90, possible: 130 },
  ferry: { usual: 60, possible: 110 },
  cable: { usual: 50, possible: 80 },
  other: { usual: 210, possible: 320 },
};

export interface ValidateInput {
  region: string;
  timetable: Timetable;
  /** Issues found while reading sources (the import report's warnings, with suppressed counts). */
  issues: readonly ImportIssue[];
  suppressed?: Record<string, number>;
  /** NaPTAN positions by ATCO code. */
  naptan?: (atco: string) => { lat: number; lon: number } | undefined;
  /** The region (clip), when there is one. */
  inRegion?: (lat: number, lon: number) => boolean;
  /** Per national source: counts from its import (schedules, calls, journeys outside the region...). */
  sourceCounts?: Record<string, Record<string, number>>;
  today: number;
}

export function validateRegion(input: ValidateInput): ValidationReport {
  const tt = input.timetable;
  const rules = new Map<string, ValidationRule>();
  const files: ValidationReport['files'] = {};
  const add = (code: string, notice: ValidationNotice, times = 1): void => {
    const def = RULES[code]!;
    let rule = rules.get(code);
    if (!rule) rules.set(code, (rule = { code, ...def, count: 0, notices: [] }));
    rule.count += times;
    if (rule.notices.length < MAX_EXAMPLES) rule.notices.push(notice);
    if (def.severity !== 'INFO') {
      const key = notice.file.includes('/') || notice.file.includes('.') ? notice.file : `${notice.feed}`;
      const f = (files[key] ??= { errors: 0, warnings: 0 });
      if (def.severity === 'ERROR') f.errors += times;
      else f.warnings += times;
    }
  };

  for (const issue of input.issues)
    add(ruleOfIssue(issue), { feed: issue.feed, file: issue.file, line: issue.line, message: issue.message });
  for (const [kind, count] of Object.entries(input.suppressed ?? {})) {
    const file = kind.slice(0, kind.indexOf(':'));
    const rule = ruleOfIssue({ feed: '', file, line: 0, message: kind });
    const r = rules.get(rule);
    if (r) r.count += count;
    const f = (files[file] ??= { errors: 0, warnings: 0 });
    if (RULES[rule]!.severity === 'ERROR') f.errors += count;
    else f.warnings += count;
  }

  // Feeds: service and dates.
  const feeds: ValidationReport['feeds'] = {};
  const tripsPerFeed = new Map<number, number>();
  const feedOfTrip = (t: number): number => {
    const service = tt.serviceIds[tt.tripService[t] as number] ?? '';
    return tt.feeds.findIndex((f) => service.startsWith(`${f.name}:`));
  };
  for (let t = 0; t < tt.tripCount; t++) {
    const f = feedOfTrip(t);
    tripsPerFeed.set(f, (tripsPerFeed.get(f) ?? 0) + 1);
  }
  tt.feeds.forEach((f, i) => {
    const summary = tt.report.feeds.find((s) => s.feed === f.name);
    feeds[f.name] = {
      trips: tripsPerFeed.get(i) ?? 0,
      stops: summary?.stops ?? 0,
      routes: summary?.routes ?? 0,
      stopTimes: summary?.stopTimes ?? 0,
      firstDate: summary?.firstDate ?? '',
      lastDate: summary?.lastDate ?? '',
      ...(summary?.rolledForward
        ? { rolledForwardFrom: `${summary.rolledForward.sourceFirst}..${summary.rolledForward.sourceLast}` }
        : {}),
      ...(input.sourceCounts?.[f.name] ?? {}),
    };
    if ((tripsPerFeed.get(i) ?? 0) === 0)
      add('no_service', { feed: f.name, file: f.name, line: 0, message: `feed ${f.name} has no trips` });
    else if (f.lastDay < input.today)
      add('expired_service', {
        feed: f.name,
        file: f.name,
        line: 0,
        message: `feed ${f.name} runs until ${summary?.lastDate ?? f.lastDay}, before the build date; give it a rollForward or a current file`,
      });
    const clipped = input.sourceCounts?.[f.name]?.outsideRegion ?? 0;
    if (clipped > 0)
      add(
        'clipped_out',
        { feed: f.name, file: f.name, line: 0, message: `${clipped} journeys outside the region left out` },
        clipped,
      );
  });

  // Trips: speeds, region, duplicates.
  const feedName = (t: number) => tt.feeds[feedOfTrip(t)]?.name ?? '';
  const inside = input.inRegion
    ? Array.from({ length: tt.stopCount }, (_, s) => input.inRegion!(tt.stopLat[s] as number, tt.stopLon[s] as number))
    : null;
  for (let p = 0; p < tt.patternCount; p++) {
    const stops = tt.patternStops.subarray(tt.patternStopStart[p], tt.patternStopStart[p + 1]);
    const n = stops.length;
    const mode = modeOfRouteType(tt.routeType[tt.patternRoute[p] as number] as number);
    const limit = SPEEDS[mode];
    const hops = Array.from({ length: n - 1 }, (_, i) =>
      haversine(
        tt.stopLat[stops[i] as number] as number,
        tt.stopLon[stops[i] as number] as number,
        tt.stopLat[stops[i + 1] as number] as number,
        tt.stopLon[stops[i + 1] as number] as number,
      ),
    );
    const regionHit = inside ? stops.some((s) => inside[s]) : true;
    const seen = new Map<string, number[]>();
    for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
      const base = tripTimeBase(tt, p, t);
      const trip = tt.tripDisplayIds[t] ?? tt.tripIds[t] ?? String(t);
      for (let i = 0; i + 1 < n; i++) {
        if ((hops[i] as number) < 2000) continue;
        // Published times are to the minute: a hop shown as 1 minute may take nearly 2.
        const seconds = Math.max(0, (tt.arrivals[base + i + 1] as number) - (tt.departures[base + i] as number)) + 60;
        const kmh = ((hops[i] as number) / seconds) * 3.6;
        if (kmh <= limit.usual) continue;
        const a = tt.stopNames[stops[i] as number];
        const b = tt.stopNames[stops[i + 1] as number];
        add(kmh > limit.possible ? 'impossible_speed' : 'fast_travel', {
          feed: feedName(t),
          file: `${feedName(t)}/stop_times.txt`,
          line: 0,
          message: `trip ${trip} (${mode}): ${a} -> ${b}, ${((hops[i] as number) / 1000).toFixed(1)} km in ${Math.round(seconds / 60)} min = ${Math.round(kmh)} km/h`,
        });
      }
      if (!regionHit)
        add('trip_outside_region', {
          feed: feedName(t),
          file: `${feedName(t)}/trips.txt`,
          line: 0,
          message: `trip ${trip} calls at no stop in the region (${tt.stopNames[stops[0] as number]} -> ${tt.stopNames[stops[n - 1] as number]})`,
        });
      const key = Array.from(tt.departures.subarray(base, base + n)).join(',');
      const same = seen.get(key);
      if (same) {
        const other = same.find((o) => shareDay(tt, tt.tripService[o] as number, tt.tripService[t] as number));
        if (other !== undefined)
          add('overlapping_calendars', {
            feed: feedName(t),
            file: `${feedName(t)}/calendar.txt`,
            line: 0,
            message: `trips ${tt.tripDisplayIds[other]} and ${trip} run the same stops at the same times on a common day`,
          });
        same.push(t);
      } else seen.set(key, [t]);
    }
  }

  // Stops against NaPTAN.
  if (input.naptan)
    for (let s = 0; s < tt.stopCount; s++) {
      const id = tt.stopDisplayIds[s] ?? '';
      const known = input.naptan(id.slice(id.indexOf(':') + 1));
      if (!known) continue;
      const d = haversine(tt.stopLat[s] as number, tt.stopLon[s] as number, known.lat, known.lon);
      if (d > 250) {
        const feed = tt.feeds[tt.stopFeed[s] as number]?.name ?? '';
        add('stop_far_from_naptan', {
          feed,
          file: `${feed}/stops.txt`,
          line: 0,
          message: `stop ${id} (${tt.stopNames[s]}) is ${Math.round(d)} m from its NaPTAN position`,
        });
      }
    }

  const list = [...rules.values()].sort(
    (a, b) => severityOrder(a.severity) - severityOrder(b.severity) || b.count - a.count,
  );
  const sum = (sev: Severity) => list.filter((r) => r.severity === sev).reduce((n, r) => n + r.count, 0);
  return {
    region: input.region,
    generatedAt: new Date().toISOString(),
    summary: { errors: sum('ERROR'), warnings: sum('WARNING'), infos: sum('INFO') },
    feeds,
    files,
    rules: list,
  };
}

const severityOrder = (s: Severity) => (s === 'ERROR' ? 0 : s === 'WARNING' ? 1 : 2);

function shareDay(tt: Timetable, a: number, b: number): boolean {
  if (a === b) return true;
  for (let w = 0; w < tt.serviceWords; w++)
    if (
      ((tt.serviceBits[a * tt.serviceWords + w] as number) & (tt.serviceBits[b * tt.serviceWords + w] as number)) !==
      0
    )
      return true;
  return false;
}
