/**
 * Builds the Tayside cost and service data files (data/regions/tayside/*.json) from the
 * cited facts (data/tayside/facts/*.csv), the Ember GTFS feed, the council-area
 * boundaries and the DESNZ 2025 emission factors.
 *
 *   node --import tsx src/planner/cli/build-region-facts.ts [--facts <dir>] [--shared <dir>] [--out <dir>]
 *
 * Every value is read from its CSV row (the code picks rows and interprets their wording;
 * it never types a price). Each picked row is checked against the wording it expects,
 * so a changed fact file fails the build rather than publishing a wrong reading. Rows
 * whose status says proposed, ENDED, CLOSED, historic, planned or suspended, or whose
 * prices a newer fact supersedes, are left out (facts/README.md); data/regions/tayside/README.md
 * lists what was left out and why. Each output row keeps source_url and source_date.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { bboxOf, councilAreasFromGeoJson } from '../geo/council-areas';
import { parseCsv } from '../costs/csv';
import { penceFromPounds } from '../costs/money';
import { REGION_COST_FILES } from '../costs/region-data';
import { parseEmissionFactorsCsv } from '../costs/emission-factors';

type Row = Record<string, string>;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

// The source data, in the repository (data/: facts, feeds, boundaries, reference) unless given.
const shared = resolve(arg('--shared', 'data'));
const factsDir = resolve(arg('--facts', join(shared, 'tayside/facts')));
const outDir = resolve(arg('--out', 'data/regions/tayside'));
/** Facts this project added (each row cited), beside the shared ones: data/tayside/facts. */
const projectFactsDir = resolve(arg('--project-facts', 'data/tayside/facts'));

const read = (file: string): Row[] => parseCsv(readFileSync(join(factsDir, file), 'utf8'));

function one(rows: Row[], what: string, pred: (r: Row) => boolean): Row {
  const hits = rows.filter(pred);
  if (hits.length !== 1) throw new Error(`${what}: expected one row, found ${hits.length}`);
  return hits[0] as Row;
}

function expect(row: Row, column: string, pattern: RegExp, what: string): string {
  const v = row[column] ?? '';
  if (!pattern.test(v)) throw new Error(`${what}: column ${column} = '${v}' no longer reads as ${pattern}`);
  return v;
}

function pence(value: string | undefined, what: string): number {
  const p = penceFromPounds(value ?? '');
  if (!Number.isInteger(p)) throw new Error(`${what}: '${value}' is not an amount`);
  return p;
}

const src = (r: Row) => ({ source_url: r.source_url ?? '', source_date: r.source_date ?? '' });

/** Yards from the fact's distance wording. */
function yards(text: string, what: string): number | null {
  const t = text.toLowerCase();
  if (t.startsWith('half a mile')) return 880;
  if (t.includes('first mile')) return 1760;
  if (t.includes('1/10 mile')) return 176;
  const m = /(\d+(?:\.\d+)?) yards/.exec(t);
  if (m) return Number(m[1]);
  if (t === 'not stated' || t === '') return null;
  throw new Error(`${what}: cannot read distance '${text}'`);
}

