// What the review queue follows while it is open: blind mode, the active connection, the service's
// health, the failed decisions, and the tree's sort and filter (which its header names).
import * as vscode from 'vscode';
import type { ToWebview } from '../../webview/comparison/protocol';
import type { DecisionContext } from '../curation/decide-one';
import { SettingKeys } from '../setting-keys';
import { affects } from '../settings';
import type { QueueConnection } from './queue-connection';
import { backOnlineText } from './queue-header';
import type { QueueStep } from './queue-messages';
import type { ReviewQueue } from './queue-state';
import type { WaitingDecisions } from './queue-waiting';

/** What the listeners need of their queue (QueuePanel). */
export interface ListeningQueue {
  readonly ctx: DecisionContext;
  readonly step: QueueStep;
  readonly connection: QueueConnection;
  readonly waiting: WaitingDecisions;
  readonly queue: ReviewQueue;
  /** Whether the queue walks a triage group (which does not follow the tree's sort and filter). */
  readonly inGroup: boolean;
  /** The scope the page's header shows now. */
  readonly scopeSent: string | undefined;
  readonly view: { send(message: ToWebview): void };
  redraw(): void;
  postStatus(): void;
}

export function queueListeners(q: ListeningQueue): vscode.Disposable[] {
  const { ctx } = q;
  const moving = () => q.step === 'moving';
  return [
    // Blind mode switched on or off: the item on screen is drawn again, with or without its score.
    vscode.workspace.onDidChangeConfiguration((e) => affects(e, SettingKeys.queueBlind) && !moving() && q.redraw()),
    // Another connection made active: the tree now lists that service's recommendations, which
    // this queue must not walk into (its items, counts and undo are the first service's). It
    // stops and says so at once, rather than showing a stale item whose keys would send nothing.
    // Back on its own connection, it goes on.
    ctx.session.onDidChange(() => !moving() && q.redraw()),
    // The service could not be reached, or answers again; a decision failed, or was sent again.
    ctx.curation.health.onDidChange(() => healthChanged(q)),
    ctx.curation.failed.onDidChange(() => !moving() && !q.connection.other && q.postStatus()),
    // The header says which sort and filter it follows, and how much of the list they saw: when
    // that changes (a sort chosen, a whole-list load going on) the header follows at once, not at
    // the next item.
    ctx.list.onDidChangeTreeData(() => {
      if (q.inGroup || ctx.list.describeScope() === q.scopeSent || moving() || q.connection.other || q.queue.atEnd) return;
      q.postStatus();
    }),
  ];
}

/**
 * Unreachable: the decisions of this queue still in their undo period are held back at once (they
 * would fail one by one, seconds later, while the queue moved on) and listed as not sent. Back:
 * the queue goes on, and says what is left to send.
 */
function healthChanged(q: ListeningQueue): void {
  const { connection } = q;
  if (connection.other) return;
  if (connection.health.unreachable) {
    for (const id of q.waiting.all()) q.ctx.curation.decisions.holdBack(id);
    if (q.step !== 'moving') q.postStatus();
    return;
  }
  connection.goingOn = false;
  const message = backOnlineText(connection.failedHere().length);
  if (q.step === 'moving') return;
  q.postStatus();
  q.view.send({ type: 'notice', message, tone: 'ok' });
}
