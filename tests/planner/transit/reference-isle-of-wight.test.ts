import { describe, expect, it } from 'vitest';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { compareWithReference } from './compare';
import { FEEDS, loadFeeds } from './helpers';

describe('RAPTOR against the reference connection scan: isle-of-wight', () => {
  it('matches on 1,000 random stop pairs and times (2019-05-15)', async () => {
    const tt = await loadFeeds(FEEDS.isleOfWight);
    const stats = compareWithReference(tt, parseDay('2019-05-15'), 1000, 404);
    expect(stats.queries).toBe(1000);
    // The comparison only means something if many queries have a journey.
    expect(stats.found).toBeGreaterThan(0);
    console.log('isle-of-wight', stats);
  }, 120_000);
});
