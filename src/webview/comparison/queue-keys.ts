// The review queue's keys, read in the webview (VS Code's own keybindings do not reach into a
// webview's document). Pure: the mapping is unit-tested without a browser.
import type { COMPARISON_STRINGS } from './strings';

export type KeyAction = 'approve' | 'reject' | 'unsure' | 'skip' | 'back' | 'undo' | 'help' | 'close';

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
  // N for "not sure": U is Undo.
  n: 'unsure',
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

/** The keys as the help overlay lists them, each with its text's key in strings.ts. */
export const KEY_HELP: readonly (readonly [keys: readonly string[], what: keyof typeof COMPARISON_STRINGS])[] = [
  [['A'], 'keyApprove'],
  [['R'], 'keyReject'],
  [['N'], 'keyUnsure'],
  [['S', '→'], 'keySkip'],
  [['←'], 'keyBack'],
  [['U'], 'keyUndo'],
  [['?'], 'keyHelp'],
  [['Esc'], 'keyClose'],
];
