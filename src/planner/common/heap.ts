/** Binary min-heap of (key, value) on typed arrays, with lazy deletion left to the caller. */
export class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(key: number, value: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      this.keys = k;
      const v = new Int32Array(this.size * 2);
      v.set(this.values);
      this.values = v;
    }
    const keys = this.keys;
    const values = this.values;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent] as number;
      if (pk <= key) break;
      keys[i] = pk;
      values[i] = values[parent] as number;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  peekKey(): number {
    return this.size > 0 ? (this.keys[0] as number) : Infinity;
  }

  /** Removes the minimum and returns its value; read its key with peekKey() first. */
  pop(): number {
    const keys = this.keys;
    const values = this.values;
    const top = values[0] as number;
    const n = --this.size;
    if (n > 0) {
      const key = keys[n] as number;
      const value = values[n] as number;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && (keys[child + 1] as number) < (keys[child] as number)) child++;
        if ((keys[child] as number) >= key) break;
        keys[i] = keys[child] as number;
        values[i] = values[child] as number;
        i = child;
      }
      keys[i] = key;
      values[i] = value;
    }
    return top;
  }
}
