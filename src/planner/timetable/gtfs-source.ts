/**
 * Where a feed's files come from. The loader only needs to list names and
 * stream one file's text in chunks; a zip held in memory works everywhere
 * (browser worker included); a folder on disk is in node-io.ts.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

export interface GtfsSource {
  /** Short name used to namespace ids and in the import report. */
  readonly name: string;
  /** File names at the feed root (a zip's single top folder is looked through). */
  files(): Promise<string[]>;
  /** Calls onText with decoded chunks of the file, in order. */
  read(file: string, onText: (text: string) => void): Promise<void>;
}

/** Streams entries of an in-memory zip with fflate, inflating one chunk at a time. */
export class ZipSource implements GtfsSource {
  private names: Map<string, string> | undefined;

  constructor(
    readonly name: string,
    private readonly bytes: Uint8Array,
  ) {}

  async files(): Promise<string[]> {
    return [...(await this.index()).keys()];
  }

  async read(file: string, onText: (text: string) => void): Promise<void> {
    const entry = (await this.index()).get(file);
    if (entry === undefined) throw new Error(`${file} not in ${this.name}`);
    await new Promise<void>((resolve, reject) => {
      const decoder = new TextDecoder('utf-8');
      let found = false;
      const unzip = new Unzip((stream) => {
        if (stream.name !== entry) return;
        found = true;
        stream.ondata = (err, data, final) => {
          if (err) return reject(err);
          const text = decoder.decode(data, { stream: !final });
          if (text.length > 0) onText(text);
          if (final) resolve();
        };
        stream.start();
      });
      unzip.register(UnzipInflate);
      unzip.register(UnzipPassThrough);
      // Push in slices so inflated output arrives in bounded chunks.
      const step = 1 << 20;
      for (let off = 0; off < this.bytes.length; off += step) {
        unzip.push(this.bytes.subarray(off, Math.min(off + step, this.bytes.length)), off + step >= this.bytes.length);
      }
      if (!found) reject(new Error(`${file} could not be read from ${this.name}`));
    });
  }

  private async index(): Promise<Map<string, string>> {
    if (this.names) return this.names;
    const entries: string[] = [];
    const unzip = new Unzip((stream) => {
      entries.push(stream.name);
    });
    unzip.push(this.bytes, true);
    this.names = new Map();
    for (const full of entries) {
      if (full.endsWith('/')) continue;
      const base = full.split('/').pop() ?? full;
      // Feeds zipped with a top folder (feed/stops.txt) are common; take the shallowest copy.
      if (!this.names.has(base)) this.names.set(base, full);
    }
    return this.names;
  }
}
