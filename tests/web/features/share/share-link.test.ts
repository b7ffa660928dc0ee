/** What a shared link carries (issue 31): the search and journey, nothing of the sharer's. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../src/contract/journey';
import { shareTarget } from '../../../../src/web/features/share/share-link';

const journey = journeySchema.parse(
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../journey/fixtures/dundee-perth-return.json'), 'utf8'),
  ) as unknown,
);

describe('shareTarget', () => {
  it("is the journey's own address with only the leg to show first", () => {
    const t = shareTarget('https://regional.example', journey, { hash: 'abc', journeyId: 'j 1', onDevice: false });
    expect(t.kind).toBe('journey');
    expect(t.url).toBe('https://regional.example/search/abc/results/j%201');
    const back = shareTarget('https://r.example', journey, {
      hash: 'abc',
      journeyId: 'j',
      onDevice: false,
      journeyType: 'return',
    });
    expect(new URL(back.url).search).toBe('?journeyType=return');
    expect(t.text).toBe(
      `Dundee Railway Station to Perth, Mon 30 Nov: leave ${journey.depart.departure_at}, arrive ${journey.depart.arrival_at}; back at ${journey.return!.departure_at}`,
    );
  });

  it('a journey planned on the device is shared as a planner link for the same trip', () => {
    const t = shareTarget('https://r.example', journey, { hash: 'device-1', journeyId: 'x', onDevice: true });
    expect(t.kind).toBe('planner');
    const q = new URL(t.url).searchParams;
    expect(q.get('from')).toBe(`${journey.origin.lat.toFixed(5)},${journey.origin.lng.toFixed(5)}`);
    expect(q.get('to_name')).toBe(journey.destination.label);
    expect(q.get('time')).toBe(`${journey.depart.departure_date}T${journey.depart.departure_at}`);
    expect(q.get('return')).toBe(`${journey.return!.departure_date}T${journey.return!.departure_at}`);
  });
});
