// The one place that turns a failed call into what the user sees. Auth failures (401, 402) get one
// message with an "Update Token…" action, however many views failed at the same moment: a burst of
// identical failures shows one notification, never a loop of prompts. The notification says what
// happened in the user's terms and what they can do (Retry · Change Connection… · Show Log); the
// method, path and full message go to the log.
import * as vscode from 'vscode';
import { type Clock, systemClock } from '../api/clock';
import { type DedupError, isDedupError, isRetryable } from '../api/errors';
import { showError } from './ui/notify';
import { userMessage } from './user-message';
import { Commands } from './ids';

/** Identical failures within this long of the last notification are folded into it. */
export const BURST_MS = 3000;

export class ErrorReporter {
  private lastKey = '';
  private lastAt = 0;

  /**
   * `baseUrl`: the active connection's, to name the service a network failure could not reach.
   * `clock` times the burst window.
   */
  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly baseUrl: () => string | undefined = () => undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Logs what went wrong on the way without telling the user (yet): a page asked again, for one. */
  warn(line: string): void {
    this.log.warn(line);
  }

  /**
   * Logs the failure and tells the user once; returns the one-line message for in-view display.
   * `retry` (read-only work only) is offered as "Retry" when the failure may pass by itself: a 429,
   * a 502/503/504, a timeout or a network error. Decisions never pass one: they are not repeated.
   */
  report(e: unknown, doing: string, retry?: () => unknown): string {
    const err = isDedupError(e) ? e : undefined;
    const full = err ? err.message : e instanceof Error ? e.message : String(e);
    const message = err ? userMessage(err, this.baseUrl()) : full;
    if (err?.kind === 'cancelled') return message;
    this.log.error(`${doing}: ${full}`);
    // The connection is part of the key: after a switch, the new service's failure is its own
    // notification, not folded into the one about the service left behind.
    const key = `${this.baseUrl() ?? ''} ${err ? `${err.kind}:${err.status ?? ''}` : message}`;
    const now = this.clock.now();
    if (key === this.lastKey && now - this.lastAt < BURST_MS) return message;
    this.lastKey = key;
    this.lastAt = now;
    // A timeout is not retried automatically (the attempt may have been slow for a reason), but the
    // user may well want to try again.
    const transient = err !== undefined && (isRetryable(err) || err.kind === 'timeout');
    void this.show(err, message, doing, retry && transient ? retry : undefined);
    return message;
  }

  /**
   * Logs the failure and returns its one-line message without a notification: for a caller that
   * says it where the work was asked for (the Triage panel's page, the review queue's bar).
   */
  explain(e: unknown, doing: string): string {
    const err = isDedupError(e) ? e : undefined;
    const full = err ? err.message : e instanceof Error ? e.message : String(e);
    if (err?.kind !== 'cancelled') this.log.error(`${doing}: ${full}`);
    return err ? userMessage(err, this.baseUrl()) : full;
  }

  private async show(err: DedupError | undefined, message: string, doing: string, retry: (() => unknown) | undefined): Promise<void> {
    if (err?.kind === 'invalid-token' || err?.kind === 'auth-header') {
      const text =
        err.kind === 'invalid-token'
          ? vscode.l10n.t('The service refused the access token.')
          : vscode.l10n.t('The service found the Authorization header malformed (for example, whitespace in the token).');
      const update = vscode.l10n.t('Update Token…');
      if ((await showError(text, update)) === update) {
        await vscode.commands.executeCommand(Commands.setToken);
      }
      return;
    }
    const showLog = vscode.l10n.t('Show Log');
    const again = vscode.l10n.t('Retry');
    const connection = vscode.l10n.t('Change Connection…');
    // When the service cannot be reached, the connection itself may be what needs changing.
    const unreachable = err?.kind === 'network' || err?.kind === 'timeout';
    const actions = [...(retry ? [again] : []), ...(unreachable ? [connection] : []), showLog];
    const answer = await showError(vscode.l10n.t('Dedup Curator: {0} failed. {1}', doing, message), ...actions);
    if (answer === showLog) await vscode.commands.executeCommand(Commands.showLog);
    if (answer === connection) await vscode.commands.executeCommand(Commands.switchConnection);
    if (answer === again) await retry?.();
  }
}
