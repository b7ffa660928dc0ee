/**
 * Node-only: reads TransXChange files (an .xml file, a folder of them, or a zip as Traveline
 * publishes them) and NaPTAN CSVs from disk, and turns TransXChange into a timetable feed input.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ZipFile } from '../common/zip-file-node';
import { ZipError } from '../common/zip';
import { parseCsv } from '../common/csv';
import type { FeedInput } from '../timetable/build';
import type { GtfsSource } from '../timetable/gtfs-source';
import type { ImportIssue } from '../timetable/report';
import { naptanLookup, parseNaptan, type NaptanStop } from './naptan';
import { TxcConverter, type TxcFeed } from './txc';
import { TableSource } from '../timetable/table-source';
import { convertRoutePatterns, routeKey, type RoutePatternFeed, type RoutePatternOptions } from './route-patterns';

const DAY_MS = 86_400_000;

/** A document, or a file or zip entry that could not be read (named, with the byte position). */
export type TxcDocument = { name: string; text: string } | { name: string; error: string };

/**
 * The TransXChange documents at `path`, one at a time: the file itself, every .xml in a folder
 * (recursively), or every .xml in a zip, read entry by entry from disk (Zip64 included), so a
 * national zip is never in memory whole. An unreadable archive or entry is yielded as an error
 * and the rest still comes.
 */
export async function* txcDocuments(path: string): AsyncGenerator<TxcDocument> {
  if ((await stat(path)).isDirectory()) {
    for (const entry of (await readdir(path)).sort()) {
      if (entry.startsWith('.')) continue;
      const full = join(path, entry);
      if ((await stat(full)).isDirectory() || /\.(xml|zip)$/i.test(entry)) yield* txcDocuments(full);
    }
    return;
  }
  if (/\.zip$/i.test(path)) {
    let zip: ZipFile;
    try {
      zip = await ZipFile.open(path);
    } catch (err) {
      if (!(err instanceof ZipError)) throw err;
      yield { name: basename(path), error: `${err.message}; archive skipped` };
      return;
    }
    try {
      const entries = zip.entries.filter((e) => /\.xml$/i.test(e.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
      for (const entry of entries) {
        const name = `${basename(path)}/${entry.name}`;
        try {
          yield { name, text: await zip.text(entry) };
        } catch (err) {
          if (!(err instanceof ZipError)) throw err;
          yield { name, error: `${err.message}; file skipped` };
        }
      }
    } finally {
      await zip.close();
    }
    return;
  }
  yield { name: basename(path), text: await readFile(path, 'utf8') };
}

/** Every TransXChange document at `path` in memory (small inputs and tests; txcDocuments streams). */
export async function readTxcFiles(path: string): Promise<{ name: string; text: string }[]> {
  const out: { name: string; text: string }[] = [];
  for await (const doc of txcDocuments(path)) if ('text' in doc) out.push(doc);
  return out;
}

/** Every stop in the NaPTAN CSVs, and the rows that could not be read (as import issues). */
export async function readNaptanFiles(
  paths: readonly string[],
): Promise<{ stops: NaptanStop[]; issues: ImportIssue[] }> {
  const stops: NaptanStop[] = [];
  const issues: ImportIssue[] = [];
  for (const path of paths) {
    const read = parseNaptan(await readFile(path, 'utf8'), basename(path));
    stops.push(...read.stops);
    issues.push(...read.issues.map((i) => ({ feed: 'naptan', ...i })));
  }
  return { stops, issues };
}

export const TXC_ROLL_FORWARD = { startOffsetDays: -7, days: 400 };

export interface TxcFeedInput {
  input: FeedInput;
  feed: TxcFeed;
  /** Journeys left out as wholly outside the region (with `keep`). */
  clipped: number;
}

/**
 * One timetable feed from TransXChange files. A feed whose OperatingPeriods all ended before
 * `today` (or that is asked to) is rolled forward onto [today - 7 days, + 400 days) as the rail
 * feed is, and the report and the app say so.
 */
export async function openTxcFeed(
  paths: readonly string[],
  name: string,
  stops: readonly NaptanStop[],
  today = new Date(),
  roll?: { first: number; last: number },
  keep?: (lat: number, lon: number) => boolean,
): Promise<TxcFeedInput> {
  const day = Math.floor(today.getTime() / DAY_MS);
  const converter = new TxcConverter({ feed: name, stops: naptanLookup(stops), today: day, ...(keep ? { keep } : {}) });
  for (const path of paths)
    for await (const doc of txcDocuments(path)) {
      if ('text' in doc) converter.add(doc);
      else converter.addIssue(doc.name, doc.error);
    }
  const feed = converter.finish();
  const input: FeedInput = { source: new TableSource(name, feed.tables) };
  const first = day + TXC_ROLL_FORWARD.startOffsetDays;
  if (roll) input.rollForward = roll;
  else if (feed.period && feed.period.last < day)
    input.rollForward = { first, last: first + TXC_ROLL_FORWARD.days - 1 };
  return { input, feed, clipped: converter.clipped };
}

/** Operator and route keys (routeKey) of a feed's routes: by short name, long name and route id. */
export async function timetabledRoutes(source: GtfsSource): Promise<Set<string>> {
  const text = async (file: string): Promise<string> => {
    if (!(await source.files()).includes(file)) return '';
    let out = '';
    await source.read(file, (chunk) => (out += chunk));
    return out;
  };
  const agencies = new Map(parseCsv(await text('agency.txt')).map((a) => [a.agency_id ?? '', a.agency_name ?? '']));
  const only = agencies.size === 1 ? [...agencies.values()][0] : undefined;
  const keys = new Set<string>();
  for (const r of parseCsv(await text('routes.txt'))) {
    const operator = agencies.get(r.agency_id ?? '') ?? only;
    if (!operator) continue;
    for (const name of [r.route_short_name, r.route_long_name, r.route_id])
      if (name) keys.add(routeKey(operator, name));
  }
  return keys;
}

export interface RoutePatternFeedInput {
  input: FeedInput;
  feed: RoutePatternFeed;
}

/**
 * A route-pattern network (route_patterns.csv, pattern_links.csv, walk_links.csv in `folder`) as a
 * timetable feed of frequency windows on every day of [today - 7 days, + 400 days), as a rolled-forward
 * TransXChange feed runs.
 */
export async function openRoutePatternFeed(
  folder: string,
  name: string,
  stops: readonly NaptanStop[],
  options: Pick<RoutePatternOptions, 'listings' | 'minimumAllowance' | 'timetabled'>,
  today = new Date(),
): Promise<RoutePatternFeedInput> {
  const read = (file: string) => readFile(join(folder, file), 'utf8');
  const walks = await read('walk_links.csv').catch(() => undefined);
  const first = Math.floor(today.getTime() / DAY_MS) + TXC_ROLL_FORWARD.startOffsetDays;
  const feed = convertRoutePatterns(
    { patterns: await read('route_patterns.csv'), links: await read('pattern_links.csv'), ...(walks ? { walks } : {}) },
    { feed: name, stops: naptanLookup(stops), days: { first, last: first + TXC_ROLL_FORWARD.days - 1 }, ...options },
  );
  return { input: { source: new TableSource(name, feed.tables) }, feed };
}