// ---------------------------------------------------------------- taxis
function buildTaxis() {
  const rows = read('taxi_tariffs.csv');
  const stirling = (name: string) =>
    one(rows, `Stirling ${name}`, (r) => r.council === 'Stirling' && r.tariff === name);
  const t1 = stirling('Tariff 1');
  const t2 = stirling('Tariff 2');
  const t3 = stirling('Tariff 3');
  expect(t1, 'status', /^approved$/, 'Stirling T1');
  expect(t1, 'applies_when', /^7am-11pm$/, 'Stirling T1');
  expect(t2, 'applies_when', /^11pm-7am$/, 'Stirling T2');
  expect(t2, 'increment_price_gbp', /^Tariff 1 rate \+25%$/, 'Stirling T2');
  expect(t3, 'increment_price_gbp', /^Tariff 1 rate \+60%$/, 'Stirling T3');
  expect(t3, 'applies_when', /5 or more passengers/, 'Stirling T3');
  const t1Inc = pence(t1.increment_price_gbp, 'Stirling T1 increment');
  const t1Dist = yards(t1.increment_distance ?? '', 'Stirling T1') as number;
  const derived = (pct: number, proposed: string) =>
    `The source gives this tariff's distance rate as "Tariff 1 rate +${pct}%": the same ${t1Inc}p drop every ${t1Dist} / ${1 + pct / 100} yards` +
    ` (the Dec 2024 review proposal builds its tariffs the same way: ${proposed}).`;
  const stirlingTariffs = [
    {
      name: 'Tariff 1 (7am-11pm)',
      applies: { kind: 'clock', from: '07:00', to: '23:00' },
      initial_charge_pence: pence(t1.initial_charge_gbp, 'T1'),
      initial_distance_yards: yards(t1.initial_distance ?? '', 'T1'),
      increment_pence: t1Inc,
      increment_distance_yards: t1Dist,
      waiting_pence_per_minute: null,
      effective_from: null,
      notes:
        "Approved by Stirling Council's panel on 27 June [2023]; the Courier (2024-12-10) quotes 10 miles at £22.90 and 20 miles at £43.40 on it.",
      ...src(t1),
    },
    {
      name: 'Tariff 2 (11pm-7am)',
      applies: { kind: 'clock', from: '23:00', to: '07:00' },
      initial_charge_pence: pence(t2.initial_charge_gbp, 'T2'),
      initial_distance_yards: yards(t2.initial_distance ?? '', 'T2'),
      increment_pence: t1Inc,
      increment_distance_yards: Math.round((t1Dist / 1.25) * 100) / 100,
      waiting_pence_per_minute: null,
      effective_from: null,
      derivation: derived(25, '83.5 / 1.25 = 66.8 yards'),
      notes: 'Sundays and public holidays on Tariff 2 were proposed in May 2023 but not confirmed; not applied.',
      ...src(t2),
    },
    {
      name: 'Tariff 3 (5 or more passengers)',
      applies: { kind: 'passengers', min: 5 },
      initial_charge_pence: pence(t3.initial_charge_gbp, 'T3'),
      initial_distance_yards: yards(t3.initial_distance ?? '', 'T3'),
      increment_pence: t1Inc,
      increment_distance_yards: Math.round((t1Dist / 1.6) * 100) / 100,
      waiting_pence_per_minute: null,
      effective_from: null,
      derivation: derived(60, '83.5 / 1.6 = 52.2 yards'),
      ...src(t3),
    },
  ];

  const dundee = rows.filter((r) => r.council === 'Dundee City' && /^Tariff [1-4]/.test(r.tariff ?? ''));
  if (dundee.length !== 4) throw new Error('Dundee: expected tariffs 1-4');
  const dundeeTariffs = dundee.map((r) => {
    expect(r, 'initial_distance', /^not stated$/, `Dundee ${r.tariff}`);
    expect(r, 'effective_date', /^2024-12-01/, `Dundee ${r.tariff}`);
    return {
      name: r.tariff ?? '',
      applies: { kind: 'unstated', text: r.applies_when ?? '' },
      initial_charge_pence: pence(r.initial_charge_gbp, `Dundee ${r.tariff}`),
      initial_distance_yards: null,
      increment_pence: pence(r.increment_price_gbp, `Dundee ${r.tariff}`),
      increment_distance_yards: yards(r.increment_distance ?? '', `Dundee ${r.tariff}`),
      waiting_pence_per_minute: null,
      effective_from: '2024-12-01',
      notes: `${r.status}. ${r.notes ?? ''}`.trim(),
      ...src(r),
    };
  });

  const angusDay = one(rows, 'Angus Daytime', (r) => r.council === 'Angus' && r.tariff === 'Daytime');
  const angusEve = one(rows, 'Angus Evening', (r) => r.council === 'Angus' && r.tariff === 'Evening');
  const angusOld = one(
    rows,
    'Angus Daytime (previous)',
    (r) => r.council === 'Angus' && r.tariff === 'Daytime (previous)',
  );
  expect(angusOld, 'applies_when', /^Monday to Friday 6am to 6pm$/, 'Angus hours');
  for (const r of [angusDay, angusEve]) expect(r, 'effective_date', /^31 October \[2025\]$/, 'Angus date');
  const hours = `Hours from the Courier's Nov 2023 article (${angusOld.source_url}): daytime Monday to Friday 6am to 6pm, the other tariff nights and weekends; the 2025 source does not restate them.`;
  const angusBase = (r: Row) => ({
    initial_charge_pence: pence(r.initial_charge_gbp, `Angus ${r.tariff}`),
    initial_distance_yards: yards(r.initial_distance ?? '', `Angus ${r.tariff}`),
    increment_pence: null,
    increment_distance_yards: null,
    waiting_pence_per_minute: null,
    effective_from: '2025-10-31',
    derivation: hours,
    notes: r.notes ?? '',
    ...src(r),
  });
  const angusTariffs = [
    {
      name: 'Daytime',
      applies: { kind: 'clock', from: '06:00', to: '18:00', days: [0, 1, 2, 3, 4] },
      ...angusBase(angusDay),
    },
    { name: 'Evening', applies: { kind: 'clock', from: '18:00', to: '06:00' }, ...angusBase(angusEve) },
    {
      name: 'Evening (weekends)',
      applies: { kind: 'clock', from: '00:00', to: '00:00', days: [5, 6] },
      ...angusBase(angusEve),
    },
  ];
  const pk = rows.filter((r) => r.council === 'Perth & Kinross');
  if (!pk.some((r) => /15% increase/.test(r.status ?? '')))
    throw new Error('Perth & Kinross: expected the 15% increase row');

  return {
    councils: [
      {
        council: 'Stirling',
        tariffs: stirlingTariffs,
        operators: [],
        gaps: [
          'Waiting-time charge: current value not published (30p/min was only proposed in May 2023).',
          'The December 2024 review (Tariff 1 £3.50, 10p per 83.5 yards) was proposed; its outcome is not in our sources, so the 2023 scale is used.',
          'No festive tariff in our sources.',
        ],
      },
      {
        council: 'Dundee City',
        tariffs: dundeeTariffs,
        operators: [],
        gaps: [
          'The hours of each tariff (daytime, weekday evenings, weekend evenings) and the festive dates are not stated.',
          'The distance covered by the initial charge is not stated.',
          'A further ~5% rise from 1 April 2025 went to consultation; its figures are not in our sources.',
        ],
      },
      {
        council: 'Angus',
        tariffs: angusTariffs,
        operators: [],
        gaps: [
          'Only the first-mile fare is published; the rate for longer journeys (raised 6-12%) is not.',
          'Different rates apply at Christmas and New Year; dates and amounts are not in our sources.',
        ],
      },
      {
        council: 'Perth and Kinross',
        tariffs: [],
        operators: [],
        gaps: [
          'Only pre-2022 figures (£3.70 / £4.70 for the first 880 yards) are published; a 15% rise approved in April 2022 has no amounts in our sources.',
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------- car clubs
function buildCarClubs() {
  const rows = read('car_clubs.csv');
  const launch = one(
    rows,
    'Co-wheels Abertay',
    (r) => r.operator === 'Co-wheels' && /Bernard King Library/.test(r.location ?? ''),
  );
  const covid = one(
    rows,
    'Co Wheels seven cars',
    (r) => r.operator === 'Co Wheels' && /seven cars/.test(r.vehicles ?? ''),
  );
  const coTerms = one(rows, 'Co-wheels terms', (r) => r.operator === 'Co-wheels (national terms)');
  const ent = one(rows, 'Enterprise Dundee/Stirling', (r) => r.operator === 'Enterprise Car Club');
  const entTerms = one(rows, 'Enterprise terms', (r) => r.operator === 'Enterprise Car Club (national terms)');
  const kinross = one(rows, 'Kinross', (r) => /Kinross-shire Move Greener/.test(r.operator ?? ''));
  expect(ent, 'vehicles', /Nissan Leaf/, 'Enterprise EVs');
  expect(kinross, 'location', /Old Causeway Car Park/, 'Kinross bay');
  expect(entTerms, 'membership_terms', /30-min minimum/, 'Enterprise terms');
  const coWheelsSite = new URL(coTerms.source_url ?? '').origin + '/';
  const enterpriseSite = new URL(entTerms.source_url ?? '').origin + '/';
  return {
    clubs: [
      {
        provider: 'Co-wheels',
        council_area: 'Dundee City',
        town: 'Dundee',
        promo_link: coWheelsSite,
        vehicles: `${covid.vehicles} (as reported, COVID era; ${launch.vehicles} at the 2015 student launch)`,
        fuel: 'unknown',
        bays: [
          {
            description: `${launch.location} (2015 launch bay; current bays not published in our sources)`,
            lat: null,
            lng: null,
            ...src(launch),
          },
        ],
        tariff: null,
        status: covid.status ?? '',
        notes: `${covid.notes ?? ''} No current Co-wheels prices in our sources.`.trim(),
        ...src(covid),
      },
      {
        provider: 'Enterprise Car Club',
        council_area: 'Dundee City',
        town: 'Dundee',
        promo_link: enterpriseSite,
        vehicles: ent.vehicles ?? '',
        fuel: 'battery electric',
        bays: [],
        tariff: null,
        status: ent.status ?? '',
        notes: `${ent.location}; no current prices in our sources.`,
        ...src(ent),
      },
      {
        provider: 'Enterprise Car Club',
        council_area: 'Stirling',
        town: 'Stirling',
        promo_link: enterpriseSite,
        vehicles: ent.vehicles ?? '',
        fuel: 'battery electric',
        bays: [],
        tariff: null,
        status: ent.status ?? '',
        notes: `${ent.location}; no current prices in our sources.`,
        ...src(ent),
      },
      {
        provider: 'Enterprise Car Club (Kinross-shire Move Greener)',
        council_area: 'Perth and Kinross',
        town: 'Kinross',
        promo_link: enterpriseSite,
        vehicles: kinross.vehicles ?? '',
        fuel: 'hybrid',
        bays: [{ description: kinross.location ?? '', lat: null, lng: null, ...src(kinross) }],
        tariff: null,
        status: kinross.status ?? '',
        notes: 'Bay coordinates not published in our sources; no prices.',
        ...src(kinross),
      },
    ],
    terms: [
      { provider: 'Co-wheels', text: `${coTerms.location}. ${coTerms.membership_terms}`, ...src(coTerms) },
      {
        provider: 'Enterprise Car Club',
        text: `${entTerms.membership_terms}. ${entTerms.promo_or_join}`,
        ...src(entTerms),
      },
    ],
  };
}

// ---------------------------------------------------------------- bike hire
function buildBikeHire() {
  const rows = read('bike_hire.csv');
  const smart = one(rows, 'Stirling smartbikes', (r) => /Santander Cycles smartbikes/.test(r.scheme ?? ''));
  const hub = one(rows, 'Stirling hub', (r) => r.scheme === 'Stirling nextbike (Stirling Cycle Hub)');
  expect(smart, 'pricing', /^Pay As You Go £1 per 20 minutes/, 'nextbike price');
  const forth = rows.filter((r) => r.scheme === 'Forth Bike e-bike share');
  const ended = one(
    rows,
    'Forth Bike ended',
    (r) => r.scheme === 'Forth Bike e-bike share' && /^ENDED/.test(r.status ?? ''),
  );
  const embark = one(
    rows,
    'Embark pricing',
    (r) => r.scheme === 'Embark Dundee e-bikes' && /operating/.test(r.status ?? ''),
  );
  const embarkEnd = one(
    rows,
    'Embark ended',
    (r) => r.scheme === 'Embark Dundee e-bikes' && /^ENDED/.test(r.status ?? ''),
  );
  expect(
    embark,
    'pricing',
    /Pay as you go: min credit £2\.20, unlock £1, first 20 min 6p \[per minute as printed\], 20 min-2 h 10p\/min/,
    'Embark PAYG',
  );
  if (forth.length !== 2) throw new Error('Forth Bike rows');
  return {
    schemes: [],
    not_current: [
      {
        scheme: 'Stirling nextbike',
        operator: smart.operator ?? '',
        council_area: 'Stirling',
        towns: ['Stirling', 'Bridge of Allan'],
        stations: [],
        stations_text: `${smart.stations_or_locations}; earlier ${hub.stations_or_locations} (2017); station coordinates not published in our sources`,
        tariff: {
          unlock_pence: 0,
          bands: [{ from_minute: 0, to_minute: null, pence: 100, per_minutes: 20 }],
          vat_included: true,
          ...src(smart),
        },
        status: smart.status ?? '',
        last_confirmed: '2022-07-04',
        ...src(smart),
        reason:
          'Last confirmed July 2022 as a temporary arrangement; no newer source confirms it runs (facts/README.md: Stirling status unknown after 2022).',
      },
      {
        scheme: 'Embark Dundee e-bikes (Ride On)',
        operator: embarkEnd.operator ?? '',
        council_area: 'Dundee City',
        towns: ['Dundee'],
        stations: [],
        stations_text: embark.stations_or_locations ?? '',
        tariff: {
          unlock_pence: 100,
          bands: [
            { from_minute: 0, to_minute: 20, pence: 6, per_minutes: 1 },
            { from_minute: 20, to_minute: 120, pence: 10, per_minutes: 1 },
          ],
          vat_included: true,
          ...src(embark),
        },
        status: embarkEnd.status ?? '',
        last_confirmed: '2022-02-25',
        ...src(embarkEnd),
        reason:
          'ENDED: suspended November 2022, provisional liquidators appointed February 2023. Pay-as-you-go prices kept as a worked example only.',
      },
      {
        scheme: 'Forth Bike e-bike share',
        operator: ended.operator ?? '',
        council_area: 'Stirling',
        towns: ['Stirling', 'Falkirk', 'Clackmannanshire'],
        stations: [],
        stations_text: ended.stations_or_locations ?? '',
        tariff: null,
        status: ended.status ?? '',
        last_confirmed: '2023-05',
        ...src(ended),
        reason: 'ENDED: all 19 stations shut in May 2023.',
      },
    ],
  };
}

// ---------------------------------------------------------------- DRT and community transport
/** A fare formula from the fact's wording, only for the plain forms: "20p per mile ...", "£5 per journey", "free ...". */
function drtFare(
  text: string | undefined,
): { kind: 'free' } | { kind: 'flat'; pence: number } | { kind: 'per_mile'; pence: number } | null {
  const t = (text ?? '').trim();
  let m = /^(\d+)p per mile\b/.exec(t);
  if (m) return { kind: 'per_mile', pence: Number(m[1]) };
  m = /^£(\d+(?:\.\d{2})?) per journey$/.exec(t);
  if (m) return { kind: 'flat', pence: pence(m[1], t) };
  if (/^free\b/i.test(t)) return { kind: 'free' };
  return null;
}

function buildDrt() {
  const rows = read('drt_services.csv');
  const by = (name: string) => one(rows, name, (r) => r.name === name);
  const stgGeneral = by('Stirling Council Demand Responsive Transport (DRT)');
  const stgBooking = by('Stirling Council DRT - booking arrangements');
  const stgCurrent = by('Stirling Council DRT - current coverage');
  expect(stgCurrent, 'area_served', /Killin & Strathfillan; Croftamie & Drymen; Fintry/, 'Stirling DRT areas');
  const daj = by('Dial-a-Journey (Forth Valley)');
  expect(daj, 'days_hours', /^Mon-Fri 7\.45am-10pm; Sat-Sun 9am-10pm; last pick-up 9\.30pm$/, 'Dial-a-Journey hours');
  const fallin = by('Dial A Journey Sunday service for Fallin & Throsk');
  expect(fallin, 'days_hours', /^Sundays 0900-1700$/, 'Fallin hours');
  const killin = by('Killin & District Volunteer Car Scheme (KDVCS)');
  const blether = by('Blether Bus (Dryburgh/Lochee and Clepington/Stobswell)');
  const easyOn = by('Easy-On (Dundee)');
  const glenfarg = by('Glenfarg Community Transport Group - service 55');
  const forfar = by('Forfarian community minibus');
  const dajUrl = 'http://dial-a-journey.org.uk/';
  expect(daj, 'how_to_book', /dial-a-journey\.org\.uk/, 'Dial-a-Journey site');
  const nothing = { how: null, phone: null, url: null, notice: null };
  return {
    services: [
      {
        name: 'Stirling Council Demand Responsive Transport',
        kind: 'drt',
        operator: 'Stirling Council (journeys by contracted local taxi and private-hire firms)',
        council_areas: ['Stirling'],
        area_served: `Rural Stirling; only 3 of 8 areas running: ${stgCurrent.area_served}`,
        hours_text: null,
        hours: [],
        booking: {
          how: `${stgGeneral.how_to_book}; ${stgBooking.how_to_book} (2015)`,
          phone: null,
          url: null,
          notice: `${stgBooking.notice_required} (2015)`,
        },
        eligibility: stgCurrent.eligibility ?? '',
        individuals: true,
        fares_text: stgCurrent.fares ?? null,
        fare: drtFare(stgCurrent.fares),
        status: stgCurrent.status ?? '',
        last_confirmed: 'undated (post-Covid)',
        notes: `Booking line staffed ${stgBooking.days_hours} in 2015. ${stgBooking.area_served}. Booking phone number not in our sources.`,
        ...src(stgCurrent),
        extra_sources: [
          { about: 'how to book (booking centre)', ...src(stgGeneral) },
          { about: 'booking line hours, notice, Callander rule (2015)', ...src(stgBooking) },
        ],
      },
      {
        name: 'Dial-a-Journey (Forth Valley)',
        kind: 'door-to-door',
        operator: daj.operator ?? '',
        council_areas: ['Stirling', 'Falkirk', 'Clackmannanshire'],
        area_served: daj.area_served ?? '',
        hours_text: daj.days_hours ?? null,
        hours: [
          { days: [0, 1, 2, 3, 4], from: '07:45', to: '22:00' },
          { days: [5, 6], from: '09:00', to: '22:00' },
        ],
        booking: { how: daj.how_to_book ?? null, phone: null, url: dajUrl, notice: daj.notice_required ?? null },
        eligibility: daj.eligibility ?? '',
        individuals: true,
        fares_text: daj.fares ?? null,
        fare: drtFare(daj.fares),
        status: daj.status ?? '',
        last_confirmed: 'undated',
        notes: 'Last pick-up 9.30pm.',
        ...src(daj),
        extra_sources: [],
      },
      {
        name: fallin.name ?? '',
        kind: 'drt',
        operator: fallin.operator ?? '',
        council_areas: ['Stirling'],
        area_served: fallin.area_served ?? '',
        hours_text: fallin.days_hours ?? null,
        hours: [{ days: [6], from: '09:00', to: '17:00' }],
        booking: nothing,
        eligibility: fallin.eligibility ?? '',
        individuals: true,
        fares_text: null,
        fare: null,
        status: fallin.status ?? '',
        last_confirmed: '2019-06-30',
        notes: fallin.notes ?? '',
        ...src(fallin),
        extra_sources: [],
      },
      {
        name: killin.name ?? '',
        kind: 'volunteer-car',
        operator: killin.operator ?? '',
        council_areas: ['Stirling'],
        area_served: killin.area_served ?? '',
        hours_text: null,
        hours: [],
        booking: nothing,
        eligibility: killin.eligibility ?? '',
        individuals: true,
        fares_text: killin.fares ?? null,
        fare: drtFare(killin.fares),
        status: killin.status ?? '',
        last_confirmed: '2018-11-01',
        ...src(killin),
        extra_sources: [],
      },
      {
        name: blether.name ?? '',
        kind: 'hail-and-ride',
        operator: blether.operator ?? '',
        council_areas: ['Dundee City'],
        area_served: blether.area_served ?? '',
        hours_text: blether.days_hours ?? null,
        hours: [],
        booking: { how: blether.how_to_book ?? null, phone: null, url: null, notice: blether.notice_required ?? null },
        eligibility: blether.eligibility ?? '',
        individuals: true,
        fares_text: blether.fares ?? null,
        fare: drtFare(blether.fares),
        status: blether.status ?? '',
        last_confirmed: '2018-03-22',
        notes: 'Current timetable and status not in our sources (the separate Balgay route was suspended in 2020-21).',
        ...src(blether),
        extra_sources: [],
      },
      {
        name: easyOn.name ?? '',
        kind: 'door-to-door',
        operator: easyOn.operator ?? '',
        council_areas: ['Dundee City'],
        area_served: easyOn.area_served ?? '',
        hours_text: null,
        hours: [],
        booking: { how: easyOn.how_to_book ?? null, phone: null, url: null, notice: null },
        eligibility: easyOn.eligibility || 'not stated',
        individuals: true,
        fares_text: easyOn.fares ?? null,
        fare: drtFare(easyOn.fares),
        status: easyOn.status ?? '',
        last_confirmed: '2018-03-22',
        notes: easyOn.notes ?? '',
        ...src(easyOn),
        extra_sources: [],
      },
      {
        name: glenfarg.name ?? '',
        kind: 'community-bus',
        operator: glenfarg.operator ?? '',
        council_areas: ['Perth and Kinross'],
        area_served: glenfarg.area_served ?? '',
        hours_text: glenfarg.days_hours ?? null,
        hours: [],
        booking: { how: glenfarg.how_to_book ?? null, phone: null, url: null, notice: null },
        eligibility: glenfarg.eligibility ?? '',
        individuals: true,
        fares_text: glenfarg.fares ?? null,
        fare: drtFare(glenfarg.fares),
        status: glenfarg.status ?? '',
        last_confirmed: '2023-10-17',
        notes: 'Timetabled community bus; no timetable data in our sources.',
        ...src(glenfarg),
        extra_sources: [],
      },
      {
        name: forfar.name ?? '',
        kind: 'group-hire',
        operator: forfar.operator ?? '',
        council_areas: ['Angus'],
        area_served: forfar.area_served ?? '',
        hours_text: null,
        hours: [],
        booking: { how: forfar.how_to_book ?? null, phone: null, url: null, notice: null },
        eligibility: forfar.eligibility ?? '',
        individuals: false,
        fares_text: null,
        fare: null,
        status: forfar.status ?? '',
        last_confirmed: 'undated',
        notes: forfar.notes ?? '',
        ...src(forfar),
        extra_sources: [],
      },
    ],
  };
}

// ---------------------------------------------------------------- fares, rules, payment methods
function buildFares() {
  const rows = read('fares.csv');
  const xp = (product: string, passenger = 'adult') =>
    one(
      rows,
      `Xplore ${product} ${passenger}`,
      (r) => r.operator === 'Xplore Dundee' && r.product === product && r.passenger_type === passenger,
    );
  const sc = (product: string) =>
    one(
      rows,
      `Stagecoach ${product}`,
      (r) => r.operator === 'Stagecoach East Scotland' && r.product === product && r.passenger_type === 'adult',
    );
  const fare = (
    r: Row,
    o: {
      kind: string;
      use?: boolean;
      caps?: boolean;
      between?: [string, string];
      note?: string;
      passenger?: string;
      agency: string[];
    },
  ) => ({
    operator: r.operator ?? '',
    agency_names: o.agency,
    product: r.product ?? '',
    kind: o.kind,
    passenger_type: o.passenger ?? r.passenger_type ?? '',
    price_pence: pence(r.price_gbp, `${r.operator} ${r.product}`),
    effective_date: /^\d{4}-\d{2}-\d{2}$/.test(r.effective_date ?? '') ? r.effective_date : null,
    use_for_legs: o.use ?? false,
    caps_singles_per_day: o.caps ?? false,
    ...(o.between ? { between: o.between } : {}),
    ...(o.note || r.rule_text || r.notes ? { note: [o.note, r.rule_text, r.notes].filter(Boolean).join('; ') } : {}),
    ...src(r),
  });
  const X = ['Xplore Dundee'];
  const S = ['Stagecoach East Scotland', 'Stagecoach'];
  const shortHop = xp('Short Hop single');
  const dayrider = one(rows, 'Stagecoach East Scotland zone', (r) => r.product === 'DayRider East Scotland zone');
  const published = [
    fare(xp('Long Hop single'), {
      kind: 'single',
      use: true,
      agency: X,
      note: `Short Hop single £${shortHop.price_gbp} if the trip is within one fare stage`,
    }),
    fare(shortHop, { kind: 'single', agency: X }),
    fare(xp('UniHop single', 'student'), { kind: 'single', agency: X }),
    fare(xp('single', 'child'), { kind: 'single', agency: X }),
    fare(xp('DaySaver'), { kind: 'day', caps: true, agency: X }),
    fare(xp('DaySaver', 'child'), { kind: 'day', agency: X }),
    fare(xp('DaySaver', 'student'), { kind: 'day', agency: X }),
    fare(xp('EveningSaver'), { kind: 'day', agency: X }),
    fare(xp('WeekSaver'), { kind: 'period', agency: X }),
    fare(xp('WeekSaver', 'child'), { kind: 'period', agency: X }),
    fare(xp('Four WeekSaver'), { kind: 'period', agency: X }),
    fare(xp('DuoSaver (two people all day)', '2 adults'), { kind: 'day', agency: X }),
    fare(xp('GroupSaver', 'group'), { kind: 'day', agency: X }),
    fare(xp('Standard Fly single (airport coach)'), {
      kind: 'single',
      use: true,
      agency: X,
      between: ['Dundee', 'Edinburgh Airport'],
    }),
    fare(dayrider, { kind: 'day', agency: S }),
    fare(sc('7 Day MegaRider town/city zone'), { kind: 'period', agency: S }),
    fare(sc('4-week MegaRider Extra town/city zone'), { kind: 'period', agency: S }),
    fare(sc('7 Day MegaRider regional zone'), { kind: 'period', agency: S }),
    fare(sc('4-week MegaRider regional zone'), { kind: 'period', agency: S }),
    fare(sc('Flexi 5 (5 DayRiders for price of 4)'), { kind: 'other', agency: S }),
    fare(sc('Day Return'), {
      kind: 'return',
      agency: S,
      note: `between ${one(rows, 'Day Return', (r) => r.product === 'Day Return').origin} and Dundee`,
    }),
  ];
  const rules = rows
    .filter((r) => /rule$/.test(r.category ?? '') || r.product === 'NEC free travel')
    .filter((r) => !/pre-Sept 2025/.test(r.product ?? ''))
    .map((r) => ({
      category: r.category ?? '',
      operator: r.operator ?? '',
      product: r.product ?? '',
      rule: [r.passenger_type, r.rule_text, r.notes].filter(Boolean).join('; '),
      ...src(r),
    }));

  // Ember: the feed calls E1 a bus (route_type 3); the data README calls it a coach.
  const ember = unzipSync(readFileSync(join(shared, 'tayside/gtfs/ember-e1.zip')));
  const agency = parseCsv(strFromU8(ember['agency.txt'] as Uint8Array))[0] as Row;
  const attrs = parseCsv(strFromU8(ember['fare_attributes.txt'] as Uint8Array));
  const methods = new Set(attrs.map((a) => a.payment_method));
  // Each fare id is "Adult-<pence>-onboard|online"; state the on-board premium only if it is the same for every pair.
  const gaps = new Set<number>();
  for (const a of attrs) {
    const m = /^Adult-(\d+)-onboard$/.exec(a.fare_id ?? '');
    if (!m) continue;
    const i = attrs.indexOf(a);
    const online = attrs[i + 1];
    if (online && /-online$/.test(online.fare_id ?? ''))
      gaps.add(pence(a.price, 'ember') - pence(online.price, 'ember'));
  }
  const premium =
    gaps.size === 1 ? ` Each on-board fare is ${[...gaps][0]}p more than the online fare listed next to it.` : '';
  const calendar = parseCsv(strFromU8(ember['calendar.txt'] as Uint8Array));
  const feedStart = (calendar[0]?.start_date ?? '').replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  const emberSource = { source_url: agency.agency_url ?? '', source_date: `${feedStart} (Ember E1 GTFS feed start)` };
  const coach_operators = [
    {
      agency_name: agency.agency_name ?? 'Ember',
      accepts_nec: null,
      note: 'Ember E1 (Dundee - Edinburgh) is an intercity coach (shared/data/README.md: "Ember E1 coach GTFS") though its GTFS route_type is 3 (bus). Whether it accepts the National Entitlement Card is not in our sources.',
      ...emberSource,
    },
  ];
  const xDay = xp('DaySaver');
  expect(xDay, 'previous_price_gbp', /\(paper\).*\(mTicket\)/, 'Xplore paper/mTicket');
  const payment = {
    agencies: [
      {
        agency_name: agency.agency_name ?? 'Ember',
        methods: [
          ...(methods.has('1') ? ['Online before boarding (cheaper)'] : []),
          ...(methods.has('0') ? ['Pay on board'] : []),
        ],
        note: `From fare_attributes.txt payment_method in the Ember E1 GTFS feed (0 = on board, 1 = before boarding).${premium}`,
        ...emberSource,
      },
      {
        agency_name: 'Xplore Dundee',
        methods: ['Paper ticket', 'mTicket (mobile app)'],
        note: 'The 2023 fare list prices the DaySaver separately on paper and as an mTicket; contactless and cash are not stated in our sources.',
        ...src(xDay),
      },
    ],
  };
  return {
    fares: {
      concession_scheme: 'scotland' as const,
      coach_operators,
      published_fares: published,
      rules,
      rail: buildRail(rows),
    },
    payment,
  };
}

/**
 * ScotRail off-peak returns for the rail fare formula (costs/rail-fares.ts): the prices charged all
 * day in the 2023-24 pilot and after the 1 Sept 2025 abolition of peak fares, from the shared facts
 * and this project's rail_fares.csv, one per station pair (the most recent), each indexed to
 * 1 Sept 2025 by the ScotRail-wide rises published after its source saw it.
 */
function buildRail(facts: Row[]) {
  const extra = parseCsv(readFileSync(join(projectFactsDir, 'rail_fares.csv'), 'utf8'));
  const rows = [...facts, ...extra];
  const seenOf = (r: Row) => {
    const m = /(\d{4}-\d{2}-\d{2})/.exec(r.source_date ?? '');
    if (!m) throw new Error(`rail ${r.origin}-${r.destination}: no date in source_date '${r.source_date}'`);
    return m[1] as string;
  };
  const abolition = one(
    rows,
    'peak fares abolished',
    (r) => r.category === 'rail rule' && r.product === 'Peak fares abolished',
  );
  const priceLevel = expect(abolition, 'effective_date', /^2025-09-01$/, 'peak fares abolished date');
  const rises = rows
    .filter((r) => r.category === 'rail fare rise')
    .map((r) => {
      const m = /rose (\d+(?:\.\d+)?)%/.exec(r.rule_text ?? '');
      if (!m) throw new Error(`rail fare rise ${r.effective_date}: no percentage in '${r.rule_text}'`);
      return {
        effective_date: expect(r, 'effective_date', /^\d{4}-\d{2}-\d{2}$/, 'rail fare rise date'),
        percent: Number(m[1]),
        ...src(r),
      };
    })
    .sort((a, b) => a.effective_date.localeCompare(b.effective_date));
  type Quote = { from: string; to: string; product: string; pence: number; seen: string; row: Row };
  const quotes: Quote[] = [];
  for (const r of rows.filter((x) => x.category === 'rail' && x.operator === 'ScotRail')) {
    const pilot = /^(\d+\.\d{2}) \((?:during peak-fare )?pilot\)$/.exec(r.previous_price_gbp ?? '');
    if (r.product === 'Anytime Return' && pilot) {
      quotes.push({
        from: r.origin ?? '',
        to: r.destination ?? '',
        product: 'Off-Peak return (charged all day in the pilot)',
        pence: pence(pilot[1], 'pilot fare'),
        seen: seenOf(r),
        row: r,
      });
    } else if (r.product === 'Off-Peak return (pilot all day)') {
      quotes.push({
        from: r.origin ?? '',
        to: r.destination ?? '',
        product: 'Off-Peak return (charged all day in the pilot)',
        pence: pence(r.price_gbp, 'pilot fare'),
        seen: seenOf(r),
        row: r,
      });
    }
  }
  const example = /Example: (\w+)-(\w+) return £[\d.]+ -> £(\d+\.\d{2})/.exec(abolition.notes ?? '');
  if (!example) throw new Error('peak fares abolished: the example fare no longer reads as expected');
  quotes.push({
    from: example[1] as string,
    to: example[2] as string,
    product: 'Off-Peak return (all day since 1 Sept 2025)',
    pence: pence(example[3], 'abolition example'),
    seen: seenOf(abolition),
    row: abolition,
  });

  const rail = unzipSync(readFileSync(join(shared, 'tayside/gtfs/rail-scotland-2022.zip')), {
    filter: (f) => f.name === 'stops.txt',
  });
  const stops = parseCsv(strFromU8(rail['stops.txt'] as Uint8Array));
  const station = (town: string) => {
    const name = town === 'Glasgow' ? 'Glasgow Queen Street Rail Station' : `${town} Rail Station`;
    const s = stops.find((x) => x.stop_name === name);
    return s ? { name: town, lat: Number(s.stop_lat), lng: Number(s.stop_lon) } : null;
  };
  const key = (q: Quote) => [q.from, q.to].sort().join('|');
  const latest = new Map<string, Quote>();
  const excluded: { from: string; to: string; price_pence: number; reason: string; source_url: string }[] = [];
  for (const q of quotes.sort((a, b) => b.seen.localeCompare(a.seen))) {
    const newer = latest.get(key(q));
    if (newer)
      excluded.push({
        from: q.from,
        to: q.to,
        price_pence: q.pence,
        reason: `superseded by ${newer.pence}p seen ${newer.seen}`,
        source_url: q.row.source_url ?? '',
      });
    else if (!station(q.from) || !station(q.to))
      excluded.push({
        from: q.from,
        to: q.to,
        price_pence: q.pence,
        reason: 'a station not in the rail feed (no coordinates)',
        source_url: q.row.source_url ?? '',
      });
    else latest.set(key(q), q);
  }
  const observations = [...latest.values()]
    .map((q) => {
      const factor = rises
        .filter((r) => r.effective_date > q.seen && r.effective_date <= priceLevel)
        .reduce((f, r) => f * (1 + r.percent / 100), 1);
      return {
        from: station(q.from) as { name: string; lat: number; lng: number },
        to: station(q.to) as { name: string; lat: number; lng: number },
        product: q.product,
        published_pence: q.pence,
        seen: q.seen,
        indexed_pence: Math.round(q.pence * factor * 100) / 100,
        ...src(q.row),
      };
    })
    .sort((a, b) => `${a.from.name}${a.to.name}`.localeCompare(`${b.from.name}${b.to.name}`));
  return {
    operator: 'ScotRail',
    price_level: priceLevel,
    all_day_rule: { text: abolition.rule_text ?? '', ...src(abolition) },
    rises,
    observations,
    excluded,
  };
}

// ---------------------------------------------------------------- councils and emission factors
/** Degrees around a region's councils where the land test knows land from sea (about 28 km north-south). */
const LAND_MARGIN_DEG = 0.25;

/**
 * A region's council areas, and for the land test (geo/land.ts) a box LAND_MARGIN_DEG around them
 * with every other council that reaches into it (only its polygons that do: Highland's islands stay out).
 */
function buildCouncils(names: readonly string[]) {
  const geo = JSON.parse(readFileSync(join(shared, 'tayside/geo/scotland-council-areas.geojson'), 'utf8')) as unknown;
  const all = councilAreasFromGeoJson(geo);
  const areas = all.filter((a) => names.includes(a.name));
  if (areas.length !== names.length) throw new Error(`council areas: expected ${names.join(', ')}`);
  const box = areas
    .map((a) => a.bbox!)
    .reduce((b, a) => [Math.min(b[0], a[0]), Math.min(b[1], a[1]), Math.max(b[2], a[2]), Math.max(b[3], a[3])]);
  const lngMargin = LAND_MARGIN_DEG / Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180);
  const bbox: [number, number, number, number] = [
    box[0] - lngMargin,
    box[1] - LAND_MARGIN_DEG,
    box[2] + lngMargin,
    box[3] + LAND_MARGIN_DEG,
  ];
  const meets = (b: readonly number[]) => b[0]! <= bbox[2] && b[2]! >= bbox[0] && b[1]! <= bbox[3] && b[3]! >= bbox[1];
  const neighbours = all
    .filter((a) => !names.includes(a.name))
    .map((a) => ({ ...a, polygons: a.polygons.filter((p) => meets(bboxOf([p]))) }))
    .filter((a) => a.polygons.length > 0)
    .map((a) => ({ name: a.name, bbox: bboxOf(a.polygons), polygons: a.polygons }));
  return {
    source_url: 'https://geoportal.statistics.gov.uk/',
    source_date: '2023',
    attribution:
      'Contains OS data (c) Crown copyright and database right (ONS/OS council area boundaries 2023, simplified; OGL v3)',
    areas: areas.map((a) => ({ name: a.name, bbox: a.bbox, polygons: a.polygons })),
    land: { bbox, neighbours },
  };
}

function buildEmissionFactors() {
  const text = readFileSync(join(shared, 'reference/emission-factors-desnz-2025.csv'), 'utf8');
  const factors = parseEmissionFactorsCsv(text);
  const note = factors.find((f) => f.mode === 'car' && f.fuel === 'diesel');
  if (!note) throw new Error('emission factors: no diesel car row');
  return {
    source: 'UK Government GHG conversion factors for company reporting 2025 (DESNZ), passenger transport rows',
    source_url: 'https://www.gov.uk/government/collections/government-conversion-factors-for-company-reporting',
    source_date: '2025',
    column_note: parseCsv(text).find((r) => r.mode === 'car' && r.fuel === 'diesel')?.notes ?? '',
    factors,
  };
}

// ---------------------------------------------------------------- write
const { fares, payment } = buildFares();
const outputs: Record<string, unknown> = {
  'taxis.json': buildTaxis(),
  'car-clubs.json': buildCarClubs(),
  'bike-hire.json': buildBikeHire(),
  'drt.json': buildDrt(),
  'fares.json': fares,
  'payment-methods.json': payment,
  'council-areas.json': buildCouncils(['Angus', 'Dundee City', 'Perth and Kinross', 'Stirling']),
  'emission-factors.json': buildEmissionFactors(),
};
mkdirSync(outDir, { recursive: true });
// ScotRail's fares are one national tariff: the north-east's trains are estimated from the same
// published returns (Dundee-Aberdeen among them) by the same formula. Its other fares stay empty.
const northEastFares = resolve(arg('--north-east-fares', 'data/regions/north-east/fares.json'));
const northEast = JSON.parse(readFileSync(northEastFares, 'utf8')) as Record<string, unknown>;
for (const [file, data] of Object.entries(outputs)) {
  const schema = REGION_COST_FILES[file as keyof typeof REGION_COST_FILES];
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  const text = file === 'council-areas.json' ? JSON.stringify(data) : JSON.stringify(data, null, 2);
  writeFileSync(join(outDir, file), `${text}\n`);
  console.log(`wrote ${join(outDir, file)}`);
}
const northEastOut = { ...northEast, rail: fares.rail };
const checked = REGION_COST_FILES['fares.json'].safeParse(northEastOut);
if (!checked.success) throw new Error(`${northEastFares}: ${checked.error.message}`);
writeFileSync(northEastFares, `${JSON.stringify(northEastOut, null, 2)}\n`);
console.log(`wrote ${northEastFares} (rail)`);
// The north-east's council areas (Aberdeen City, Aberdeenshire) and their land mask, cut the same way.
const northEastCouncils = join(dirname(northEastFares), 'council-areas.json');
writeFileSync(northEastCouncils, `${JSON.stringify(buildCouncils(['Aberdeen City', 'Aberdeenshire']))}\n`);
console.log(`wrote ${northEastCouncils}`);
