/** Node-only: build a street graph from an .osm.pbf file on disk, streamed in 1 MiB chunks. */
import { createReadStream } from 'node:fs';
import { type BuildOptions, type BuildStats, buildStreetGraph } from './build';
import type { StreetGraph } from './graph';

export async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const b = chunk as Buffer;
    yield new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
}

export function buildStreetGraphFromFile(
  path: string,
  options: BuildOptions = {},
): Promise<{ graph: StreetGraph; stats: BuildStats }> {
  return buildStreetGraph(() => fileChunks(path), options);
}
