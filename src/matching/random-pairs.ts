// Random record pairs without a random generator, for estimating u (estimate.ts, conditional-u.ts).

/**
 * The k-th pair (k ≥ 1) of n records takes the fractional parts of k·φ and k·√2 (two
 * low-discrepancy sequences), so the sample is spread evenly and the same every run.
 */
export function randomPair(k: number, n: number): [number, number] {
  const a = Math.floor(((k * 0.6180339887498949) % 1) * n);
  let b = Math.floor(((k * 0.4142135623730951 + 0.5) % 1) * n);
  if (b === a) b = (b + 1 + (k % (n - 1))) % n;
  return [a, b];
}
