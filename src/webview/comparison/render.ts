// Builds the comparison from a ComparisonView with DOM APIs only: every value from a record goes in
// through textContent (or a text node), never through innerHTML or an attribute the browser would
// interpret, so markup in third-party data stays text. The one attribute that carries data is a
// link's href, and only after isWebLink accepted it (http/https).
import { t } from './l10n';
import { diffRow, type RowState, type Segment } from './diff';
import type { ComparisonRow, ComparisonView, Evidence, RowKey, Verdict } from './protocol';
import { type Children, el } from '../shared/dom';
import { isWebLink } from '../shared/messages';
import { webLink } from '../shared/links';
import { clip, longText, MAX_CELL_CHARS, showAll } from '../shared/long-value';
import { formatCount, formatPercent } from '../shared/format';

export interface Handlers {
  decide(verdict: Verdict): void;
  /** "Unsure…": the extension asks for the note. */
  unsure?(): void;
  /** "Clear mark" beside an unsure mark: the extension journals the clearing. */
  clearUnsure?(): void;
  openLink(url: string): void;
}

const percent = (x: number) => formatPercent(x);
/** "14 m", "1.2 km", "35 km". */
export const distanceText = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`);
const bits = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;

/**
 * The whole panel for one recommendation. `top`: the review queue's bar, first in the header. The
 * main region takes the focus when shown (tabindex -1: focusable by script, not a Tab stop).
 */
export function renderComparison(view: ComparisonView, handlers: Handlers, top?: HTMLElement): HTMLElement {
  const main = el('main', 'comparison');
  main.tabIndex = -1;
  main.setAttribute('aria-labelledby', 'title');
  const head = header(view, handlers);
  if (top) {
    head.prepend(top);
    // In the queue, A and R decide: say so to assistive technology.
    for (const b of head.querySelectorAll<HTMLButtonElement>('button.decide')) b.setAttribute('aria-keyshortcuts', b.dataset.verdict === 'approve' ? 'A' : 'R');
  }
  main.append(head, table(view, handlers));
  // Blind review: no sum either (its total is the score).
  if (!view.blind) main.append(why(view));
  return main;
}

function header(view: ComparisonView, handlers: Handlers): HTMLElement {
  const title = el('h1', undefined, view.audit ? t('auditDraw') : view.blind ? t('scoreHidden') : t('score', percent(view.score)));
  title.id = 'title';
  const facts = [t(view.kind === 'event' ? 'entityCountEvents' : 'entityCountLocations', view.entities.length)];
  const apart = view.explanations.filter((p) => p.meters !== undefined);
  if (apart.length) {
    facts.push(view.entities.length > 2 ? t('distancesFromFirst', apart.map((p) => `${p.against + 1}: ${distanceText(p.meters as number)}`).join(', ')) : t('distanceApart', distanceText(apart[0].meters as number)));
  }
  if (view.remaining !== undefined) facts.push(t('morePending', view.remaining));
  const approve = button('approve', t('approve'), t('approveLabel'), () => handlers.decide('approve'));
  const reject = button('reject', t('reject'), t('rejectLabel'), () => handlers.decide('reject'));
  const status = el('p', 'status');
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const id = el('p', 'rec-id', el('span', 'label', `${t('recommendation')} `), el('code', undefined, ...longText(view.recommendationId, MAX_CELL_CHARS)));
  const actions = el('div', 'actions', approve, reject);
  if (handlers.unsure) {
    const unsure = el('button', 'nav unsure', t('unsure'));
    unsure.type = 'button';
    unsure.setAttribute('aria-label', t('unsureLabel'));
    unsure.addEventListener('click', () => handlers.unsure?.());
    actions.append(unsure);
  }
  return el('header', 'top', el('div', 'heading', title, el('p', 'facts', facts.join(' · ')), scoreNote(view), id, askedNote(view), ...triageNotes(view, handlers)), actions, status);
}

/** Why the review queue asks this one (triage's reason), as text. */
function askedNote(view: ComparisonView): HTMLElement | null {
  const a = view.asked;
  if (!a) return null;
  const words = a.why === 'uncertain' ? t('askedUncertain') : a.why === 'audit' ? t('askedAudit') : a.group ? t('askedGroupOf', a.group) : t('askedGroup');
  const note = el('p', 'asked', words);
  note.dataset.why = a.why;
  return note;
}

/** The flags and the unsure mark, as text (the note is the curator's own words, still text only). */
function triageNotes(view: ComparisonView, handlers: Handlers): HTMLElement[] {
  const notes = view.triage;
  if (!notes || view.blind) return [];
  const out: HTMLElement[] = [];
  if (notes.unsure) {
    const mark = el('p', 'unsure-mark', el('strong', undefined, t('markedUnsure')), notes.unsure.note ? `: ${clip(notes.unsure.note, 500)}` : '');
    if (handlers.clearUnsure) {
      const clear = el('button', 'nav clear-unsure', t('clearUnsure'));
      clear.type = 'button';
      clear.setAttribute('aria-label', t('clearUnsureLabel'));
      clear.addEventListener('click', () => handlers.clearUnsure?.());
      mark.append(' ', clear);
    }
    out.push(mark);
  }
  if (notes.flags.length) {
    const list = el('ul', 'flags');
    list.setAttribute('aria-label', t('warningFlags'));
    for (const f of notes.flags) list.append(el('li', undefined, `⚑ ${f}`));
    out.push(list);
  }
  return out;
}

/**
 * When this editor's own estimate reads differently from the service's score (33% against 78%),
 * which number is whose: the title's is the service's; the estimate is the matcher run here on the
 * fields the entities carry, which may be fewer than the service saw.
 */
export function scoreNote(view: ComparisonView): HTMLElement | null {
  // Blind review shows no score until the verdict.
  if (view.blind) return null;
  const service = percent(view.score);
  const differing = view.explanations.filter((p) => percent(p.score) !== service);
  if (!differing.length) return null;
  const estimates = view.entities.length > 2 ? view.explanations.map((p) => `${p.against + 1}: ${percent(p.score)}`).join(', ') : percent(view.explanations[0].score);
  const own = view.weights?.source === 'service';
  const key = own ? (view.entities.length > 2 ? 'scoreNoteServiceMany' : 'scoreNoteServiceOne') : view.entities.length > 2 ? 'scoreNoteMany' : 'scoreNoteOne';
  const note = el('p', 'score-note', t(key, service, estimates));
  note.id = 'score-note';
  return note;
}

function button(verdict: Verdict, text: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', `decide ${verdict}`, el('span', 'icon', verdict === 'approve' ? '✓' : '✕'), ` ${text}`);
  b.type = 'button';
  b.dataset.verdict = verdict;
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

function table(view: ComparisonView, handlers: Handlers): HTMLElement {
  const head = el('tr', undefined, th('col', t('field')));
  view.entities.forEach((e, i) => head.append(th('col', `${i + 1}. ${clip(e.label)}`)));
  head.append(th('col', view.entities.length > 2 ? t('whyEachAgainstFirst') : t('why')));
  const body = el('tbody');
  for (const row of view.rows) body.append(tableRow(view, row, handlers));
  const caption = el('caption', undefined, t('tableCaption'));
  return el('div', 'table-wrap', el('table', 'fields', caption, el('thead', undefined, head), body));
}

function th(scope: 'col' | 'row', ...children: Children): HTMLTableCellElement {
  const cell = el('th', undefined, ...children);
  cell.scope = scope;
  return cell;
}

/** Each row's name in the strings. */
const FIELD_LABEL = {
  name: 'fieldName',
  start: 'fieldStart',
  venue: 'fieldVenue',
  street: 'fieldStreet',
  postalCode: 'fieldPostalCode',
  locality: 'fieldLocality',
  region: 'fieldRegion',
  country: 'fieldCountry',
  telephone: 'fieldTelephone',
  url: 'fieldUrl',
  integration: 'fieldIntegration',
  sourceId: 'fieldSourceId',
  identifier: 'fieldIdentifier',
  type: 'fieldType',
} as const satisfies Record<RowKey, string>;

const STATE_TEXT = { equal: 'stateEqual', close: 'stateClose', differ: 'stateDiffer', missing: 'stateMissing', empty: 'stateEmpty' } as const;
type ShownState = keyof typeof STATE_TEXT;

/**
 * The row's word: triage's agreement when the extension sent one (the word the group is named
 * with), else the text comparison's. The marks inside the values stay textual either way.
 */
function rowState(row: ComparisonRow, diff: RowState): ShownState {
  switch (row.agreement) {
    case undefined:
      return diff;
    case 'differs':
      return 'differ';
    case 'missing':
      return diff === 'empty' ? 'empty' : 'missing';
    default:
      return row.agreement;
  }
}

function tableRow(view: ComparisonView, row: ComparisonRow, handlers: Handlers): HTMLTableRowElement {
  const diff = diffRow(row.values);
  const state = rowState(row, diff.state);
  const tr = el('tr', `row ${state}`);
  tr.dataset.field = row.key;
  tr.dataset.state = state;
  tr.append(th('row', t(FIELD_LABEL[row.key]), el('span', `badge ${state}`, t(STATE_TEXT[state]))));
  diff.segments.forEach((segments, i) => {
    const td = el('td', segments ? 'value' : 'value missing');
    td.dataset.entity = String(i);
    const cell = el('div', 'cell');
    if (!segments) cell.append(el('span', 'missing-text', t('missing')));
    else if (row.key === 'url' && isWebLink(row.values[i] as string)) cell.append(link(row.values[i] as string, segments, handlers));
    else cell.append(...spans(segments));
    // A long value: its start is shown (and marked), the rest on request (outside a link).
    if (diff.rest[i]) cell.append(showAll(diff.rest[i]));
    const note = row.notes?.[i];
    if (segments && note) cell.append(el('span', 'note', note));
    td.append(cell);
    tr.append(td);
  });
  tr.append(whyCell(view, row));
  return tr;
}

function spans(segments: Segment[]): Node[] {
  return segments.map((s) => (s.differs ? el('mark', 'diff', s.text) : document.createTextNode(s.text)));
}

const link = (url: string, segments: Segment[], handlers: Handlers) => webLink(url, t('openInBrowser'), handlers.openLink, ...spans(segments));

function find(view: ComparisonView, against: number, field: string): Evidence | undefined {
  return view.explanations.find((p) => p.against === against)?.evidence.find((e) => e.field === field);
}

function whyCell(view: ComparisonView, row: ComparisonRow): HTMLTableCellElement {
  const td = el('td', 'why');
  if (!row.matcherFields.length) {
    td.append(el('span', 'muted', t('notScored')));
    return td;
  }
  const list = el('ul', 'evidence');
  for (const p of view.explanations) {
    for (const field of row.matcherFields) {
      const e = find(view, p.against, field);
      if (!e) continue;
      const who = view.entities.length > 2 ? `${p.against + 1}: ` : '';
      const named = row.matcherFields.length > 1 || field !== matcherNameOf(row.key) ? `${field} ` : '';
      list.append(el('li', weightClass(e.weight), `${who}${named}${evidenceText(e)}`));
    }
  }
  td.append(list);
  return td;
}

// The matcher's own name for a row, so "name" is not repeated in the name row's why.
const matcherNameOf = (key: string) => ({ street: 'address', postalCode: 'postcode', locality: 'town', telephone: 'phone' })[key] ?? key;

function evidenceText(e: Evidence): string {
  if (e.similarity === null) return t('notCompared');
  return t('similarityBits', e.similarity.toFixed(2), bits(e.weight));
}

const weightClass = (w: number) => (w > 0.005 ? 'for' : w < -0.005 ? 'against' : 'neutral');

/** Whose weights the sum below uses: the service's own model, or this editor's hand-set one. */
function weightsNote(view: ComparisonView): HTMLElement {
  const w = view.weights;
  const text = w?.source !== 'service' ? t('weightsEditor') : w.model === 'prior' ? t('weightsServicePrior') : w.labels > 0 ? t('weightsServiceLearned', formatCount(w.labels)) : t('weightsServiceEstimated');
  const p = el('p', 'weights muted', text);
  p.id = 'weights-source';
  p.dataset.source = w?.source ?? 'editor';
  return p;
}

/** The sum, per pair: prior + every field's weight = log-odds → score. */
function why(view: ComparisonView): HTMLElement {
  const section = el('section', 'why-sum', el('h2', undefined, t('whyThisScore')));
  section.setAttribute('aria-label', t('whyThisScore'));
  if (!view.explanations.length) section.append(el('p', 'muted', t('onlyOneEntity')));
  else section.append(weightsNote(view));
  const own = view.weights?.source === 'service';
  for (const p of view.explanations) {
    const rows = el('tbody');
    rows.append(el('tr', undefined, th('row', t('prior')), el('td', 'num', bits(p.prior)), el('td', 'muted', t('beforeEvidence'))));
    for (const e of p.evidence) {
      const shown = [e.a, e.b].filter((x) => x !== undefined).join(' ⇄ ');
      const similarity = (s: number) => (e.field === 'distance' && p.meters !== undefined ? t('similarityApart', s.toFixed(2), distanceText(p.meters)) : t('similarity', s.toFixed(2)));
      const measured = e.similarity === null ? (e.field === 'distance' ? t('noCoordinates') : t('valueMissing')) : similarity(e.similarity);
      const leveled = e.level === undefined ? measured : t('levelNote', measured, e.level);
      const note = e.countedWith === undefined ? leveled : t('levelNote', leveled, t('countedWith', e.countedWith));
      rows.append(el('tr', weightClass(e.weight), th('row', e.field), el('td', 'num', bits(e.weight)), el('td', undefined, note, shown ? el('span', 'compared', ` — ${shown}`) : null)));
    }
    if (p.answers !== undefined) rows.append(el('tr', `answers ${weightClass(p.answers)}`, th('row', t('answersField')), el('td', 'num', bits(p.answers)), el('td', undefined, t('answersNote'))));
    if (p.rivals !== undefined) rows.append(el('tr', `rivals ${weightClass(p.rivals)}`, th('row', t('rivalsField')), el('td', 'num', bits(p.rivals)), el('td', undefined, t('rivalsNote'))));
    const total = el('tr', 'total', th('row', t('logOdds')), el('td', 'num', bits(p.logOdds)), el('td', undefined, t(own ? 'serviceScore' : 'matcherScore', percent(p.score), percent(view.score))));
    const caption = el('caption', undefined, t('entityAgainstFirst', p.against + 1));
    const head = el('tr', undefined, th('col', t('field')), th('col', t('bits')), th('col', t('evidence')));
    section.append(el('div', 'table-wrap', el('table', 'sum', caption, el('thead', undefined, head), rows, el('tfoot', undefined, total))));
  }
  return section;
}
