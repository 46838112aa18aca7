// "Decide a Group…": triage over the whole pending list (every page, as the whole-list
// sort reads it) with the journal's answers; the pattern groups in a quick pick with their evidence;
// the chosen group approved or rejected — optionally only its members whose estimate clears the
// target — through the bulk path (list, confirmation, journal, concurrency, cancel, retry).
import * as vscode from 'vscode';
import { cancellationSignal } from '../ui/cancellation';
import { Commands } from '../ids';
import type { BulkSummary } from '../../curation/bulk-decisions';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../api/model';
import type { TriageGroup, TriageLabel, TriageResult } from '../../triage/triage';
import { inertText } from '../ui/inert-text';
import { showInfo, showWarning } from '../ui/notify';
import { runBulkWithUi } from './bulk-run';
import type { Curation } from './context';
import { flagsText } from '../triage/flag-labels';
import { formatCount, formatPercent } from '../../webview/shared/format';

const t = vscode.l10n.t;

/** For tests and scripts: the group, the verdict and the options, so nothing is asked. */
export interface GroupArgs {
  group: string;
  verdict: Verdict;
  /** Only members whose estimate is at least this (approve) or at most 1 − this (reject). */
  minP?: number;
  confirm?: boolean;
  signal?: AbortSignal;
  /** On a production connection: the name typed. */
  typedName?: string;
}

const pct = (x: number) => formatPercent(x, 1);

/**
 * "estimate 99.4% (90% interval 98.9–99.8%)". Before any decision the groups' estimates are all the
 * same flat prior (50 %, 0.6–99.4 %), which read as a verdict on a group the service scores at
 * 100 %: say instead that there is nothing to estimate from yet.
 */
export function estimateText(g: TriageGroup, learnt: number): string {
  if (!learnt) return t('not estimated yet: triage learns from your decisions, and there are none');
  return t('estimated approval {0} (90% interval {1}–{2})', pct(g.p), pct(g.low), pct(g.high));
}

function groupItem(g: TriageGroup, learnt: number): vscode.QuickPickItem & { group: TriageGroup } {
  const safe = g.safe === 'approve' ? t('safe to approve') : g.safe === 'reject' ? t('safe to reject') : t('not safe yet');
  return {
    // The icon is ours; the words come from the field names, still made inert.
    label: `${g.kind === 'event' ? '$(calendar)' : '$(location)'} ${inertText(g.words)}`,
    description: t('{0} pending · scores {1}–{2} · decided ✓{3} ✗{4} ?{5}', formatCount(g.size), pct(g.scoreMin), pct(g.scoreMax), formatCount(g.labels.approve), formatCount(g.labels.reject), formatCount(g.labels.unsure)),
    detail: [estimateText(g, learnt), safe, flagsText(g.flags)].filter(Boolean).join(' · '),
    group: g,
  };
}

export function registerGroupCommand(c: Curation): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Commands.decideGroup, (args?: GroupArgs) => decideGroup(c, args))];
}

