/**
 * The web's API layer (ARCHITECTURE.md): every API path lives in src/web/lib/api.ts (the prefix and
 * the paths several features share) or in one feature's api.ts; no other file spells a /v1/ path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(__dirname, '../..');
const ALLOWED = /^src\/web\/(lib\/api\.ts|features\/[^/]+\/api\.ts)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the web API layer', () => {
  it('keeps every /v1/ path in lib/api.ts or a feature api.ts (comments aside)', () => {
    const offenders: string[] = [];
    // (sw/sw.ts names the prefix only to keep API calls out of its navigation fallback.)
    for (const file of files(join(REPO, 'src/web'))) {
      const path = relative(REPO, file);
      if (ALLOWED.test(path)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\/v1\b/.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line))
            offenders.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('has an api.ts for each feature that calls the API', () => {
    for (const feature of ['account', 'campaign', 'journey', 'results', 'search', 'searches']) {
      expect(readFileSync(join(REPO, 'src/web/features', feature, 'api.ts'), 'utf8')).toMatch(
        /API_PREFIX|SHARED_PATHS/,
      );
    }
  });
});
