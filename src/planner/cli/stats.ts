/** `planner stats [--snapshot f] [--footpaths]`: what a snapshot holds. */
import { formatDay } from '../timetable/gtfs-time';
import { serviceRunsOn } from '../timetable/model';
import { flag, parseArgs } from './args';

const FOOT_SOURCE_NAMES = ['generated', 'transfers.txt', 'street network', 'same station'];
import { openSnapshot } from './load';

export async function statsCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['footpaths']);
  const opened = await openSnapshot(flag(args, 'snapshot'));
  const tt = opened.timetable;
  let serviceDates = 0;
  let firstDate = -1;
  let lastDate = -1;
  for (let d = tt.calendarStart; d < tt.calendarStart + tt.calendarDays; d++) {
    for (let s = 0; s < tt.serviceIds.length; s++) {
      if (serviceRunsOn(tt, s, d)) {
        serviceDates++;
        if (firstDate < 0) firstDate = d;
        lastDate = d;
        break;
      }
    }
  }
  const stopTimes = tt.arrivals.length;
  console.log(
    `stops ${tt.stopCount}\nroutes ${tt.routeCount}\npatterns ${tt.patternCount}\ntrips ${tt.tripCount}\nstop_times ${stopTimes}`,
  );
  console.log(
    `service dates ${serviceDates} (${firstDate >= 0 ? `${formatDay(firstDate)} to ${formatDay(lastDate)}` : 'none'})\nfootpaths ${tt.footTo.length}`,
  );
  for (const f of tt.feeds) {
    const rolled =
      f.sourceFirstDay !== undefined && f.sourceLastDay !== undefined
        ? `, rolled forward from ${formatDay(f.sourceFirstDay)}..${formatDay(f.sourceLastDay)}`
        : '';
    console.log(`feed ${f.name}: ${formatDay(f.firstDay)} to ${formatDay(f.lastDay)}${rolled}`);
  }
  const region = opened.region;
  if (region) {
    console.log(`region ${region.info.name}, built ${region.info.builtAt}`);
    console.log(`sections ${opened.sections.map((s) => `${s.name} ${(s.bytes / 1e6).toFixed(2)} MB`).join(', ')}`);
    console.log(
      region.street
        ? `streets ${region.street.vertexCount} vertices, ${region.street.edgeCount} edges${region.elevation.length ? `, ${region.elevation.length} elevation rasters` : ''}`
        : 'streets none (street legs are straight-line estimates)',
    );
    console.log(`places ${region.places ? region.places.data.ids.length : 'none'}`);
  }
  if (flag(args, 'footpaths')) {
    console.log('from_stop_id\tto_stop_id\tseconds\tsource');
    for (let s = 0; s < tt.stopCount; s++) {
      for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++) {
        console.log(
          `${tt.stopDisplayIds[s]}\t${tt.stopDisplayIds[tt.footTo[e] as number]}\t${tt.footDuration[e]}\t${FOOT_SOURCE_NAMES[tt.footSource[e] as number] ?? 'generated'}`,
        );
      }
    }
  }
  return 0;
}