async function decideGroup(c: Curation, args?: GroupArgs): Promise<BulkSummary | undefined> {
  const loaded = await triageAll(c, args?.signal);
  if (!loaded) return undefined;
  const { pending, result } = loaded;
  let group: TriageGroup | undefined;
  let verdict: Verdict | undefined;
  let minP: number | undefined;
  if (args) {
    group = result.groups.find((g) => g.key === args.group);
    if (!group) {
      void showWarning(t('Dedup Curator: no pending group "{0}".', args.group));
      return undefined;
    }
    verdict = args.verdict;
    minP = args.minP;
  } else {
    const open = result.groups.filter((g) => g.decidable.length);
    if (!open.length) {
      void showInfo(t('No pending recommendation can be decided in a group (none pending, or all marked unsure).'));
      return undefined;
    }
    // Safe groups first: those are the ones a group decision is for.
    const rank = (g: TriageGroup) => (g.safe ? 0 : 1);
    const picked = await vscode.window.showQuickPick(
      [...open].sort((a, b) => rank(a) - rank(b)).map((g) => groupItem(g, result.model.labels)),
      { title: t('Dedup Curator: Decide a Group ({0} pending, {1} decisions learnt from)', formatCount(pending.length), formatCount(result.model.labels)), matchOnDescription: true, matchOnDetail: true, placeHolder: t('Pattern groups: which fields agree; the estimate is learnt from your own decisions') },
    );
    if (!picked) return undefined;
    group = picked.group;
    const chosen = await askVerdict(group, result);
    if (!chosen) return undefined;
    ({ verdict, minP } = chosen);
  }
  const byId = new Map(pending.map((r) => [r['@id'], r]));
  const targets = group.decidable
    .filter((id) => {
      const p = result.items.get(id)?.p ?? 0;
      return minP === undefined || (verdict === 'approve' ? p >= minP : 1 - p >= minP);
    })
    .map((id) => byId.get(id))
    .filter((r): r is Recommendation => r !== undefined);
  // The same pattern with flags is in groups of its own (a flag set's groups may span several
  // patterns: flagged-partition.ts): say how many of this pattern were left out that way.
  const flaggedAlike = group.flags.length ? 0 : [...result.items.values()].filter((i) => i.features.pattern === group.pattern && i.flags.some((f) => f !== 'unsure')).length;
  const estimate = [
    estimateText(group, result.model.labels),
    group.safe === verdict
      ? undefined
      : verdict === 'approve'
        ? t('Triage does not call this group safe to {0} at the target precision: decide more of it one by one first, or go on knowingly.', t('approve'))
        : t('Triage does not call this group safe to reject within the target recall: decide more of it one by one first, or go on knowingly.'),
    flaggedAlike === 1
      ? t('1 flagged recommendation with this pattern is left out (it is in a group of its own).')
      : flaggedAlike
        ? t('{0} flagged recommendations with this pattern are left out (they form groups of their own).', formatCount(flaggedAlike))
        : undefined,
    group.size - group.decidable.length ? t('{0} marked unsure left out.', formatCount(group.size - group.decidable.length)) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  c.log.info(`group ${verdict} "${group.key}": ${targets.length} of ${group.size} (${estimateText(group, result.model.labels)})`);
  return runBulkWithUi(c, {
    verdict,
    targets,
    description: t('group "{0}"', group.words),
    estimate,
    // A flagged group was chosen for what it is: its members start checked.
    includeFlagged: group.flags.length > 0,
    confirm: args?.confirm,
    signal: args?.signal,
    typedName: args?.typedName,
    // A group triage called safe: its share of the estimate goes with each decision (the next
    // triage's bulk tally). One decided knowingly against triage's word is the curator's own answer.
    bulk: group.safe === verdict ? result.bulkShare(group.key, verdict) : undefined,
    // Each decision counts for the group it was decided in: the whole backlog's, as shown.
    groupOf: (id) => c.triage.core().groupRefOf(result.items.get(id)),
  });
}

async function askVerdict(g: TriageGroup, result: TriageResult): Promise<{ verdict: Verdict; minP?: number } | undefined> {
  const target = result.options.targetPrecision;
  const above = g.decidable.filter((id) => (result.items.get(id)?.p ?? 0) >= target).length;
  const below = g.decidable.filter((id) => 1 - (result.items.get(id)?.p ?? 1) >= target).length;
  // Without decisions an item's estimate is the service's score (pooled-model.ts): say which it is.
  const learnt = result.model.labels;
  const items: (vscode.QuickPickItem & { verdict: Verdict; minP?: number })[] = [
    { label: t('Approve all {0}', formatCount(g.decidable.length)), description: g.safe === 'approve' ? t('safe') : t('not safe yet'), verdict: 'approve' },
    { label: learnt ? t('Approve only the {0} estimated at {1} or more', formatCount(above), pct(target)) : t('Approve only the {0} the service scored {1} or more', formatCount(above), pct(target)), verdict: 'approve', minP: target },
    { label: t('Reject all {0}', formatCount(g.decidable.length)), description: g.safe === 'reject' ? t('safe') : t('not safe yet'), verdict: 'reject' },
    { label: learnt ? t('Reject only the {0} estimated at {1} or less', formatCount(below), pct(1 - target)) : t('Reject only the {0} the service scored {1} or less', formatCount(below), pct(1 - target)), verdict: 'reject', minP: target },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: inertText(g.words), placeHolder: estimateText(g, learnt) });
  return picked && { verdict: picked.verdict, minP: picked.minP };
}

/** Every pending recommendation, the triage of them, and the answers it learnt from (one snapshot). */
export interface TriageRead {
  pending: Recommendation[];
  result: TriageResult;
  /** The journal's answers of this connection the run used: counts beside the groups come from these. */
  labels: readonly TriageLabel[];
}

/** Every pending recommendation (all pages, cancellable) and the triage of them; failures reported as a notification. */
export async function triageAll(c: Curation, signal: AbortSignal | undefined): Promise<TriageRead | undefined> {
  try {
    return await readTriage(c, signal);
  } catch (e) {
    if (e instanceof NoClientError) void showWarning(t('Dedup Curator: no active connection with a token.'));
    else c.errors.report(e, t('Triage'));
    return undefined;
  }
}

/** There is no client to read the list with (no connection with a token, or plain http declined). */
export class NoClientError extends Error {}

/** As triageAll, but a failure is thrown for the caller to show (the Triage panel says it in the page). */
export async function readTriage(c: Curation, signal: AbortSignal | undefined): Promise<TriageRead> {
  // As a window's first command, the session has not read its token yet.
  await c.session.settled();
  const client = await c.session.client();
  if (!client) throw new NoClientError(t('There is no active connection with a token.'));
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: t('Triage: reading every pending recommendation…'), cancellable: true }, async (progress, token) => {
    const cancel = cancellationSignal(token, signal);
    try {
      // The backlog the tree shows, read again to its end and shared: one copy, as the service has it now.
      const readsFrom = c.session.baseUrl;
      const whole = await c.backlog.loadWhole({ fresh: true, signal: cancel.signal, sameSource: () => c.session.baseUrl === readsFrom, onProgress: (n, total) => progress.report({ message: t('{0} of {1} read', formatCount(n), total === undefined ? '?' : formatCount(total)) }) });
      const pending = [...whole.pending];
      await c.triage.loaded;
      const started = performance.now();
      // The run and the labels beside it in one synchronous step: no answer lands in between.
      const result = c.triage.runWhole(pending);
      const labels = c.triage.labels;
      c.log.info(`triage of ${pending.length} pending: ${result.groups.length} groups in ${(performance.now() - started).toFixed(0)} ms`);
      return { pending, result, labels };
    } finally {
      cancel.dispose();
    }
  });
}
