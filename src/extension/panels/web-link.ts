// Opening a web address that a panel's page asked for: free of `vscode` so that unit tests run it
// with a recording opener (base-panel.ts passes vscode.env.openExternal).
import { isWebLink } from '../../webview/shared/messages';

/**
 * Opens `url` with one call to `open`, and only if it is http(s) (the page is not trusted to have
 * checked). The address goes to `open` as the exact string the page showed, not as a vscode.Uri:
 * Uri.toString() re-encodes it ("?mlat=48.2&mlon=16.3#map=17/…" becomes "?mlat%3D48.2%26…"), so
 * VS Code's "open the external website?" prompt named another address than the link's. VS Code's
 * env.openExternal takes a string too and keeps it as given when it parses to the same URI
 * (extHostWindow.openUri, mainThreadWindow.$openUri). Resolves with whether it was opened.
 */
export async function openWebLink(url: string, open: (target: string) => Thenable<boolean>): Promise<boolean> {
  const target = url.trim();
  if (!isWebLink(target)) return false;
  const scheme = new URL(target).protocol;
  if (scheme !== 'http:' && scheme !== 'https:') return false;
  return open(target);
}
