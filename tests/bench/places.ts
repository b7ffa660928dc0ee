/**
 * `npm run bench -- places [--json] [--queries N] [--seed S]`
 *
 * Builds the Tayside place index from data/tayside (+ the GTFS feeds), reports
 * source loading and index build times and the serialised size, then runs
 * N (default 10,000) queries drawn from the index's own labels: whole names,
 * prefixes of them (2+ characters), and whole names with one typo. Reports
 * p50/p95/p99/max per query, how often a whole-name query finds its own place
 * in the top 8, and peak RSS. Figures, not a timed test.
 */
import { gzipSync } from 'fflate';
import { PlaceIndex } from '../../src/planner/places/place-index';
import { loadTaysidePlaces } from '../../src/planner/places/sources-node';
import type { BiasBox } from '../../src/planner/places/types';

/** Mulberry32: a small seeded PRNG so every run asks the same queries. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'whole' | 'prefix' | 'typo';

function typo(label: string, rand: () => number): string {
  const words = label.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  if (long.length === 0) return label;
  const [word, at] = long[Math.floor(rand() * long.length)]!;
  const pos = 1 + Math.floor(rand() * (word.length - 1));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const swapped = word.slice(0, pos) + letters[Math.floor(rand() * 26)] + word.slice(pos + 1);
  words[at] = swapped;
  return words.join(' ');
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (x: number): number => Math.round(x * 1000) / 1000;

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const arg = (name: string, fallback: number): number => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
  };
  const count = arg('--queries', 10_000);
  const rand = prng(arg('--seed', 5));

  let t = performance.now();
  const region = loadTaysidePlaces();
  const loadMs = performance.now() - t;
  t = performance.now();
  const index = PlaceIndex.build(region.records, { attributions: region.attributions });
  const buildMs = performance.now() - t;
  t = performance.now();
  const bytes = index.serialize();
  const serializeMs = performance.now() - t;
  t = performance.now();
  const loaded = PlaceIndex.deserialize(bytes);
  const deserializeMs = performance.now() - t;
  const gzipBytes = gzipSync(bytes, { level: 6 }).length;

  // Queries: labels of the loaded index (every type, in proportion to the index).
  const labels = loaded.data.labels;
  const queries: { q: string; kind: Kind; id: string }[] = [];
  for (let i = 0; i < count; i++) {
    const r = Math.floor(rand() * labels.length);
    const label = labels[r]!;
    const roll = rand();
    const kind: Kind = roll < 0.45 ? 'whole' : roll < 0.9 ? 'prefix' : 'typo';
    const q =
      kind === 'whole'
        ? label
        : kind === 'prefix'
          ? label.slice(0, 2 + Math.floor(rand() * Math.max(1, label.length - 2)))
          : typo(label, rand);
    queries.push({ q: rand() < 0.5 ? q.toLowerCase() : q, kind, id: loaded.data.ids[r]! });
  }

  // Half with the default region's bias box, half with the council brand's.
  const boxes: BiasBox[] = [
    { south: 56, west: -4.8, north: 56.95, east: -2.45 },
    { south: 57, west: -2.95, north: 57.73, east: -1.76 },
  ];
  const times: Record<Kind | 'all', number[]> = { all: [], whole: [], prefix: [], typo: [] };
  let wholeFound = 0;
  let wholeAsked = 0;
  let empty = 0;
  const firstQueryStart = performance.now();
  loaded.search(queries[0]?.q ?? 'Dundee', { bias: boxes[0] });
  const firstQueryMs = performance.now() - firstQueryStart;
  queries.forEach(({ q, kind, id }, i) => {
    const start = performance.now();
    const results = loaded.search(q, { bias: boxes[i % 2] });
    const took = performance.now() - start;
    times.all.push(took);
    times[kind].push(took);
    if (results.length === 0) empty++;
    if (kind === 'whole') {
      wholeAsked++;
      if (results.some((res) => res.id === id)) wholeFound++;
    }
  });
  const summary = (list: number[]): { n: number; p50: number; p95: number; p99: number; max: number } => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      n: sorted.length,
      p50: ms(pct(sorted, 50)),
      p95: ms(pct(sorted, 95)),
      p99: ms(pct(sorted, 99)),
      max: ms(sorted[sorted.length - 1] ?? 0),
    };
  };
  const report = {
    records: loaded.size,
    counts: region.counts,
    tokens: loaded.data.tokens.length,
    postings: loaded.data.postings.length,
    skippedSourceRows: region.skipped.length,
    loadSourcesMs: Math.round(loadMs),
    buildIndexMs: Math.round(buildMs),
    serializeMs: Math.round(serializeMs),
    deserializeMs: Math.round(deserializeMs),
    indexBytes: bytes.length,
    indexGzipBytes: gzipBytes,
    firstQueryMs: ms(firstQueryMs),
    queryMs: {
      all: summary(times.all),
      whole: summary(times.whole),
      prefix: summary(times.prefix),
      typo: summary(times.typo),
    },
    wholeNameInTop8: wholeAsked ? Math.round((wholeFound / wholeAsked) * 1000) / 10 : 0,
    emptyResults: empty,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    target: 'p95 <= 5 ms',
  };
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(
    `places: ${report.records} records (${Object.entries(report.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), ${report.tokens} tokens, ${report.postings} postings`,
  );
  console.log(
    `load sources ${report.loadSourcesMs} ms; build index ${report.buildIndexMs} ms; serialise ${report.serializeMs} ms, load snapshot ${report.deserializeMs} ms`,
  );
  console.log(
    `index size ${(report.indexBytes / 1024).toFixed(0)} KiB (${(report.indexGzipBytes / 1024).toFixed(0)} KiB gzipped)`,
  );
  console.log(`first query (cold) ${report.firstQueryMs} ms`);
  for (const [kind, s] of Object.entries(report.queryMs)) {
    console.log(
      `${kind.padEnd(6)} n=${String(s.n).padStart(5)}  p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  max ${s.max} ms`,
    );
  }
  console.log(
    `whole-name queries finding their own place in the top 8: ${report.wholeNameInTop8}%; queries with no result: ${report.emptyResults}`,
  );
  console.log(
    `peak RSS ${report.peakRssMB} MB; target ${report.target}: ${report.queryMs.all.p95 <= 5 ? 'met' : 'NOT met'}`,
  );
}
