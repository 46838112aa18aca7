// The Triage panel's page (browser bundle, dist/triage-webview.js): what to do next, the sets ready
// for a bulk decision, the pending backlog by score coloured by the model's verdict, your approval
// rate in score bins, and the pattern groups as a sortable table (answers, certified bound, next
// step) with Review / Approve / Reject per group. Text only (textContent), numbers only in SVG attributes;
// every action is a validated message to the extension, which asks before deciding anything. Its
// words come from its catalogue (strings.ts) in the user's language.
import { t } from './l10n';
import { histogram, histogramLegend, histogramTable } from './charts';
import { count, dec1, pct } from './numbers';
import { type GroupAction, type GroupRow, type TriagePageMessage, ToTriagePage, type ToTriageWebview, type TriagePanelData, TriageStateSchema } from './protocol';
import { rateCaption, rateChart, rateTable } from './rate-chart';
import { el } from '../shared/dom';
import { statusElement, statusLine } from '../shared/status-line';
import { connectPage } from '../shared/vscode-api';

const host = connectPage<ToTriageWebview, TriagePageMessage, undefined>({ toPage: ToTriagePage, state: TriageStateSchema }, (message) => receive(message));
const root = document.getElementById('root') ?? document.body;
let data: TriagePanelData | undefined;
type SortKey = 'size' | 'bound' | 'toCertify' | 'answers' | 'score' | 'words';
let sortKey: SortKey = 'size';
let descending = true;

const SORTERS: Record<SortKey, (g: GroupRow) => number | string> = {
  size: (g) => g.size,
  // No bound yet sorts as the worst.
  bound: (g) => g.bound ?? 2,
  // Out of reach sorts after every number; a group certified now before all.
  toCertify: (g) => (g.safe ? -1 : (g.answersToCertify ?? Number.MAX_SAFE_INTEGER)),
  answers: (g) => g.approve + g.reject + g.unsure,
  score: (g) => g.scoreMax,
  words: (g) => g.words,
};

function sorted(groups: readonly GroupRow[]): GroupRow[] {
  const by = SORTERS[sortKey];
  return [...groups].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -c : c;
  });
}

function action(g: GroupRow, what: GroupAction): HTMLButtonElement {
  const b = el('button', `nav group-${what}`, t(what));
  b.type = 'button';
  b.setAttribute('aria-label', t(`${what}Label`, g.words));
  b.disabled = what !== 'review' && g.decidable === 0;
  b.addEventListener('click', () => host.post({ type: 'group', action: what, key: g.key }));
  return b;
}

/** The bound with what it bounds: wrong approvals, or true matches among rejections (the likelier verdict's error). */
function boundWords(g: GroupRow): string {
  if (g.bound === undefined) return t('noBound');
  const rejecting = g.safe ? g.safe === 'reject' : g.p < 0.5;
  return t(rejecting ? 'boundIfRejected' : 'boundIfApproved', pct(g.bound));
}

function headerCell(text: string, key: SortKey): HTMLTableCellElement {
  const th = el('th', undefined);
  th.scope = 'col';
  const b = el('button', 'sort', text);
  b.type = 'button';
  if (sortKey === key) th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  b.addEventListener('click', () => {
    descending = sortKey === key ? !descending : key !== 'words' && key !== 'toCertify' && key !== 'bound';
    sortKey = key;
    draw();
  });
  th.append(b);
  return th;
}

function groupTable(groups: readonly GroupRow[]): HTMLElement {
  const head = el(
    'tr',
    undefined,
    headerCell(t('colPattern'), 'words'),
    // The actions next to the pattern they act on: at the end of a wide table they were out of sight
    // in a narrow editor (about 500 px).
    el('th', undefined, t('colActions')),
    headerCell(t('colCount'), 'size'),
    headerCell(t('colScores'), 'score'),
    headerCell(t('colAnswers'), 'answers'),
    headerCell(t('colBound'), 'bound'),
    headerCell(t('colNext'), 'toCertify'),
    el('th', undefined, t('colFlags')),
  );
  const body = el('tbody');
  for (const g of sorted(groups)) {
    const row = el(
      'tr',
      g.safe ? `safe-${g.safe}` : undefined,
      // The words name the kind already ("Locations: name equal, …").
      el('td', 'words', g.words),
      el('td', 'actions', action(g, 'review'), action(g, 'approve'), action(g, 'reject')),
      el('td', 'num count', count(g.size)),
      el('td', 'num', `${pct(g.scoreMin)}–${pct(g.scoreMax)}`),
      el('td', 'num answers', `${count(g.approve)}/${count(g.reject)}/${count(g.unsure)}`),
      el('td', 'num bound', boundWords(g)),
      el('td', 'next', g.nextAction),
      el('td', 'flags', g.flags.length ? `⚑ ${g.flags.join(', ')}` : ''),
    );
    row.dataset.key = g.key;
    body.append(row);
  }
  return el('div', 'table-wrap', el('table', 'groups', el('caption', undefined, t('groupsCaption')), el('thead', undefined, head), body));
}

function refreshButton(): HTMLButtonElement {
  const refresh = el('button', 'nav refresh', t('refresh'));
  refresh.type = 'button';
  refresh.addEventListener('click', () => host.post({ type: 'refresh' }));
  return refresh;
}

