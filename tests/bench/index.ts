/**
 * `npm run bench -- <name> [args]`: runs one benchmark and prints its figures.
 * Benchmarks live beside this file as <name>.ts and export `run(args: string[])`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.replace(/\.ts$/, ''));

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|') || 'none yet'}> [options]`);
  process.exit(name ? 2 : 0);
}
const bench = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as { run(args: string[]): Promise<void> };
await bench.run(args);
