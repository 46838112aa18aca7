// The one way the extension shows a notification. Every message passes through inertText, whatever
// it holds: record names, ids and error bodies come from the service and must never become a live
// `command:` link (issue 12). Lint forbids vscode.window.show*Message anywhere else.
import * as vscode from 'vscode';
import { inertText } from './inert-text';

type Options = vscode.MessageOptions;

function clean(options: Options | undefined): Options | undefined {
  return options?.detail === undefined ? options : { ...options, detail: inertText(options.detail) };
}

function show<T extends string>(
  fn: (message: string, options: Options, ...items: T[]) => Thenable<T | undefined>,
  message: string,
  rest: (Options | T)[],
): Thenable<T | undefined> {
  const options = typeof rest[0] === 'object' ? (rest.shift() as Options) : {};
  // Action labels are ours (localised constants); they are passed as they are so a caller can
  // compare the answer with them.
  return fn(inertText(message), clean(options) ?? {}, ...(rest as T[]));
}

export function showInfo<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, o, ...i) => vscode.window.showInformationMessage(m, o, ...i), message, rest);
}

export function showWarning<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, o, ...i) => vscode.window.showWarningMessage(m, o, ...i), message, rest);
}

export function showError<T extends string>(message: string, ...rest: (Options | T)[]): Thenable<T | undefined> {
  return show<T>((m, o, ...i) => vscode.window.showErrorMessage(m, o, ...i), message, rest);
}
