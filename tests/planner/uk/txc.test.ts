/**
 * TransXChange import on the real Traveline Scotland files (Stagecoach 421 Inverurie - Alford,
 * First Aberdeen N17), against times read from the files by hand, and on broken copies of them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { formatGtfsTime, parseDay } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { bankHolidaysOfYear, holidayDays } from '../../../src/planner/uk/bank-holidays';
import { naptanLookup, parseNaptan } from '../../../src/planner/uk/naptan';
import { convertTxc, parseDuration } from '../../../src/planner/uk/txc';
import { TableSource } from '../../../src/planner/timetable/table-source';
import { SHARED_DATA } from '../transit/helpers';

const read = (name: string) => readFileSync(resolve(SHARED_DATA, 'north-east/txc', name), 'utf8');
const F421 = { name: 'SVRABAO421.xml', text: read('SVRABAO421.xml') };
const N17 = { name: 'SVRABBN017.xml', text: read('SVRABBN017.xml') };
const naptan = parseNaptan(
  readFileSync(resolve(SHARED_DATA, 'north-east/naptan/aberdeenshire.csv'), 'utf8'),
  'aberdeenshire.csv',
).stops.concat(
  parseNaptan(readFileSync(resolve(SHARED_DATA, 'north-east/naptan/aberdeen.csv'), 'utf8'), 'aberdeen.csv').stops,
);
const stops = naptanLookup(naptan);
const TODAY = parseDay('2026-11-25');

async function timetableOf(
  files: { name: string; text: string }[],
): Promise<{ tt: Timetable; issues: ReturnType<typeof convertTxc>['issues'] }> {
  const feed = convertTxc(files, { feed: 'bus', stops, today: TODAY });
  return {
    tt: await buildTimetable([{ source: new TableSource('bus', feed.tables) }], { issues: feed.issues }),
    issues: feed.issues,
  };
}

/** Stop names and departure times of a trip, by its display id. */
function tripTimes(tt: Timetable, id: string): { stop: string; time: string }[] {
  const t = tt.tripDisplayIds.indexOf(id);
  expect(t).toBeGreaterThanOrEqual(0);
  let p = 0;
  while ((tt.patternTripStart[p + 1] as number) <= t) p++;
  const first = tt.patternStopStart[p] as number;
  const n = (tt.patternStopStart[p + 1] as number) - first;
  const base = (tt.patternTimeStart[p] as number) + (t - (tt.patternTripStart[p] as number)) * n;
  return Array.from({ length: n }, (_, k) => ({
    stop: tt.stopNames[tt.patternStops[first + k] as number] as string,
    time: formatGtfsTime(tt.departures[base + k] as number),
  }));
}

