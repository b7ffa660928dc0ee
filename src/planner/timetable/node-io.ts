/** Node-only file access for the importer and CLI: feeds from zip files or folders, snapshot files. */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type GtfsSource, ZipSource } from './gtfs-source';

/** A GTFS feed in a folder of .txt files, streamed from disk. */
export class FolderSource implements GtfsSource {
  constructor(
    readonly name: string,
    private readonly dir: string,
  ) {}

  async files(): Promise<string[]> {
    return (await readdir(this.dir)).filter((f) => !f.startsWith('.'));
  }

  async read(file: string, onText: (text: string) => void): Promise<void> {
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of createReadStream(join(this.dir, file), { highWaterMark: 1 << 20 })) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text) onText(text);
    }
    const rest = decoder.decode();
    if (rest) onText(rest);
  }
}

/** Feed name from a path: "rail-scotland-2022.zip" -> "rail-scotland-2022". */
export function feedNameOf(path: string): string {
  return basename(path).replace(/\.gtfs\.zip$|\.zip$/i, '');
}

export async function openGtfs(path: string, name = feedNameOf(path)): Promise<GtfsSource> {
  if ((await stat(path)).isDirectory()) return new FolderSource(name, path);
  return new ZipSource(name, new Uint8Array(await readFile(path)));
}

export async function writeSnapshotFile(path: string, bytes: Uint8Array): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

export async function readSnapshotFile(path: string): Promise<Uint8Array> {
  const buf = await readFile(path);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
