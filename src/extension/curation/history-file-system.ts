// The Decision History document as a read-only file system of one file, rather than a
// TextDocumentContentProvider: VS Code does not bring back a content provider's document after a
// window reload (its editor input has no serializer, so the tab is gone),
// whereas a file system provider's file is restored like any file — VS Code then asks for
// `onFileSystem:dedup-curator-history` (package.json) and reads it again. The text is rendered
// from the journal when read, and cached until the next change (`changed()`).
import * as vscode from 'vscode';

export class HistoryFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  /** When the text last changed: the file's mtime, so VS Code sees a new version and reads it again. */
  private mtime = Date.now();
  private cached: { mtime: number; bytes: Uint8Array } | undefined;

  constructor(
    /** The one file's URI (`dedup-curator-history:/Decision History`). */
    readonly uri: vscode.Uri,
    private readonly render: () => Promise<string>,
  ) {}

  /** The journal changed: an open History document is read again. */
  changed(): void {
    this.mtime = Math.max(Date.now(), this.mtime + 1);
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri: this.uri }]);
  }

  private isFile(uri: vscode.Uri): boolean {
    return uri.path === this.uri.path;
  }

  private async bytes(): Promise<Uint8Array> {
    const mtime = this.mtime;
    if (this.cached?.mtime !== mtime) this.cached = { mtime, bytes: new TextEncoder().encode(await this.render()) };
    return this.cached.bytes;
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path === '/') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
    if (!this.isFile(uri)) throw vscode.FileSystemError.FileNotFound(uri);
    const bytes = await this.bytes();
    return { type: vscode.FileType.File, ctime: 0, mtime: this.mtime, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    if (uri.path !== '/') throw vscode.FileSystemError.FileNotADirectory(uri);
    return [[this.uri.path.slice(1), vscode.FileType.File]];
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    if (!this.isFile(uri)) throw vscode.FileSystemError.FileNotFound(uri);
    return this.bytes();
  }

  /** Changes come from `changed()`, whatever is watched. */
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  // Read-only: the journal is written by decisions only.
  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
