/**
 * Days the clocks change. GTFS times count from noon minus 12 hours of the service day, so on the
 * night of a change one day's times and the next day's are 23 or 25 hours apart, not 24: a Saturday
 * trip at 25:40 and a Sunday trip at 02:20 are not 40 minutes apart but in the other order.
 */
import { describe, expect, it } from 'vitest';
import { toItinerary } from '../../../src/planner/transit/itinerary';
import {
  formatIsoDateTime,
  parseIsoDateTime,
  serviceDayStart,
  serviceSeconds,
} from '../../../src/planner/common/local-time';
import { Planner } from '../../../src/planner/transit/planner';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay } from '../../../src/planner/timetable/gtfs-time';
import { MemorySource } from './helpers';

const WEEKDAYS = 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n';

async function londonNight() {
  return buildTimetable([
    {
      source: new MemorySource('t', {
        'agency.txt':
          'agency_id,agency_name,agency_url,agency_timezone\nA1,Night Buses,https://example.org,Europe/London\n',
        'stops.txt':
          'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,56.00,-3.00\nB,Bravo,56.10,-3.00\nC,Charlie,56.20,-3.00\n',
        'routes.txt': 'route_id,agency_id,route_short_name,route_type\nN1,A1,N1,3\nN2,A1,N2,3\n',
        'calendar.txt': `${WEEKDAYS}SAT,0,0,0,0,0,1,0,20240101,20241231\nSUN,0,0,0,0,0,0,1,20240101,20241231\n`,
        'trips.txt': 'route_id,service_id,trip_id\nN1,SAT,late\nN2,SUN,early\nN2,SUN,next\n',
        'stop_times.txt':
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
          'late,23:40:00,23:40:00,A,1\nlate,25:40:00,25:40:00,B,2\n' +
          'early,02:20:00,02:20:00,B,1\nearly,02:50:00,02:50:00,C,2\n' +
          'next,03:00:00,03:00:00,B,1\nnext,03:30:00,03:30:00,C,2\n',
      }),
    },
  ]);
}

describe('clock changes', () => {
  it('keeps the time zone of the feed and starts service days at noon minus 12 hours', async () => {
    const tt = await londonNight();
    expect(tt.timezone).toBe('Europe/London');
    // Spring forward (31 March 2024): the day starts at 23:00 UTC the evening before.
    expect(serviceDayStart(parseDay('2024-03-31'), 'Europe/London')).toBe(Date.UTC(2024, 2, 30, 23) / 1000);
    // Autumn (27 October 2024): at 00:00 UTC, which is 01:00 BST.
    expect(serviceDayStart(parseDay('2024-10-27'), 'Europe/London')).toBe(Date.UTC(2024, 9, 27, 0) / 1000);
    expect(serviceDayStart(parseDay('2024-06-09'), 'Europe/London')).toBe(Date.UTC(2024, 5, 8, 23) / 1000);
  });

  it('misses a Sunday connection that leaves before the Saturday night trip arrives (spring forward)', async () => {
    const tt = await londonNight();
    const planner = new Planner(tt);
    const stop = (id: string) => tt.stopDisplayIds.indexOf(id);
    const start = parseIsoDateTime('2024-03-30T23:00');
    const result = planner.plan({
      date: start.date,
      time: serviceSeconds(start.date, start.time, tt.timezone),
      access: [{ stop: stop('A'), duration: 0 }],
      egress: [{ stop: stop('C'), duration: 0 }],
    });
    const best = result.paths.reduce((b, p) => (p.arrival < b.arrival ? p : b));
    // 25:40 Saturday is 02:40 BST; the 02:20 Sunday bus has gone, the 03:00 is caught.
    const it = toItinerary(tt, start.date, best);
    expect(it.legs.map((l) => (l.mode === 'transit' ? l.tripId : l.kind))).toEqual(['late', 'next']);
    expect(formatIsoDateTime(start.date, it.legs[0]?.arrival as number, tt.timezone)).toBe('2024-03-31T02:40:00');
    expect(formatIsoDateTime(start.date, best.arrival, tt.timezone)).toBe('2024-03-31T03:30:00');
    // The Sunday leg belongs to Sunday's timetable.
    expect(it.legs[1]?.mode === 'transit' && it.legs[1].serviceDate).toBe('2024-03-31');
  });

  it('reads an hour that happens twice as its first occurrence (autumn)', async () => {
    const sunday = parseDay('2024-10-27');
    // 01:15 BST is 15 minutes after the service day began (00:00 UTC).
    expect(serviceSeconds(sunday, 75 * 60, 'Europe/London')).toBe(15 * 60);
    // GTFS 00:30 and 01:30 on that day are 01:30 BST and 01:30 GMT.
    expect(formatIsoDateTime(sunday, 30 * 60, 'Europe/London')).toBe('2024-10-27T01:30:00');
    expect(formatIsoDateTime(sunday, 90 * 60, 'Europe/London')).toBe('2024-10-27T01:30:00');
    expect(formatIsoDateTime(sunday, 10 * 3600, 'Europe/London')).toBe('2024-10-27T10:00:00');
    // An ordinary day: wall clock and service seconds agree.
    expect(serviceSeconds(parseDay('2024-06-09'), 8 * 3600, 'Europe/London')).toBe(8 * 3600);
  });

  it('places Sao Paulo times on the day its clocks jumped from midnight to 01:00 (4 November 2018)', () => {
    const day = parseDay('2018-11-04');
    // The service day began at 23:00 on the 3rd: GTFS 00:30 is 23:30 the evening before, 08:00 is 08:00.
    expect(formatIsoDateTime(day, 30 * 60, 'America/Sao_Paulo')).toBe('2018-11-03T23:30:00');
    expect(formatIsoDateTime(day, 8 * 3600, 'America/Sao_Paulo')).toBe('2018-11-04T08:00:00');
    // 2019 (the Porto Alegre feed's dates) had no change after February: days are 24 hours.
    expect(
      serviceDayStart(parseDay('2019-05-15'), 'America/Sao_Paulo') -
        serviceDayStart(parseDay('2019-05-14'), 'America/Sao_Paulo'),
    ).toBe(86_400);
  });

  it('keeps wall-clock seconds where a timetable has no time zone', () => {
    expect(serviceSeconds(parseDay('2024-03-31'), 3600)).toBe(3600);
    expect(formatIsoDateTime(parseDay('2024-03-31'), 90_000)).toBe('2024-04-01T01:00:00');
  });
});
