/**
 * The import report: what a feed import found wrong. Recoverable defects are
 * warnings (the row or value is skipped or repaired); fatal ones throw a
 * GtfsImportError that names the file, line and column.
 */
export interface ImportIssue {
  feed: string;
  file: string;
  /** 1-based line in the file; 0 when the issue concerns the whole file. */
  line: number;
  column?: string;
  message: string;
}

export interface FeedSummary {
  feed: string;
  agencies: number;
  stops: number;
  routes: number;
  trips: number;
  stopTimes: number;
  services: number;
  /** Validity from feed_info or the calendars, YYYY-MM-DD. */
  firstDate: string;
  lastDate: string;
  rolledForward?: RollForwardRecord;
  /** transfers.txt rows imported by kind: scope (stop-to-stop, route-to-route, trip-to-trip, ...) and type. */
  transfers?: Record<string, number>;
}

/** How an expired feed's calendar was mapped onto current dates. */
export interface RollForwardRecord {
  sourceFirst: string;
  sourceLast: string;
  targetFirst: string;
  targetLast: string;
  rule: string;
}

export interface ImportReport {
  feeds: FeedSummary[];
  warnings: ImportIssue[];
  /** Warnings of one kind beyond the first few are counted, not listed. */
  suppressed: Record<string, number>;
  importedAt: string;
}

export class GtfsImportError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(
      `${issue.feed}/${issue.file}${issue.line ? `:${issue.line}` : ''}${issue.column ? ` column ${issue.column}` : ''}: ${issue.message}`,
    );
    this.name = 'GtfsImportError';
  }
}

const LISTED_PER_KIND = 20;

/** Collects warnings, listing the first few of each kind and counting the rest. */
export class ReportBuilder {
  readonly warnings: ImportIssue[] = [];
  readonly suppressed: Record<string, number> = {};
  private readonly perKind = new Map<string, number>();

  warn(issue: ImportIssue, kind = `${issue.file}: ${issue.message.replace(/'[^']*'/g, "'…'")}`): void {
    const seen = (this.perKind.get(kind) ?? 0) + 1;
    this.perKind.set(kind, seen);
    if (seen <= LISTED_PER_KIND) this.warnings.push(issue);
    else this.suppressed[kind] = (this.suppressed[kind] ?? 0) + 1;
  }
}

export function formatReport(report: ImportReport): string {
  const out: string[] = [];
  for (const f of report.feeds) {
    out.push(
      `feed ${f.feed}: ${f.agencies} agencies, ${f.stops} stops, ${f.routes} routes, ${f.trips} trips, ${f.stopTimes} stop_times, ${f.services} services, dates ${f.firstDate}..${f.lastDate}`,
    );
    if (f.transfers)
      out.push(
        `  transfers: ${Object.entries(f.transfers)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ')}`,
      );
    const r = f.rolledForward;
    if (r)
      out.push(
        `  calendar rolled forward: ${r.sourceFirst}..${r.sourceLast} -> ${r.targetFirst}..${r.targetLast} (${r.rule})`,
      );
  }
  out.push(`${report.warnings.length + Object.values(report.suppressed).reduce((a, b) => a + b, 0)} warnings`);
  for (const w of report.warnings) {
    out.push(
      `  warning ${w.feed}/${w.file}${w.line ? `:${w.line}` : ''}${w.column ? ` [${w.column}]` : ''}: ${w.message}`,
    );
  }
  for (const [kind, count] of Object.entries(report.suppressed)) out.push(`  ... and ${count} more like "${kind}"`);
  return out.join('\n');
}
