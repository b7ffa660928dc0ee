/** agency.txt -> RawFeed.agencies. */
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readAgencies(ctx: FeedContext): Promise<void> {
  await readTable(ctx.source, 'agency.txt', ['agency_name', 'agency_url', 'agency_timezone'], ctx.report, (r) => {
    ctx.out.agencies.push({
      id: r.get('agency_id'),
      name: r.get('agency_name'),
      url: r.get('agency_url'),
      timezone: r.get('agency_timezone'),
      phone: r.get('agency_phone'),
    });
  });
}
