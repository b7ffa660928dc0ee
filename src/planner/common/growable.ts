/** Append-only typed arrays for columnar import of large files (stop_times, shapes, OSM ways): the one growable array of the planner. */
type TypedCtor<T> = { new (length: number): T };

export class Growable<T extends Int32Array | Uint8Array | Float32Array | Float64Array> {
  private data: T;
  length = 0;

  constructor(
    private readonly ctor: TypedCtor<T>,
    capacity = 1024,
  ) {
    this.data = new ctor(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new this.ctor(this.data.length * 2);
      (next as Int32Array).set(this.data as Int32Array);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i] as number;
  }

  /** The filled part, without copying. */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  /** The filled part as an array of its own (the buffer is not kept alive). */
  copy(): T {
    return this.data.slice(0, this.length) as T;
  }
}
