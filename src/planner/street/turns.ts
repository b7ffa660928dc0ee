/**
 * Turn restrictions (OSM type=restriction relations with a via node): "no_*" forbids one turn,
 * "only_*" forbids every other turn from the same approach. They bind cars and, unless
 * except=bicycle (or the tag is restriction:motorcar), cyclists. Restrictions with a via way are
 * not modelled (few, and they need longer turn memories).
 *
 * The router keeps per-approach labels only at vertices that carry a restriction, so the search
 * stays node-based everywhere else.
 */
import type { OsmRelation } from './osm-pbf';

export interface RawRestriction {
  from: number[];
  via: number;
  to: number[];
  only: boolean;
  /** Bit 1 cycle, bit 2 car (profile index bits). */
  profiles: number;
}

const CYCLE_BIT = 1 << 1;
const CAR_BIT = 1 << 2;

export function parseRestriction(rel: OsmRelation): RawRestriction | null {
  const t = rel.tags;
  if (t.type !== 'restriction') return null;
  let value = t.restriction;
  let profiles = CYCLE_BIT | CAR_BIT;
  if (!value) {
    if (t['restriction:motorcar'] ?? t['restriction:motor_vehicle']) {
      value = t['restriction:motorcar'] ?? t['restriction:motor_vehicle'];
      profiles = CAR_BIT;
    } else if (t['restriction:bicycle']) {
      value = t['restriction:bicycle'];
      profiles = CYCLE_BIT;
    } else return null;
  }
  const except = (t.except ?? '').split(';').map((s) => s.trim());
  if (except.includes('bicycle')) profiles &= ~CYCLE_BIT;
  if (except.includes('motorcar') || except.includes('motor_vehicle')) profiles &= ~CAR_BIT;
  if (!profiles || !value) return null;
  const only = value.startsWith('only_');
  if (!only && !value.startsWith('no_')) return null;
  const from: number[] = [];
  const to: number[] = [];
  const vias: number[] = [];
  for (const m of rel.members) {
    if (m.role === 'from' && m.type === 'way') from.push(m.ref);
    else if (m.role === 'to' && m.type === 'way') to.push(m.ref);
    else if (m.role === 'via') {
      if (m.type !== 'node') return null;
      vias.push(m.ref);
    }
  }
  if (vias.length !== 1 || from.length === 0 || to.length === 0) return null;
  return { from, via: vias[0] as number, to, only, profiles };
}

/** Resolved restrictions: at vertex via, coming in along half-edge from, leaving along half-edge to. */
export interface TurnArrays {
  turnVia: Int32Array;
  turnFrom: Int32Array;
  turnTo: Int32Array;
  /** 0 = no (forbid this turn), 1 = only (forbid all other turns from this approach). */
  turnOnly: Uint8Array;
  turnProfiles: Uint8Array;
}

export function resolveRestrictions(
  raw: readonly RawRestriction[],
  vertexOfNode: (id: number) => number,
  g: { adjOffset: Int32Array; adjHalf: Int32Array; edgeWay: Float64Array },
): TurnArrays {
  const via: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const only: number[] = [];
  const profiles: number[] = [];
  for (const r of raw) {
    const v = vertexOfNode(r.via);
    if (v < 0) continue;
    const ins: number[] = [];
    const outs: number[] = [];
    for (let i = g.adjOffset[v] as number; i < (g.adjOffset[v + 1] as number); i++) {
      const h = g.adjHalf[i] as number;
      const way = g.edgeWay[h >> 1] as number;
      if (r.to.includes(way)) outs.push(h);
      if (r.from.includes(way)) ins.push(h ^ 1);
    }
    for (const a of ins) {
      for (const b of outs) {
        via.push(v);
        from.push(a);
        to.push(b);
        only.push(r.only ? 1 : 0);
        profiles.push(r.profiles);
      }
    }
  }
  return {
    turnVia: Int32Array.from(via),
    turnFrom: Int32Array.from(from),
    turnTo: Int32Array.from(to),
    turnOnly: Uint8Array.from(only),
    turnProfiles: Uint8Array.from(profiles),
  };
}

/** Lookup of restrictions by vertex, for the router. */
export class TurnTable {
  /** Per vertex: first slot of its per-approach labels, or -1 when it has no restriction. */
  readonly slotBase: Int32Array;
  /** Per slot: its vertex and the incoming half-edge it stands for. */
  readonly slotVertex: Int32Array;
  readonly slotIn: Int32Array;
  /** Per half-edge: its index in its tail vertex's adjacency list. */
  readonly adjPos: Int32Array;
  private readonly byVertex: Map<number, number[]>;

  constructor(
    private readonly t: TurnArrays,
    vertexCount: number,
    adjOffset: Int32Array,
    adjHalf: Int32Array,
  ) {
    this.slotBase = new Int32Array(vertexCount).fill(-1);
    this.byVertex = new Map();
    const slotV: number[] = [];
    const slotIn: number[] = [];
    for (let i = 0; i < t.turnVia.length; i++) {
      const v = t.turnVia[i] as number;
      let list = this.byVertex.get(v);
      if (!list) {
        list = [];
        this.byVertex.set(v, list);
        this.slotBase[v] = slotV.length;
        for (let k = adjOffset[v] as number; k < (adjOffset[v + 1] as number); k++) {
          slotV.push(v);
          slotIn.push((adjHalf[k] as number) ^ 1);
        }
      }
      list.push(i);
    }
    this.slotVertex = Int32Array.from(slotV);
    this.slotIn = Int32Array.from(slotIn);
    this.adjPos = new Int32Array(adjHalf.length);
    for (let v = 0; v < vertexCount; v++) {
      for (let k = adjOffset[v] as number; k < (adjOffset[v + 1] as number); k++)
        this.adjPos[adjHalf[k] as number] = k - (adjOffset[v] as number);
    }
  }

  get slots(): number {
    return this.slotVertex.length;
  }

  /** May profile p, having arrived at v along inHalf, leave along outHalf? */
  allowed(p: number, v: number, inHalf: number, outHalf: number): boolean {
    const list = this.byVertex.get(v);
    if (!list) return true;
    const bit = 1 << p;
    const t = this.t;
    for (const i of list) {
      if (!((t.turnProfiles[i] as number) & bit) || t.turnFrom[i] !== inHalf) continue;
      if (t.turnOnly[i]) {
        if (t.turnTo[i] !== outHalf) {
          // Another "only" rule from this approach may name outHalf.
          let named = false;
          for (const j of list)
            if (
              t.turnOnly[j] &&
              t.turnFrom[j] === inHalf &&
              t.turnTo[j] === outHalf &&
              (t.turnProfiles[j] as number) & bit
            )
              named = true;
          if (!named) return false;
        }
      } else if (t.turnTo[i] === outHalf) return false;
    }
    return true;
  }
}
