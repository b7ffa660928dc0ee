/** Node-only: write and read street graph snapshots as files (the region build embeds the same bytes). */
import { readFile, writeFile } from 'node:fs/promises';
import type { StreetGraph } from './graph';
import { deserializeStreetGraph, serializeStreetGraph } from './snapshot';

export async function writeStreetSnapshot(path: string, graph: StreetGraph): Promise<number> {
  const bytes = serializeStreetGraph(graph);
  await writeFile(path, bytes);
  return bytes.length;
}

export async function readStreetSnapshot(path: string): Promise<StreetGraph> {
  const buf = await readFile(path);
  return deserializeStreetGraph(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
}
