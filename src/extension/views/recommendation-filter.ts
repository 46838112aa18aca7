// Filter and sort of the loaded recommendations, and the parsing of a typed score range. No
// `vscode` here apart from l10n: the tests call these directly.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import { integrationName } from './labels';

export interface RecommendationFilter {
  /** Inclusive bounds in [0, 1]. */
  minScore?: number;
  maxScore?: number;
  /** Integration URIs: a recommendation matches when one of its entities comes from one of them. */
  integrations?: string[];
}

/** 'informative': triage's "most informative first", the ones it does not ask for last. */
export type SortOrder = 'server' | 'score-desc' | 'score-asc' | 'informative';
export const SORT_ORDERS: readonly SortOrder[] = ['server', 'score-desc', 'score-asc', 'informative'];

export function isFiltered(f: RecommendationFilter): boolean {
  return f.minScore !== undefined || f.maxScore !== undefined || !!f.integrations?.length;
}

export function matches(r: Recommendation, f: RecommendationFilter): boolean {
  if (f.minScore !== undefined && r.score < f.minScore) return false;
  if (f.maxScore !== undefined && r.score > f.maxScore) return false;
  if (f.integrations?.length && !r.entities.some((e) => e.integration && f.integrations!.includes(e.integration))) return false;
  return true;
}

/**
 * A new array; the sort is stable, so equal scores keep the server's order. 'informative' follows
 * `rank` (id → place); records without a place (triage does not ask for them) come after, in the
 * server's order.
 */
export function sortRecords(records: readonly Recommendation[], order: SortOrder, rank?: ReadonlyMap<string, number>): Recommendation[] {
  if (order === 'server' || (order === 'informative' && !rank)) return [...records];
  if (order === 'informative') {
    const place = (r: Recommendation) => rank!.get(r['@id']) ?? Number.MAX_SAFE_INTEGER;
    return [...records].sort((a, b) => place(a) - place(b));
  }
  const sign = order === 'score-desc' ? -1 : 1;
  return [...records].sort((a, b) => sign * (a.score - b.score));
}

/** "≥ 90%", "80–95%", "≤ 50%", plus the integrations' short names. */
export function describeFilter(f: RecommendationFilter): string {
  const pct = (x: number) => `${+(x * 100).toFixed(1)}%`;
  const parts: string[] = [];
  if (f.minScore !== undefined && f.maxScore !== undefined) parts.push(`${pct(f.minScore)}–${pct(f.maxScore)}`);
  else if (f.minScore !== undefined) parts.push(`≥ ${pct(f.minScore)}`);
  else if (f.maxScore !== undefined) parts.push(`≤ ${pct(f.maxScore)}`);
  if (f.integrations?.length) parts.push(f.integrations.map(integrationName).join(', '));
  return parts.join(' · ');
}

/**
 * A typed score range: "0.9" or "90%" (at least), "0.8-0.95" or "80-95%" (between), "-0.5"
 * (at most), "" (no score filter). Values above 1 are read as percentages.
 */
export function parseScoreRange(text: string): { minScore?: number; maxScore?: number } | { error: string } {
  const s = text.replace(/\s+/g, '').replace(/[–—]/g, '-').replace(/^≥/, '').replace(/%/g, '');
  if (!s) return {};
  const m = /^(\d*\.?\d*)?(?:(-)(\d*\.?\d*)?)?$/.exec(s);
  const num = (x: string | undefined) => (x === undefined || x === '' ? undefined : Number(x) > 1 ? Number(x) / 100 : Number(x));
  if (!m || (!m[1] && !m[3])) return { error: vscode.l10n.t('"{0}" is not a score range: type 0.9, 90%, 0.8-0.95 or -0.5', text) };
  const minScore = num(m[1]);
  const maxScore = m[2] ? num(m[3]) : undefined;
  for (const v of [minScore, maxScore]) {
    if (v !== undefined && (Number.isNaN(v) || v < 0 || v > 1)) return { error: vscode.l10n.t('Scores are between 0 and 1 (or 0% and 100%)') };
  }
  if (minScore !== undefined && maxScore !== undefined && minScore > maxScore) return { error: vscode.l10n.t('The lower bound is above the upper bound') };
  return { minScore, maxScore };
}
