// The figures every bench section quotes: medians and quantiles of its samples.

/** The q-quantile of ascending `sorted` by nearest rank: the smallest sample with at least a
 * q share of them at or below it (the p99 of 1000 samples is the tenth slowest). 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** The middle of the samples, in any order (the mean of the middle two of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (!sorted.length) return 0;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `n` to `digits` decimals, as the reports show it. */
export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
