/**
 * eslint.config.js's drover/one-clock: the London clock and the search-time text have one home,
 * src/vocabulary/time.ts (issue 26). A copy anywhere else in src/ fails lint.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repo });
const oneClock = async (file: string, text: string) =>
  (await eslint.lintText(text, { filePath: path.join(repo, file) }))[0]!.messages
    .filter((m) => m.ruleId === 'drover/one-clock')
    .map((m) => m.line);

describe('drover/one-clock', () => {
  it('refuses a London zone, a search-time or ISO date-time regex, and zone arithmetic outside the vocabulary', async () => {
    const text = [
      "export const zone = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' });",
      'export const searchTime = /^(\\d{4})\\/(\\d{2})\\/(\\d{2}) (\\d{2}):(\\d{2})$/;',
      'export const iso = /^(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2})$/;',
      "export const parts = new Intl.DateTimeFormat('en-GB').formatToParts(new Date());",
      "export const utc = new Date().toLocaleDateString('en-GB', { timeZone: 'UTC' });",
      'export const dateOnly = /^(\\d{4})-(\\d{2})-(\\d{2})$/;',
    ].join('\n');
    expect(await oneClock('src/web/features/search/probe.ts', text)).toEqual([1, 1, 2, 3, 4]);
    expect(await oneClock('src/vocabulary/probe.ts', text)).toEqual([]);
  }, 60_000);
});
