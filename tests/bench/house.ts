/**
 * `npm run bench -- house [--src <dir>]`: how many homes the SPEC's values have in a source tree
 * (issue 26; target one each). Counted from the code's text, comments removed:
 *  - London-clock implementations: files that turn instants into wall clocks themselves (Intl
 *    formatToParts, a non-UTC Intl time zone, Temporal's zoned conversions);
 *  - search-time parsers: regular expressions for 'YYYY/MM/DD HH:mm'; ISO date-time parsers: for
 *    'YYYY-MM-DDTHH:mm';
 *  - six-month rules: lines that compute a date from MONTHS_AHEAD (or a second name for it);
 *  - pass-field lists: files that spell out four or more of the six pass fields together;
 *  - metres-to-miles conversions: lines with the SPEC's factor 0.00062137 or 1609.344 m;
 *  - cost order read from text: lines that parse digits back out of a cost text.
 * Run it on an older checkout (`git worktree add /tmp/old <commit>`; `--src /tmp/old/src`) to compare.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../src/planner/node';

const PASS_FIELDS = [
  'has_access_to_car',
  'has_concessionary_pass',
  'has_railcard',
  'railcard_type',
  'has_young_scot_card',
  'has_new_young_scot_card',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [file] : [];
  });
}

/** The code without comments (strings kept: a zone name is a string). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

interface Count {
  name: string;
  places: string[];
}

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--src');
  const root = at >= 0 ? args[at + 1]! : join(REPO_ROOT, 'src');
  const counts: Count[] = [
    'London-clock implementations (files)',
    'search-time parsers',
    'ISO date-time parsers',
    'six-month rules',
    'pass-field lists',
    'metres-to-miles conversions',
    'cost order read from text',
  ].map((name) => ({ name, places: [] }));
  const add = (i: number, place: string) => counts[i]!.places.push(place);
  for (const file of sources(root)) {
    const name = relative(root, file);
    const lines = code(readFileSync(file, 'utf8')).split('\n');
    const text = lines.join('\n');
    // Zone arithmetic, or an Intl/Temporal zone that is a real zone (not UTC): a zone name, the
    // zone constant, or a variable holding one.
    if (/formatToParts\(|toZonedDateTime|timeZone:\s*('(?!UTC')[^']+'|(SEARCH_)?TIME_ZONE\b)/.test(text)) add(0, name);
    lines.forEach((line, i) => {
      const where = `${name}:${i + 1}`;
      if (/\/\^?\\?\(?\\d\{4\}\)?\\\//.test(line)) add(1, where);
      if (/\\d\{2\}\)?(\[T \]|T)\(?\\d/.test(line)) add(2, where);
      if (
        /MONTHS_AHEAD/.test(line) &&
        !/^\s*(import|export \{|export \*)/.test(line) &&
        !/\$\{(MAX_)?MONTHS_AHEAD\}/.test(line) &&
        !/(const|let)\s+(MAX_)?MONTHS_AHEAD\s*=\s*\d/.test(line) &&
        !/^\s*(MAX_)?MONTHS_AHEAD,?\s*$/.test(line)
      )
        add(3, where);
      if (/0\.00062137|1609\.34/.test(line)) add(5, where);
      if (/cost[^\n]*replace\(\/\[\^\\d\.\]/.test(line)) add(6, where);
    });
    for (let i = 0; i < lines.length; i++) {
      const window = lines.slice(i, i + 12).join('\n');
      const named = PASS_FIELDS.filter((field) => new RegExp(`\\b${field}\\b`).test(window));
      if (named.length >= 4) {
        add(4, `${name}:${i + 1}`);
        break;
      }
    }
  }
  console.log(`SPEC values' homes in ${relative(process.cwd(), root) || root}`);
  for (const count of counts) {
    console.log(`${String(count.places.length).padStart(4)}  ${count.name}`);
    for (const place of count.places) console.log(`        ${place}`);
  }
}
