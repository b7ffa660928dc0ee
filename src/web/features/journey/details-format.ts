/**
 * Pure wording and ordering for the Journey details screen and its step-by-step timeline
 * (SPEC sections 2, 3 and 9). No React here, so the rules are unit-tested on their own.
 */
import type { Booking, Journey, Leg, Step } from '../../../contract/journey';
import { milesFixed } from '../../../vocabulary/units';

/** SPEC section 9: metres as '1.23 miles' (vocabulary/units). */
export const milesText = (metres: number): string => `${milesFixed(metres)} miles`;

/** 'free' / 'unknown' / an amount, as a traveller reads it. */
export function priceText(cost: string): string {
  return cost === 'free' ? 'Free' : cost === 'unknown' ? 'Unknown' : cost;
}

/**
 * A step's cost as read: what covers it when another step's ticket pays for the ride (its cost is
 * zero), its price and what that ticket buys when it pays for later rides too, else its price.
 */
export function stepCostText(step: Pick<Step, 'cost' | 'cost_note'>): string {
  if (!step.cost_note) return priceText(step.cost);
  const zero = /^-?\D*0\.00\b/.test(step.cost);
  return zero ? step.cost_note : `${priceText(step.cost)} (${step.cost_note})`;
}

export function emissionsText(kg: number): string {
  return `${kg.toFixed(2)} kg CO2`;
}

export function waitText(seconds: number): string {
  return `${Math.round(seconds / 60)} mins`;
}

/** Elevation in metres, or the SPEC's 'not available' when the data has none. */
export function elevationText(metres: number | null): string | null {
  return metres === null ? null : `${Math.round(metres)} m`;
}

/**
 * Turn-by-turn text from the router's html_instructions: tags dropped, the few entities a
 * router writes decoded, whitespace collapsed. Shown as text, never injected as HTML.
 */
export function instructionText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function instructionsToggleLabel(open: boolean, count: number): string {
  return `${open ? 'Hide' : 'Show'} instructions (${count})`;
}

/** 'HH:mm' plus minutes, wrapping at midnight (the appointment card's end time). */
export function addMinutes(clock: string, minutes: number): string {
  const [h, m] = clock.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return clock;
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The journey's pictograms: the outbound leg's stages, consecutive repeats merged. */
export function stageModes(leg: Leg): string[] {
  return leg.stages.filter((stage, i) => stage !== leg.stages[i - 1]);
}

/** Transit journeys (bus, rail, ferry...) have payment methods; SPEC: that modal is transit only. */
export const hasPaymentMethods = (journey: Journey) =>
  journey.transport_mode === 'transit' && journey.payment_methods_breakdown.length > 0;

/** SPEC section 2: 'Find local taxi operators' when the first stage is taxi. */
export const startsWithTaxi = (leg: Leg) => leg.stages[0] === 'taxi' || leg.steps[0]?.type === 'taxi';

export type TimelineEntry =
  | { kind: 'book'; leg: 'depart' | 'return'; booking: Booking }
  | { kind: 'step'; leg: 'depart' | 'return'; index: number; step: Step }
  | { kind: 'arrive'; time: string; place: string }
  | { kind: 'appointment'; from: string; to: string; minutes: number }
  | { kind: 'home'; time: string; place: string };

/** Default appointment length (SPEC section 9: 1 hour unless the traveller picks another). */
export const DEFAULT_APPOINTMENT_MINUTES = 60;

/**
 * SPEC section 2's timeline, after the booking steps of rides booked ahead (issue 31: each a step
 * of its own before the trip, the return's too, since it is booked before setting out): outbound steps, 'Arrive at the destination', the health brand's
 * 'Attend Appointment', then (when there is a return) the return steps and 'Return Home'.
 */
export function timelineEntries(
  journey: Journey,
  options: { appointment: boolean; appointmentMinutes?: number },
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...(journey.depart.bookings ?? []).map((booking) => ({ kind: 'book' as const, leg: 'depart' as const, booking })),
    ...(journey.return?.bookings ?? []).map((booking) => ({ kind: 'book' as const, leg: 'return' as const, booking })),
  ];
  journey.depart.steps.forEach((step, index) => entries.push({ kind: 'step', leg: 'depart', index, step }));
  entries.push({ kind: 'arrive', time: journey.depart.arrival_at, place: journey.destination.label });
  if (options.appointment) {
    const minutes = options.appointmentMinutes ?? DEFAULT_APPOINTMENT_MINUTES;
    entries.push({
      kind: 'appointment',
      from: journey.depart.arrival_at,
      to: addMinutes(journey.depart.arrival_at, minutes),
      minutes,
    });
  }
  if (journey.return) {
    journey.return.steps.forEach((step, index) => entries.push({ kind: 'step', leg: 'return', index, step }));
    entries.push({ kind: 'home', time: journey.return.arrival_at, place: journey.origin.label });
  }
  return entries;
}
