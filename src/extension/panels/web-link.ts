// Opening a web address that a panel's page asked for: free of `vscode` so that unit tests run it
// with a recording opener (base-panel.ts passes vscode.env.openExternal and a modal question).
import { isWebLink } from '../../webview/shared/messages';
import { reachesPrivateHost, type Resolve } from './private-host';

/** Asks the curator whether to open a link that reaches a loopback or private address; true: open it. */
export type ConfirmPrivate = (url: string) => PromiseLike<boolean>;

export interface WebLinkOptions {
  /** Asked before a link into the machine or the local network is opened (VS Code trusts localhost). */
  confirmPrivate: ConfirmPrivate;
  /** How a host name is resolved (the system resolver by default). */
  resolve?: Resolve;
}

/**
 * Opens `url` with one call to `open`, and only if it is http(s) (the page is not trusted to have
 * checked) and, when it reaches a loopback or private address (private-host.ts), the curator said
 * yes. The address goes to `open` as the exact string the page showed, not as a vscode.Uri:
 * Uri.toString() re-encodes it ("?mlat=48.2&mlon=16.3#map=17/…" becomes "?mlat%3D48.2%26…"), so
 * VS Code's "open the external website?" prompt named another address than the link's. VS Code's
 * env.openExternal takes a string too and keeps it as given when it parses to the same URI
 * (extHostWindow.openUri, mainThreadWindow.$openUri). Resolves with whether it was opened.
 */
export async function openWebLink(url: string, open: (target: string) => Thenable<boolean>, o: WebLinkOptions): Promise<boolean> {
  const target = url.trim();
  if (!isWebLink(target)) return false;
  const scheme = new URL(target).protocol;
  if (scheme !== 'http:' && scheme !== 'https:') return false;
  if ((await reachesPrivateHost(target, o.resolve)) && !(await o.confirmPrivate(target))) return false;
  return open(target);
}
