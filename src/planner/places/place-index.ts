/**
 * PlaceIndex: a loaded index with its per-query scratch space. Build it from
 * records (`PlaceIndex.build`) or from snapshot bytes (`PlaceIndex.deserialize`);
 * the server and a browser worker call `search`, `searchChecked` and `reverse`.
 */
import { buildPlaceIndex, normalizedLabels } from './build';
import type { BuildOptions, PlaceIndexData } from './build';
import { reversePlace } from './reverse';
import type { ReverseOptions } from './reverse';
import { searchPlaces, searchPlacesScored } from './search';
import type { ScoredSearchOutcome, SearchOutcome } from './search';
import { deserializePlaceIndex, serializePlaceIndex } from './serialize';
import { PLACE_TYPES } from './types';
import type { Attribution, PlaceRecord, PlaceResult, ReverseResult, SearchOptions } from './types';

export class PlaceIndex {
  readonly size: number;
  private labelsNormalized: string[] | undefined;
  private labelsCompact: string[] | undefined;
  /** Per-query scratch, sized to the index (reused: one query at a time per index). */
  readonly scratch: {
    stamp: Uint32Array;
    count: Uint8Array;
    score: Float32Array;
    labelHits: Uint8Array;
    tokStamp: Uint32Array;
    tokBest: Float32Array;
    tokLabel: Uint8Array;
    touchedA: Int32Array;
    touchedB: Int32Array;
    matchTokens: number[];
    matchQuality: number[];
    gen: number;
    tokGen: number;
  };
  /** Lazily built spatial grid for reverse look-ups. */
  grid: Map<number, number[]> | undefined;

  constructor(readonly data: PlaceIndexData) {
    const n = data.ids.length;
    this.size = n;
    this.scratch = {
      stamp: new Uint32Array(n),
      count: new Uint8Array(n),
      score: new Float32Array(n),
      labelHits: new Uint8Array(n),
      tokStamp: new Uint32Array(n),
      tokBest: new Float32Array(n),
      tokLabel: new Uint8Array(n),
      touchedA: new Int32Array(n),
      touchedB: new Int32Array(n),
      matchTokens: [],
      matchQuality: [],
      gen: 0,
      tokGen: 0,
    };
  }

  static build(records: readonly PlaceRecord[], options?: BuildOptions): PlaceIndex {
    return new PlaceIndex(buildPlaceIndex(records, options));
  }

  static deserialize(bytes: Uint8Array): PlaceIndex {
    return new PlaceIndex(deserializePlaceIndex(bytes));
  }

  serialize(): Uint8Array {
    return serializePlaceIndex(this.data);
  }

  get attributions(): readonly Attribution[] {
    return this.data.attributions;
  }

  normalizedLabel(i: number): string {
    this.labelsNormalized ??= normalizedLabels(this.data);
    return this.labelsNormalized[i] ?? '';
  }

  /** Normalised label without spaces ("dd14hn"). */
  compactLabel(i: number): string {
    this.labelsCompact ??= Array.from({ length: this.size }, (_, j) => this.normalizedLabel(j).replace(/ /g, ''));
    return this.labelsCompact[i] ?? '';
  }

  result(i: number): PlaceResult {
    const d = this.data;
    return {
      id: d.ids[i]!,
      label: d.labels[i]!,
      secondary: d.secondary[i]!,
      type: PLACE_TYPES[d.types[i]!] ?? 'poi',
      lat: d.lat[i]! / 1e6,
      lng: d.lng[i]! / 1e6,
    };
  }

  /** Up to 8 places for a query; bad input gives an empty list. Never throws. */
  search(query: unknown, options?: SearchOptions): PlaceResult[] {
    const outcome = searchPlaces(this, query, options);
    return outcome.ok ? outcome.results : [];
  }

  /** As `search`, but says why input was refused (for an API 400). Never throws. */
  searchChecked(query: unknown, options?: SearchOptions): SearchOutcome {
    return searchPlaces(this, query, options);
  }

  /** As `searchChecked`, with each result's ranking score (to merge several indexes' answers). */
  searchScored(query: unknown, options?: SearchOptions): ScoredSearchOutcome {
    return searchPlacesScored(this, query, options);
  }

  /** Nearest address or postcode, else nearest stop/site, else town; null when nothing is near. */
  reverse(lat: number, lng: number, options?: ReverseOptions): ReverseResult | null {
    return reversePlace(this, lat, lng, options);
  }
}
