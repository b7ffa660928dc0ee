import { describe, expect, it } from 'vitest';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { compareWithReference } from './compare';
import { FEEDS, loadFeeds } from './helpers';

describe('RAPTOR against the reference connection scan: ember', () => {
  it('matches on 1,000 random stop pairs and times (2026-11-23)', async () => {
    const tt = await loadFeeds(FEEDS.ember);
    const stats = compareWithReference(tt, parseDay('2026-11-23'), 1000, 202);
    expect(stats.queries).toBe(1000);
    // The comparison only means something if many queries have a journey.
    expect(stats.found).toBeGreaterThan(0);
    console.log('ember', stats);
  }, 120_000);
});
