/** `planner query [--snapshot f] --from <stop_id|lat,lng> --to <...> --depart|--arrive <ISO local> [--window min] [--json]` */
import { accessFromStop, egressToStop, findStop, stopsNear } from '../transit/places';
import { toItinerary, type Itinerary } from '../transit/itinerary';
import { formatIsoDateTime, parseIsoDateTime, serviceSeconds } from '../common/local-time';
import { Planner } from '../transit/planner';
import type { StopTime } from '../raptor/transit-data';
import type { Timetable } from '../timetable/model';
import { TRANSIT_MODES, type TransitMode } from '../timetable/modes';
import { flag, parseArgs } from './args';
import { loadSnapshot } from './load';

const USAGE =
  'usage: planner query [--snapshot <file>] --from <stop_id|lat,lng> --to <stop_id|lat,lng> --depart|--arrive <YYYY-MM-DDTHH:MM> [--window <minutes>] [--max-transfers n] [--wheelchair] [--modes rail,bus] [--json]';

export async function queryCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'wheelchair']);
  const from = flag(args, 'from');
  const to = flag(args, 'to');
  const when = flag(args, 'depart') ?? flag(args, 'arrive');
  if (!from || !to || !when) {
    console.error(USAGE);
    return 2;
  }
  const tt = await loadSnapshot(flag(args, 'snapshot'));
  const access = place(tt, from, 'access');
  const egress = place(tt, to, 'egress');
  const local = parseIsoDateTime(when);
  const { date } = local;
  // Wall clock in the timetable's time zone -> seconds on the service day (they differ around a clock change).
  const time = serviceSeconds(date, local.time, tt.timezone);
  const arriveBy = flag(args, 'arrive') !== undefined;
  const modes = flag(args, 'modes')?.split(',') as TransitMode[] | undefined;
  for (const m of modes ?? [])
    if (!TRANSIT_MODES.includes(m)) throw new Error(`unknown mode '${m}' (${TRANSIT_MODES.join(', ')})`);
  const window = Number(flag(args, 'window') ?? 0) * 60;
  const result = new Planner(tt).plan({
    date,
    time,
    access,
    egress,
    arriveBy,
    ...(window > 0 ? { window } : {}),
    ...(flag(args, 'max-transfers') ? { maxTransfers: Number(flag(args, 'max-transfers')) } : {}),
    ...(flag(args, 'wheelchair') ? { wheelchair: true } : {}),
    ...(modes ? { modes } : {}),
  });
  const journeys = result.paths.map((p) => toItinerary(tt, date, p));
  if (flag(args, 'json')) {
    console.log(
      JSON.stringify({ journeys: journeys.map((j) => toJson(date, j, tt.timezone)), notices: result.notices }, null, 2),
    );
  } else {
    for (const n of result.notices) console.log(`note: ${n}`);
    if (journeys.length === 0) console.log('no journeys found');
    journeys.forEach((j, i) => console.log(describe(date, j, i + 1, tt.timezone)));
  }
  return 0;
}

function place(tt: Timetable, text: string, side: 'access' | 'egress'): StopTime[] {
  const coord = /^(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)$/.exec(text);
  if (coord) {
    const near = stopsNear(tt, Number(coord[1]), Number(coord[2]));
    if (near.length === 0) throw new Error(`no stop within 1 km of ${text}`);
    return near;
  }
  const stop = findStop(tt, text);
  if (stop === undefined) throw new Error(`unknown stop '${text}'`);
  return side === 'access' ? accessFromStop(tt, stop) : egressToStop(tt, stop);
}

function describe(date: number, j: Itinerary, n: number, tz: string | undefined): string {
  const at = (t: number) => formatIsoDateTime(date, t, tz);
  const hhmm = (t: number) => at(t).slice(11, 16);
  const mins = Math.round((j.arrival - j.departure) / 60);
  const lines = [
    `Journey ${n}: depart ${at(j.departure)}, arrive ${at(j.arrival)} (${Math.floor(mins / 60)}h${String(mins % 60).padStart(2, '0')}, ${j.transfers} change${j.transfers === 1 ? '' : 's'})`,
  ];
  for (const l of j.legs) {
    if (l.mode === 'walk') {
      lines.push(
        `  ${hhmm(l.departure)}-${hhmm(l.arrival)} walk${l.from ? ` from ${l.from.name} [${l.from.stopId}]` : ''}${l.to ? ` to ${l.to.name} [${l.to.stopId}]` : ''}`,
      );
    } else {
      lines.push(
        `  ${hhmm(l.departure)} ${l.route.mode} ${l.route.shortName || l.route.longName} (${l.agency.name}) towards ${l.headsign}, trip ${l.tripId}`,
      );
      lines.push(
        `        from ${l.from.name} [${l.from.stopId}] to ${l.to.name} [${l.to.stopId}], arrive ${hhmm(l.arrival)}, ${l.intermediateStops.length} stops between`,
      );
    }
  }
  return lines.join('\n');
}

function toJson(date: number, j: Itinerary, tz: string | undefined) {
  const iso = (t: number) => formatIsoDateTime(date, t, tz);
  return {
    departure: iso(j.departure),
    arrival: iso(j.arrival),
    transfers: j.transfers,
    legs: j.legs.map((l) =>
      l.mode === 'walk'
        ? {
            mode: 'walk',
            kind: l.kind,
            from_stop_id: l.from?.stopId ?? null,
            to_stop_id: l.to?.stopId ?? null,
            departure: iso(l.departure),
            arrival: iso(l.arrival),
          }
        : {
            mode: l.route.mode,
            trip_id: l.tripId,
            route: l.route.shortName || l.route.longName,
            agency: l.agency.name,
            headsign: l.headsign,
            from_stop_id: l.from.stopId,
            to_stop_id: l.to.stopId,
            departure: iso(l.departure),
            arrival: iso(l.arrival),
            service_date: l.serviceDate,
          },
    ),
  };
}