/** The header: title, counts, targets, the audit sample, the re-scoring note, the next step. */
function header(d: TriagePanelData): HTMLElement {
  const title = el('h1', undefined, d.connection ? t('titleOf', d.connection) : t('title'));
  title.id = 'title';
  const facts = el('p', 'facts', t('facts', count(d.pending), count(d.groups.length), count(d.labels), pct(d.targetPrecision)));
  if (d.pending === 0) return el('header', 'top', title, facts, refreshButton(), statusElement());
  // The recall side: what bulk rejections may lose and what they use, at the honest ends.
  const { maxLost, used } = d.recallBudget;
  // Before any match is known the budget is nothing: say why, not "0.0 of 0.0".
  const recall =
    maxLost <= 0 && used <= 0
      ? el('p', 'facts recall', t('recallNoBudget', pct(d.targetRecall)))
      : el('p', 'facts recall', t('recallFacts', pct(d.targetRecall), dec1(used), dec1(maxLost), dec1(Math.max(0, maxLost - used))));
  // The audit sample: its own class, not .facts (the walk reads the two .facts lines).
  const a = d.audit;
  const audit = a ? el('p', 'audit', t(a.certified ? 'auditCertified' : 'auditFacts', count(a.items), count(a.groups), count(a.answers), count(a.wrong), pct(a.high))) : null;
  return el('header', 'top', title, facts, recall, audit, rescoredNote(d), nextStep(d), refreshButton(), statusElement());
}

/** Said when the service re-scored recommendations between two reads: the charts and groups moved because of it, not by themselves. */
function rescoredNote(d: TriagePanelData): HTMLElement | null {
  const r = d.rescored;
  if (!r) return null;
  const when = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(r.at));
  return el('p', 'rescored', `⚠ ${t('rescoredNote', when, count(r.changed), count(r.compared), count(r.lower), count(r.changed - r.lower))}`);
}

/**
 * The open group where answers go furthest: the most recommendations decided per answer still
 * needed; when none is within reach, the largest open group (its next action says what to do).
 */
function nextStep(d: TriagePanelData): HTMLElement | null {
  const open = d.groups.filter((g) => !g.safe && g.decidable > 0);
  let best: GroupRow | undefined;
  const worth = (g: GroupRow) => g.decidable / Math.max(1, g.answersToCertify ?? Infinity);
  for (const g of open) if (g.answersToCertify !== undefined && (!best || worth(g) > worth(best))) best = g;
  best ??= open.reduce<GroupRow | undefined>((a, g) => (!a || g.decidable > a.decidable ? g : a), undefined);
  if (!best) return null;
  // A flagged group's words alone ("Locations: any fields") do not tell it from the others.
  const name = best.flags.length ? `${best.words} (⚑ ${best.flags.join(', ')})` : best.words;
  return el('p', 'next-step', t('bestNext', name, best.nextAction));
}

/** The sets certified as wholes: what a bulk decision would decide now, and its bound. */
function setsBox(d: TriagePanelData): HTMLElement | null {
  if (!d.sets?.length) return null;
  const list = el('ul', 'sets');
  for (const s of d.sets) list.append(el('li', `set-${s.verdict}`, t('setLine', s.words, count(s.size), count(s.answers), s.bound === undefined ? t('noBound') : pct(s.bound), s.nextAction)));
  return el('section', 'sets-box', el('h2', undefined, t('setsTitle')), list);
}

function charts(d: TriagePanelData): HTMLElement[] {
  const scores = el('section', 'chart-box', el('h2', undefined, t('scores')), histogram(d.histogram, d.verdictBands), histogramLegend(d.verdictBands), histogramTable(d.histogram, d.verdictBands));
  // No answers: no chart of nothing, and what will appear here.
  const rates = d.rates.length ? [rateChart(d.rates, d.targetPrecision), rateCaption(d.targetPrecision), rateTable(d.rates)] : [el('p', 'empty-chart', t('noAnswersYet'))];
  return [scores, el('section', 'chart-box rates-box', el('h2', undefined, t('approvalRate')), ...rates)];
}

function draw(): void {
  if (!data) return;
  const d = data;
  const main = el('main', 'triage');
  main.tabIndex = -1;
  main.setAttribute('aria-labelledby', 'title');
  if (d.pending === 0) {
    // An empty backlog: say so, not an empty chart and a table of headers.
    main.append(header(d), el('p', 'empty', t('nothingPending')));
  } else {
    main.append(header(d), setsBox(d) ?? '', ...charts(d), el('section', 'groups-box', el('h2', undefined, t('patternGroups')), groupTable(d.groups)));
  }
  root.replaceChildren(main);
}

function receive(message: ToTriageWebview): void {
  if (message.type === 'triage') {
    data = message.data;
    draw();
    performance.mark('triage drawn');
  } else if (message.type === 'none') {
    data = undefined;
    root.replaceChildren(el('main', 'triage unavailable', el('h1', undefined, t('title')), statusElement(message.message), message.retry ? refreshButton() : null));
  } else {
    statusLine(message.message, 'info');
  }
}

// The status line is there before the data too: a restored panel with no connection says so in it.
root.replaceChildren(el('p', 'loading', t('loading')), statusElement());
host.ready();
