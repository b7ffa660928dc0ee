/**
 * "Dundee city centre", "Forfar town centre": a centre place for each town, where people mean it.
 * NaPTAN flags the stops at a locality's recognised centre (LocalityCentre); the centre place sits
 * at the middle one of them (the stop nearest all the others: a real stop, never a point between
 * two streets), preferring a "<Town> City/Town Centre" child locality (Dundee's: Albert Square)
 * and active stops. A town whose locality flags no centre stop near it keeps its own point
 * (GeoNames places a town at its centre). Scotland's cities (Aberdeen, Dundee, Dunfermline,
 * Edinburgh, Glasgow, Inverness, Perth, Stirling) take "city centre", other towns "town centre";
 * either word finds either ("Perth town centre"). A centre the stops' localities already name is
 * not repeated.
 */
import { distance } from '../geo/geo';
import type { NaptanStop } from '../uk/naptan';
import type { PlaceRecord } from './types';

const CITIES = new Set(['aberdeen', 'dundee', 'dunfermline', 'edinburgh', 'glasgow', 'inverness', 'perth', 'stirling']);

/** Metres: a locality's centre stops farther than this from the town's point belong to another place of that name. */
export const CENTRE_STOP_RADIUS_M = 10_000;

/** Whether a place name is one of Scotland's cities (also the fallback map's larger labels). */
export const isScottishCity = (name: string): boolean => CITIES.has(name.trim().toLowerCase());

const point = (s: NaptanStop) => ({ lat: s.lat, lng: s.lon });

/** The stop nearest all the others (least summed distance). */
function medoid(stops: readonly NaptanStop[]): NaptanStop | undefined {
  let best: NaptanStop | undefined;
  let bestSum = Infinity;
  for (const a of stops) {
    let sum = 0;
    for (const b of stops) sum += distance(point(a), point(b));
    if (sum < bestSum) {
      bestSum = sum;
      best = a;
    }
  }
  return best;
}

/**
 * The NaPTAN stop at a town's recognised centre, or undefined when its locality flags none near it:
 * the "<Town> City Centre" / "<Town> Town Centre" locality's centre stops first, else the town's own
 * locality's; active stops where there are any.
 */
export function localityCentreStop(
  town: { label: string; lat: number; lng: number },
  stops: readonly NaptanStop[],
): NaptanStop | undefined {
  // "Blairgowrie and Rattray": either town's locality names it.
  const names = new Set([town.label, ...town.label.split(/\s+and\s+/i)].map((n) => n.trim().toLowerCase()));
  const near = (s: NaptanStop) => distance(point(s), town) <= CENTRE_STOP_RADIUS_M;
  const flagged = stops.filter((s) => s.localityCentre && near(s));
  const centreLocality = flagged.filter((s) =>
    names.has(/^(.*) (city|town) centre$/i.exec(s.locality)?.[1]?.toLowerCase() ?? ''),
  );
  // A locality may sit within a larger one (Scone in Perth, Invergowrie in Dundee): the name and the distance decide.
  const own = flagged.filter((s) => names.has(s.locality.trim().toLowerCase()));
  for (const group of [centreLocality, own]) {
    const active = group.filter((s) => s.active);
    const chosen = medoid(active.length > 0 ? active : group);
    if (chosen) return chosen;
  }
  return undefined;
}

export function townCentres(
  towns: readonly PlaceRecord[],
  existing: readonly PlaceRecord[] = [],
  naptan: readonly NaptanStop[] = [],
): PlaceRecord[] {
  const have = new Set(existing.map((r) => r.label.toLowerCase()));
  const out: PlaceRecord[] = [];
  for (const t of towns) {
    if (t.type !== 'town') continue;
    const city = isScottishCity(t.label);
    const label = `${t.label} ${city ? 'city' : 'town'} centre`;
    if (have.has(label.toLowerCase())) continue;
    have.add(label.toLowerCase());
    const stop = localityCentreStop(t, naptan);
    out.push({
      id: `${t.id}:centre`,
      label,
      secondary: `${city ? 'City' : 'Town'} centre, ${t.label}${stop ? ` (${stop.commonName})` : ''}`,
      type: 'town',
      lat: stop ? stop.lat : t.lat,
      lng: stop ? stop.lon : t.lng,
      importance: Math.max(0, t.importance - 0.05),
      source: stop ? 'naptan' : t.source,
      keywords: ['centre', 'center', 'city', 'town'],
    });
  }
  return out;
}
