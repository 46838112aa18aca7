// Record text shown in the editor's own UI (tree rows, tooltips, quick picks, notifications, tab
// titles) is laid out by the editor's bidi algorithm: a name holding U+202E (right-to-left
// override) shows "‮Falcon Hall‬ ‮gpj.exe‬" as "exe.jpg llaH noclaF", so a record can pass for
// another or hide what it is. Every bidi control character is replaced by a visible token naming
// it ("[U+202E]"), so the text reads in its stored order and the curator sees that it carries them.
// Pure text in, text out (no `vscode`): the one helper for every surface, unit-tested in plain Node.

/**
 * The bidi formatting characters: embeddings and overrides (U+202A–202E), isolates (U+2066–2069),
 * the directional marks (U+200E LRM, U+200F RLM) and the Arabic letter mark (U+061C).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const visibleToken = (c: string) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`;

/** The text with each bidi control character shown as `[U+XXXX]`; text without any is returned as it is. */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, visibleToken);
}

/** The same for an optional value. */
export function showBidiOptional<T extends string | undefined | null>(text: T): T {
  return (typeof text === 'string' ? showBidiControls(text) : text) as T;
}
