/**
 * Assemble a region's place records from its source texts and stop records.
 * Pure: sources-node.ts reads the files, a browser could pass fetched texts.
 */
import { ATTRIBUTIONS } from './attributions';
import { parseCsv } from '../common/csv';
import { LocalityFinder } from './locality';
import { canonicalPostcode } from './normalize';
import {
  boostTownsByService,
  placesFromGeonames,
  placesFromHealthSites,
  placesFromOsm,
  placesFromParkPlaces,
  placesFromPostcodes,
  placesFromStops,
  streetsFromPostcodes,
} from './sources';
import type { SkippedRow } from './sources';
import type { Attribution, OsmPlaceInput, PlaceRecord, StopInput } from './types';
import type { NaptanStop } from '../uk/naptan';
import { naptanPlaces } from './naptan';
import { townCentres } from './centres';

/**
 * Bump when the records made from the same sources change (names, localities, ranking data),
 * so cached indexes built by older code are rebuilt. 2: stops and sites take the locality of
 * the live postcodes beside them. 3: town centres at NaPTAN's LocalityCentre stops.
 */
export const PLACE_RECIPE_VERSION = 3;

export interface RegionSources {
  /** scotland-places-geonames.csv */
  geonamesCsv?: string;
  /** geonames-admin2-councils.csv (admin2,council_area,...) */
  admin2CouncilsCsv?: string;
  /** dundee-postcodes.csv (ONS Postcode Directory extract) */
  postcodesCsv?: string;
  /** facts/health_sites.csv */
  healthSitesCsv?: string;
  /** facts/park_places.csv */
  parkPlacesCsv?: string;
  stops?: readonly StopInput[];
  osm?: readonly OsmPlaceInput[];
  /** NaPTAN stops (uk/naptan.ts): bus stops and stations, taxi ranks, rail entrances, localities. */
  naptan?: readonly NaptanStop[];
}

export interface RegionPlaces {
  records: PlaceRecord[];
  attributions: Attribution[];
  /** Source rows left out, and why (closed sites, rows without coordinates). */
  skipped: SkippedRow[];
  counts: Record<string, number>;
}

export function assembleRegionPlaces(src: RegionSources): RegionPlaces {
  const skipped: SkippedRow[] = [];
  const councils = new Map(parseCsv(src.admin2CouncilsCsv ?? '').map((r) => [r.admin2 ?? '', r.council_area ?? '']));
  const towns = placesFromGeonames(parseCsv(src.geonamesCsv ?? ''), councils);
  const finder = new LocalityFinder(towns.map((t) => ({ name: t.label, lat: t.lat, lng: t.lng })));
  const stops = src.stops ?? [];
  boostTownsByService(towns, stops);

  const postcodeRows = parseCsv(src.postcodesCsv ?? '');
  const postcodes = placesFromPostcodes(postcodeRows, finder);
  const byPostcode = new Map(postcodes.map((p) => [p.label, p]));
  const postcodePoint = (text: string): { lat: number; lng: number } | undefined => {
    const pc = canonicalPostcode(text);
    const hit = pc ? byPostcode.get(pc) : undefined;
    return hit ? { lat: hit.lat, lng: hit.lng } : undefined;
  };
  const streets = streetsFromPostcodes(postcodeRows, finder);
  // Sites and stops take the locality of a live postcode beside them where there is one.
  const near = finder.withPostcodes(postcodes.map((p) => ({ name: p.secondary, lat: p.lat, lng: p.lng })));
  const health = placesFromHealthSites(parseCsv(src.healthSitesCsv ?? ''), postcodePoint, near, skipped);
  const park = placesFromParkPlaces(parseCsv(src.parkPlacesCsv ?? ''), towns, near, skipped);
  const stopPlaces = placesFromStops(stops, near);
  const osm = placesFromOsm(src.osm ?? [], near);
  const naptan = naptanPlaces(src.naptan ?? [], towns);
  const centres = townCentres([...towns, ...naptan.filter((r) => r.type === 'town')], naptan, src.naptan ?? []);

  const records = [
    ...towns,
    ...centres,
    ...park,
    ...health,
    ...stopPlaces,
    ...naptan,
    ...streets,
    ...postcodes,
    ...osm,
  ];
  const used = new Set(records.map((r) => r.source));
  if (councils.size > 0) used.add('council-areas');
  return {
    records,
    attributions: ATTRIBUTIONS.filter((a) => used.has(a.key)),
    skipped,
    counts: {
      towns: towns.length,
      park: park.length,
      health: health.length,
      stops: stopPlaces.length,
      streets: streets.length,
      postcodes: postcodes.length,
      osm: osm.length,
      ...(src.naptan ? { naptan: naptan.length } : {}),
      centres: centres.length,
    },
  };
}
