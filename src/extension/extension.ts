// Entry point of the VS Code extension: wires the editor-independent core (src/api, src/matching,
// src/sandbox) to thin VS Code adapters. Everything created here is registered in
// context.subscriptions so that deactivation releases it.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Dedup Curator', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(
    vscode.commands.registerCommand('dedupCurator.showLog', () => log.show()),
  );
  log.info('Dedup Curator activated');
}

export function deactivate(): void {
  // Nothing to do: every resource is a Disposable in context.subscriptions.
}
