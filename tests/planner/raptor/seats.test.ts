/**
 * Staying seated: the next trip of the same vehicle (block_id, or transfers.txt type 4) is boarded at
 * its first stop without the stop's change time; transfer_type 5 says one must alight there instead.
 */
import { describe, expect, it } from 'vitest';
import { toItinerary, type TransitLeg } from '../../../src/planner/transit/itinerary';
import { Planner } from '../../../src/planner/transit/planner';
import { buildTimetable } from '../../../src/planner/timetable/build';
import { parseDay, parseGtfsTime } from '../../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../../src/planner/timetable/model';
import { MemorySource } from '../transit/helpers';

const FILES = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA1,Test Buses,https://example.org,Europe/London\n',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,56.00,-3.00\nB,Bravo,56.10,-3.00\nC,Charlie,56.20,-3.00\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A1,1,One,3\nR2,A1,2,Two,3\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20240101,20241231\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nin,08:00:00,08:00:00,A,1\nin,08:30:00,08:30:00,B,2\n' +
    'on,08:31:00,08:31:00,B,1\non,09:00:00,09:00:00,C,2\nlater,08:45:00,08:45:00,B,1\nlater,09:15:00,09:15:00,C,2\n',
  // Changing at B takes five minutes, so without staying on board the 08:31 is missed.
  'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nB,B,2,300\n',
};

async function feed(trips: string): Promise<Timetable> {
  return buildTimetable([{ source: new MemorySource('t', { ...FILES, 'trips.txt': trips }) }]);
}

function plan(tt: Timetable, arriveBy = false) {
  const stop = (id: string) => tt.stopDisplayIds.indexOf(id);
  const date = parseDay('2024-03-05');
  const paths = new Planner(tt).plan({
    date,
    time: parseGtfsTime(arriveBy ? '09:00:00' : '07:50:00'),
    arriveBy,
    access: [{ stop: stop('A'), duration: 0 }],
    egress: [{ stop: stop('C'), duration: 0 }],
  }).paths;
  const best = arriveBy
    ? paths.reduce((b, p) => (p.departure > b.departure ? p : b))
    : paths.reduce((b, p) => (p.arrival < b.arrival ? p : b));
  return { best, legs: toItinerary(tt, date, best).legs as TransitLeg[] };
}

describe('staying seated onto the next trip of the vehicle', () => {
  it('follows block_id across the change time, and says to stay on board', async () => {
    const tt = await feed('route_id,service_id,trip_id,block_id\nR1,ALL,in,b1\nR2,ALL,on,b1\nR2,ALL,later,b2\n');
    expect(tt.seatFrom?.length).toBe(1);
    const { best, legs } = plan(tt);
    expect(best.arrival).toBe(parseGtfsTime('09:00:00'));
    expect(legs.map((l) => [l.tripId, l.staySeated ?? false])).toEqual([
      ['in', false],
      ['on', true],
    ]);
    // Arrive-by finds the same vehicle, told forwards with the same flag.
    const back = plan(tt, true);
    expect(back.best.departure).toBe(parseGtfsTime('08:00:00'));
    expect(back.legs.map((l) => [l.tripId, l.staySeated ?? false])).toEqual([
      ['in', false],
      ['on', true],
    ]);
  });

  it('without a block the change time applies', async () => {
    const tt = await feed('route_id,service_id,trip_id,block_id\nR1,ALL,in,\nR2,ALL,on,\nR2,ALL,later,\n');
    expect(plan(tt).best.arrival).toBe(parseGtfsTime('09:15:00'));
  });

  it('links two trips by transfers.txt type 4, and type 5 parts a block', async () => {
    const rule = (type: number) =>
      `from_stop_id,to_stop_id,transfer_type,min_transfer_time,from_trip_id,to_trip_id\nB,B,2,300,,\n,,${type},,in,on\n`;
    const tripsNoBlock = 'route_id,service_id,trip_id,block_id\nR1,ALL,in,\nR2,ALL,on,\nR2,ALL,later,\n';
    const type4 = await buildTimetable([
      { source: new MemorySource('t', { ...FILES, 'trips.txt': tripsNoBlock, 'transfers.txt': rule(4) }) },
    ]);
    expect(plan(type4).best.arrival).toBe(parseGtfsTime('09:00:00'));
    const tripsBlock = 'route_id,service_id,trip_id,block_id\nR1,ALL,in,b1\nR2,ALL,on,b1\nR2,ALL,later,b2\n';
    const type5 = await buildTimetable([
      { source: new MemorySource('t', { ...FILES, 'trips.txt': tripsBlock, 'transfers.txt': rule(5) }) },
    ]);
    expect(type5.seatFrom?.length).toBe(0);
    expect(plan(type5).best.arrival).toBe(parseGtfsTime('09:15:00'));
  });

  it('does not link block trips that do not meet (another stop, or leaving before the other arrives)', async () => {
    const times =
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nin,08:00:00,08:00:00,A,1\nin,08:30:00,08:30:00,B,2\n' +
      'away,08:40:00,08:40:00,C,1\naway,09:00:00,09:00:00,A,2\nearly,08:20:00,08:20:00,B,1\nearly,08:50:00,08:50:00,C,2\n';
    const tt = await buildTimetable([
      {
        source: new MemorySource('t', {
          ...FILES,
          'stop_times.txt': times,
          'trips.txt': 'route_id,service_id,trip_id,block_id\nR1,ALL,in,b1\nR2,ALL,away,b1\nR2,ALL,early,b1\n',
        }),
      },
    ]);
    expect(tt.seatFrom?.length).toBe(0);
  });
});
