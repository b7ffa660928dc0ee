/** Node-only file access for the importer and CLI: feeds from zip files or folders, snapshot files. */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ZipFile } from '../common/zip-file-node';
import type { GtfsSource } from './gtfs-source';

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

/**
 * A zipped GTFS feed on disk, read an entry at a time (zip-file-node.ts): the archive is never in
 * memory whole. The file is opened for each call, so a source held by a long-lived server keeps no
 * file handle open.
 */
export class ZipFileSource implements GtfsSource {
  constructor(
    readonly name: string,
    private readonly path: string,
  ) {}

  private async withZip<T>(use: (zip: ZipFile) => Promise<T>): Promise<T> {
    const zip = await ZipFile.open(this.path);
    try {
      return await use(zip);
    } finally {
      await zip.close();
    }
  }

  files(): Promise<string[]> {
    return this.withZip(async (zip) => [...zip.byBaseName().keys()]);
  }

  read(file: string, onText: (text: string) => void): Promise<void> {
    return this.withZip(async (zip) => {
      const entry = zip.byBaseName().get(file);
      if (!entry) throw new Error(`${file} not in ${this.name}`);
      const decoder = new TextDecoder('utf-8');
      await zip.read(entry, (bytes) => {
        const text = decoder.decode(bytes, { stream: true });
        if (text) onText(text);
      });
      const rest = decoder.decode();
      if (rest) onText(rest);
    });
  }
}

/** Feed name from a path: "rail-scotland-2022.zip" -> "rail-scotland-2022". */
export function feedNameOf(path: string): string {
  return basename(path).replace(/\.gtfs\.zip$|\.zip$/i, '');
}

export async function openGtfs(path: string, name = feedNameOf(path)): Promise<GtfsSource> {
  if ((await stat(path)).isDirectory()) return new FolderSource(name, path);
  return new ZipFileSource(name, path);
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
