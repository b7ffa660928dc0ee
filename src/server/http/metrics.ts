/**
 * GET /metrics in the Prometheus text format (issue 33): request rate and latency per route,
 * searches waiting, planning, done and failed, planner time, realtime connections. A small
 * registry of counters, histograms and gauges read at scrape time; nothing here is personal
 * (routes are patterns such as /v1/journey-planner/search/:hash, never addresses).
 */
import type { FastifyInstance } from 'fastify';

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
};

interface Series<T> {
  labels: Labels;
  value: T;
}

abstract class Metric<T> {
  protected readonly series = new Map<string, Series<T>>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  protected at(labels: Labels, initial: () => T): Series<T> {
    const key = labelText(labels);
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = { labels, value: initial() }));
    return found;
  }
  abstract lines(): string[];
}

export class Counter extends Metric<number> {
  readonly type = 'counter';
  inc(labels: Labels = {}, by = 1): void {
    this.at(labels, () => 0).value += by;
  }
  lines(): string[] {
    return [...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${s.value}`);
  }
}

/** Seconds. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Histogram extends Metric<{ counts: number[]; sum: number; count: number }> {
  readonly type = 'histogram';
  constructor(
    name: string,
    help: string,
    private readonly buckets = DEFAULT_BUCKETS,
  ) {
    super(name, help);
  }
  observe(labels: Labels, seconds: number): void {
    const series = this.at(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 })).value;
    this.buckets.forEach((bound, i) => {
      if (seconds <= bound) series.counts[i]!++;
    });
    series.sum += seconds;
    series.count++;
  }
  lines(): string[] {
    return [...this.series.values()].flatMap(({ labels, value }) => [
      ...this.buckets.map(
        (bound, i) => `${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${value.counts[i]}`,
      ),
      `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}`,
      `${this.name}_sum${labelText(labels)} ${value.sum}`,
      `${this.name}_count${labelText(labels)} ${value.count}`,
    ]);
  }
}

/** A value read at scrape time. */
export class Gauge extends Metric<number> {
  readonly type = 'gauge';
  constructor(
    name: string,
    help: string,
    private readonly read: () => Array<{ labels?: Labels; value: number }>,
  ) {
    super(name, help);
  }
  lines(): string[] {
    return this.read().map(({ labels, value }) => `${this.name}${labelText(labels ?? {})} ${value}`);
  }
}

interface Scraped {
  readonly type: 'counter' | 'histogram' | 'gauge';
  readonly name: string;
  readonly help: string;
  lines(): string[];
}

export class MetricsRegistry {
  readonly #metrics: Scraped[] = [];
  add<M extends Scraped>(metric: M): M {
    this.#metrics.push(metric);
    return metric;
  }
  text(): string {
    return `${this.#metrics
      .flatMap((metric) => [
        `# HELP ${metric.name} ${metric.help}`,
        `# TYPE ${metric.name} ${metric.type}`,
        ...metric.lines(),
      ])
      .join('\n')}\n`;
  }
}

/** The process's metrics; search jobs and the HTTP server record into them. */
export const metrics = new MetricsRegistry();
export const httpRequests = metrics.add(
  new Counter('drover_http_requests_total', 'HTTP requests answered, by method, route pattern and status.'),
);
export const httpDuration = metrics.add(
  new Histogram('drover_http_request_duration_seconds', 'Time to answer HTTP requests, by method and route pattern.'),
);
export const searchesFinished = metrics.add(
  new Counter('drover_searches_finished_total', 'Searches planned here that ended, by outcome (done, failed).'),
);
export const plannerTime = metrics.add(
  new Histogram('drover_planner_seconds', 'Time a planner took to plan one search (planning only).'),
);

/** Records every answered request (onResponse) and serves GET /metrics. */
export function registerMetrics(app: FastifyInstance, extra: MetricsRegistry = metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (_request, reply) =>
    reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(extra === metrics ? metrics.text() : metrics.text() + extra.text()),
  );
}
