// The Triage panel's page (browser bundle, dist/triage-webview.js): the score histogram coloured by
// your decisions, the approval rate against the score, and the pattern groups as a sortable table
// with Review / Approve / Reject per group. Text only (textContent), numbers only in SVG attributes;
// every action is a validated message to the extension, which asks before deciding anything.
import { el } from '../dom';
import { histogram, thresholdChart, thresholdSentence } from './charts';
import type { FromTriageWebview, GroupAction, GroupRow, ToTriageWebview, TriagePanelData } from './protocol';

interface VsCodeApi {
  postMessage(message: FromTriageWebview): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
let data: TriagePanelData | undefined;
type SortKey = 'size' | 'p' | 'width' | 'labels' | 'score' | 'words';
let sortKey: SortKey = 'size';
let descending = true;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

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

function action(g: GroupRow, what: GroupAction, text: string, label: string): HTMLButtonElement {
  const b = el('button', `nav group-${what}`, text);
  b.type = 'button';
  b.setAttribute('aria-label', `${label}: ${g.words}`);
  b.disabled = what !== 'review' && g.decidable === 0;
  b.addEventListener('click', () => vscode.postMessage({ type: 'group', action: what, key: g.key }));
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
    headerCell('Pattern', 'words'),
    headerCell('Count', 'size'),
    headerCell('Scores', 'score'),
    headerCell('Decided ✓/✗/?', 'labels'),
    headerCell('Estimate [90% interval]', 'p'),
    headerCell('Interval width', 'width'),
    el('th', undefined, 'Flags'),
    el('th', undefined, 'Actions'),
  );
  const body = el('tbody');
  for (const g of sorted(groups)) {
    const safe = g.safe === 'approve' ? 'safe to approve' : g.safe === 'reject' ? 'safe to reject' : 'not safe yet';
    const row = el(
      'tr',
      g.safe ? `safe-${g.safe}` : undefined,
      el('td', 'words', `${g.kind === 'event' ? 'Event' : 'Location'}: ${g.words}`),
      el('td', 'num', String(g.size)),
      el('td', 'num', `${pct(g.scoreMin)}–${pct(g.scoreMax)}`),
      el('td', 'num', `${g.approve}/${g.reject}/${g.unsure}`),
      el('td', 'num', `${pct(g.p)} [${pct(g.low)}–${pct(g.high)}] · ${safe}`),
      el('td', 'num', pct(g.high - g.low)),
      el('td', 'flags', g.flags.length ? `⚑ ${g.flags.join(', ')}` : ''),
      el('td', 'actions', action(g, 'review', 'Review', 'Review a sample'), action(g, 'approve', 'Approve…', 'Approve the group'), action(g, 'reject', 'Reject…', 'Reject the group')),
    );
    row.dataset.key = g.key;
    body.append(row);
  }
  return el('div', 'table-wrap', el('table', 'groups', el('thead', undefined, head), body));
}

function draw(): void {
  if (!data) return;
  const d = data;
  const main = el('main', 'triage');
  main.tabIndex = -1;
  const title = el('h1', undefined, 'Triage');
  title.id = 'title';
  main.setAttribute('aria-labelledby', 'title');
  const refresh = el('button', 'nav refresh', 'Refresh');
  refresh.type = 'button';
  refresh.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
  const facts = el('p', 'facts', `${d.pending} pending in ${d.groups.length} groups · ${d.labels} decisions learnt from · target precision ${pct(d.targetPrecision)}`);
  const status = el('p', 'status');
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const best = [...d.thresholds].reverse().find((p) => p.n >= 10);
  const legend = el('p', 'legend', el('span', 'key approved', 'approved'), ' ', el('span', 'key rejected', 'rejected'), ' ', el('span', 'key unsure', 'unsure'), ' ', el('span', 'key pending', 'pending'));
  main.append(
    el('header', 'top', title, facts, refresh, status),
    el('section', 'chart-box', el('h2', undefined, 'Scores'), histogram(d.histogram), legend),
    el('section', 'chart-box', el('h2', undefined, 'Your approval rate by score'), thresholdChart(d.thresholds), el('p', 'threshold', best ? thresholdSentence(best) : 'Not enough decisions yet (at least 10 at one threshold).')),
    el('section', 'groups-box', el('h2', undefined, 'Pattern groups'), groupTable(d.groups)),
  );
  root.replaceChildren(main);
}

function receive(message: ToTriageWebview): void {
  if (message.type === 'triage') {
    data = message.data;
    draw();
    performance.mark('triage drawn');
  } else if (message.type === 'notice') {
    const status = document.getElementById('status');
    if (status) status.textContent = message.message.slice(0, 500);
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const m = event.data as ToTriageWebview | null;
  if (m && typeof m === 'object' && typeof m.type === 'string') receive(m);
});

root.replaceChildren(el('p', 'loading', 'Reading every pending recommendation…'));
vscode.postMessage({ type: 'ready' });
