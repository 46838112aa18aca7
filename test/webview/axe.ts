// axe-core (the accessibility engine of Deque, as the issue's probe used) inside a panel page: its
// script is evaluated through the test driver (not a page <script>, which the panel's CSP refuses).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Every axe rule on the whole page; the violations, each with the nodes it found. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  // A string, not a function (see page.ts deliver).
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary || '' })),
  })))`);
}

export const serious = (vs: Violation[]) => vs.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** "color-contrast (serious, 14): .muted — Fix any of the following: …" per violation, for a failure message. */
export function describe(vs: Violation[]): string {
  return vs.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => `${n.target} — ${n.summary.replace(/\s+/g, ' ').slice(0, 200)}`).join(' | ')}`).join('\n');
}
