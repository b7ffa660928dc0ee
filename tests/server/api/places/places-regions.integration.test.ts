/**
 * Place search answers from the region snapshots the REGIONS manifests name: a test region in a
 * temporary folder (the Ember feed plus a small towns file) whose snapshot holds a town its
 * current sources no longer list, so finding it proves the answer came from the snapshot; a stale
 * snapshot is built around; a manifest without places adds none; Tayside plus the test region
 * answer from both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocompleteAnswerSchema, reverseAnswerSchema, type PlaceSuggestion } from '../../../../src/contract/places';
import { buildRegionSnapshot, writeRegionSnapshotFile } from '../../../../src/planner/region/build-node';
import { REPO_ROOT, TAYSIDE_MANIFEST } from '../../../../src/planner/region/load-node';
import { loadRegionPlaceIndexes } from '../../../../src/server/places/index-loader';
import { startApiServer, type ApiServer } from '../../helpers/api';

const EMBER_ZIP = path.join(REPO_ROOT, 'data/tayside/gtfs/ember-e1.zip');
const LONG_AGO = new Date('2020-01-01');
/** In the Minch, kilometres from any Scottish town. */
const SNAPSHOTTON = { lat: 58.2, lng: -5.95 };
/** Tayside's own Perth row: the same place (same id) in both regions. */
const PERTH_ROW = '"Perth",56.39522,-3.43139,W1';

/** A region manifest in `dir` with the Ember feed and, unless `places` is false, a towns file of these rows. */
function writeRegion(dir: string, name: string, towns: string[], places = true): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'towns.csv'), `name,lat,lng,admin2\n${towns.join('\n')}\n`);
  const manifest = {
    name,
    snapshot: `${name}.region.bin`,
    feeds: [{ name: 'ember', gtfs: EMBER_ZIP, stops: { kind: 'coach', operator: 'Ember', source: 'gtfs-ember' } }],
    ...(places
      ? {
          places: {
            geonames: 'towns.csv',
            admin2Councils: path.join(REPO_ROOT, 'data/tayside/geo/geonames-admin2-councils.csv'),
          },
        }
      : {}),
  };
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(manifest));
  return file;
}

/** Builds and writes the region's snapshot, then swaps its towns file for `laterTowns` dated before the snapshot. */
async function snapshotThenChangeSources(manifest: string, laterTowns: string[]): Promise<void> {
  const dir = path.dirname(manifest);
  await writeRegionSnapshotFile(
    path.join(dir, `${path.basename(manifest, '.json')}.region.bin`),
    await buildRegionSnapshot(manifest),
  );
  fs.writeFileSync(path.join(dir, 'towns.csv'), `name,lat,lng,admin2\n${laterTowns.join('\n')}\n`);
  for (const file of [manifest, path.join(dir, 'towns.csv')]) fs.utimesSync(file, LONG_AGO, LONG_AGO);
}

const quiet = () => {
  const messages: string[] = [];
  return {
    messages,
    log: {
      info: (_: object, m: string) => void messages.push(m),
      error: (_: object, m: string) => void messages.push(m),
    },
  };
};