describe('TransXChange import', () => {
  it('reads both real files into the timetable model, with line names, operators and positions from NaPTAN', async () => {
    // Speed is the import bench's business (npm run planner -- import --txc ...), not a test's.
    const { tt, issues } = await timetableOf([F421, N17]);
    expect(issues).toEqual([]);
    expect(tt.tripCount).toBe(42); // 16 + 26 VehicleJourneys
    expect(tt.routeShortNames.sort()).toEqual(['421', 'N17']);
    expect(tt.routeLongNames).toContain('Inverurie - Alford');
    expect(tt.agencies.map((a) => a.name).sort()).toEqual(['First Aberdeen', 'Stagecoach North Scotlan'].sort());
    const townHall = tt.stopIds.indexOf('bus:630030262');
    expect(tt.stopNames[townHall]).toBe('Inverurie, Town Hall (at)');
    expect(tt.stopLat[townHall]).toBeCloseTo(57.284332, 5);
  });

  it('times journey 7600 (Saturday 08:45 Inverurie Town Hall) by the run times of JPS_ABAO421-8: 50 minutes to Alford Community Campus', async () => {
    const { tt } = await timetableOf([F421]);
    const times = tripTimes(tt, 'ABAO421:7600');
    expect(times[0]).toEqual({ stop: 'Inverurie, Town Hall (at)', time: '08:45:00' });
    // Read from the file: the section's RunTimes add up to PT3000S.
    expect(times.at(-1)).toEqual({ stop: expect.stringContaining('Community Campus'), time: '09:35:00' });
    expect(times.length).toBe(36);
  });

  it('adds the WaitTime at a timing point (N17 JPS_ABBN017-4 waits PT600S) and runs JPS_ABBN017-3 in 22 minutes', async () => {
    const { tt } = await timetableOf([N17]);
    const t7691 = tripTimes(tt, 'ABBN017:7691');
    expect(t7691[0]!.time).toBe('00:30:00');
    expect(t7691.at(-1)!.time).toBe('00:52:00'); // RunTimes of JPS_ABBN017-3 add up to PT1320S
  });

  it('keeps the OperatingProfile: the 421 runs on Saturdays only, the N17 not on Scottish bank holidays', async () => {
    const feed = convertTxc([F421, N17], { feed: 'bus', stops, today: TODAY });
    const calendar = feed.tables.get('calendar.txt')!;
    const dates = feed.tables.get('calendar_dates.txt')!;
    const s421 = feed.tables.get('trips.txt')!.find((r) => r[2] === 'ABAO421:7600')![1];
    expect(calendar.find((r) => r[0] === s421)!.slice(1, 8)).toEqual(['0', '0', '0', '0', '0', '1', '0']);
    const sN17 = feed.tables.get('trips.txt')!.find((r) => r[2] === 'ABBN017:7691')![1];
    // St Andrew's Day 2019 and Boxing Day 2020 fell on Saturdays: no night bus; 18 April 2026 by a DaysOfNonOperation range.
    const removed = dates.filter((r) => r[0] === sN17 && r[2] === '2').map((r) => r[1]);
    expect(removed).toEqual(expect.arrayContaining(['20191130', '20201226']));
    expect(feed.period).toEqual({
      first: parseDay('2016-04-17'),
      last: parseDay('2021-08-19') > parseDay('2026-04-18') ? parseDay('2021-08-19') : parseDay('2026-04-18'),
    });
  });

  it('rolls a file past its OperatingPeriod forward onto current dates and records it', async () => {
    const feed = convertTxc([F421], { feed: 'bus421', stops, today: TODAY });
    const tt = await buildTimetable([
      { source: new TableSource('bus421', feed.tables), rollForward: { first: TODAY - 7, last: TODAY + 392 } },
    ]);
    expect(tt.report.feeds[0]!.rolledForward).toMatchObject({
      sourceFirst: '2019-08-24',
      sourceLast: '2021-08-14',
      targetFirst: '2026-11-18',
    });
  });

  it('Scotland bank holidays 2026 as gov.uk lists them, with displaced days', () => {
    // gov.uk: 1, 2 Jan, 3 Apr, 4, 25 May, 3 Aug, 30 Nov, 25, 28 Dec (Boxing Day substitute). TransXChange's
    // AllBankHolidays also holds the day itself (BoxingDay, Sat 26 Dec) beside its displacement holiday.
    const all = holidayDays('AllBankHolidays', parseDay('2026-01-01'), parseDay('2026-12-31')).sort((a, b) => a - b);
    expect(all.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ]);
    // 2022: New Year on a Saturday -> Mon 3 and Tue 4 January.
    const y = bankHolidaysOfYear(2022);
    expect([y.get('NewYearsDayHoliday'), y.get('Jan2ndScotlandHoliday')]).toEqual([
      parseDay('2022-01-03'),
      parseDay('2022-01-04'),
    ]);
    expect(parseDuration('PT1H2M3S')).toBe(3723);
    expect(parseDuration('PT0S')).toBe(0);
  });
});

/** A minimal TransXChange document around the given parts (test input for the rules the real files do not use). */
function doc(profile: string, extra = '', vjExtra = ''): string {
  return `<?xml version="1.0"?><TransXChange xmlns="http://www.transxchange.org.uk/">
<ServicedOrganisations><ServicedOrganisation><OrganisationCode>SCH</OrganisationCode>
<WorkingDays><DateRange><StartDate>2026-01-05</StartDate><EndDate>2026-01-09</EndDate></DateRange></WorkingDays></ServicedOrganisation></ServicedOrganisations>
<StopPoints><AnnotatedStopPointRef><StopPointRef>630030262</StopPointRef><CommonName>Town Hall</CommonName></AnnotatedStopPointRef>
<AnnotatedStopPointRef><StopPointRef>630060312</StopPointRef><CommonName>Community Campus</CommonName></AnnotatedStopPointRef></StopPoints>
<JourneyPatternSections><JourneyPatternSection id="S1"><JourneyPatternTimingLink id="L1"><From><StopPointRef>630030262</StopPointRef></From>
<To><StopPointRef>630060312</StopPointRef></To><RunTime>PT10M</RunTime></JourneyPatternTimingLink></JourneyPatternSection></JourneyPatternSections>
<Operators><Operator id="O1"><OperatorShortName>Op</OperatorShortName></Operator></Operators>
<Services><Service><ServiceCode>X1</ServiceCode><Lines><Line id="0"><LineName>X1</LineName></Line></Lines>
<OperatingPeriod><StartDate>2026-01-01</StartDate><EndDate>2026-01-31</EndDate></OperatingPeriod><RegisteredOperatorRef>O1</RegisteredOperatorRef>
<StandardService><Origin>A</Origin><Destination>B</Destination><JourneyPattern id="P1"><JourneyPatternSectionRefs>S1</JourneyPatternSectionRefs></JourneyPattern></StandardService></Service></Services>
${extra}<VehicleJourneys><VehicleJourney><OperatingProfile>${profile}</OperatingProfile><VehicleJourneyCode>1</VehicleJourneyCode><ServiceRef>X1</ServiceRef><LineRef>0</LineRef>
<JourneyPatternRef>P1</JourneyPatternRef><DepartureTime>07:00:00</DepartureTime>${vjExtra}</VehicleJourney></VehicleJourneys></TransXChange>`;
}

