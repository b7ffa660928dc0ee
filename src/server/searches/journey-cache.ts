/**
 * The answers of GET /search/{hash}/{journeyId}, kept in memory. A stored journey never
 * changes (the caller's saved flag is added per request, see journeys/saved-status.ts), so
 * every process may keep its own copy, with PGlite and with PostgreSQL alike.
 */
export interface CachedJourney {
  hash: string;
  brand: string;
  /** The whole answer body as anyone sees it, without user_status. */
  body: string;
  /**
   * When the traveller's passes changed a price: their own answer, and who they are (the
   * search's owner key hash and account), so the owner is told apart without the database.
   */
  traveller?: { body: string; ownerKeyHash: string | null; userId: string | null };
}

const charsOf = (entry: CachedJourney) => entry.body.length + (entry.traveller?.body.length ?? 0);

export class JourneyCache {
  readonly #entries = new Map<string, CachedJourney>();
  #chars = 0;

  /** Bounded by the characters held (about 2 bytes each), least recently used dropped first. */
  constructor(private readonly maxChars = 16_000_000) {}

  /** The answers, if cached for this search and brand (another search's or brand's URL finds nothing). */
  get(journeyId: string, hash: string, brand: string): CachedJourney | undefined {
    const entry = this.#entries.get(journeyId);
    if (!entry || entry.hash !== hash || entry.brand !== brand) return undefined;
    // Most recently used goes last.
    this.#entries.delete(journeyId);
    this.#entries.set(journeyId, entry);
    return entry;
  }

  set(journeyId: string, entry: CachedJourney): void {
    this.#drop(journeyId);
    if (charsOf(entry) > this.maxChars) return;
    this.#entries.set(journeyId, entry);
    this.#chars += charsOf(entry);
    for (const [id, old] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(id);
      this.#chars -= charsOf(old);
    }
  }

  #drop(journeyId: string): void {
    const entry = this.#entries.get(journeyId);
    if (!entry) return;
    this.#entries.delete(journeyId);
    this.#chars -= charsOf(entry);
  }

  get size(): number {
    return this.#entries.size;
  }
}
