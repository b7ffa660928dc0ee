/** Shared by the benches: percentiles, a seeded random source, process CPU time. */

/** The p-th percentile (0..1) of an ascending list; NaN when empty. */
export function pct(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : NaN;
}

/** A small LCG, so a bench's random queries repeat from its seed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** User + system CPU milliseconds of this process so far. */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
