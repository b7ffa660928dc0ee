/**
 * McRAPTOR labels in a pool of parallel typed arrays (one index per label, never an object), and
 * Pareto bags as arrays of label indexes. A search allocates thousands of labels; as objects with
 * closures and Maps they cost most of the search time, as integers they cost almost nothing.
 */
import type { PathLeg } from './transit-data';

export const LEG_ACCESS = 0;
export const LEG_TRANSIT = 1;
export const LEG_TRANSFER = 2;
export const LEG_EGRESS = 3;

/**
 * Label i: reached stop[i] at arr[i] having walked walk[i] seconds at generalised cost cost[i], from
 * label parent[i] (-1 for an access label) by a leg of kind[i] whose fields are:
 *   access/egress: a = stop, c = duration      transfer: a = from stop, b = to stop, c = duration
 *   transit: a = pattern, b = trip, c = board position, d = alight position, day = day slot
 * and which runs from start[i] to end[i].
 */
export class LabelPool {
  size = 0;
  arr = new Int32Array(1024);
  walk = new Int32Array(1024);
  cost = new Float64Array(1024);
  stop = new Int32Array(1024);
  parent = new Int32Array(1024);
  kind = new Uint8Array(1024);
  a = new Int32Array(1024);
  b = new Int32Array(1024);
  c = new Int32Array(1024);
  d = new Int32Array(1024);
  day = new Uint8Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);

  clear(): void {
    this.size = 0;
  }

  /** A new label; the caller fills every field it reads. Arrays may be replaced: re-read them after. */
  alloc(): number {
    if (this.size === this.arr.length) this.grow();
    return this.size++;
  }

  /** Gives back the most recent label when it was not kept. */
  release(label: number): void {
    if (label === this.size - 1) this.size--;
  }

  set(
    label: number,
    arr: number,
    walk: number,
    cost: number,
    stop: number,
    parent: number,
    kind: number,
    start: number,
    end: number,
  ): void {
    this.arr[label] = arr;
    this.walk[label] = walk;
    this.cost[label] = cost;
    this.stop[label] = stop;
    this.parent[label] = parent;
    this.kind[label] = kind;
    this.start[label] = start;
    this.end[label] = end;
  }

  /** Whether label x is at least as good as label y on every criterion. */
  dominates(x: number, y: number): boolean {
    return (
      (this.arr[x] as number) <= (this.arr[y] as number) &&
      (this.walk[x] as number) <= (this.walk[y] as number) &&
      (this.cost[x] as number) <= (this.cost[y] as number)
    );
  }

  /** Adds `label` to `bag` unless a label there dominates it (equal counts); drops those it dominates. */
  merge(bag: number[], label: number): boolean {
    const { arr, walk, cost } = this;
    const la = arr[label] as number;
    const lw = walk[label] as number;
    const lc = cost[label] as number;
    for (let i = 0; i < bag.length; i++) {
      const o = bag[i] as number;
      if ((arr[o] as number) <= la && (walk[o] as number) <= lw && (cost[o] as number) <= lc) return false;
    }
    let kept = 0;
    for (let i = 0; i < bag.length; i++) {
      const o = bag[i] as number;
      if (!(la <= (arr[o] as number) && lw <= (walk[o] as number) && lc <= (cost[o] as number))) bag[kept++] = o;
    }
    if (kept < bag.length) bag.length = kept;
    bag.push(label);
    return true;
  }

  /** The leg that reached `label`, as the router's path type. */
  leg(label: number): PathLeg {
    const start = this.start[label] as number;
    const end = this.end[label] as number;
    const a = this.a[label] as number;
    switch (this.kind[label]) {
      case LEG_ACCESS:
        return { kind: 'access', stop: a, duration: this.c[label] as number, start, end };
      case LEG_EGRESS:
        return { kind: 'egress', stop: a, duration: this.c[label] as number, start, end };
      case LEG_TRANSFER:
        return {
          kind: 'transfer',
          from: a,
          to: this.b[label] as number,
          duration: this.c[label] as number,
          start,
          end,
        };
      default:
        return {
          kind: 'transit',
          pattern: a,
          trip: this.b[label] as number,
          day: this.day[label] as number,
          boardPos: this.c[label] as number,
          alightPos: this.d[label] as number,
          start,
          end,
        };
    }
  }

  private grow(): void {
    const n = this.arr.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(n);
      next.set(old as never);
      return next;
    };
    this.arr = grown(this.arr, (k) => new Int32Array(k));
    this.walk = grown(this.walk, (k) => new Int32Array(k));
    this.cost = grown(this.cost, (k) => new Float64Array(k));
    this.stop = grown(this.stop, (k) => new Int32Array(k));
    this.parent = grown(this.parent, (k) => new Int32Array(k));
    this.kind = grown(this.kind, (k) => new Uint8Array(k));
    this.a = grown(this.a, (k) => new Int32Array(k));
    this.b = grown(this.b, (k) => new Int32Array(k));
    this.c = grown(this.c, (k) => new Int32Array(k));
    this.d = grown(this.d, (k) => new Int32Array(k));
    this.day = grown(this.day, (k) => new Uint8Array(k));
    this.start = grown(this.start, (k) => new Int32Array(k));
    this.end = grown(this.end, (k) => new Int32Array(k));
  }
}

/** Per-stop bags emptied between uses by remembering which stops were touched, in first-touch order. */
export class StopBags {
  readonly bags: number[][];
  readonly touched: number[] = [];
  private readonly flag: Uint8Array;

  constructor(stopCount: number) {
    this.bags = Array.from({ length: stopCount }, () => []);
    this.flag = new Uint8Array(stopCount);
  }

  /** The bag of stop s, noting s as touched (the caller is about to add to it). */
  at(s: number): number[] {
    if (this.flag[s] === 0) {
      this.flag[s] = 1;
      this.touched.push(s);
    }
    return this.bags[s] as number[];
  }

  get(s: number): number[] {
    return this.bags[s] as number[];
  }

  clear(): void {
    for (const s of this.touched) {
      (this.bags[s] as number[]).length = 0;
      this.flag[s] = 0;
    }
    this.touched.length = 0;
  }
}
