/**
 * TransXChange OperatingProfile -> the days a vehicle journey runs within its service's
 * OperatingPeriod: RegularDayType (DaysOfWeek or HolidaysOnly), ServicedOrganisationDayType
 * (working days or holidays of a school or other organisation), BankHolidayOperation (Scotland's
 * bank holidays, bank-holidays.ts) and SpecialDaysOperation date ranges, applied in that order,
 * non-operation last so it wins. Days are days since 1970-01-01.
 */
import { parseDay, weekdayOf } from '../timetable/gtfs-time';
import { holidayDays, isHolidayElement } from './bank-holidays';
import { child, childrenNamed, textOf, type XmlElement } from './xml';

/** Date ranges of one ServicedOrganisation (e.g. a school's terms and holidays). */
export interface ServicedOrganisation {
  working: [number, number][];
  holidays: [number, number][];
}

export interface Period {
  first: number;
  last: number;
}

/** Monday..Sunday flags of each DaysOfWeek element. */
const WEEKDAY_SETS: Record<string, number[]> = {
  Monday: [0],
  Tuesday: [1],
  Wednesday: [2],
  Thursday: [3],
  Friday: [4],
  Saturday: [5],
  Sunday: [6],
  MondayToFriday: [0, 1, 2, 3, 4],
  MondayToSaturday: [0, 1, 2, 3, 4, 5],
  MondayToSunday: [0, 1, 2, 3, 4, 5, 6],
  Weekend: [5, 6],
  NotMonday: [1, 2, 3, 4, 5, 6],
  NotTuesday: [0, 2, 3, 4, 5, 6],
  NotWednesday: [0, 1, 3, 4, 5, 6],
  NotThursday: [0, 1, 2, 4, 5, 6],
  NotFriday: [0, 1, 2, 3, 5, 6],
  NotSaturday: [0, 1, 2, 3, 4, 6],
  NotSunday: [0, 1, 2, 3, 4, 5],
};

export function dateRanges(el: XmlElement | undefined): [number, number][] {
  return childrenNamed(el, 'DateRange').flatMap((r) => {
    const start = parseDay(textOf(r, 'StartDate'));
    const endText = textOf(r, 'EndDate');
    const end = endText ? parseDay(endText) : start;
    return Number.isFinite(start) && Number.isFinite(end) ? [[start, end] as [number, number]] : [];
  });
}

export function servicedOrganisations(root: XmlElement): Map<string, ServicedOrganisation> {
  const out = new Map<string, ServicedOrganisation>();
  for (const org of childrenNamed(child(root, 'ServicedOrganisations'), 'ServicedOrganisation')) {
    out.set(textOf(org, 'OrganisationCode'), {
      working: dateRanges(child(org, 'WorkingDays')),
      holidays: dateRanges(child(org, 'Holidays')),
    });
  }
  return out;
}

export interface ProfileResult {
  /** Monday..Sunday flags of the regular days. */
  weekdays: boolean[];
  /** Sorted days the journey runs. */
  days: number[];
  /** What could not be read (unknown elements, unknown organisations). */
  notes: string[];
}

/** The days `profile` (the journey's, else the service's) runs within `period`. */
export function operatingDays(
  profile: XmlElement | undefined,
  fallback: XmlElement | undefined,
  period: Period,
  orgs: Map<string, ServicedOrganisation>,
): ProfileResult {
  const notes: string[] = [];
  const regular = child(profile, 'RegularDayType') ?? child(fallback, 'RegularDayType');
  const mask = [false, false, false, false, false, false, false];
  if (!regular) notes.push('no RegularDayType: read as every day');
  const dow = child(regular, 'DaysOfWeek');
  if (!regular) mask.fill(true);
  for (const d of dow?.children ?? []) {
    const set = WEEKDAY_SETS[d.name];
    if (set) for (const w of set) mask[w] = true;
    else notes.push(`unknown DaysOfWeek element ${d.name}`);
  }
  const days = new Set<number>();
  for (let d = period.first; d <= period.last; d++) if (mask[weekdayOf(d)]) days.add(d);

  const orgType = child(profile, 'ServicedOrganisationDayType') ?? child(fallback, 'ServicedOrganisationDayType');
  const orgRanges = (el: XmlElement | undefined): [number, number][] =>
    (el?.children ?? []).flatMap((kind) =>
      childrenNamed(kind, 'ServicedOrganisationRef').flatMap((ref) => {
        const org = orgs.get(ref.text);
        if (!org) {
          notes.push(`unknown ServicedOrganisation ${ref.text}`);
          return [];
        }
        return kind.name === 'Holidays' ? org.holidays : org.working;
      }),
    );
  const inRanges = (d: number, ranges: [number, number][]) => ranges.some(([a, b]) => d >= a && d <= b);
  const onlyOn = child(orgType, 'DaysOfOperation');
  if (onlyOn) {
    const ranges = orgRanges(onlyOn);
    for (const d of [...days]) if (!inRanges(d, ranges)) days.delete(d);
  }
  const notOn = orgRanges(child(orgType, 'DaysOfNonOperation'));
  for (const d of [...days]) if (inRanges(d, notOn)) days.delete(d);

  const holidays = (el: XmlElement | undefined): number[] =>
    (el?.children ?? []).flatMap((h) => {
      if (h.name === 'OtherPublicHoliday') {
        const d = parseDay(textOf(h, 'Date'));
        return Number.isFinite(d) && d >= period.first && d <= period.last ? [d] : [];
      }
      if (!isHolidayElement(h.name)) {
        notes.push(`unknown bank holiday element ${h.name}`);
        return [];
      }
      return holidayDays(h.name, period.first, period.last);
    });
  const bank = child(profile, 'BankHolidayOperation') ?? child(fallback, 'BankHolidayOperation');
  for (const d of holidays(child(bank, 'DaysOfOperation'))) days.add(d);
  for (const d of holidays(child(bank, 'DaysOfNonOperation'))) days.delete(d);

  const special = child(profile, 'SpecialDaysOperation') ?? child(fallback, 'SpecialDaysOperation');
  for (const [a, b] of dateRanges(child(special, 'DaysOfOperation')))
    for (let d = Math.max(a, period.first); d <= Math.min(b, period.last); d++) days.add(d);
  for (const [a, b] of dateRanges(child(special, 'DaysOfNonOperation'))) for (let d = a; d <= b; d++) days.delete(d);

  return { weekdays: mask, days: [...days].sort((a, b) => a - b), notes };
}
