/** Strongly connected components per profile (iterative Tarjan), to keep snapping inside the largest one. */
import type { StreetGraph } from './graph';
import type { TurnTable } from './turns';

/**
 * Component id per vertex for the half-edges with finite cost in `cost`; returns the ids and the
 * id of the largest component (by vertex count).
 */
export function stronglyConnected(
  vertexCount: number,
  adjOffset: Int32Array,
  adjHalf: Int32Array,
  edgeFrom: Int32Array,
  edgeTo: Int32Array,
  cost: Float32Array,
): { comp: Int32Array; largest: number; sizes: number[] } {
  const index = new Int32Array(vertexCount).fill(-1);
  const low = new Int32Array(vertexCount);
  const comp = new Int32Array(vertexCount).fill(-1);
  const onStack = new Uint8Array(vertexCount);
  const stack = new Int32Array(vertexCount);
  const callV = new Int32Array(vertexCount);
  const callPos = new Int32Array(vertexCount);
  const sizes: number[] = [];
  let sp = 0;
  let counter = 0;
  for (let s = 0; s < vertexCount; s++) {
    if (index[s] !== -1) continue;
    let top = 0;
    callV[0] = s;
    callPos[0] = adjOffset[s] as number;
    index[s] = low[s] = counter++;
    stack[sp++] = s;
    onStack[s] = 1;
    while (top >= 0) {
      const v = callV[top] as number;
      const pos = callPos[top] as number;
      if (pos < (adjOffset[v + 1] as number)) {
        callPos[top] = pos + 1;
        const h = adjHalf[pos] as number;
        if (!Number.isFinite(cost[h] as number)) continue;
        const e = h >> 1;
        const w = (h & 1 ? edgeFrom[e] : edgeTo[e]) as number;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          top++;
          callV[top] = w;
          callPos[top] = adjOffset[w] as number;
        } else if (onStack[w] && (index[w] as number) < (low[v] as number)) low[v] = index[w] as number;
      } else {
        top--;
        if (low[v] === index[v]) {
          const id = sizes.length;
          let size = 0;
          let w: number;
          do {
            w = stack[--sp] as number;
            onStack[w] = 0;
            comp[w] = id;
            size++;
          } while (w !== v);
          sizes.push(size);
        }
        if (top >= 0) {
          const u = callV[top] as number;
          if ((low[v] as number) < (low[u] as number)) low[u] = low[v] as number;
        }
      }
    }
  }
  let largest = -1;
  let best = 0;
  sizes.forEach((size, id) => {
    if (size > best) {
      best = size;
      largest = id;
    }
  });
  return { comp, largest, sizes };
}

/** Bit p of the result is set for vertices in profile p's largest strongly connected component. */
export function componentMask(
  g: Pick<StreetGraph, 'vertexCount' | 'adjOffset' | 'adjHalf' | 'edgeFrom' | 'edgeTo' | 'cost'>,
): Uint8Array {
  const mask = new Uint8Array(g.vertexCount);
  g.cost.forEach((cost, p) => {
    const { comp, largest } = stronglyConnected(g.vertexCount, g.adjOffset, g.adjHalf, g.edgeFrom, g.edgeTo, cost);
    for (let v = 0; v < g.vertexCount; v++) if (comp[v] === largest) mask[v] = (mask[v] as number) | (1 << p);
  });
  return mask;
}

/**
 * Refines a profile's component with its turn restrictions: keeps the vertices that can both be
 * reached from and reach a root vertex when forbidden turns are refused (a street whose only
 * exits are banned turns drops out). Root: the best of a few vertices of the plain component.
 */
export function refineWithTurns(
  g: Pick<StreetGraph, 'vertexCount' | 'adjOffset' | 'adjHalf' | 'edgeFrom' | 'edgeTo' | 'cost'>,
  mask: Uint8Array,
  p: number,
  turns: TurnTable,
): void {
  if (turns.slots === 0) return;
  const bit = 1 << p;
  const members: number[] = [];
  for (let v = 0; v < g.vertexCount; v++) if ((mask[v] as number) & bit) members.push(v);
  if (members.length === 0) return;
  let best: Uint8Array | null = null;
  let bestCount = -1;
  for (let k = 0; k < 4; k++) {
    const root = members[Math.floor(((k * 2 + 1) / 8) * members.length)] as number;
    const fwd = reachable(g, p, turns, root, false);
    const bwd = reachable(g, p, turns, root, true);
    const both = new Uint8Array(g.vertexCount);
    let count = 0;
    for (let v = 0; v < g.vertexCount; v++) {
      if (fwd[v] && bwd[v]) {
        both[v] = 1;
        count++;
      }
    }
    if (count > bestCount) {
      best = both;
      bestCount = count;
    }
    if (count >= 0.5 * members.length) break;
  }
  for (let v = 0; v < g.vertexCount; v++) if (!best?.[v]) mask[v] = (mask[v] as number) & ~bit;
}

/** Vertices reachable from root (reverse: that can reach root), honouring turn restrictions. */
function reachable(
  g: Pick<StreetGraph, 'vertexCount' | 'adjOffset' | 'adjHalf' | 'edgeFrom' | 'edgeTo' | 'cost'>,
  p: number,
  turns: TurnTable,
  root: number,
  reverse: boolean,
): Uint8Array {
  const V = g.vertexCount;
  const cost = g.cost[p as 0 | 1 | 2];
  const seenState = new Uint8Array(V + turns.slots);
  const out = new Uint8Array(V);
  const stack: number[] = [];
  const push = (s: number): void => {
    if (seenState[s]) return;
    seenState[s] = 1;
    stack.push(s);
  };
  const base = turns.slotBase[root] as number;
  if (base < 0) push(root);
  else for (let k = 0; k < (g.adjOffset[root + 1] as number) - (g.adjOffset[root] as number); k++) push(V + base + k);
  while (stack.length > 0) {
    const s = stack.pop() as number;
    const v = s < V ? s : (turns.slotVertex[s - V] as number);
    const tag = s < V ? -1 : (turns.slotIn[s - V] as number);
    out[v] = 1;
    for (let i = g.adjOffset[v] as number; i < (g.adjOffset[v + 1] as number); i++) {
      const h = g.adjHalf[i] as number;
      if (!Number.isFinite(cost[reverse ? h ^ 1 : h] as number)) continue;
      if (tag >= 0 && !(reverse ? turns.allowed(p, v, h ^ 1, tag ^ 1) : turns.allowed(p, v, tag, h))) continue;
      const e = h >> 1;
      const w = (h & 1 ? g.edgeFrom[e] : g.edgeTo[e]) as number;
      const wb = turns.slotBase[w] as number;
      push(wb < 0 ? w : V + wb + (turns.adjPos[h ^ 1] as number));
    }
  }
  return out;
}
