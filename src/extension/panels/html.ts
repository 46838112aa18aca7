// The HTML shell of every panel. Free of `vscode` so the browser test (test/webview/) loads exactly
// this page, with this CSP, around dist/webview.js.
//
// CSP: nothing by default; scripts only with this load's nonce (no inline handlers, no eval);
// styles and fonts only from the extension's own files (so record data can never bring CSS); images
// from the extension, and from https only when the page may load remote images (the record panels,
// with the setting dedupCurator.panels.loadRemoteImages on); no form submission anywhere. The page
// carries no record data: it arrives by message after the ready handshake and is inserted as text.
// It carries only the page's own strings in the user's language (data-l10n on #root, an escaped
// attribute: text for the page's l10n.ts, never markup or script).
import { randomBytes } from 'node:crypto';

export interface PanelHtmlOptions {
  /** webview.cspSource: the origin the webview serves the extension's files from. */
  cspSource: string;
  /** Fresh for every load (see newNonce). */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  /** More stylesheets after styleUri (the record panels' codicons and styles). */
  extraStyleUris?: string[];
  /** Whether img-src allows https: (default no). */
  remoteImages?: boolean;
  title: string;
  /** The page's strings in the user's language (key → text), for src/webview/shared/l10n.ts. */
  strings?: Record<string, string>;
}

/** 128 random bits, base64: a script nonce nobody can guess, new for each HTML load. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string, remoteImages = false): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    remoteImages ? `img-src ${cspSource} https:` : `img-src ${cspSource}`,
    `font-src ${cspSource}`,
    // No form may submit anywhere (default-src does not cover form-action).
    "form-action 'none'",
  ].join('; ');
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function panelHtml(o: PanelHtmlOptions): string {
  // Only our own values go in here, escaped anyway: the title may one day hold a record's name.
  const a = escapeAttribute;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${a(contentSecurityPolicy(o.cspSource, o.nonce, o.remoteImages))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${[o.styleUri, ...(o.extraStyleUris ?? [])].map((uri) => `<link rel="stylesheet" href="${a(uri)}">`).join('\n')}
<title>${a(o.title)}</title>
</head>
<body>
<div id="root" data-l10n="${a(JSON.stringify(o.strings ?? {}))}"></div>
<script nonce="${a(o.nonce)}" src="${a(o.scriptUri)}"></script>
</body>
</html>`;
}
