/**
 * Where a feed's files come from. The loader only needs to list names and
 * stream one file's text in chunks; a zip held in memory works everywhere
 * (browser worker included); a folder on disk is in node-io.ts.
 */
import { Inflate } from 'fflate';

export interface GtfsSource {
  /** Short name used to namespace ids and in the import report. */
  readonly name: string;
  /** File names at the feed root (a zip's single top folder is looked through). */
  files(): Promise<string[]>;
  /** Calls onText with decoded chunks of the file, in order. */
  read(file: string, onText: (text: string) => void): Promise<void>;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/**
 * Streams entries of an in-memory zip: the central directory says where each
 * entry's bytes are, and only the requested entry is inflated, chunk by chunk
 * (fflate's streaming Inflate), so a large stop_times.txt never sits in memory whole.
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
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const h = entry.localHeader;
    if (view.getUint32(h, true) !== 0x04034b50) throw new Error(`${this.name}: bad zip local header for ${file}`);
    const dataStart = h + 30 + view.getUint16(h + 26, true) + view.getUint16(h + 28, true);
    const data = this.bytes.subarray(dataStart, dataStart + entry.compressedSize);
    const decoder = new TextDecoder('utf-8');
    const emit = (chunk: Uint8Array, final: boolean) => {
      const text = decoder.decode(chunk, { stream: !final });
      if (text.length > 0) onText(text);
    };
    const step = 1 << 18;
    if (entry.method === 0) {
      for (let off = 0; off < data.length; off += step) emit(data.subarray(off, off + step), false);
      emit(new Uint8Array(0), true);
      return;
    }
    if (entry.method !== 8)
      throw new Error(`${this.name}: ${file} uses unsupported zip compression method ${entry.method}`);
    const inflate = new Inflate((chunk, final) => emit(chunk, final));
    for (let off = 0; off < data.length; off += step)
      inflate.push(data.subarray(off, Math.min(off + step, data.length)), off + step >= data.length);
    if (data.length === 0) emit(new Uint8Array(0), true);
  }

  /** Reads the central directory once. Entries in a top folder (feed/stops.txt) are found by base name. */
  private index(): Map<string, ZipEntry> {
    if (this.entries) return this.entries;
    const b = this.bytes;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    let eocd = -1;
    for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
      if (view.getUint32(i, true) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new Error(`${this.name}: not a zip file (no end of central directory)`);
    const count = view.getUint16(eocd + 10, true);
    let p = view.getUint32(eocd + 16, true);
    const decoder = new TextDecoder();
    const entries = new Map<string, ZipEntry>();
    for (let k = 0; k < count; k++) {
      if (view.getUint32(p, true) !== 0x02014b50) throw new Error(`${this.name}: corrupt zip central directory`);
      const nameLength = view.getUint16(p + 28, true);
      const full = decoder.decode(b.subarray(p + 46, p + 46 + nameLength));
      const entry: ZipEntry = {
        name: full,
        method: view.getUint16(p + 10, true),
        compressedSize: view.getUint32(p + 20, true),
        localHeader: view.getUint32(p + 42, true),
      };
      const base = full.split('/').pop() ?? full;
      const depth = full.split('/').length;
      const existing = entries.get(base);
      if (!full.endsWith('/') && (!existing || existing.name.split('/').length > depth)) entries.set(base, entry);
      p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    }
    this.entries = entries;
    return entries;
  }
}
