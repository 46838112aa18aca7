// The Triage panel (issue 17): the backlog at a glance — score histogram coloured by your decisions,
// your approval rate by score, the pattern groups as a sortable table with Review (the review queue
// on that group: its pending members, most informative first), Approve… and Reject… (Decide a
// Group, with its list and confirmation). One panel; opening it again reveals and refreshes it. The
// page is src/webview/triage/ (strict CSP, nonce, text only, its strings in the user's language);
// its messages are checked by BasePanel against TriagePageMessage (src/webview/triage/protocol.ts).
import * as vscode from 'vscode';
import { Commands, TRIAGE_PANEL_TYPE } from '../ids';
import type { Recommendation } from '../../api/model';
import type { TriageResult } from '../../triage/triage';
import { TriagePageMessage } from '../../webview/triage/from-page';
import type { ToTriageWebview } from '../../webview/triage/protocol';
import type { Curation } from '../curation/context';
import { triageAll } from '../curation/group-command';
import { flagsText, flagWord } from '../triage/flag-labels';
import { groupReviewOrder, type ReviewGroup } from './queue-group';
import { BasePanel, type PanelPage, panelOptions } from './base-panel';
import { triagePanelData } from './triage-data';

export const TRIAGE_VIEW_TYPE = TRIAGE_PANEL_TYPE;

/** The page of the Triage panel (src/webview/triage/; its charts' styles in media/triage.css). */
const TRIAGE_PAGE: PanelPage<TriagePageMessage> = { script: 'triage-webview.js', styles: ['webview.css', 'triage.css'], messages: TriagePageMessage };

export class TriagePanel extends BasePanel<ToTriageWebview, TriagePageMessage> {
  private pending: Recommendation[] = [];
  private result: TriageResult | undefined;
  /** performance.now() of the last data sent, and how long the triage took (tests, benchmarks). */
  lastTriageMs: number | undefined;
  private loading: Promise<void> | undefined;
  /** The service the groups were computed on (a review queue on a group must be on the same one). */
  private computedFor: string | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly c: Curation,
  ) {
    super(panel, extensionUri, c.log, TRIAGE_PAGE);
    this.panel.title = vscode.l10n.t('Triage');
  }

  /** The groups as last computed (tests read them as the user reads the table). */
  get groups(): TriageResult['groups'] {
    return this.result?.groups ?? [];
  }

  /** Reads every pending recommendation again and triages them; the page is redrawn. */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      const baseUrl = this.c.session.baseUrl;
      const loaded = await triageAll(this.c, undefined);
      if (loaded) {
        this.computedFor = baseUrl;
        this.pending = loaded.pending;
        this.result = loaded.result;
      }
      this.onReady();
    })().finally(() => (this.loading = undefined));
    return this.loading;
  }

  protected onReady(): void {
    if (!this.result) return;
    this.post({ type: 'triage', data: triagePanelData(this.pending, this.c.triage.labels, this.result, flagWord) });
  }

  protected async onMessage(message: TriagePageMessage): Promise<void> {
    if (message.type === 'refresh') return this.refresh();
    const group = this.result?.groups.find((g) => g.key === message.key);
    if (!group) return this.post({ type: 'notice', message: vscode.l10n.t('That group is no longer in the backlog: refresh.') });
    if (message.action === 'review') {
      // The review queue on this group: its pending members (not unsure), most informative first.
      const members = groupReviewOrder(this.result!, group, this.pending, this.c.triage.core().informativeOrder);
      if (!members.length) return this.post({ type: 'notice', message: vscode.l10n.t('Nothing in this group can be reviewed (all marked unsure).') });
      const words = [group.words, flagsText(group.flags)].filter(Boolean).join(' · ');
      const review: ReviewGroup = { key: group.key, words, members, baseUrl: this.computedFor };
      await vscode.commands.executeCommand(Commands.startReviewQueue, { group: review });
      return;
    }
    const summary = await vscode.commands.executeCommand(Commands.decideGroup, { group: group.key, verdict: message.action });
    if (summary) await this.refresh();
  }
}

export function registerTriagePanel(context: vscode.ExtensionContext, c: Curation): vscode.Disposable[] {
  let current: TriagePanel | undefined;
  return [
    vscode.commands.registerCommand(Commands.openTriage, async () => {
      if (current) {
        current.panel.reveal();
        await current.refresh();
        return current;
      }
      const panel = vscode.window.createWebviewPanel(TRIAGE_VIEW_TYPE, vscode.l10n.t('Triage'), vscode.ViewColumn.Active, panelOptions(context.extensionUri));
      const created = new TriagePanel(panel, context.extensionUri, c);
      current = created;
      created.onDidDispose(() => {
        if (current === created) current = undefined;
      });
      await created.refresh();
      return created;
    }),
    { dispose: () => current?.dispose() },
  ];
}
