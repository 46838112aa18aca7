// Seeded random draws for the triage tests that simulate curators' answers with known parameters
// (safe-sets.test.ts, recall-budget.test.ts): the same answers on every run.

/** A seeded generator: the simulated answers are the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape < 1 boosted by U^(1/shape)). */
export function gammaSample(rng: () => number, shape: number): number {
  if (shape < 1) return gammaSample(rng, shape + 1) * Math.pow(rng(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      // A standard normal by Box–Muller.
      x = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

export function betaSample(rng: () => number, a: number, b: number): number {
  const x = gammaSample(rng, a);
  return x / (x + gammaSample(rng, b));
}
