/** Messages between the page and the on-device planner's Web Worker (issue 20). */
import type { PlaceSuggestion, ReversePlace } from '../../../contract/places';
import type { DeviceSearchAnswer, DeviceSearchOptions } from './core';

export type WorkerCall =
  | { op: 'search'; body: unknown; options: DeviceSearchOptions }
  | { op: 'autocomplete'; query: string; bias?: { north: number; south: number; east: number; west: number } }
  | { op: 'reverse'; lat: number; lng: number };

export interface WorkerAnswers {
  search: DeviceSearchAnswer;
  autocomplete: PlaceSuggestion[];
  reverse: ReversePlace | null;
}

/** Why the device cannot plan: no pack stored yet, or the stored one was damaged (and dropped). */
export type Unavailable = 'no-pack' | 'damaged' | 'failed';

export type WorkerReply =
  | { id: number; ok: true; value: unknown; ms: { load: number; call: number } }
  | { id: number; ok: false; reason: Unavailable; message: string };
