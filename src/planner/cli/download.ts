/**
 * Downloads a region's sources: resumable (a `.part` file continued with an HTTP Range request
 * after a dropped connection, a few times over), with a progress bar on stderr, and each file's
 * SHA-256 recorded; a checksum the manifest gives must match, else the file is removed and the
 * build stops naming it. A file already downloaded with its recorded size and checksum is kept.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface DownloadRecord {
  url: string;
  path: string;
  bytes: number;
  sha256: string;
  downloadedAt: string;
  /** Connections it took (more than 1 when resumed). */
  attempts: number;
}

export const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A progress line: a bar when stderr is a terminal, a line every 10% otherwise. */
function progress(name: string, total: number, out: NodeJS.WriteStream = process.stderr): (done: number) => void {
  let lastTenth = -1;
  return (done) => {
    const mb = (n: number) => (n / 1e6).toFixed(1);
    if (out.isTTY) {
      const width = 30;
      const f = total > 0 ? Math.min(1, done / total) : 0;
      const bar = total > 0 ? `[${'#'.repeat(Math.round(f * width)).padEnd(width, '-')}] ${Math.round(f * 100)}%` : '';
      out.write(`\r${name} ${bar} ${mb(done)}${total > 0 ? `/${mb(total)}` : ''} MB`);
      if (total > 0 && done >= total) out.write('\n');
    } else {
      const tenth = total > 0 ? Math.floor((done / total) * 10) : -1;
      if (tenth !== lastTenth && tenth >= 0) {
        lastTenth = tenth;
        out.write(`${name}: ${tenth * 10}% (${mb(done)}/${mb(total)} MB)\n`);
      }
    }
  };
}

/**
 * Fetches `url` into `dir`, resuming a partial file; returns its record. `expected` (hex SHA-256)
 * is checked when given. Up to `attempts` connections.
 */
export async function download(
  url: string,
  dir: string,
  options: { expected?: string; attempts?: number; known?: DownloadRecord; quiet?: boolean } = {},
): Promise<DownloadRecord> {
  await mkdir(dir, { recursive: true });
  const name = decodeURIComponent(basename(new URL(url).pathname)) || 'download';
  const path = join(dir, name);
  const part = `${path}.part`;
  const known = options.known;
  if (known && known.url === url && existsSync(path)) {
    const size = (await stat(path)).size;
    if (size === known.bytes && (!options.expected || options.expected === known.sha256)) return known;
  }
  const maxAttempts = options.attempts ?? 5;
  let attempts = 0;
  let total = -1;
  for (;;) {
    attempts++;
    const have = existsSync(part) ? (await stat(part)).size : 0;
    let res: Response;
    try {
      res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
    } catch (err) {
      if (attempts >= maxAttempts) throw new Error(`${url}: could not connect (${(err as Error).message})`);
      continue;
    }
    if (res.status === 416 && have > 0) break; // Already whole.
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${res.statusText}`);
    const resumed = res.status === 206;
    if (!resumed && have > 0) await rm(part); // The server ignored the range: start again.
    const length = Number(res.headers.get('content-length') ?? -1);
    const start = resumed ? have : 0;
    if (length >= 0) total = start + length;
    const show = options.quiet ? () => {} : progress(name, total);
    const file = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
    let done = start;
    let dropped: Error | null = null;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!file.write(chunk)) await new Promise<void>((ok) => file.once('drain', () => ok()));
        done += chunk.length;
        show(done);
      }
    } catch (err) {
      dropped = err as Error;
    }
    await new Promise<void>((ok, fail) => file.end((err?: Error | null) => (err ? fail(err) : ok())));
    const size = (await stat(part)).size;
    if (!dropped && (total < 0 || size >= total)) break;
    if (attempts >= maxAttempts)
      throw new Error(
        `${url}: the connection dropped at ${size} of ${total} bytes ${attempts} times; the partial file is kept at ${part} and the next run resumes it`,
      );
    if (!options.quiet) process.stderr.write(`\n${name}: connection dropped at ${size} bytes; resuming\n`);
  }
  const sha256 = await sha256File(part);
  if (options.expected && options.expected.toLowerCase() !== sha256) {
    await rm(part);
    throw new Error(
      `${url}: checksum mismatch (SHA-256 ${sha256}, the manifest expects ${options.expected}): a corrupt download, removed; run again`,
    );
  }
  await rename(part, path);
  return {
    url,
    path,
    bytes: (await stat(path)).size,
    sha256,
    downloadedAt: new Date().toISOString(),
    attempts,
  };
}

/** The record of downloads kept beside them (downloads.json), by URL. */
export async function readDownloadRecords(dir: string): Promise<Record<string, DownloadRecord>> {
  const file = join(dir, 'downloads.json');
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, DownloadRecord>) : {};
}

export async function writeDownloadRecords(dir: string, records: Record<string, DownloadRecord>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'downloads.json'), `${JSON.stringify(records, null, 2)}\n`);
}
