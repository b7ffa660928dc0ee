/**
 * The validated search form as the planner's request (its PlanRequest, mirrored structurally:
 * the contract imports nothing of the planner). Shared by the server's search job and the
 * on-device planner (issue 20), so both plan exactly the same request for the same form.
 */
import type { TravelType } from './brand';
import type { SearchForm } from './search';
import { formatIsoLocal, parseSearchTime, plannerProfile, type PlannerProfile } from '../vocabulary/index';

export interface PlannerRequest {
  origin: { label: string; lat: number; lng: number };
  destination: { label: string; lat: number; lng: number };
  /** The planner's local 'YYYY-MM-DDTHH:mm:ss' (Europe/London wall clock). */
  out_time: string;
  arrive_by_buffer: number;
  return_time: string | null;
  profile: PlannerProfile;
  blocked_travel_types: readonly TravelType[];
  regions?: readonly string[];
  /** The health brand's appointment: the way home leaves at least this long after the outbound arrives. */
  appointment_minutes?: number;
}

/** SPEC section 9: an appointment lasts 1 hour unless the traveller picks another length. */
export const HEALTH_APPOINTMENT_MINUTES = 60;

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
  appointmentMinutes?: number,
): PlannerRequest {
  return {
    origin: form.origin,
    destination: form.destination,
    out_time: plannerTime(form.out_time),
    arrive_by_buffer: form.arrive_by_buffer,
    return_time: form.return_time ? plannerTime(form.return_time) : null,
    profile: plannerProfile(form),
    blocked_travel_types: blocked,
    ...(regions?.length ? { regions } : {}),
    ...(appointmentMinutes ? { appointment_minutes: appointmentMinutes } : {}),
  };
}
