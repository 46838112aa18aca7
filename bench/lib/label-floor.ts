// The exact count of a certificate by uniform draws without replacement: see bench/triage-label-floor.ts.

/** The fewest draws without replacement, none of them wrong, that rule out `wrong` wrong items among `size`. */
export function drawsToRuleOut(size: number, wrong: number, confidence: number): number {
  if (wrong > size) return 0;
  let pNone = 1;
  for (let n = 0; n < size; n++) {
    if (pNone <= 1 - confidence) return n;
    pNone *= (size - wrong - n) / (size - n);
  }
  return size;
}
