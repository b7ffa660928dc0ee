/**
 * The validated search form as the planner's request (its PlanRequest, mirrored structurally:
 * the contract imports nothing of the planner). Shared by the server's search job and the
 * on-device planner (issue 20), so both plan exactly the same request for the same form.
 */
import type { TravelType } from './brand';
import type { Railcard } from './railcards';
import type { SearchForm } from './search';
import { formatIsoLocal, parseSearchTime } from '../vocabulary/time';

export interface PlannerRequest {
  origin: { label: string; lat: number; lng: number };
  destination: { label: string; lat: number; lng: number };
  /** The planner's local 'YYYY-MM-DDTHH:mm:ss' (Europe/London wall clock). */
  out_time: string;
  arrive_by_buffer: number;
  return_time: string | null;
  profile: {
    has_access_to_car: boolean;
    has_concessionary_pass: boolean;
    railcard_type: Railcard | null;
    has_young_scot_card: boolean;
    has_new_young_scot_card: boolean;
    user_age?: number;
  };
  blocked_travel_types: readonly TravelType[];
  regions?: readonly string[];
}

/** 'YYYY/MM/DD HH:mm:ss' (London) -> the planner's local 'YYYY-MM-DDTHH:mm:ss'. */
function plannerTime(text: string): string {
  const wall = parseSearchTime(text);
  if (!wall) throw new TypeError(`not a search time: ${text}`);
  return formatIsoLocal(wall);
}

/** The validated form (passes already merged) as the planner's request. */
export function planRequestFor(
  form: SearchForm,
  blocked: readonly TravelType[],
  regions?: readonly string[],
): PlannerRequest {
  return {
    origin: form.origin,
    destination: form.destination,
    out_time: plannerTime(form.out_time),
    arrive_by_buffer: form.arrive_by_buffer,
    return_time: form.return_time ? plannerTime(form.return_time) : null,
    profile: {
      has_access_to_car: form.has_access_to_car,
      has_concessionary_pass: form.has_concessionary_pass,
      railcard_type: form.has_railcard ? form.railcard_type : null,
      has_young_scot_card: form.has_young_scot_card,
      has_new_young_scot_card: form.has_new_young_scot_card,
      ...(typeof form.user_age === 'number' ? { user_age: form.user_age } : {}),
    },
    blocked_travel_types: blocked,
    ...(regions?.length ? { regions } : {}),
  };
}
