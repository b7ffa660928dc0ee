/** shapes.txt (optional) -> RawFeed.shapes, each shape's points in shape_pt_sequence order. */
import type { RawShape } from '../raw-feed';
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readShapes(ctx: FeedContext): Promise<void> {
  if (!ctx.present.has('shapes.txt')) return;
  const { source, report } = ctx;
  const shapes: Map<string, RawShape> = ctx.out.shapes;
  const sequences = new Map<string, number[]>();
  await readTable(
    source,
    'shapes.txt',
    ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
    report,
    (r) => {
      const id = r.get('shape_id');
      const lat = Number(r.get('shape_pt_lat'));
      const lon = Number(r.get('shape_pt_lon'));
      const seq = Number(r.get('shape_pt_sequence'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(seq)) {
        return report.warn({
          feed: source.name,
          file: 'shapes.txt',
          line: r.line,
          message: `invalid point in shape '${id}'; skipped`,
        });
      }
      let shape = shapes.get(id);
      if (!shape) {
        shape = { lat: [], lon: [], distance: [] };
        shapes.set(id, shape);
        sequences.set(id, []);
      }
      shape.lat.push(lat);
      shape.lon.push(lon);
      const d = r.get('shape_dist_traveled');
      shape.distance.push(d === '' ? Number.NaN : Number(d));
      sequences.get(id)?.push(seq);
    },
  );
  for (const [id, shape] of shapes) {
    const seq = sequences.get(id) ?? [];
    const order = seq.map((_, i) => i).sort((a, b) => (seq[a] as number) - (seq[b] as number));
    shape.lat = order.map((i) => shape.lat[i] as number);
    shape.lon = order.map((i) => shape.lon[i] as number);
    shape.distance = order.map((i) => shape.distance[i] as number);
  }
}
