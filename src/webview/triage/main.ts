// The Triage panel's page (browser bundle, dist/triage-webview.js): the score histogram coloured by
// your decisions, the approval rate against the score, and the pattern groups as a sortable table
// with Review / Approve / Reject per group. Text only (textContent), numbers only in SVG attributes;
// every action is a validated message to the extension, which asks before deciding anything. Its
// words come from its catalogue (strings.ts) in the user's language.
import { t } from './l10n';
import { histogram, thresholdChart, thresholdSentence } from './charts';
import { type GroupAction, type GroupRow, type TriagePageMessage, ToTriagePage, type ToTriageWebview, type TriagePanelData, TriageStateSchema } from './protocol';
import { el } from '../shared/dom';
import { statusElement, statusLine } from '../shared/status-line';
import { connectPage } from '../shared/vscode-api';

const host = connectPage<ToTriageWebview, TriagePageMessage, undefined>({ toPage: ToTriagePage, state: TriageStateSchema }, (message) => receive(message));
const root = document.getElementById('root') ?? document.body;
let data: TriagePanelData | undefined;
type SortKey = 'size' | 'p' | 'width' | 'labels' | 'score' | 'words';
let sortKey: SortKey = 'size';
let descending = true;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** Counts as the tree and the status bar write them (21,496), in the page's language. */
const count = (n: number) => n.toLocaleString();
/** The threshold view's bars and sentence need this many decisions at a threshold ("at least 10" in its words). */
const MIN_THRESHOLD_DECISIONS = 10;

const SORTERS: Record<SortKey, (g: GroupRow) => number | string> = {
  size: (g) => g.size,
  p: (g) => g.p,
  width: (g) => g.high - g.low,
  labels: (g) => g.approve + g.reject + g.unsure,
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

/**
 * The estimate with its interval, or — for a group with no decision of its own whose interval spans
 * almost everything (nothing borrowed yet: too few groups with two decisions to learn how far the
 * fields can be trusted) — that there is no evidence yet: "50.0% [0.6%–99.4%]" read like a coin
 * flip on a group scoring 99.9 % (the walk of 2026-11-26).
 */
function estimateText(g: GroupRow, safe: string): string {
  if (g.approve + g.reject === 0 && g.high - g.low > 0.9) return t('noEvidence');
  return `${pct(g.p)} [${pct(g.low)}–${pct(g.high)}] · ${safe}`;
}

function action(g: GroupRow, what: GroupAction): HTMLButtonElement {
  const b = el('button', `nav group-${what}`, t(what));
  b.type = 'button';
  b.setAttribute('aria-label', t(`${what}Label`, g.words));
  b.disabled = what !== 'review' && g.decidable === 0;
  b.addEventListener('click', () => host.post({ type: 'group', action: what, key: g.key }));
  return b;
}

function headerCell(text: string, key: SortKey): HTMLTableCellElement {
  const th = el('th', undefined);
  th.scope = 'col';
  const b = el('button', 'sort', text);
  b.type = 'button';
  if (sortKey === key) th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  b.addEventListener('click', () => {
    descending = sortKey === key ? !descending : key !== 'words';
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
    // in a narrow editor (the walk of 2026-11-26, a 527 px editor).
    el('th', undefined, t('colActions')),
    headerCell(t('colCount'), 'size'),
    headerCell(t('colScores'), 'score'),
    headerCell(t('colDecided'), 'labels'),
    headerCell(t('colEstimate'), 'p'),
    headerCell(t('colWidth'), 'width'),
    el('th', undefined, t('colFlags')),
  );
  const body = el('tbody');
  for (const g of sorted(groups)) {
    const safe = t(g.safe === 'approve' ? 'safeApprove' : g.safe === 'reject' ? 'safeReject' : 'notSafe');
    const row = el(
      'tr',
      g.safe ? `safe-${g.safe}` : undefined,
      // The words name the kind already ("Locations: name equal, …").
      el('td', 'words', g.words),
      el('td', 'actions', action(g, 'review'), action(g, 'approve'), action(g, 'reject')),
      el('td', 'num count', count(g.size)),
      el('td', 'num', `${pct(g.scoreMin)}–${pct(g.scoreMax)}`),
      el('td', 'num', `${g.approve}/${g.reject}/${g.unsure}`),
      el('td', 'num estimate', estimateText(g, safe)),
      el('td', 'num', pct(g.high - g.low)),
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

function draw(): void {
  if (!data) return;
  const d = data;
  const main = el('main', 'triage');
  main.tabIndex = -1;
  const title = el('h1', undefined, d.connection ? t('titleOf', d.connection) : t('title'));
  title.id = 'title';
  main.setAttribute('aria-labelledby', 'title');
  const refresh = refreshButton();
  const facts = el('p', 'facts', t('facts', count(d.pending), count(d.groups.length), count(d.labels), pct(d.targetPrecision)));
  // The recall side (issue 17): what bulk rejections may lose and what they use, at the honest ends.
  const { maxLost, used } = d.recallBudget;
  // Before any match is known the budget is nothing: say why, not "0.0 of 0.0".
  const recall =
    maxLost <= 0 && used <= 0
      ? el('p', 'facts recall', t('recallNoBudget', pct(d.targetRecall)))
      : el('p', 'facts recall', t('recallFacts', pct(d.targetRecall), used.toFixed(1), maxLost.toFixed(1), Math.max(0, maxLost - used).toFixed(1)));
  // The audit sample (issue 17): its own class, not .facts (the walk reads the two .facts lines).
  const a = d.audit;
  const audit = a ? el('p', 'audit', t(a.certified ? 'auditCertified' : 'auditFacts', a.items, a.groups, a.answers, a.wrong, pct(a.high))) : null;
  const status = statusElement();
  // The threshold view speaks only where this many decisions stand behind a threshold.
  const best = [...d.thresholds].reverse().find((p) => p.n >= MIN_THRESHOLD_DECISIONS);
  const legend = el('p', 'legend', el('span', 'key approved', t('approved')), ' ', el('span', 'key rejected', t('rejected')), ' ', el('span', 'key unsure', t('unsure')), ' ', el('span', 'key pending', t('pending')));
  if (d.pending === 0) {
    // An empty backlog: say so, not an empty chart and a table of headers.
    main.append(el('header', 'top', title, facts, refresh, status), el('p', 'empty', t('nothingPending')));
    root.replaceChildren(main);
    return;
  }
  main.append(
    el('header', 'top', title, facts, recall, audit, refresh, status),
    el('section', 'chart-box', el('h2', undefined, t('scores')), histogram(d.histogram), legend),
    el('section', 'chart-box', el('h2', undefined, t('approvalRate')), best ? thresholdChart(d.thresholds, MIN_THRESHOLD_DECISIONS) : null, el('p', 'threshold', best ? thresholdSentence(best) : t('notEnoughDecisions'))),
    el('section', 'groups-box', el('h2', undefined, t('patternGroups')), groupTable(d.groups)),
  );
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
