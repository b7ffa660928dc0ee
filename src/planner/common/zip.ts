/**
 * The zip container (PKWARE APPNOTE 6.3): the end of central directory, its Zip64 form (archives
 * over 4 GiB or 65,535 entries, as national datasets are), the central directory, and a streaming
 * inflate with a CRC-32 check. Browser-safe: callers hand in bytes; reading them from memory or
 * from a file a piece at a time (zip-file-node.ts) is theirs.
 */
import { Inflate } from 'fflate';

export interface ZipEntry {
  /** Full name inside the archive ("feed/stops.txt"). */
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  /** Offset of the entry's local header. */
  localHeader: number;
  /** Position of this entry's record in the central directory (for error messages). */
  directoryOffset: number;
}

/** A defect in an archive, naming where it is (byte offset, and the entry when there is one). */
export class ZipError extends Error {
  constructor(
    readonly archive: string,
    message: string,
    readonly offset: number,
    readonly entry?: string,
  ) {
    super(`${archive}${entry ? ` entry ${entry}` : ''} at byte ${offset}: ${message}`);
    this.name = 'ZipError';
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535; the Zip64 locator sits 20 bytes before it. */
export const ZIP_TAIL_BYTES = 22 + 65_535 + 20;
const MAX32 = 0xffffffff;

/** Where the central directory is, read from the archive's last ZIP_TAIL_BYTES (or fewer). */
export interface ZipDirectory {
  offset: number;
  size: number;
  count: number;
  /** Offset of the Zip64 end record to read (then offset/size/count come from it), or -1. */
  zip64Record: number;
}

const u64 = (view: DataView, at: number): number => {
  const lo = view.getUint32(at, true);
  const hi = view.getUint32(at + 4, true);
  return hi * 0x1_0000_0000 + lo;
};

/**
 * Finds the end of central directory in `tail` (the last bytes of a file of `fileSize` bytes).
 * A truncated or non-zip file has none and is an error that says so.
 */
export function findDirectory(archive: string, tail: Uint8Array, fileSize: number): ZipDirectory {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const tailStart = fileSize - tail.length;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) !== EOCD) continue;
    // The comment length must reach exactly the end of the file, else this is data that looks like a signature.
    if (i + 22 + view.getUint16(i + 20, true) !== tail.length) continue;
    const dir: ZipDirectory = {
      count: view.getUint16(i + 10, true),
      size: view.getUint32(i + 12, true),
      offset: view.getUint32(i + 16, true),
      zip64Record: -1,
    };
    if (i >= 20 && view.getUint32(i - 20, true) === ZIP64_LOCATOR) dir.zip64Record = u64(view, i - 20 + 8);
    else if (dir.offset + dir.size > tailStart + i)
      throw new ZipError(
        archive,
        'the central directory lies beyond the end of the file (a truncated download?)',
        fileSize,
      );
    return dir;
  }
  throw new ZipError(
    archive,
    'no end of central directory: not a zip file, or a truncated one (an interrupted download?)',
    fileSize,
  );
}

/** Reads a Zip64 end of central directory record (56 bytes at dir.zip64Record). */
export function readZip64Record(archive: string, record: Uint8Array, at: number): ZipDirectory {
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  if (record.length < 56 || view.getUint32(0, true) !== ZIP64_EOCD)
    throw new ZipError(archive, 'bad Zip64 end of central directory record', at);
  return { count: u64(view, 32), size: u64(view, 40), offset: u64(view, 48), zip64Record: -1 };
}

/** The entries of a central directory (`bytes` is the whole directory, which starts at `offset` in the file). */
export function readCentralDirectory(archive: string, bytes: Uint8Array, count: number, offset: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CENTRAL)
      throw new ZipError(archive, `corrupt central directory (entry ${k + 1} of ${count})`, offset + p);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      method: view.getUint16(p + 10, true),
      crc32: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localHeader: view.getUint32(p + 42, true),
      directoryOffset: offset + p,
    };
    // Zip64 extended information (header 0x0001): the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
    if (entry.size === MAX32 || entry.compressedSize === MAX32 || entry.localHeader === MAX32) {
      let e = p + 46 + nameLength;
      const end = e + extraLength;
      while (e + 4 <= end) {
        const id = view.getUint16(e, true);
        const length = view.getUint16(e + 2, true);
        if (id === 1) {
          let f = e + 4;
          if (entry.size === MAX32) {
            entry.size = u64(view, f);
            f += 8;
          }
          if (entry.compressedSize === MAX32) {
            entry.compressedSize = u64(view, f);
            f += 8;
          }
          if (entry.localHeader === MAX32) entry.localHeader = u64(view, f);
          break;
        }
        e += 4 + length;
      }
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Length of a local header (30 bytes plus its own name and extra lengths, which may differ from the directory's). */
export function localHeaderLength(archive: string, header: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.length < 30 || view.getUint32(0, true) !== LOCAL_HEADER)
    throw new ZipError(archive, 'bad local header', entry.localHeader, entry.name);
  return 30 + view.getUint16(26, true) + view.getUint16(28, true);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zip uses), continued from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/**
 * Inflates one entry from its compressed chunks (in order), calling onData with each piece of the
 * uncompressed bytes; checks the size and CRC-32 the directory records, so a corrupt or cut
 * download is an error naming the entry, never silently short data.
 */
export async function inflateEntry(
  archive: string,
  entry: ZipEntry,
  dataStart: number,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onData: (bytes: Uint8Array) => void,
): Promise<void> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipError(archive, `unsupported compression method ${entry.method}`, entry.localHeader, entry.name);
  let crc = 0;
  let size = 0;
  const take = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    crc = crc32(bytes, crc);
    size += bytes.length;
    onData(bytes);
  };
  let read = 0;
  const inflate = entry.method === 8 ? new Inflate((chunk) => take(chunk)) : null;
  try {
    for await (const chunk of chunks) {
      read += chunk.length;
      if (inflate) inflate.push(chunk, read >= entry.compressedSize);
      else take(chunk);
    }
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError(
      archive,
      `compressed data is corrupt (${(err as Error).message})`,
      dataStart + Math.min(read, entry.compressedSize),
      entry.name,
    );
  }
  if (read < entry.compressedSize)
    throw new ZipError(
      archive,
      `the file ends ${entry.compressedSize - read} bytes into this entry's data (truncated)`,
      dataStart + read,
      entry.name,
    );
  if (size !== entry.size || crc !== entry.crc32)
    throw new ZipError(
      archive,
      `data does not match its checksum (${size} of ${entry.size} bytes, CRC ${crc.toString(16)} not ${entry.crc32.toString(16)}): corrupt`,
      dataStart,
      entry.name,
    );
}

/** Entries by the name a feed uses: a base name at the shallowest depth (feed/stops.txt is stops.txt). */
export function entriesByBaseName(entries: readonly ZipEntry[]): Map<string, ZipEntry> {
  const out = new Map<string, ZipEntry>();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const parts = entry.name.split('/');
    const base = parts[parts.length - 1] as string;
    const existing = out.get(base);
    if (!existing || existing.name.split('/').length > parts.length) out.set(base, entry);
  }
  return out;
}
