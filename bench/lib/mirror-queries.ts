// Queries for the mirror benchmarks (bench/mirror.ts, bench/mirror-libraries.ts), made from the records' own names.
export interface BenchQuery {
  q: string;
  /** The record the query was made from: a good search has it among the first 20. */
  target: string;
}

/** Deterministic queries made from record names: a third prefixes, a third one-letter typos, a third accented. */
export function queriesFrom(records: { id: string; name: string }[], n: number, seed = 1): BenchQuery[] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const out: BenchQuery[] = [];
  while (out.length < n) {
    const { id, name } = records[Math.floor(rnd() * records.length)];
    const kind = out.length % 3;
    if (kind === 0) out.push({ q: name.slice(0, 3 + Math.floor(rnd() * 6)), target: id });
    else if (kind === 1) {
      const i = 1 + Math.floor(rnd() * Math.max(1, name.length - 2));
      out.push({ q: name.slice(0, i) + 'x' + name.slice(i + 1), target: id });
    } else out.push({ q: name.replace(/e/g, 'é').replace(/a/g, 'à'), target: id });
  }
  return out;
}

/** Every prefix of n record names, as typed a letter at a time into Find ("b", "bl", … the whole name). */
export function typedQueries(records: { name: string }[], n: number, seed = 2): string[] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const name = records[Math.floor(rnd() * records.length)].name.slice(0, 30);
    for (let i = 1; i <= name.length; i++) out.push(name.slice(0, i));
  }
  return out;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
