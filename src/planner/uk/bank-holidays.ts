/**
 * Scotland's bank holidays by the names TransXChange's BankHolidayOperation uses (schema 2.4/2.5,
 * "BankHolidayOperation": named days and the groups AllBankHolidays, HolidayMondays, Christmas,
 * DisplacementHolidays, EarlyRunOff, AllHolidaysExceptChristmas). Scotland's set, as gov.uk lists
 * it (https://www.gov.uk/bank-holidays, "Scotland"): 1 and 2 January, Good Friday, the first
 * Monday in May, the last Monday in May, the first Monday in August, St Andrew's Day (30 Nov),
 * Christmas Day and Boxing Day; one that falls on a weekend is "displaced" to the next weekday
 * not already a holiday. Easter Monday and the late-August holiday are not Scottish bank
 * holidays: named on their own they still mean their date, but no group includes them.
 * Days are days since 1970-01-01 (UTC).
 */
import { weekdayOf } from '../timetable/gtfs-time';

const DAY_MS = 86_400_000;
const dayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;

/** Western Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return dayOf(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

function firstMonday(y: number, month: number): number {
  const first = dayOf(y, month, 1);
  return first + ((7 - weekdayOf(first)) % 7);
}

function lastMonday(y: number, month: number): number {
  const last = dayOf(y, month + 1, 1) - 1;
  return last - weekdayOf(last);
}

/**
 * One-off changes to Scotland's bank holidays (gov.uk): 2020 early May moved to Fri 8 May (VE Day);
 * 2022 spring holiday moved to Thu 2 June plus Fri 3 June (Platinum Jubilee) and Mon 19 Sept
 * (the State Funeral); 2023 Mon 8 May (the Coronation).
 */
const MOVED: Record<string, Record<number, number>> = {
  MayDay: { 2020: dayOf(2020, 5, 8) },
  SpringBank: { 2022: dayOf(2022, 6, 2) },
};
const EXTRA: Record<number, number[]> = { 2022: [dayOf(2022, 6, 3), dayOf(2022, 9, 19)], 2023: [dayOf(2023, 5, 8)] };

/** Named holiday -> its day in year `y` (undefined for a displacement holiday that is not needed that year). */
export function bankHolidaysOfYear(y: number): Map<string, number> {
  const out = new Map<string, number>();
  const fixed: [string, number][] = [
    ['NewYearsDay', dayOf(y, 1, 1)],
    ['Jan2ndScotland', dayOf(y, 1, 2)],
    ['StAndrewsDay', dayOf(y, 11, 30)],
    ['ChristmasDay', dayOf(y, 12, 25)],
    ['BoxingDay', dayOf(y, 12, 26)],
  ];
  for (const [name, day] of fixed) out.set(name, day);
  const easter = easterSunday(y);
  out.set('GoodFriday', easter - 2);
  out.set('EasterMonday', easter + 1);
  out.set('MayDay', MOVED.MayDay?.[y] ?? firstMonday(y, 5));
  out.set('SpringBank', MOVED.SpringBank?.[y] ?? lastMonday(y, 5));
  out.set('AugustBankHolidayScotland', firstMonday(y, 8));
  out.set('LateSummerBankHolidayNotScotland', lastMonday(y, 8));
  out.set('ChristmasEve', dayOf(y, 12, 24));
  out.set('NewYearsEve', dayOf(y, 12, 31));
  // Displacement: weekday holidays are taken first, then each weekend one moves to the next free weekday.
  const taken = new Set(fixed.map(([, d]) => d).filter((d) => weekdayOf(d) < 5));
  for (const [name, day] of fixed) {
    if (weekdayOf(day) < 5) continue;
    let sub = day + 1;
    while (weekdayOf(sub) >= 5 || taken.has(sub)) sub++;
    taken.add(sub);
    out.set(`${name}Holiday`, sub);
  }
  return out;
}

const SCOTTISH_DAYS = [
  'NewYearsDay',
  'Jan2ndScotland',
  'GoodFriday',
  'MayDay',
  'SpringBank',
  'AugustBankHolidayScotland',
  'StAndrewsDay',
  'ChristmasDay',
  'BoxingDay',
];
const DISPLACEMENT = [
  'NewYearsDayHoliday',
  'Jan2ndScotlandHoliday',
  'StAndrewsDayHoliday',
  'ChristmasDayHoliday',
  'BoxingDayHoliday',
];
const CHRISTMAS = ['ChristmasDay', 'BoxingDay'];

/** The named days a TransXChange holiday element stands for (itself when not a group). */
export const HOLIDAY_GROUPS: Record<string, string[]> = {
  AllBankHolidays: [...SCOTTISH_DAYS, ...DISPLACEMENT, 'Extra'],
  AllHolidaysExceptChristmas: [
    ...SCOTTISH_DAYS.filter((d) => !CHRISTMAS.includes(d)),
    'NewYearsDayHoliday',
    'Jan2ndScotlandHoliday',
    'StAndrewsDayHoliday',
    'Extra',
  ],
  Christmas: CHRISTMAS,
  DisplacementHolidays: DISPLACEMENT,
  EarlyRunOff: ['ChristmasEve', 'NewYearsEve'],
  HolidayMondays: ['MayDay', 'SpringBank', 'AugustBankHolidayScotland'],
};

/** Days in [first, last] that the holiday element `name` names (a group or one day). */
export function holidayDays(name: string, first: number, last: number): number[] {
  const names = HOLIDAY_GROUPS[name] ?? [name];
  const fromYear = new Date(first * DAY_MS).getUTCFullYear();
  const toYear = new Date(last * DAY_MS).getUTCFullYear();
  const out: number[] = [];
  for (let y = fromYear; y <= toYear; y++) {
    const year = bankHolidaysOfYear(y);
    for (const n of names) {
      const days = n === 'Extra' ? (EXTRA[y] ?? []) : [year.get(n)].filter((d): d is number => d !== undefined);
      for (const d of days) if (d >= first && d <= last) out.push(d);
    }
  }
  return out;
}

/** Whether `name` is a holiday element TransXChange defines (a group or a named day). */
export function isHolidayElement(name: string): boolean {
  return name in HOLIDAY_GROUPS || bankHolidaysOfYear(2000).has(name) || DISPLACEMENT.includes(name);
}
