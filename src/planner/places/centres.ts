/**
 * "Dundee city centre", "Forfar town centre": a centre place for each town, at the town's own
 * point (GeoNames places a town at its centre). Scotland's cities (Aberdeen, Dundee, Dunfermline,
 * Edinburgh, Glasgow, Inverness, Perth, Stirling) take "city centre", other towns "town centre";
 * either word finds either ("Perth town centre"). A centre the stops' localities already name
 * ("Dundee City Centre", NaPTAN) is not repeated.
 */
import type { PlaceRecord } from './types';

const CITIES = new Set(['aberdeen', 'dundee', 'dunfermline', 'edinburgh', 'glasgow', 'inverness', 'perth', 'stirling']);

/** Whether a place name is one of Scotland's cities (also the fallback map's larger labels). */
export const isScottishCity = (name: string): boolean => CITIES.has(name.trim().toLowerCase());

export function townCentres(towns: readonly PlaceRecord[], existing: readonly PlaceRecord[] = []): PlaceRecord[] {
  const have = new Set(existing.map((r) => r.label.toLowerCase()));
  const out: PlaceRecord[] = [];
  for (const t of towns) {
    if (t.type !== 'town') continue;
    const city = isScottishCity(t.label);
    const label = `${t.label} ${city ? 'city' : 'town'} centre`;
    if (have.has(label.toLowerCase())) continue;
    have.add(label.toLowerCase());
    out.push({
      id: `${t.id}:centre`,
      label,
      secondary: `${city ? 'City' : 'Town'} centre, ${t.label}`,
      type: 'town',
      lat: t.lat,
      lng: t.lng,
      importance: Math.max(0, t.importance - 0.05),
      source: t.source,
      keywords: ['centre', 'center', 'city', 'town'],
    });
  }
  return out;
}
