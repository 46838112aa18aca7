// The one way the extension shows a notification. Every message passes through inertText, whatever
// it holds: record names, ids and error bodies come from the service and must never become a live
// `command:` link. Lint forbids vscode.window.show*Message anywhere else.
import * as vscode from 'vscode';
import { inertText } from './inert-text';

type Options = vscode.MessageOptions;

function clean(options: Options | undefined): Options | undefined {
  return options?.detail === undefined ? options : { ...options, detail: inertText(options.detail) };
}

function show<T extends string>(
  fn: (message: string, ...rest: (Options | T)[]) => Thenable<T | undefined>,
  message: string,
  rest: (Options | T)[],
): Thenable<T | undefined> {
  // Options only when the caller gave them: VS Code's signature takes the items directly otherwise.
  // Action labels are ours (localised constants) and pass as they are, so a caller can compare the
  // answer with them.
  if (typeof rest[0] === 'object') {
    const [options, ...items] = rest as [Options, ...T[]];
    return fn(inertText(message), clean(options) ?? {}, ...items);
  }
  return fn(inertText(message), ...(rest as T[]));
}

export function showInfo<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, ...r) => vscode.window.showInformationMessage(m, ...(r as [Options, ...T[]])), message, rest);
}

export function showWarning<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, ...r) => vscode.window.showWarningMessage(m, ...(r as [Options, ...T[]])), message, rest);
}

export function showError<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, ...r) => vscode.window.showErrorMessage(m, ...(r as [Options, ...T[]])), message, rest);
}

/**
 * A notification that offers to take something back for as long as `open` is pending, and closes
 * itself when it settles: a message cannot be closed by an extension (microsoft/vscode#48960,
 * #163298: out of scope), so an offer that ends (the undo period) is a cancellable progress
 * notification, which VS Code takes down when its task ends. Its Cancel button calls `onCancel`.
 * `message(secondsLeft)` is shown after the title and counts down each second.
 */
export function showCountdown(title: string, ms: number, open: Promise<unknown>, message: (secondsLeft: number) => string, onCancel: () => void): Thenable<void> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(title), cancellable: true }, (progress, token) => {
    const end = Date.now() + ms;
    const tell = () => progress.report({ message: inertText(message(Math.max(0, Math.ceil((end - Date.now()) / 1000)))) });
    tell();
    const ticker = setInterval(tell, 1000);
    return new Promise<void>((resolve) => {
      const done = () => {
        clearInterval(ticker);
        cancelled.dispose();
        resolve();
      };
      const cancelled = token.onCancellationRequested(() => {
        onCancel();
        done();
      });
      void open.then(done, done);
    });
  });
}
