// Reads a V8 .cpuprofile (node --cpu-prof) and sums self time by function and by where the code
// lives (a node_modules package, a src/ folder, Node itself), for the benchmarks' profile summaries.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: [string, number][];
  byArea: [string, number][];
}

/** Where a function's code lives; bundles (dist/*.js) have no module paths, so they count as one area. */
function area(url: string, name: string): string {
  if (name === '(garbage collector)' || name === '(idle)' || name === '(program)') return name;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:') || !url.includes('/')) return 'node (runtime, undici, streams)';
  const src = /\/(src\/[^/]+)\//.exec(url);
  if (src) return src[1];
  return url.split('/').pop() ?? url;
}

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const selfUs = new Map<number, number>();
  p.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const n of p.nodes) {
    const ms = (selfUs.get(n.id) ?? 0) / 1000;
    if (!ms) continue;
    total += ms;
    const { functionName, url, lineNumber } = n.callFrame;
    const fn = `${functionName || '(anonymous)'} ${url.split('/').pop() || ''}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs: total, byFunction: sorted(byFunction), byArea: sorted(byArea) };
}
