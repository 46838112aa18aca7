// Short texts and icons shared by the trees.
import * as vscode from 'vscode';
import type { Address } from '../../api/model';
import { recordRepresentatives, type MergeableEntity } from '../../curation/merged-records';
import { SCORE_ICONS, type ScoreBand, type ScoreIconSpec, scoreBand } from './score-icons';

/** `urn:integration:acme-events` → `acme-events`, `https://x.test/integrations/foo` → `foo`. */
export function integrationName(uri: string | null | undefined): string {
  if (!uri) return 'unknown source';
  const tail = uri.split(/[/:#]/).filter(Boolean).pop();
  return tail ?? uri;
}

export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

// Made once: every tree item of a long list shares them.
let scoreIcons: Record<ScoreBand, vscode.ThemeIcon> | undefined;

/** A visual cue for the score (score-icons.ts says which and why). */
export function scoreIcon(score: number): vscode.ThemeIcon {
  scoreIcons ??= {
    high: themeIcon(SCORE_ICONS.high),
    medium: themeIcon(SCORE_ICONS.medium),
    low: themeIcon(SCORE_ICONS.low),
  };
  return scoreIcons[scoreBand(score)];
}

const themeIcon = (s: ScoreIconSpec) => new vscode.ThemeIcon(s.id, new vscode.ThemeColor(s.color));

export function addressLine(a: Address | null | undefined): string {
  if (!a) return '';
  return [a.streetAddress, [a.postalCode, a.addressLocality].filter(Boolean).join(' '), a.addressRegion, a.addressCountry]
    .filter((x) => x && String(x).trim())
    .join(', ');
}

/**
 * A tooltip as plain text, one "label: value" line each. Record data is never markup: VS Code shows
 * a string tooltip as text (no links, no icons, no escapes), where a MarkdownString turned bare URLs
 * from the data into live links and showed `appendText`'s escape backslashes.
 */
export function tooltipLines(lines: [string, string | null | undefined][]): string {
  return lines
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

// One formatter for every tree item: Date#toLocaleString builds a new one per call (≈ 0.1–0.5 ms
// each), which made 10,000 event items take over a second to draw (docs/benchmarks.md, figure 4).
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function localDateTime(ts: string | null | undefined): string {
  if (!ts) return '';
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return ts;
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(d);
}

export interface NamesLabelOptions {
  /** Two names and how many more ("A ⇄ B +1"): for rows and quick picks. */
  compact?: boolean;
  /** Cut each name to this many characters ("…"): for titles. */
  maxName?: number;
}

/**
 * How a recommendation is named everywhere (tree rows, titles, messages, the journal): its
 * entities' names joined by ⇄; an entity without a name by its id.
 */
export function namesLabel(entities: readonly { name?: string | null; id: string }[], o: NamesLabelOptions = {}): string {
  const names = entities.map((e) => {
    const name = e.name || e.id;
    return o.maxName !== undefined && name.length > o.maxName ? `${name.slice(0, o.maxName)}…` : name;
  });
  return o.compact && names.length > 2 ? `${names[0]} ⇄ ${names[1]} +${names.length - 2}` : names.join(' ⇄ ');
}

/** namesLabel of a recommendation (each merged record named once), or its own id when it names none. */
export function recommendationLabel(r: { '@id': string; entities: readonly MergeableEntity[] }, o: NamesLabelOptions = {}): string {
  // Its entities are source records; several can belong to one record merged already.
  const named = recordRepresentatives(r.entities);
  return namesLabel(named.map((e) => ({ name: e.name, id: e['@id'] })), o) || r['@id'];
}
