// Peak resident memory of process groups (VS Code server, chromium), sampled from /proc twice a second,
// so that each run can report what it cost on the 24 GB / 2-core machines it shares.
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_KB = 4;

/** RSS in MB of every process whose process group is in `pgids`, summed per group. */
function sample(pgids) {
  const totals = new Map(pgids.map((g) => [g, 0]));
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (!totals.has(pgrp)) continue;
      const rssPages = Number(readFileSync(`/proc/${name}/statm`, 'utf8').split(' ')[1]);
      totals.set(pgrp, totals.get(pgrp) + (rssPages * PAGE_KB) / 1024);
    } catch {
      // the process ended while we looked
    }
  }
  return totals;
}

/**
 * Starts sampling; `groups` maps a label to a pgid (more can be added later with add()).
 * stop() returns { label: peakMB }.
 */
export function memorySampler(groups = {}) {
  const labels = new Map(Object.entries(groups).map(([k, v]) => [v, k]));
  const peaks = {};
  const tick = () => {
    if (!labels.size) return;
    for (const [g, mb] of sample([...labels.keys()])) {
      const l = labels.get(g);
      peaks[l] = Math.max(peaks[l] ?? 0, Math.round(mb));
    }
  };
  const timer = setInterval(tick, 500);
  timer.unref();
  return {
    add(label, pgid) { if (pgid) labels.set(pgid, label); },
    stop() { tick(); clearInterval(timer); return peaks; },
  };
}

/**
 * The process group of the chromium that Playwright launched from this process: Playwright starts it
 * as a group leader, a direct child of ours (its API does not expose the pid).
 */
export function chromiumGroup() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
      if (ppid === process.pid && /chrom/i.test(comm)) return pgrp;
    } catch {
      // gone
    }
  }
  return undefined;
}

export function formatPeaks(peaks) {
  return Object.entries(peaks).map(([k, v]) => `${k} ${v} MB`).join(', ');
}
