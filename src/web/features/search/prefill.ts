/**
 * The prefilled planner link checked as the form checks what a traveller types (issue 31,
 * lib/planner-link): each place looked up as the form's suggestions are and taken only when a
 * suggestion matches the text, coordinates within range, times inside the planning window. What
 * fails is left for the traveller to fill in, with a message saying why; text that is no place
 * name (markup, a script) is never looked up nor echoed.
 */
import { wallClockLabel } from '../../lib/day-label';
import type { PlannerLinkParams } from '../../lib/planner-link';
import { MAX_LINK_VALUE } from '../../lib/planner-link';
import {
  addMinutes,
  checkPlanningWindow,
  formatIsoLocal,
  parseIsoLocal,
  parseSearchTime,
  STEP_MINUTES,
  type WallClock,
} from '../../../vocabulary/time';
import { emptySearchForm, type SearchFormState } from './form-state';
import { choosePlace, type ChosenPlace, type PlaceProvider } from './places/types';

export interface PrefillResult {
  state: SearchFormState;
  /** One line per part of the link that could not be used, in form order. */
  problems: string[];
}

type Field = 'From' | 'To';

/** Characters no place name, postcode or time has: markup, script, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const NOT_A_NAME = /[<>{}[\]\\`$|;]|[\u0000-\u001f\u007f]|javascript:|data:/i;
const COORDS = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

export const PREFILL_MESSAGES = {
  notAPlace: (field: Field) =>
    `The ${field} place in this link is not a place name, postcode or coordinates: type it and choose it from the list.`,
  notFound: (field: Field, text: string) =>
    `We could not find "${text}" (${field} in the link): type the place and choose it from the list.`,
  lookupFailed: (field: Field) =>
    `We could not look up the ${field} place in this link just now: type it and choose it from the list.`,
  badTime: (which: 'leave' | 'return') =>
    `The ${which === 'leave' ? 'time' : 'return time'} in this link is not a date and time like 2026-12-01T08:30.`,
  past: (when: string) => `The time in this link (${when}) has passed: choose when you want to leave.`,
  tooFar: (when: string, which: 'leave' | 'return') =>
    `The ${which === 'leave' ? 'time' : 'return time'} in this link (${when}) is more than six months ahead: choose another.`,
  returnBefore: (when: string) =>
    `The return time in this link (${when}) is not after the time you leave: choose another.`,
} as const;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** A suggestion matches when each word typed begins a word of its label ('Ninewells' -> 'Ninewells Hospital, Dundee'). */
export function suggestionMatches(typed: string, label: string): boolean {
  const want = words(typed);
  const have = words(label);
  return want.length > 0 && want.every((w) => have.some((h) => h.startsWith(w)));
}

async function linkPlace(
  field: Field,
  text: string | undefined,
  name: string | undefined,
  provider: PlaceProvider,
  signal: AbortSignal,
): Promise<{ place: ChosenPlace | null; problem: string | null }> {
  if (text === undefined) return { place: null, problem: null };
  if (text.length > MAX_LINK_VALUE || NOT_A_NAME.test(text))
    return { place: null, problem: PREFILL_MESSAGES.notAPlace(field) };
  const c = COORDS.exec(text);
  if (c) {
    const lat = Number(c[1]);
    const lng = Number(c[2]);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return { place: null, problem: PREFILL_MESSAGES.notAPlace(field) };
    const given = name && name.length <= MAX_LINK_VALUE && !NOT_A_NAME.test(name) ? name.trim() : '';
    if (given) return { place: { label: given, lat, lng }, problem: null };
    const near = await provider.reverse(lat, lng, signal).catch(() => null);
    return { place: { label: near?.label ?? `${lat}, ${lng}`, lat, lng }, problem: null };
  }
  try {
    const suggestions = await provider.autocomplete(text.trim(), signal);
    const match = suggestions.find((s) => suggestionMatches(text, s.label));
    if (!match) return { place: null, problem: PREFILL_MESSAGES.notFound(field, text.trim()) };
    return { place: await choosePlace(provider, match, signal), problem: null };
  } catch (error) {
    if ((error as Error | null)?.name === 'AbortError') throw error;
    return { place: null, problem: PREFILL_MESSAGES.lookupFailed(field) };
  }
}

const whenText = wallClockLabel;

function linkTime(text: string | undefined): WallClock | null | 'bad' {
  if (text === undefined) return null;
  if (text.length > 40 || NOT_A_NAME.test(text)) return 'bad';
  return parseIsoLocal(text) ?? parseSearchTime(text) ?? 'bad';
}

/** Up to the form's next five-minute step (the time field moves in steps). */
function onStep(w: WallClock): WallClock {
  const over = w.minute % STEP_MINUTES;
  return over === 0 && w.second === 0 ? w : addMinutes({ ...w, second: 0 }, STEP_MINUTES - over);
}

/** The form's state from a planner link, and what could not be used from it. */
export async function prefillFromLink(
  link: PlannerLinkParams,
  provider: PlaceProvider,
  now: Date,
  signal: AbortSignal,
): Promise<PrefillResult> {
  const problems: string[] = [];
  const [from, to] = await Promise.all([
    linkPlace('From', link.from, link.from_name, provider, signal),
    linkPlace('To', link.to, link.to_name, provider, signal),
  ]);
  for (const r of [from, to]) if (r.problem) problems.push(r.problem);
  const state: SearchFormState = { ...emptySearchForm(now), origin: from.place, destination: to.place };

  const out = linkTime(link.time);
  const back = linkTime(link.return);
  if (out === 'bad') problems.push(PREFILL_MESSAGES.badTime('leave'));
  if (back === 'bad') problems.push(PREFILL_MESSAGES.badTime('return'));
  const outClock = out === 'bad' ? null : out;
  const backClock = back === 'bad' ? null : back;
  const window = checkPlanningWindow(outClock, backClock, now);
  if (outClock) {
    if (window.out_time === 'past') problems.push(PREFILL_MESSAGES.past(whenText(outClock)));
    else if (window.out_time === 'too_far') problems.push(PREFILL_MESSAGES.tooFar(whenText(outClock), 'leave'));
    else state.out_time = formatIsoLocal(onStep(outClock), false);
  }
  if (backClock) {
    if (window.return_time === 'return_before_outbound')
      problems.push(PREFILL_MESSAGES.returnBefore(whenText(backClock)));
    else if (window.return_time === 'too_far') problems.push(PREFILL_MESSAGES.tooFar(whenText(backClock), 'return'));
    else if (!window.out_time) {
      state.journeyType = 'return';
      state.return_time = formatIsoLocal(onStep(backClock), false);
    }
  }
  return { state, problems };
}
