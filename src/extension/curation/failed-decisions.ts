// Single decisions that did not reach the service (it was down, the answer was lost): kept per
// service until sent again by Retry Failed Decisions, decided otherwise, or taken back. The review
// queue lists them; the palette's command sends them. Bulk runs keep their own (Curation.retry).
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';

export interface FailedDecision {
  rec: Recommendation;
  verdict: Verdict;
  /** Why it failed, in the user's words. */
  reason: string;
  /** The service it was meant for. */
  baseUrl: string;
}

export class FailedDecisions implements vscode.Disposable {
  private readonly byId = new Map<string, FailedDecision>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** Kept (a later failure of the same recommendation replaces the earlier one). */
  add(failed: FailedDecision): void {
    this.byId.delete(failed.rec['@id']);
    this.byId.set(failed.rec['@id'], failed);
    this.changed.fire();
  }

  /** Sent since, decided otherwise, or no longer wanted. */
  remove(id: string): void {
    if (this.byId.delete(id)) this.changed.fire();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Those meant for `baseUrl`, oldest first. */
  of(baseUrl: string | undefined): FailedDecision[] {
    return [...this.byId.values()].filter((f) => f.baseUrl === baseUrl);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
