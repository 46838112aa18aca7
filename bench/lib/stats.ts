// Medians and ranges of repeated measurements, and the machine line every benchmark prints.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** "1.23 (1.10–1.40)": median and min–max, with `digits` decimals. */
export function summary(xs: readonly number[], digits = 2): string {
  if (xs.length === 0) return '–';
  return `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
}

export function load1(): number {
  return loadavg()[0];
}

export function machineLine(): string {
  const c = cpus();
  return `${new Date().toISOString()}  node ${process.version}, ${c.length} × ${c[0]?.model ?? 'CPU'}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

/** A positive number after `--name`, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!(v > 0) || !Number.isFinite(v)) throw new Error(`${name} needs a positive number`);
  return v;
}

/** CPU time (user + system) of another process so far, in ms, from /proc (10 ms resolution); NaN where there is no /proc. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: field 3 is index 0, so utime (14) and stime (15) are 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
