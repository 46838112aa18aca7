// Setting a `when`-clause context key and focusing a view, typed by the ids in ids.ts (VS Code's
// own commands `setContext` and `<view>.focus` take any string).
import * as vscode from 'vscode';
import { type ContextKey, type ViewId, focusCommand } from './ids';

export function setContext(key: ContextKey, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}

export function focusView(view: ViewId): Thenable<unknown> {
  return vscode.commands.executeCommand(focusCommand(view));
}
