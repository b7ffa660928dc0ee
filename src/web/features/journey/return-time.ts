/**
 * The health brand's return-time rules (SPEC sections 4 and 9): appointment lengths of 30 to 180
 * minutes (default 1 hour) set the return time after the outbound arrival (the early and later
 * options: return-update.ts); a change applies only when the new time differs from the current one. Times are the API's 'YYYY/MM/DD HH:mm:ss', London.
 */
import type { Leg } from '../../../contract/journey';
import { DEFAULT_APPOINTMENT_MINUTES } from './details-format';
import { addMinutes, formatSearchTime, parseIsoLocal, parseSearchTime } from '../../../vocabulary/time';

export const APPOINTMENT_MINUTES = [30, 60, 90, 120, 150, 180] as const;

/** 30 -> '30 mins', 60 -> '1 hour', 90 -> '1 hour 30 mins', 120 -> '2 hours'. */
export function appointmentLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 0 ? '' : `${hours} hour${hours === 1 ? '' : 's'}`;
  const minuteText = rest === 0 ? '' : `${rest} mins`;
  return [hourText, minuteText].filter(Boolean).join(' ') || '0 mins';
}

/** Minutes later (or earlier, when negative) on the wall clock; null for a malformed time. */
export function shiftSearchTime(text: string, minutes: number): string | null {
  const wall = parseSearchTime(text);
  return wall ? formatSearchTime(addMinutes(wall, minutes)) : null;
}

/** The return time that leaves `minutes` for the appointment after the outbound arrival. */
export function returnAfterAppointment(
  outbound: Pick<Leg, 'arrival_date' | 'arrival_at'>,
  minutes: number,
): string | null {
  const arrival = parseIsoLocal(`${outbound.arrival_date}T${outbound.arrival_at}`);
  return arrival ? formatSearchTime(addMinutes(arrival, minutes)) : null;
}

/** SPEC section 4: a change of return time applies only if it differs from the current one. */
export function changedReturnTime(current: string | null, next: string | null): string | null {
  return next !== null && next !== current ? next : null;
}

// The appointment length chosen for a search, kept on the device so the 'Attend Appointment'
// card of the re-planned search (a new hash) and of an offline reopening shows it.
const STORAGE_KEY = 'drover-appointment-minutes';

function readAll(): Record<string, number> {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function appointmentMinutesFor(hash: string): number {
  const stored = readAll()[hash];
  return APPOINTMENT_MINUTES.includes(stored as (typeof APPOINTMENT_MINUTES)[number])
    ? (stored as number)
    : DEFAULT_APPOINTMENT_MINUTES;
}

export function rememberAppointmentMinutes(hash: string, minutes: number): void {
  try {
    // The latest 50 searches are plenty; older ones fall back to the default hour.
    const entries = Object.entries({ ...readAll(), [hash]: minutes }).slice(-50);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the card shows the default hour.
  }
}
