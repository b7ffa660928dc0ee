/**
 * `npm run planner -- plan --from "lat,lng" --to "lat,lng" --depart|--arrive "<ISO local>" [--return "<ISO local>"]
 *   [--profile <json>] [--block taxi,own-car] [--appointment <minutes>] [--manifest <region.json>] [--build] [--json] [--why]`
 * Door-to-door journeys over a region (Tayside by default), printed in the SPEC's default order
 * (emissions). --why also prints each option the result filter chain removed, with its rule and reason.
 */
import { PlanError, type PlanProfile, type PlanRequest } from '../plan/request';
import type { Removal } from '../plan/filters/index';
import { plan } from '../plan/plan';
import { sortByEmissions } from '../journey/result-set';
import { loadRegionFromManifest, TAYSIDE_MANIFEST } from '../region/load-node';
import type { Journey, TravelType } from '../journey/types';
import { TRAVEL_TYPES } from '../journey/types';
import { flag, parseArgs } from './args';

const USAGE =
  'usage: planner plan --from "lat,lng" --to "lat,lng" --depart|--arrive "YYYY-MM-DDTHH:MM" [--return "YYYY-MM-DDTHH:MM"] [--profile \'{"has_access_to_car":true}\'] [--block taxi,own-car] [--appointment <minutes>] [--manifest <file>] [--build] [--json] [--why]';

function point(text: string | undefined, label: string) {
  const m = text ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text) : null;
  if (!m) throw new Error(`--${label} must be "lat,lng"`);
  return { label: `${m[1]},${m[2]}`, lat: Number(m[1]), lng: Number(m[2]) };
}

export async function planCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'build', 'why']);
  const depart = flag(args, 'depart');
  const arrive = flag(args, 'arrive');
  if (!flag(args, 'from') || !flag(args, 'to') || (!depart && !arrive)) {
    console.error(USAGE);
    return 2;
  }
  const blocked = (flag(args, 'block')?.split(',') ?? []).filter(Boolean);
  for (const b of blocked)
    if (!(TRAVEL_TYPES as readonly string[]).includes(b))
      throw new Error(`unknown travel type '${b}' (${TRAVEL_TYPES.join(', ')})`);
  const profileText = flag(args, 'profile');
  const request: PlanRequest = {
    origin: point(flag(args, 'from'), 'from'),
    destination: point(flag(args, 'to'), 'to'),
    ...(arrive ? { arrive_time: arrive } : { out_time: depart as string }),
    ...(flag(args, 'return') ? { return_time: flag(args, 'return') as string } : {}),
    ...(profileText ? { profile: parseProfile(profileText) } : {}),
    blocked_travel_types: blocked as TravelType[],
    ...(flag(args, 'appointment') ? { appointment_minutes: Number(flag(args, 'appointment')) } : {}),
  };
  const started = performance.now();
  const region = await loadRegionFromManifest(flag(args, 'manifest') ?? TAYSIDE_MANIFEST, {
    timetable: flag(args, 'build') ? 'build' : 'snapshot',
  });
  const loaded = performance.now();
  const json = flag(args, 'json') !== undefined;
  let journeys: Journey[] = [];
  const removed: Removal[] = [];
  try {
    for await (const j of plan(request, { regions: [region], onRemoved: (r) => removed.push(r) })) journeys.push(j);
    // plan() streams the direct modes first; a reader wants the SPEC's order (lowest emissions first).
    journeys = sortByEmissions(journeys);
    if (!json) for (const j of journeys) console.log(describe(j));
  } catch (err) {
    if (err instanceof PlanError) {
      console.error(`cannot plan (${err.code}, ${err.field}): ${err.message}`);
      return 1;
    }
    throw err;
  }
  const why = flag(args, 'why') !== undefined;
  if (json) console.log(JSON.stringify(why ? { journeys, removed } : { journeys }, null, 2));
  else {
    if (why) {
      console.log(`removed by the filter chain (${removed.length}):`);
      for (const r of removed) console.log(`  - [${r.id}] ${r.option}: ${r.rule}: ${r.reason}`);
    }
    console.log(
      `${journeys.length} journeys; region loaded in ${Math.round(loaded - started)} ms, planned in ${Math.round(performance.now() - loaded)} ms`,
    );
  }
  return 0;
}

function parseProfile(text: string): PlanProfile {
  try {
    return JSON.parse(text) as PlanProfile;
  } catch (err) {
    throw new Error(
      `--profile must be JSON like '{"has_access_to_car":true,"railcard_type":"16-25 Railcard"}' (${(err as Error).message})`,
    );
  }
}

function describe(j: Journey): string {
  const lines = [
    `[${j.id}] ${j.transport_mode} ${j.depart.departure_date} ${j.depart.departure_at}-${j.depart.arrival_at} (${j.duration.text}), ${j.cost}, ${j.carbon_emission} kg CO2e, walk ${j.total_walking_distance} m, wait ${Math.round(j.total_wait_time / 60)} min${j.tags.length ? ` [${j.tags.join(', ')}]` : ''}${j.estimated ? ' (street legs estimated)' : ''}${[j.depart, j.return].some((l) => l?.steps.some((s) => s.transit?.frequency)) ? ' (bus times estimated)' : ''}`,
  ];
  if (j.eligibility) lines.push(`  Only for ${j.eligibility}`);
  if (j.return_unavailable) lines.push(`  ${j.return_unavailable}`);
  const legs = j.return
    ? ([
        ['out', j.depart],
        ['back', j.return],
      ] as const)
    : ([['out', j.depart]] as const);
  for (const [name, leg] of legs) {
    if (j.return) lines.push(`  ${name}: ${leg.departure_date} ${leg.departure_at}-${leg.arrival_at}`);
    if (leg.time_gap) lines.push(`  ${leg.time_gap.text}`);
    for (const s of leg.steps)
      lines.push(
        `    ${s.departure_time}-${s.arrival_time} ${s.type}: ${s.description} (${s.distance.text}, ${s.cost_note ? `${s.cost}: ${s.cost_note}` : s.cost})`,
      );
  }
  return lines.join('\n');
}
