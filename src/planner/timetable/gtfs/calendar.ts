/** calendar.txt and calendar_dates.txt -> RawFeed.calendars and calendarDates (either may be absent). */
import { parseDay } from '../gtfs-time';
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export async function readCalendars(ctx: FeedContext): Promise<void> {
  const { out, warn } = ctx;
  if (ctx.present.has('calendar.txt')) {
    await readTable(
      ctx.source,
      'calendar.txt',
      ['service_id', ...WEEKDAYS, 'start_date', 'end_date'],
      ctx.report,
      (r) => {
        const start = parseDay(r.get('start_date'));
        const end = parseDay(r.get('end_date'));
        if (Number.isNaN(start) || Number.isNaN(end))
          return warn(
            'calendar.txt',
            r,
            `service '${r.get('service_id')}' has an invalid date; skipped`,
            Number.isNaN(start) ? 'start_date' : 'end_date',
          );
        out.calendars.push({ serviceId: r.get('service_id'), days: WEEKDAYS.map((d) => r.get(d) === '1'), start, end });
      },
    );
  }
  if (ctx.present.has('calendar_dates.txt')) {
    await readTable(ctx.source, 'calendar_dates.txt', ['service_id', 'date', 'exception_type'], ctx.report, (r) => {
      const day = parseDay(r.get('date'));
      const type = Number(r.get('exception_type'));
      if (Number.isNaN(day)) return warn('calendar_dates.txt', r, `invalid date '${r.get('date')}'; skipped`, 'date');
      if (type !== 1 && type !== 2)
        return warn(
          'calendar_dates.txt',
          r,
          `invalid exception_type '${r.get('exception_type')}'; skipped`,
          'exception_type',
        );
      out.calendarDates.push({ serviceId: r.get('service_id'), day, type });
    });
  }
}
