/** The import report on a deliberately broken copy of a real feed (Ember E1), and fatal errors. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { GtfsImportError } from '../../../src/planner/timetable/report';
import { MemorySource, SHARED_DATA } from '../transit/helpers';

function emberFiles(): Record<string, string> {
  const files = unzipSync(new Uint8Array(readFileSync(resolve(SHARED_DATA, 'tayside/gtfs/ember-e1.zip'))));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const lineCount = (text: string) => text.trimEnd().split('\n').length;

describe('import report on a broken copy of the Ember feed', () => {
  it('lists each defect with its file, line and column, and still imports the rest', async () => {
    const files = emberFiles();
    const stopTimes = files['stop_times.txt'] as string;
    const firstTrip = (stopTimes.split('\n')[1] as string).split(',')[0] as string;
    // Defects: a trip calling at an unknown stop, a row for an unknown trip, a trip on an unknown route, a bad time.
    files['stop_times.txt'] =
      `${stopTimes.trimEnd()}\n${firstTrip},23:00:00,23:00:00,NO_SUCH_STOP,99,0,0,0,1\nGHOST,10:00:00,10:00:00,640014188,1,0,0,0,1\n`;
    const trips = files['trips.txt'] as string;
    files['trips.txt'] = `${trips.trimEnd()}\nNO_ROUTE,333,orphan,Nowhere,0,,1,1\n`;
    files['stop_times.txt'] += 'orphan,7:xx:00,07:00:00,640014188,0,0,0,0,1\n';
    // Messy but legal: BOM, CRLF line ends and a quoted name with a comma.
    files['stops.txt'] =
      `\ufeff${(files['stops.txt'] as string).replace('Dundee Greenmarket', '"Dundee, Greenmarket"').replace(/\n/g, '\r\n')}`;
    const tt = await buildTimetable([{ source: new MemorySource('ember', files, 4096) }]);
    const w = tt.report.warnings;
    const stopLines = lineCount(stopTimes);
    expect(w).toContainEqual(
      expect.objectContaining({
        file: 'stop_times.txt',
        line: stopLines + 1,
        column: 'stop_id',
        message: expect.stringContaining('NO_SUCH_STOP'),
      }),
    );
    expect(w).toContainEqual(
      expect.objectContaining({
        file: 'stop_times.txt',
        line: stopLines + 2,
        column: 'trip_id',
        message: expect.stringContaining('GHOST'),
      }),
    );
    expect(w).toContainEqual(
      expect.objectContaining({
        file: 'trips.txt',
        line: lineCount(trips) + 1,
        column: 'route_id',
        message: expect.stringContaining('NO_ROUTE'),
      }),
    );
    expect(w).toContainEqual(
      expect.objectContaining({ file: 'stop_times.txt', line: stopLines + 3, column: 'trip_id' }),
    );
    // The BOM and CRLF did not disturb the stops, and the quoted comma survived.
    expect(tt.stopNames).toContain('Dundee, Greenmarket');
    expect(tt.stopDisplayIds).toContain('640014188');
    expect(tt.report.feeds[0]?.trips).toBe(316);
  });

  it('stops with a message naming file, line and column when a required column is missing', async () => {
    const files = emberFiles();
    files['stops.txt'] = (files['stops.txt'] as string).replace(/^stop_id,/, 'stop_code_x,');
    const attempt = buildTimetable([{ source: new MemorySource('ember', files, 4096) }]);
    await expect(attempt).rejects.toBeInstanceOf(GtfsImportError);
    await expect(attempt).rejects.toMatchObject({ issue: { file: 'stops.txt', line: 1, column: 'stop_id' } });
  });

  it('stops when a required file is missing', async () => {
    const files = emberFiles();
    delete files['trips.txt'];
    await expect(buildTimetable([{ source: new MemorySource('ember', files) }])).rejects.toMatchObject({
      issue: { file: 'trips.txt' },
    });
  });
});
