/**
 * The answers of GET /search/{hash}/{journeyId}, kept in memory. A stored journey never
 * changes (the caller's saved flag is added per request, see journeys/saved-status.ts), so
 * every process may keep its own copy, with PGlite and with PostgreSQL alike.
 */
export interface CachedJourney {
  hash: string;
  brand: string;
  /** The whole answer body, without user_status. */
  body: string;
}

export class JourneyCache {
  readonly #entries = new Map<string, CachedJourney>();
  #chars = 0;

  /** Bounded by the characters held (about 2 bytes each), least recently used dropped first. */
  constructor(private readonly maxChars = 16_000_000) {}

  /** The answer, if cached for this search and brand (another search's or brand's URL finds nothing). */
  get(journeyId: string, hash: string, brand: string): string | undefined {
    const entry = this.#entries.get(journeyId);
    if (!entry || entry.hash !== hash || entry.brand !== brand) return undefined;
    // Most recently used goes last.
    this.#entries.delete(journeyId);
    this.#entries.set(journeyId, entry);
    return entry.body;
  }

  set(journeyId: string, entry: CachedJourney): void {
    this.#drop(journeyId);
    if (entry.body.length > this.maxChars) return;
    this.#entries.set(journeyId, entry);
    this.#chars += entry.body.length;
    for (const [id, old] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(id);
      this.#chars -= old.body.length;
    }
  }

  #drop(journeyId: string): void {
    const entry = this.#entries.get(journeyId);
    if (!entry) return;
    this.#entries.delete(journeyId);
    this.#chars -= entry.body.length;
  }

  get size(): number {
    return this.#entries.size;
  }
}
