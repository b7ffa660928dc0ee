/**
 * Node-only: a CIF timetable as the Rail Delivery Group publishes it (a zip of the "ttisf" set,
 * or a folder of its files) -> a timetable feed input. The MSN is read first (stations), then
 * the MCA streamed a line at a time (schedules are converted as they complete, so a national
 * file is never in memory whole), then the ALF.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ZipFile } from '../../common/zip-file-node';
import type { FeedInput } from '../build';
import { TableSource } from '../table-source';
import { readAlfLine, type CifLink } from './alf';
import { CifConverter, type CifCounts } from './convert';
import { McaReader } from './mca';
import { newCifStations, readMsnLine, type CifStations } from './msn';
import { LineSplitter } from './records';

export interface CifFeedInput {
  input: FeedInput;
  counts: CifCounts;
  stations: CifStations;
  issues: CifConverter['issues'];
}

/** Streams a file's text from a zip entry or a loose file. */
type TextFile = { name: string; read: (onText: (text: string) => void) => Promise<void> };

async function filesOf(path: string): Promise<{ files: TextFile[]; close: () => Promise<void> }> {
  const decode = () => new TextDecoder('latin1');
  if ((await stat(path)).isDirectory()) {
    const names = (await readdir(path)).filter((f) => !f.startsWith('.')).sort();
    return {
      files: names.map((name) => ({
        name,
        read: async (onText) => {
          const d = decode();
          for await (const chunk of createReadStream(join(path, name), { highWaterMark: 1 << 20 }))
            onText(d.decode(chunk as Buffer, { stream: true }));
          onText(d.decode());
        },
      })),
      close: async () => {},
    };
  }
  const zip = await ZipFile.open(path);
  return {
    files: zip.entries
      .filter((e) => !e.name.endsWith('/'))
      .map((entry) => ({
        name: `${basename(path)}/${entry.name}`,
        read: async (onText) => {
          const d = decode();
          await zip.read(entry, (bytes) => onText(d.decode(bytes, { stream: true })));
          onText(d.decode());
        },
      })),
    close: () => zip.close(),
  };
}

async function eachLine(file: TextFile, onLine: (text: string, line: number) => void): Promise<void> {
  const split = new LineSplitter(onLine);
  await file.read((t) => split.push(t));
  split.end();
}

/** One CIF set -> a feed input; `keep` clips it to the region (schedules with a public call inside). */
export async function openCifFeed(
  path: string,
  name: string,
  keep?: (lat: number, lon: number) => boolean,
): Promise<CifFeedInput> {
  const { files, close } = await filesOf(path);
  try {
    const of = (ext: string) => files.filter((f) => f.name.toLowerCase().endsWith(ext));
    const msn = of('.msn');
    const mca = of('.mca');
    if (msn.length === 0 || mca.length === 0)
      throw new Error(`${path}: a CIF timetable needs an .MSN (stations) and an .MCA (schedules) file`);
    const stations = newCifStations();
    const converter = new CifConverter({ feed: name, ...(keep ? { keep } : {}) }, stations);
    for (const f of msn)
      await eachLine(f, (text, line) => {
        const problem = readMsnLine(text, stations);
        if (problem) converter.issue(f.name, line, problem);
      });
    for (const f of mca) {
      const reader = new McaReader(
        (s) => converter.add(s, f.name),
        (line, message) => converter.issue(f.name, line, message),
      );
      await eachLine(f, (text, line) => reader.line(text, line));
      reader.end();
    }
    const links: CifLink[] = [];
    for (const f of of('.alf'))
      await eachLine(f, (text, line) => {
        if (!text.trim()) return;
        const link = readAlfLine(text);
        if (typeof link === 'string') converter.issue(f.name, line, link);
        else links.push(link);
      });
    return {
      input: { source: new TableSource(name, converter.tables(links)) },
      counts: converter.counts,
      stations,
      issues: converter.issues,
    };
  } finally {
    await close();
  }
}
