/**
 * SPEC section 3 "Saved journey item", read out of the stored Journey JSON (depart and
 * optional return legs with departure_date, departure_at, arrival_at, duration.text and
 * stages). Stored JSON is read defensively: a missing field becomes null, never a crash.
 */
import type { SavedJourneyItem } from '../../../contract/saved-journeys';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** A leg's stages as mode names; stages given as objects contribute their mode/type. */
export function stageNames(leg: Json | undefined): string[] {
  const stages = leg?.stages;
  if (!Array.isArray(stages)) return [];
  return stages.flatMap((stage) => {
    if (typeof stage === 'string') return [stage];
    const object = asObject(stage);
    const name = asText(object?.mode) ?? asText(object?.type) ?? asText(object?.name);
    return name ? [name] : [];
  });
}

export interface SavedJourneySource {
  hash: string;
  journeyId: string;
  data: Json;
  form: Json;
  originAddress: string;
  destinationAddress: string;
  savedAt: Date;
}

export function savedJourneyItem(source: SavedJourneySource): SavedJourneyItem {
  const depart = asObject(source.data.depart);
  const back = asObject(source.data.return);
  const item: SavedJourneyItem = {
    hash: source.hash,
    journey_id: source.journeyId,
    origin: source.data.origin ?? source.form.origin ?? null,
    // Not in SPEC section 3's item, but 'Plan Again' on a saved card needs both places.
    destination: source.data.destination ?? source.form.destination ?? null,
    origin_address: source.originAddress,
    destination_address: source.destinationAddress,
    is_return: back !== undefined,
    cost: asText(source.data.cost),
    out_date: asText(depart?.departure_date),
    out_time: asText(depart?.departure_at),
    out_arrive_time: asText(depart?.arrival_at),
    return_date: asText(back?.departure_date),
    return_time: asText(back?.departure_at),
    return_arrive_time: asText(back?.arrival_at),
    duration_depart: { text: asText(asObject(depart?.duration)?.text) ?? '' },
    duration_return: back ? { text: asText(asObject(back.duration)?.text) ?? '' } : null,
    stages: { depart: stageNames(depart) },
    saved_at: source.savedAt.toISOString(),
  };
  if (back) item.stages.return = stageNames(back);
  return item;
}
