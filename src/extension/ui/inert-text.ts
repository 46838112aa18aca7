// Record data (names, ids, URLs, error bodies) reaches places where VS Code renders markup: a
// notification turns `[text](command:…)` into a live link that runs a command when clicked, quick
// picks, the status bar and progress titles turn `$(name)` into an icon. VS Code honours no escape
// in those texts (its link parser ignores backslashes), so the syntax is broken instead with a
// zero-width space the user never sees: `](` and `$(` cannot form a link or an icon any more.
// Bidi control characters are shown as visible tokens too (src/records/bidi-text.ts): the same
// surfaces lay text out with the bidi algorithm. Pure text in, text out: no `vscode` import, so it
// is unit-tested in plain Node.
import { showBidiControls } from '../../records/bidi-text';

const ZWSP = '\u200B';

/** The text with every markdown link and theme-icon form made inert (what the user reads is unchanged) and its bidi controls shown. */
export function inertText(text: string): string {
  return (
    showBidiControls(text)
      // `[label](target)`: VS Code's linked-text parser needs `]` and `(` side by side.
      .replace(/\]\s*\(/g, (m) => `]${ZWSP}${m.slice(1)}`)
      // `$(icon)` and `$(icon~spin)`.
      .replace(/\$\(/g, `$${ZWSP}(`)
      // A bare `command:` / `file:` target has no effect without a link, but hover markdown links
      // autolinks; break the scheme too so no renderer can take it as one.
      .replace(/\b(command|file|vscode|vscode-insiders):/gi, (_m, scheme: string) => `${scheme}${ZWSP}:`)
  );
}

/** The same for an optional value. */
export function inertOptional(text: string | undefined): string | undefined {
  return text === undefined ? undefined : inertText(text);
}
