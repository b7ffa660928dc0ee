/**
 * `npm run region -- build` end to end: the test manifest's sources served by a local HTTP server
 * (the way a deployment fetches Traveline, NaPTAN and RDG files), one of them dropping the
 * connection half way (the download resumes with a Range request), then a corrupt download
 * caught by its checksum; the validation report (JSON and HTML) and the planner answering from
 * the built snapshot.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegion } from '../../../src/planner/cli/region';
import { readRegionSnapshotFile } from '../../../src/planner/region/build-node';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { accessFromStop, egressToStop, findStop } from '../../../src/planner/transit/places';
import { Planner } from '../../../src/planner/transit/planner';
import { SHARED_DATA } from '../transit/helpers';

const FILES: Record<string, string> = {
  '/rdg/ttisf585.zip': 'test/cif/atoc-2020-sample.zip',
  '/ember/ember-e1.zip': 'tayside/gtfs/ember-e1.zip',
  '/tnds/SVRABAO421.xml': 'north-east/txc/SVRABAO421.xml',
  '/naptan/dundee.csv': 'tayside/naptan/dundee.csv',
  '/naptan/perth-kinross.csv': 'tayside/naptan/perth-kinross.csv',
  '/naptan/aberdeenshire.csv': 'north-east/naptan/aberdeenshire.csv',
  '/boundaries/councils.geojson': 'tayside/geo/scotland-council-areas.geojson',
};
const dir = mkdtempSync(join(tmpdir(), 'drover-region-'));
let server: Server;
let base = '';
const requests: { path: string; range: string }[] = [];
/** Paths whose next response is cut after half its bytes (a dropped connection). */
const dropOnce = new Set<string>();
/** Paths served with a byte flipped (a corrupt download). */
const corrupt = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    const file = FILES[path];
    requests.push({ path, range: req.headers.range ?? '' });
    if (!file) return void res.writeHead(404).end();
    let bytes = readFileSync(resolve(SHARED_DATA, file));
    if (corrupt.has(path)) {
      bytes = Buffer.from(bytes);
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const body = bytes.subarray(start);
    res.writeHead(range ? 206 : 200, {
      'content-length': body.length,
      ...(range ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    if (dropOnce.delete(path)) {
      res.write(body.subarray(0, body.length >> 1), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

function manifest(name: string, checksums: Record<string, string> = {}): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      name,
      snapshot: `${name}.region.bin`,
      clip: {
        councilAreas: `${base}/boundaries/councils.geojson`,
        councils: ['Dundee City', 'Perth and Kinross', 'Angus', 'Aberdeenshire'],
        marginKm: 5,
      },
      feeds: [
        { name: 'rail', cif: `${base}/rdg/ttisf585.zip` },
        { name: 'ember', gtfs: `${base}/ember/ember-e1.zip` },
        { name: 'bus', txc: [`${base}/tnds/SVRABAO421.xml`] },
      ],
      naptan: ['dundee', 'perth-kinross', 'aberdeenshire'].map((n) => `${base}/naptan/${n}.csv`),
      costs: resolve(SHARED_DATA, 'regions/tayside'),
      checksums,
    }),
  );
  return path;
}

const sha = (file: string) =>
  createHash('sha256')
    .update(readFileSync(resolve(SHARED_DATA, file)))
    .digest('hex');

describe('npm run region -- build', () => {
  it('downloads through a dropped connection, validates, clips and builds a region the planner answers from', async () => {
    dropOnce.add('/rdg/ttisf585.zip');
    const result = await buildRegion(
      manifest('published', { [`${base}/rdg/ttisf585.zip`]: sha(FILES['/rdg/ttisf585.zip']!) }),
      {
        today: new Date(Date.UTC(2020, 2, 20)),
        quiet: true,
      },
    );
    // The CIF download was resumed from where the connection dropped, and its checksum recorded.
    const cif = result.downloads.find((d) => d.url.endsWith('/rdg/ttisf585.zip'))!;
    expect(cif.attempts).toBe(2);
    expect(cif.sha256).toBe(sha(FILES['/rdg/ttisf585.zip']!));
    expect(requests.filter((r) => r.path === '/rdg/ttisf585.zip').map((r) => r.range)).toEqual([
      '',
      expect.stringMatching(/^bytes=\d+-$/),
    ]);
    const records = JSON.parse(readFileSync(join(dir, 'downloads', 'published', 'downloads.json'), 'utf8'));
    expect(Object.keys(records)).toHaveLength(Object.keys(FILES).length);

    // Validation: no errors; rail clipped to the councils; the report as JSON and as HTML.
    expect(result.report.summary.errors).toBe(0);
    expect(result.report.feeds.rail).toMatchObject({ schedules: 20_000 });
    expect(Number(result.report.feeds.rail!.outsideRegion)).toBeGreaterThan(10_000);
    expect(result.report.rules.map((r) => r.code)).toContain('clipped_out');
    const html = readFileSync(result.reportPaths.html, 'utf8');
    expect(html).toMatch(/<html lang="en-GB">/);
    expect(html).toMatch(/<h1>Validation report: published<\/h1>/);
    expect(JSON.parse(readFileSync(result.reportPaths.json, 'utf8')).summary).toEqual(result.report.summary);

    // The snapshot and the offline pack; the planner answers Dundee -> Perth from it.
    expect(result.snapshot).not.toBeNull();
    expect(result.pack!.sha256).toBe(createHash('sha256').update(readFileSync(result.snapshot!)).digest('hex'));
    const snap = await readRegionSnapshotFile(result.snapshot!);
    const tt = snap.timetable;
    const plan = new Planner(tt).plan({
      date: parseDay('2020-03-24'),
      time: 8 * 3600,
      access: accessFromStop(tt, findStop(tt, 'DUNDETB')!),
      egress: egressToStop(tt, findStop(tt, 'PERTH')!),
    });
    expect(plan.paths.length).toBeGreaterThan(0);

    // A second run uses the downloads it has.
    const before = requests.length;
    await buildRegion(manifest('published'), { today: new Date(Date.UTC(2020, 2, 20)), quiet: true });
    expect(requests.length).toBe(before);
  }, 180_000);

  it('stops on a corrupt download, naming it, and leaves no file behind', async () => {
    corrupt.add('/ember/ember-e1.zip');
    await expect(
      buildRegion(manifest('corrupt', { [`${base}/ember/ember-e1.zip`]: sha(FILES['/ember/ember-e1.zip']!) }), {
        today: new Date(Date.UTC(2020, 2, 20)),
        quiet: true,
      }),
    ).rejects.toThrow(/ember-e1\.zip: checksum mismatch .*corrupt download, removed/);
    corrupt.clear();
  }, 180_000);
});
