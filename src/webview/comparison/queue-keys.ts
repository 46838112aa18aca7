// The review queue's keys, read in the webview (VS Code's own keybindings do not reach into a
// webview's document). Pure: the mapping is unit-tested without a browser.

export type KeyAction = 'approve' | 'reject' | 'skip' | 'back' | 'undo' | 'help' | 'close';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
}

const KEYS: Record<string, KeyAction> = {
  a: 'approve',
  r: 'reject',
  s: 'skip',
  ArrowRight: 'skip',
  ArrowLeft: 'back',
  u: 'undo',
  '?': 'help',
  Escape: 'close',
};

/** The queue action of a key press, or undefined (the key keeps its usual meaning). */
export function keyAction(e: KeyLike): KeyAction | undefined {
  // Ctrl/Cmd/Alt combinations belong to the editor (copy, find, …). A held key repeats: it must not
  // approve the next recommendation, and the next, as they come.
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return undefined;
  return KEYS[e.key.length === 1 ? e.key.toLowerCase() : e.key];
}

/** The keys as the help overlay lists them. */
export const KEY_HELP: readonly [keys: string[], what: string][] = [
  [['A'], 'Approve: the entities are duplicates'],
  [['R'], 'Reject: they are not'],
  [['S', '→'], 'Skip for now (only in this queue; the service is not told)'],
  [['←'], 'Back to the previous item (a decided one is shown with its outcome)'],
  [['U'], 'Undo: a decision not sent yet (within the undo period), else the last skip'],
  [['?'], 'Show or hide these keys'],
  [['Esc'], 'Close this help'],
];
