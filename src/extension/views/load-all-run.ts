// A tree's "Load all" as the user sees it (PagedList.loadAll): one run at a time (a second call
// joins it), its progress in a cancellable notification or only in the view's bar, a failed page
// asked again after a pause before the run gives up, and what a Retry after a stopped run goes on
// with. The run itself, and when it stops, is the core's (PagedSource.loadAll).
import * as vscode from 'vscode';
import type { LoadAllOptions, LoadAllResult, PagedSource } from '../../api/paged-source';
import { formatCount } from '../../webview/shared/format';

/** What a run needs of its tree besides the list itself. */
export interface LoadAllHost {
  /** What the list is, for messages ("recommendations"). */
  noun(): string;
  /** "50 of 206 loaded". */
  loadedText(): string;
  warn(message: string): void;
  /** Once a run has ended. */
  ended(): void;
}

export class LoadAllRun {
  private running: Promise<LoadAllResult> | undefined;
  /** How the last run was asked for, so a Retry after it stopped on a failed page goes on with the same. */
  last: { limit: number; notify: boolean } | undefined;
  /** The user cancelled the run: the page it aborted is no failure. */
  cancelled = false;

  constructor(private readonly host: LoadAllHost) {}

  /** The run in progress, if any. */
  get current(): Promise<LoadAllResult> | undefined {
    return this.running;
  }

  /** Loads the rest of `source`, up to `options.limit` records; with `notify` in a cancellable notification. */
  start<T>(source: PagedSource<T>, options: Omit<LoadAllOptions, 'signal' | 'resume'>, notify: boolean): Promise<LoadAllResult> {
    if (this.running) return this.running;
    this.last = { limit: options.limit, notify };
    const run = async (token?: vscode.CancellationToken, progress?: vscode.Progress<{ message?: string }>): Promise<LoadAllResult> => {
      this.cancelled = false;
      // Cancel also ends the page in flight and a pause before a resumption, not only the next page.
      const cancel = new AbortController();
      const onCancel = token?.onCancellationRequested(() => {
        this.cancelled = true;
        cancel.abort();
      });
      const pages = progress && source.onDidChange(() => progress.report({ message: this.host.loadedText() }));
      // As the CLI's --all and the Export do: a page that fails after the client's retries is asked
      // again after a pause instead of ending the run, keeping every page loaded.
      const resume = {
        onResume: (info: { page: number; delayMs: number; error: Error }) => {
          this.host.warn(`${this.host.noun()}: page ${info.page} failed (${info.error.message}); resuming from page ${info.page} in ${info.delayMs} ms`);
          progress?.report({ message: vscode.l10n.t('{0}; page {1} failed, asking again…', this.host.loadedText(), formatCount(info.page + 1)) });
        },
      };
      try {
        return await source.loadAll({ ...options, signal: cancel.signal, resume });
      } finally {
        onCancel?.dispose();
        pages?.dispose();
      }
    };
    const title = vscode.l10n.t('Loading all {0}…', this.host.noun());
    const all = notify ? vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => run(token, progress)) : run();
    const tracked = Promise.resolve(all).finally(() => {
      if (this.running === tracked) this.running = undefined;
      this.host.ended();
    });
    this.running = tracked;
    return tracked;
  }
}
