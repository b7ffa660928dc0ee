import { describe, expect, it } from 'vitest';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { compareWithReference } from './compare';
import { loadFeeds } from './helpers';

// CobbLinc route 30 runs its buses in blocks (block_id): riders stay seated through the terminus.
describe('RAPTOR against the reference connection scan: Cobb County route 30 (blocks)', () => {
  it('matches on 1,000 random stop pairs and times (2021-09-15), staying seated where the vehicle goes on', async () => {
    const tt = await loadFeeds(['test/flex/cobblinc-bus-30.gtfs.zip']);
    expect(tt.seatFrom?.length).toBeGreaterThan(100);
    // A five-minute change everywhere (the feed has none), so staying on board at the terminus is
    // what makes the quick journeys through it: both routers must agree on when that works.
    tt.stopMinTransfer.fill(300);
    const stats = compareWithReference(tt, parseDay('2021-09-15'), 1000, 303);
    expect(stats.queries).toBe(1000);
    expect(stats.found).toBeGreaterThan(300);
    expect(stats.seated).toBeGreaterThan(0);
    console.log('cobb', stats);
  }, 120_000);
});
