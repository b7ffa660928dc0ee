/**
 * The answers of GET /search/{hash}/{journeyId}, kept in memory. A stored journey never
 * changes except its owner's 'saved' flag, and the save route forgets the entry when it sets
 * that. Only for the embedded database: PGlite is opened by one process, so every write
 * passes through this cache; with PostgreSQL several processes write and none caches.
 */
export interface CachedJourney {
  hash: string;
  brand: string;
  /** The whole answer body. */
  body: string;
}

export class JourneyCache {
  readonly #entries = new Map<string, CachedJourney>();
  #chars = 0;

  /** Bounded by the characters held (about 2 bytes each), oldest use dropped first. */
  constructor(private readonly maxChars = 16_000_000) {}

  get(journeyId: string): CachedJourney | undefined {
    const entry = this.#entries.get(journeyId);
    if (entry) {
      // Most recently used goes last.
      this.#entries.delete(journeyId);
      this.#entries.set(journeyId, entry);
    }
    return entry;
  }

  set(journeyId: string, entry: CachedJourney): void {
    this.forget(journeyId);
    if (entry.body.length > this.maxChars) return;
    this.#entries.set(journeyId, entry);
    this.#chars += entry.body.length;
    for (const [id, old] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(id);
      this.#chars -= old.body.length;
    }
  }

  forget(journeyId: string): void {
    const entry = this.#entries.get(journeyId);
    if (!entry) return;
    this.#entries.delete(journeyId);
    this.#chars -= entry.body.length;
  }

  get size(): number {
    return this.#entries.size;
  }
}
