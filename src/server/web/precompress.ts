/**
 * Writes .br and .gz beside every compressible file of the built app, once, at build time
 * (`npm run build`), so the server sends compressed assets without spending CPU per request
 * (@fastify/static's preCompressed picks the variant the browser accepts).
 *   node --import tsx src/server/web/precompress.ts [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|map)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function compressBrotli(data: Buffer): Buffer {
  return zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}

export function compressGzip(data: Buffer): Buffer {
  return zlib.gzipSync(data, { level: 9 });
}

export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) {
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        const brotli = compressBrotli(data);
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, compressGzip(data));
        totals.files += 1;
        totals.bytes += data.length;
        totals.brotliBytes += brotli.length;
      }
    }
  };
  walk(dir);
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { files, bytes, brotliBytes } = precompressDir(dir);
  console.log(
    `precompressed ${files} files in ${path.relative(process.cwd(), dir) || dir}: ${(bytes / 1024).toFixed(0)} KiB -> ${(brotliBytes / 1024).toFixed(0)} KiB brotli`,
  );
}
