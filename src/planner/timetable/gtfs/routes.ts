/** routes.txt -> RawFeed.routes (after agency.txt: a route without agency_id is the first agency's). */
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readRoutes(ctx: FeedContext): Promise<void> {
  const { out, routeIndex, warn } = ctx;
  await readTable(ctx.source, 'routes.txt', ['route_id', 'route_type'], ctx.report, (r) => {
    const id = r.get('route_id');
    if (routeIndex.has(id)) return warn('routes.txt', r, `duplicate route_id '${id}' ignored`, 'route_id');
    const type = Number(r.get('route_type'));
    if (!Number.isInteger(type))
      return warn(
        'routes.txt',
        r,
        `route '${id}' has invalid route_type '${r.get('route_type')}'; route skipped`,
        'route_type',
      );
    routeIndex.set(id, out.routes.length);
    out.routes.push({
      id,
      agencyId: r.get('agency_id') || (out.agencies[0]?.id ?? ''),
      shortName: r.get('route_short_name'),
      longName: r.get('route_long_name'),
      type,
      color: r.get('route_color'),
      textColor: r.get('route_text_color'),
      networkId: r.get('network_id'),
    });
  });
}
