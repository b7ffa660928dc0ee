/**
 * Where a feed's files come from. The loader only needs to list names and
 * stream one file's text in chunks; a zip held in memory works everywhere
 * (browser worker included); a folder on disk is in node-io.ts.
 */
import {
  entriesByBaseName,
  findDirectory,
  inflateEntry,
  localHeaderLength,
  readCentralDirectory,
  readZip64Record,
  ZIP_TAIL_BYTES,
  type ZipEntry,
} from '../common/zip';

export interface GtfsSource {
  /** Short name used to namespace ids and in the import report. */
  readonly name: string;
  /** File names at the feed root (a zip's single top folder is looked through). */
  files(): Promise<string[]>;
  /** Calls onText with decoded chunks of the file, in order. */
  read(file: string, onText: (text: string) => void): Promise<void>;
}

/**
 * Streams entries of an in-memory zip (Zip64 included): the central directory says where each
 * entry's bytes are, and only the requested entry is inflated, chunk by chunk, with its CRC-32
 * checked, so a large stop_times.txt never sits in memory whole. Files on disk: node-io.ts.
 */
export class ZipSource implements GtfsSource {
  private entries: Map<string, ZipEntry> | undefined;

  constructor(
    readonly name: string,
    private readonly bytes: Uint8Array,
  ) {}

  async files(): Promise<string[]> {
    return [...this.index().keys()];
  }

  async read(file: string, onText: (text: string) => void): Promise<void> {
    const entry = this.index().get(file);
    if (!entry) throw new Error(`${file} not in ${this.name}`);
    const dataStart =
      entry.localHeader +
      localHeaderLength(this.name, this.bytes.subarray(entry.localHeader, entry.localHeader + 30), entry);
    const data = this.bytes.subarray(dataStart, dataStart + entry.compressedSize);
    const step = 1 << 18;
    const chunks = function* () {
      for (let off = 0; off < data.length; off += step) yield data.subarray(off, off + step);
    };
    await decodeText(this.name, entry, dataStart, chunks(), onText);
  }

  /** Reads the central directory once. Entries in a top folder (feed/stops.txt) are found by base name. */
  private index(): Map<string, ZipEntry> {
    if (this.entries) return this.entries;
    const b = this.bytes;
    const tail = b.subarray(Math.max(0, b.length - ZIP_TAIL_BYTES));
    let dir = findDirectory(this.name, tail, b.length);
    if (dir.zip64Record >= 0)
      dir = readZip64Record(this.name, b.subarray(dir.zip64Record, dir.zip64Record + 56), dir.zip64Record);
    const entries = readCentralDirectory(
      this.name,
      b.subarray(dir.offset, dir.offset + dir.size),
      dir.count,
      dir.offset,
    );
    this.entries = entriesByBaseName(entries);
    return this.entries;
  }
}

/** Inflates an entry's chunks and passes on its UTF-8 text in pieces. */
export async function decodeText(
  archive: string,
  entry: ZipEntry,
  dataStart: number,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onText: (text: string) => void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  await inflateEntry(archive, entry, dataStart, chunks, (bytes) => {
    const text = decoder.decode(bytes, { stream: true });
    if (text.length > 0) onText(text);
  });
  const rest = decoder.decode();
  if (rest) onText(rest);
}
