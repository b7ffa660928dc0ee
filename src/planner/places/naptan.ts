/**
 * Place-index records from NaPTAN stops (uk/naptan.ts reads them): bus stops, bus stations, taxi
 * ranks, rail station entrances, and the NPTG localities the stops name.
 */
import { townOf, type NaptanStop } from '../uk/naptan';
import type { PlaceRecord, PlaceType } from './types';

const KIND: Record<string, { type: PlaceType; what: string; importance: number; keywords: string[] }> = {
  BCT: { type: 'stop', what: 'Bus stop', importance: 0.3, keywords: ['bus', 'stop'] },
  BCS: { type: 'stop', what: 'Bus station stance', importance: 0.35, keywords: ['bus', 'station', 'stance'] },
  BST: { type: 'stop', what: 'Bus station entrance', importance: 0.35, keywords: ['bus', 'station'] },
  BCE: { type: 'stop', what: 'Bus station entrance', importance: 0.35, keywords: ['bus', 'station'] },
  TXR: { type: 'poi', what: 'Taxi rank', importance: 0.35, keywords: ['taxi', 'rank', 'cab'] },
  RSE: {
    type: 'stop',
    what: 'Railway station entrance',
    importance: 0.3,
    keywords: ['railway', 'station', 'train', 'entrance'],
  },
};

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const mean = (xs: number[]): number => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1e6) / 1e6;

/**
 * Place records: each active stop of a kind above; each bus station (its bays grouped by locality
 * and name) once as a station; and each NPTG locality the stops name that `known` towns do not
 * already cover (Broughty Ferry, a town, not only its station and streets), at its centre stops.
 */
export function naptanPlaces(
  stops: readonly NaptanStop[],
  known: readonly { label: string; lat: number; lng: number }[] = [],
): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  const stations = new Map<string, NaptanStop[]>();
  const localities = new Map<string, { name: string; parent: string; all: NaptanStop[]; centre: NaptanStop[] }>();
  for (const s of stops) {
    if (!s.active) continue;
    const kind = KIND[s.stopType];
    if (kind) {
      out.push({
        id: `naptan:${s.atco}`,
        label: s.label,
        secondary: [kind.what, s.street && s.street !== '-' ? s.street : townOf(s.locality, s.parentLocality)]
          .filter(Boolean)
          .join(', '),
        type: kind.type,
        lat: s.lat,
        lng: s.lon,
        importance: kind.importance,
        source: 'naptan',
        keywords: [...kind.keywords, s.locality, s.naptanCode].filter(Boolean),
      });
    }
    if (s.stopType === 'BCS' || s.stopType === 'BST') {
      const key = `${townOf(s.locality, s.parentLocality)}|${s.commonName}`;
      stations.set(key, [...(stations.get(key) ?? []), s]);
    }
    if (s.locality) {
      const key = `${s.locality}|${s.parentLocality}`;
      const loc = localities.get(key) ?? { name: s.locality, parent: s.parentLocality, all: [], centre: [] };
      localities.set(key, loc);
      loc.all.push(s);
      if (s.localityCentre) loc.centre.push(s);
    }
  }
  for (const [key, bays] of stations) {
    const [town, name] = key.split('|') as [string, string];
    const label = town && !name.toLowerCase().startsWith(town.toLowerCase()) ? `${town}, ${name}` : name;
    const named = /bus station/i.test(name) ? label : `${label} bus station`;
    out.push({
      id: `naptan:station:${slug(key)}`,
      label: named,
      secondary: `Bus station${bays.length > 1 ? `, ${bays.length} stances` : ''}`,
      type: 'station',
      lat: mean(bays.map((b) => b.lat)),
      lng: mean(bays.map((b) => b.lon)),
      importance: 0.6,
      source: 'naptan',
      keywords: ['bus', 'station', 'coach', bays[0]!.locality],
    });
  }
  const near = (name: string, lat: number, lng: number) =>
    known.some(
      (k) =>
        k.label.toLowerCase() === name.toLowerCase() && Math.abs(k.lat - lat) < 0.05 && Math.abs(k.lng - lng) < 0.08,
    );
  for (const loc of localities.values()) {
    const at = loc.centre.length > 0 ? loc.centre : loc.all;
    const lat = mean(at.map((s) => s.lat));
    const lng = mean(at.map((s) => s.lon));
    // "Dundee City Centre": the town's centre place (places/centres.ts) answers for it.
    const centre = /\b(city|town) centre$/i.test(loc.name);
    if (near(loc.name, lat, lng) || centre) continue;
    // A top-level locality with a dozen stops or more is a town; a smaller one or a district of a town is a village/district.
    const town = !loc.parent && loc.all.length >= 12;
    out.push({
      id: `naptan:locality:${slug(`${loc.name}-${loc.parent}`)}`,
      label: loc.name,
      secondary: loc.parent ? `District of ${loc.parent}` : 'Scotland',
      type: town ? 'town' : 'village',
      lat,
      lng,
      importance: town ? 0.5 : 0.3,
      source: 'naptan',
    });
  }
  return out;
}
