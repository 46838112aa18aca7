// The access token lives only in VS Code's SecretStorage (the OS keychain on desktop), one per base
// URL. Never in settings, globalState, logs or webviews.
import * as vscode from 'vscode';

const KEY_PREFIX = 'dedupCurator.token:';

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a token changes here or in another window (SecretStorage.onDidChange). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(KEY_PREFIX)) this.changed.fire();
    });
  }

  get(baseUrl: string): Thenable<string | undefined> {
    return this.secrets.get(KEY_PREFIX + baseUrl);
  }

  set(baseUrl: string, token: string): Thenable<void> {
    return this.secrets.store(KEY_PREFIX + baseUrl, token);
  }

  clear(baseUrl: string): Thenable<void> {
    return this.secrets.delete(KEY_PREFIX + baseUrl);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
