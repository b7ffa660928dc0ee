/**
 * Community transport without a timetable on the real Tayside region data (drt.json, council
 * boundaries): 'call to arrange' options with eligibility, only where the published area is a
 * whole council area containing both ends, within published hours, with a phone number or a
 * website to arrange it; services of named villages (no zone to test against) are never offered. Expected values come from drt.json itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { councilAt } from '../../../src/planner/geo/council-areas';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import { loadRegionFromManifest } from '../../../src/planner/region/load-node';
import type { PlanRequest } from '../../../src/planner/plan/request';
import type { Journey } from '../../../src/planner/journey/types';
import { expectConnected, expectValid } from '../helpers/journey-checks';

let region: Region;
const now = new Date('2026-11-23T12:00:00Z');
const TUESDAY = '2026-11-24';
const DUNDEE = { label: 'Dundee city centre', lat: 56.462, lng: -2.9707 };
const LOCHEE = { label: 'Lochee', lat: 56.4695, lng: -3.009 };
const STIRLING = { label: 'Stirling', lat: 56.1165, lng: -3.9369 };
const BRIDGE_OF_ALLAN = { label: 'Bridge of Allan', lat: 56.154, lng: -3.944 };
const PERTH = { label: 'Perth', lat: 56.395, lng: -3.431 };

const service = (name: string) => region.costs.drt.services.find((s) => s.name.startsWith(name))!;
const arranged = (js: Journey[]) => js.filter((j) => j.transport_mode === 'drt');
const plan = (
  origin: PlanRequest['origin'],
  destination: PlanRequest['destination'],
  time: string,
  extra: Partial<PlanRequest> = {},
) => planAll({ origin, destination, out_time: `${TUESDAY}T${time}`, ...extra }, { regions: [region], now });

beforeAll(async () => {
  region = await loadRegionFromManifest();
}, 60_000);

describe('community transport: call to arrange', () => {
  it('a trip within Dundee: the Dundee-wide door-to-door service is not offered, as our sources give no way to book it', async () => {
    const areas = region.costs.councilAreas;
    expect(councilAt(areas, DUNDEE.lat, DUNDEE.lng)).toBe('Dundee City');
    expect(councilAt(areas, LOCHEE.lat, LOCHEE.lng)).toBe('Dundee City');
    const easyOn = service('Easy-On');
    expect(easyOn.area_served).toMatch(/anywhere in Dundee/);
    expect(easyOn.booking.phone).toBeNull();
    expect(easyOn.booking.url).toBeNull();
    const js = await plan(DUNDEE, LOCHEE, '10:00');
    expect(js.length).toBeGreaterThan(0);
    expect(arranged(js)).toEqual([]);
  });

  it('Stirling: the council-wide service within its hours, never the village schemes', async () => {
    const dial = service('Dial-a-Journey');
    const js = arranged(await plan(STIRLING, BRIDGE_OF_ALLAN, '10:00'));
    expect(js.map((j) => j.drt_operator?.name)).toEqual([dial.name]);
    const j = js[0]!;
    expectValid(j);
    expectConnected(j.depart, STIRLING, BRIDGE_OF_ALLAN);
    const step = j.depart.steps[0]!;
    expect(step.type).toBe('community-transport');
    expect(step.description).toMatch(/^Call to arrange/);
    expect(step.description).toContain(dial.eligibility);
    expect(step.description).toContain(`see ${dial.booking.url}`);
    // No fare in our sources: the cost says so rather than guessing.
    expect(dial.fare).toBeNull();
    expect(j.cost).toBe('unknown');
    expect(j.drt_operator).toEqual({ name: dial.name, phone: dial.booking.phone, booking_website: dial.booking.url });
    expect(j.estimated).toBe(true);
    expect(js[0]!.drt_operator?.booking_website).toBe(dial.booking.url);
    // Only for people who cannot use ordinary buses: the card says who, and it never leads the set.
    expect(j.eligibility).toBe(dial.eligibility);
    // The booking step (issue 31): our sources give its notice only as text, so no deadline is counted.
    expect(j.depart.bookings).toEqual([
      {
        step_index: 0,
        service: dial.name,
        phone: dial.booking.phone,
        website: dial.booking.url,
        how: dial.booking.how,
        notice: dial.booking.notice,
        deadline: null,
        opens: null,
      },
    ]);
    const all = await plan(STIRLING, BRIDGE_OF_ALLAN, '10:00');
    const firstRestricted = all.findIndex((x) => x.eligibility);
    expect(all.slice(firstRestricted).every((x) => x.eligibility)).toBe(true);
    expect(
      all
        .filter((x) => x.eligibility)
        .every((x) => !x.tags.some((t) => ['fastest', 'cheapest', 'lowest-emissions'].includes(t))),
    ).toBe(true);
    expect(js[0]!.depart.steps[0]!.how_to_guide?.service.statements.map((s) => s.body)).toContain(
      `Eligibility: ${dial.eligibility}`,
    );
    // Its published hours end before 23:00 on a Tuesday.
    const close = dial.hours.find((h) => h.days.includes(1))!.to;
    expect(close < '23:00').toBe(true);
    expect(arranged(await plan(STIRLING, BRIDGE_OF_ALLAN, '23:00'))).toEqual([]);
  });

  it('none across council areas, or when community transport is blocked', async () => {
    expect(arranged(await plan(DUNDEE, PERTH, '10:00'))).toEqual([]);
    expect(
      arranged(await plan(STIRLING, BRIDGE_OF_ALLAN, '10:00', { blocked_travel_types: ['community-transport'] })),
    ).toEqual([]);
  });
});