let root: string;
let testRegion: string;
let only: ApiServer;
let both: ApiServer;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-regions-'));
  testRegion = writeRegion(path.join(root, 'minch'), 'minch', [
    `"Snapshotton",${SNAPSHOTTON.lat},${SNAPSHOTTON.lng},V3`,
    PERTH_ROW,
  ]);
  await snapshotThenChangeSources(testRegion, [`"Sourceville",${SNAPSHOTTON.lat},${SNAPSHOTTON.lng},V3`, PERTH_ROW]);
  only = await startApiServer({ regions: [testRegion] });
  both = await startApiServer({ regions: [TAYSIDE_MANIFEST, testRegion] });
}, 120_000);
afterAll(async () => {
  await only?.close();
  await both?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function suggest(server: ApiServer, q: string): Promise<PlaceSuggestion[]> {
  const response = await server.call('GET', `/v1/places/autocomplete?q=${encodeURIComponent(q)}`);
  expect(response.status, response.text).toBe(200);
  return autocompleteAnswerSchema.parse(response.json()).data;
}

async function reverse(server: ApiServer, lat: number, lng: number) {
  const response = await server.call('GET', `/v1/places/reverse?lat=${lat}&lng=${lng}`);
  expect(response.status, response.text).toBe(200);
  return reverseAnswerSchema.parse(response.json()).data;
}

describe('one region: the places of its snapshot', () => {
  it("answers autocomplete and reverse from the snapshot's places, not the sources changed since", async () => {
    expect((await suggest(only, 'Snapshotton'))[0]).toMatchObject({ label: 'Snapshotton', type: 'town' });
    expect(await suggest(only, 'Sourceville')).toEqual([]);
    expect(await reverse(only, SNAPSHOTTON.lat, SNAPSHOTTON.lng)).toMatchObject({
      label: 'Snapshotton',
      distance_m: 0,
    });
    // The feed's stops are places too; Tayside's postcodes are not in this region.
    expect((await suggest(only, 'Dundee')).some((s) => s.type === 'stop')).toBe(true);
    expect(await suggest(only, 'DD1 4HN')).toEqual([]);
  });

  it('builds the places from the sources when the snapshot is older than them, or missing', async () => {
    const stale = writeRegion(path.join(root, 'stale'), 'stale', [
      `"Snapshotton",${SNAPSHOTTON.lat},${SNAPSHOTTON.lng},V3`,
    ]);
    await snapshotThenChangeSources(stale, [`"Sourceville",${SNAPSHOTTON.lat},${SNAPSHOTTON.lng},V3`]);
    const current = quiet();
    expect((await loadRegionPlaceIndexes([stale], current.log)).search('Snapshotton')[0]?.label).toBe('Snapshotton');
    expect(current.messages).toEqual(['place index read from the region snapshot']);
    fs.utimesSync(path.join(root, 'stale/towns.csv'), new Date(), new Date(Date.now() + 60_000));
    const rebuilt = quiet();
    const set = await loadRegionPlaceIndexes([stale], rebuilt.log);
    expect(rebuilt.messages).toEqual(['place index built (no current region snapshot)']);
    expect(set.search('Sourceville')[0]?.label).toBe('Sourceville');
    expect(set.search('Snapshotton')).toEqual([]);
    fs.rmSync(path.join(root, 'stale/stale.region.bin'));
    expect((await loadRegionPlaceIndexes([stale])).search('Sourceville')[0]?.label).toBe('Sourceville');
  });

  it('adds no places for a manifest without a places section, saying so once', async () => {
    const bare = writeRegion(path.join(root, 'bare'), 'bare', [], false);
    const { messages, log } = quiet();
    const set = await loadRegionPlaceIndexes([bare, testRegion], log);
    expect(set.indexes).toHaveLength(1);
    expect(messages).toEqual([
      'region has no places section; it adds no places to place search',
      'place index read from the region snapshot',
    ]);
    const none = await loadRegionPlaceIndexes([bare]);
    expect(none.size).toBe(0);
    expect(none.search('Dundee')).toEqual([]);
    expect(none.reverse(SNAPSHOTTON.lat, SNAPSHOTTON.lng)).toBeNull();
  });
});

describe('two regions: Tayside and the test region', () => {
  it("finds each region's places", async () => {
    const postcode = await suggest(both, 'DD1 4HN');
    expect(postcode[0]).toMatchObject({ id: 'postcode:DD14HN', label: 'DD1 4HN', type: 'postcode' });
    expect((await suggest(both, 'Dundee station'))[0]).toMatchObject({ label: 'Dundee station', type: 'station' });
    expect((await suggest(both, 'Snapshotton'))[0]).toMatchObject({ label: 'Snapshotton', type: 'town' });
    expect(await reverse(both, postcode[0]!.lat, postcode[0]!.lng)).toMatchObject({
      id: 'postcode:DD14HN',
      distance_m: 0,
    });
    expect(await reverse(both, SNAPSHOTTON.lat, SNAPSHOTTON.lng)).toMatchObject({
      label: 'Snapshotton',
      distance_m: 0,
    });
    // Ullapool is a Tayside geonames town: the nearest town over both regions.
    expect(await reverse(both, 57.89872, -5.16039)).toMatchObject({ label: 'Ullapool', type: 'town' });
  });

  it('merges by score, at most 8, a place in both regions (Perth, the Ember stops) once', async () => {
    const set = await loadRegionPlaceIndexes([TAYSIDE_MANIFEST, testRegion]);
    expect(set.indexes).toHaveLength(2);
    for (const q of ['Perth', 'Dundee', 'Edinburgh', 'st', 'Snap']) {
      const answer = await suggest(both, q);
      expect(answer.length, q).toBeLessThanOrEqual(8);
      expect(new Set(answer.map((s) => s.id)).size, q).toBe(answer.length);
      expect(answer, q).toEqual(set.search(q, { bias: both.brands.defaultBrand.region.autocompleteBias }));
      // In score order over both regions.
      const scores = new Map<string, number>();
      for (const index of set.indexes) {
        const outcome = index.searchScored(q, { bias: both.brands.defaultBrand.region.autocompleteBias });
        if (outcome.ok)
          for (const { place, score } of outcome.results)
            scores.set(place.id, Math.max(scores.get(place.id) ?? -Infinity, score));
      }
      const ordered = answer.map((s) => scores.get(s.id)!);
      expect(ordered, q).toEqual([...ordered].sort((a, b) => b - a));
    }
    expect((await suggest(both, 'Perth')).filter((s) => s.label === 'Perth' && s.type === 'town')).toHaveLength(1);
  });
});
