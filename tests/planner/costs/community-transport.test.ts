import { describe, expect, it } from 'vitest';
import { priceCommunityTransport } from '../../../src/planner/costs/community-transport';
import { drtDataSchema } from '../../../src/planner/costs/region-data';
import { regionJson } from './fixtures';

const drt = drtDataSchema.parse(regionJson('drt.json'));
const service = (prefix: string) => {
  const s = drt.services.find((x) => x.name.startsWith(prefix));
  if (!s) throw new Error(prefix);
  return s;
};
const MILE = 1609.344;

describe('community transport fares', () => {
  it('Killin volunteer cars: 20p per mile (2018)', () => {
    // 12 miles x 20p = 240p.
    const p = priceCommunityTransport(service('Killin'), 12 * MILE);
    expect(p.cost).toBe(240);
    expect(p.line.estimated).toBe(true);
  });

  it('Easy-On Dundee: GBP 5 per journey; Blether Bus free for members with a bus pass', () => {
    expect(priceCommunityTransport(service('Easy-On'), 5000).cost).toBe(500);
    const b = priceCommunityTransport(service('Blether Bus'), 5000);
    expect(b.cost).toBe('free');
    expect(b.line.description).toMatch(/membership card plus bus pass/);
  });

  it('unknown where the fare is not stated as an amount', () => {
    const s = priceCommunityTransport(service('Stirling Council Demand'), 5000);
    expect(s.cost).toBe('unknown');
    expect(s.line.description).toMatch(/around the same as a bus fare/);
    expect(priceCommunityTransport(service('Dial-a-Journey'), 5000).cost).toBe('unknown');
  });

  it('Stirling DRT lists only the three areas that run; group hire is not for individuals', () => {
    expect(service('Stirling Council Demand').area_served).toMatch(/Killin & Strathfillan; Croftamie & Drymen; Fintry/);
    expect(service('Forfarian').individuals).toBe(false);
    expect(drt.services.filter((s) => s.booking.phone !== null)).toEqual([]);
    expect(service('Dial-a-Journey').booking.url).toBe('http://dial-a-journey.org.uk/');
  });
});
