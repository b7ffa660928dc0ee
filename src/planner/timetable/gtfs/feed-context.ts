/**
 * What the per-file GTFS readers share while one feed loads: the source, the report, the
 * files present, the RawFeed being filled and the id -> index maps later files resolve against.
 */
import type { GtfsSource } from '../gtfs-source';
import type { RawFeed } from '../raw-feed';
import type { ReportBuilder } from '../report';
import type { Row } from '../table-reader';

export interface FeedContext {
  readonly source: GtfsSource;
  readonly report: ReportBuilder;
  /** File names at the feed root. */
  readonly present: ReadonlySet<string>;
  readonly out: RawFeed;
  /** stop_id -> index into out.stops (filled by stops.ts). */
  readonly stopIndex: Map<string, number>;
  /** route_id -> index into out.routes (filled by routes.ts). */
  readonly routeIndex: Map<string, number>;
  /** trip_id -> index into out.trips (filled by trips.ts). */
  readonly tripIndex: Map<string, number>;
  /** A repairable defect in `file` at a row (or line number), listed in the import report. */
  warn(file: string, row: Row | number, message: string, column?: string): void;
}

export function newFeedContext(
  source: GtfsSource,
  report: ReportBuilder,
  present: ReadonlySet<string>,
  out: RawFeed,
): FeedContext {
  const feed = source.name;
  return {
    source,
    report,
    present,
    out,
    stopIndex: new Map(),
    routeIndex: new Map(),
    tripIndex: new Map(),
    warn: (file, row, message, column) =>
      report.warn({
        feed,
        file,
        line: typeof row === 'number' ? row : row.line,
        ...(column ? { column } : {}),
        message,
      }),
  };
}
