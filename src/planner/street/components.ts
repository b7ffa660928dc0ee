/** Strongly connected components per profile (iterative Tarjan), to keep snapping inside the largest one. */
import type { StreetGraph } from './graph';

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
export function componentMask(g: Pick<StreetGraph, 'vertexCount' | 'adjOffset' | 'adjHalf' | 'edgeFrom' | 'edgeTo' | 'cost'>): Uint8Array {
  const mask = new Uint8Array(g.vertexCount);
  g.cost.forEach((cost, p) => {
    const { comp, largest } = stronglyConnected(g.vertexCount, g.adjOffset, g.adjHalf, g.edgeFrom, g.edgeTo, cost);
    for (let v = 0; v < g.vertexCount; v++) if (comp[v] === largest) mask[v] = (mask[v] as number) | (1 << p);
  });
  return mask;
}
