/** Shared test helpers: real feeds from the repository's data folder (licences in each ATTRIBUTIONS.md), in-memory feeds, seeded randomness. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTimetable, type BuildOptions, type FeedInput } from '../../../src/planner/timetable/build';
import { ZipSource, type GtfsSource } from '../../../src/planner/timetable/gtfs-source';
import type { Timetable } from '../../../src/planner/timetable/model';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The repository's data folder: region data and the test fixtures (data/test), copied from the shared data with their licences. */
export const SHARED_DATA = resolve(repoRoot, 'data');

export const FEEDS = {
  rail: ['tayside/gtfs/rail-scotland-2022.zip'],
  ember: ['tayside/gtfs/ember-e1.zip'],
  portoAlegre: ['test/porto-alegre/gtfs-eptc-bus.zip', 'test/porto-alegre/gtfs-trensurb-metro.zip'],
  isleOfWight: ['test/uk/isle-of-wight-bus-gtfs.zip'],
} as const;

export function zipSource(
  relative: string,
  name = relative
    .split('/')
    .pop()
    ?.replace(/\.zip$/, '') ?? relative,
): ZipSource {
  return new ZipSource(name, new Uint8Array(readFileSync(resolve(SHARED_DATA, relative))));
}

export async function loadFeeds(relatives: readonly string[], options: BuildOptions = {}): Promise<Timetable> {
  return buildTimetable(
    relatives.map((r): FeedInput => ({ source: zipSource(r) })),
    options,
  );
}

/** A feed given as file texts, streamed to the loader in small uneven chunks (to exercise chunk boundaries). */
export class MemorySource implements GtfsSource {
  constructor(
    readonly name: string,
    private readonly texts: Record<string, string>,
    private readonly chunk = 7,
  ) {}

  async files(): Promise<string[]> {
    return Object.keys(this.texts);
  }

  async read(file: string, onText: (text: string) => void): Promise<void> {
    const text = this.texts[file] ?? '';
    for (let i = 0, k = 0; i < text.length; k++) {
      const size = this.chunk + (k % 5);
      onText(text.slice(i, i + size));
      i += size;
    }
  }
}

/** Deterministic PRNG (mulberry32), so a failing case reproduces from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