const daysOf = (feed: ReturnType<typeof convertTxc>): { calendar: string[]; dates: string[][] } => ({
  calendar: feed.tables.get('calendar.txt')![1]!,
  dates: feed.tables.get('calendar_dates.txt')!.slice(1),
});

describe('TransXChange rules beyond the two real files', () => {
  it('ServicedOrganisation working days restrict a school-days journey', () => {
    const feed = convertTxc(
      [
        {
          name: 'x.xml',
          text: doc(
            '<RegularDayType><DaysOfWeek><MondayToFriday/></DaysOfWeek></RegularDayType><ServicedOrganisationDayType><DaysOfOperation><WorkingDays><ServicedOrganisationRef>SCH</ServicedOrganisationRef></WorkingDays></DaysOfOperation></ServicedOrganisationDayType>',
          ),
        },
      ],
      { feed: 'x', stops },
    );
    expect(feed.issues).toEqual([]);
    const { calendar, dates } = daysOf(feed);
    expect(calendar.slice(8)).toEqual(['20260105', '20260109']);
    expect(dates).toEqual([]);
  });

  it('a Frequency becomes frequencies.txt, and a per-journey RunTime overrides the pattern', () => {
    const feed = convertTxc(
      [
        {
          name: 'x.xml',
          text: doc(
            '<RegularDayType><DaysOfWeek><Monday/></DaysOfWeek></RegularDayType>',
            '',
            '<Frequency><EndTime>09:00:00</EndTime><Interval><ScheduledFrequency>PT15M</ScheduledFrequency></Interval></Frequency><VehicleJourneyTimingLink><JourneyPatternTimingLinkRef>L1</JourneyPatternTimingLinkRef><RunTime>PT12M</RunTime></VehicleJourneyTimingLink>',
          ),
        },
      ],
      { feed: 'x', stops },
    );
    expect(feed.tables.get('frequencies.txt')![1]).toEqual(['X1:1', '07:00:00', '09:00:00', '900', '1']);
    expect(feed.tables.get('stop_times.txt')![2]!.slice(1, 3)).toEqual(['07:12:00', '07:12:00']);
  });

  it('BankHolidayOperation DaysOfOperation adds a holiday to a weekday-only journey', () => {
    const feed = convertTxc(
      [
        {
          name: 'x.xml',
          text: doc(
            '<RegularDayType><DaysOfWeek><Saturday/></DaysOfWeek></RegularDayType><BankHolidayOperation><DaysOfOperation><Jan2ndScotland/></DaysOfOperation></BankHolidayOperation>',
          ),
        },
      ],
      { feed: 'x', stops },
    );
    expect(daysOf(feed).dates).toEqual([['s1', '20260102', '1']]);
  });
});

describe('TransXChange import of bad input', () => {
  it('a file that is not TransXChange, a truncated file and a pattern naming an unknown stop are each named; the rest imports', async () => {
    const notTxc = { name: 'stops.xml', text: '<?xml version="1.0"?><NaPTAN><StopPoints/></NaPTAN>' };
    const truncated = { name: 'SVRABBN017-truncated.xml', text: N17.text.slice(0, Math.floor(N17.text.length / 2)) };
    // The 421 without the StopPoints entry for Alford Community Campus, which its patterns still name.
    const missing = {
      name: 'SVRABAO421.xml',
      text: F421.text.replace(
        /<AnnotatedStopPointRef>\s*<StopPointRef>630060312<\/StopPointRef>[\s\S]*?<\/AnnotatedStopPointRef>/,
        '',
      ),
    };
    const { tt, issues } = await timetableOf([notTxc, truncated, missing]);
    expect(issues.find((i) => i.file === 'stops.xml')?.message).toMatch(
      /not a TransXChange document \(the root element is <NaPTAN>\)/,
    );
    expect(issues.find((i) => i.file === 'SVRABBN017-truncated.xml')?.message).toMatch(
      /not well-formed XML \(a truncated file\?\): unexpected end of file/,
    );
    expect(issues.find((i) => i.message.includes("stop '630060312'"))).toMatchObject({
      file: 'SVRABAO421.xml',
      message: expect.stringContaining("which the file's StopPoints do not list"),
    });
    expect(tt.tripCount).toBe(16);
    expect(tt.report.warnings.map((w) => w.file)).toEqual(
      expect.arrayContaining(['stops.xml', 'SVRABBN017-truncated.xml', 'SVRABAO421.xml']),
    );
  });

  it('garbage that is not XML at all is reported, not thrown', () => {
    const feed = convertTxc([{ name: 'junk.xml', text: 'route_id,agency_id\n1,2\n' }, F421], { feed: 'x', stops });
    expect(feed.files).toBe(1);
    expect(feed.issues[0]).toMatchObject({ file: 'junk.xml', message: expect.stringContaining('not well-formed XML') });
  });
});
