/**
 * src/planner/index.ts is what a browser (the on-device planner's Web Worker) loads: nothing it
 * reaches may import a Node builtin or a Node-only module (*-node.ts, cli/), or the web build
 * would fail or pull in shims. Walks the static import graph from the face.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as face from '../../src/planner/index';

const PLANNER = resolve(__dirname, '../../src/planner');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g;

function reachable(entry: string): { files: string[]; bare: Map<string, string> } {
  const seen = new Set<string>();
  const bare = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const source = match[1]!;
      if (!source.startsWith('.')) {
        bare.set(source, relative(PLANNER, file));
        continue;
      }
      const target = resolve(dirname(file), source);
      queue.push(target.endsWith('.ts') ? target : `${target}.ts`);
    }
  }
  return { files: [...seen].map((f) => relative(PLANNER, f)), bare };
}

describe('the planner face (src/planner/index.ts)', () => {
  const { files, bare } = reachable(join(PLANNER, 'index.ts'));

  it('reaches no Node-only module of ours', () => {
    expect(files.filter((f) => /node/.test(f) || f.startsWith('cli/'))).toEqual([]);
    // Outside the planner it reaches only the vocabulary (the SPEC's words, plain values).
    expect(files.filter((f) => f.startsWith('..') && !f.startsWith('../vocabulary/'))).toEqual([]);
    expect(files.length).toBeGreaterThan(40);
  });

  it('imports no Node builtin, only browser-safe packages', () => {
    const node = [...bare].filter(([source]) =>
      /^node:|^(fs|path|os|url|crypto|stream|zlib|worker_threads|child_process)$/.test(source),
    );
    expect(node).toEqual([]);
  });

  it('offers planning, region-from-snapshot decoding and place search', () => {
    for (const name of [
      'plan',
      'planAll',
      'decodeRegionSnapshot',
      'regionFromSnapshot',
      'PlaceIndex',
      'PlaceIndexSet',
      'PlanError',
    ]) {
      expect(face).toHaveProperty(name);
    }
  });
});
