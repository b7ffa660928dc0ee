/**
 * Node-only: a zip archive on disk read a piece at a time. Only the end records and the central
 * directory are read whole; each entry is streamed from the file in 1 MiB reads and inflated as
 * it goes, so a national dataset (a zip of thousands of files, several GB unpacked, Zip64) is
 * read with memory bounded by the largest single entry a caller chooses to keep.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  entriesByBaseName,
  findDirectory,
  inflateEntry,
  localHeaderLength,
  readCentralDirectory,
  readZip64Record,
  ZIP_TAIL_BYTES,
  ZipError,
  type ZipEntry,
} from './zip';

const READ_BYTES = 1 << 20;

export class ZipFile {
  private constructor(
    readonly path: string,
    readonly name: string,
    private readonly file: FileHandle,
    readonly size: number,
    readonly entries: readonly ZipEntry[],
  ) {}

  /** Opens an archive and reads its central directory; a truncated or non-zip file rejects with a ZipError. */
  static async open(path: string): Promise<ZipFile> {
    const file = await open(path, 'r');
    try {
      const name = basename(path);
      const size = (await file.stat()).size;
      const read = async (position: number, length: number): Promise<Uint8Array> => {
        const bytes = new Uint8Array(length);
        const { bytesRead } = await file.read(bytes, 0, length, position);
        if (bytesRead < length)
          throw new ZipError(name, `file ends early (wanted ${length} bytes)`, position + bytesRead);
        return bytes;
      };
      const tailLength = Math.min(size, ZIP_TAIL_BYTES);
      let dir = findDirectory(name, await read(size - tailLength, tailLength), size);
      if (dir.zip64Record >= 0) {
        if (dir.zip64Record + 56 > size)
          throw new ZipError(name, 'the Zip64 end record lies beyond the end of the file (truncated?)', size);
        dir = readZip64Record(name, await read(dir.zip64Record, 56), dir.zip64Record);
      }
      if (dir.offset + dir.size > size)
        throw new ZipError(name, 'the central directory lies beyond the end of the file (truncated?)', size);
      const entries = readCentralDirectory(name, await read(dir.offset, dir.size), dir.count, dir.offset);
      return new ZipFile(path, name, file, size, entries);
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  /** Entries by base name at the shallowest depth (a feed zipped inside a folder). */
  byBaseName(): Map<string, ZipEntry> {
    return entriesByBaseName(this.entries);
  }

  /** Streams one entry's uncompressed bytes to onData, checking its length and CRC-32. */
  async read(entry: ZipEntry, onData: (bytes: Uint8Array) => void): Promise<void> {
    const header = new Uint8Array(30);
    const { bytesRead } = await this.file.read(header, 0, 30, entry.localHeader);
    const dataStart = entry.localHeader + localHeaderLength(this.name, header.subarray(0, bytesRead), entry);
    const file = this.file;
    const size = this.size;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      const end = Math.min(dataStart + entry.compressedSize, size);
      for (let at = dataStart; at < end;) {
        const buf = new Uint8Array(Math.min(READ_BYTES, end - at));
        const got = (await file.read(buf, 0, buf.length, at)).bytesRead;
        if (got === 0) return;
        yield buf.subarray(0, got);
        at += got;
      }
    }
    await inflateEntry(this.name, entry, dataStart, chunks(), onData);
  }

  /** One entry as text (for files a caller keeps whole, such as one TransXChange document). */
  async text(entry: ZipEntry): Promise<string> {
    const decoder = new TextDecoder('utf-8');
    const parts: string[] = [];
    await this.read(entry, (bytes) => parts.push(decoder.decode(bytes, { stream: true })));
    parts.push(decoder.decode());
    return parts.join('');
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
