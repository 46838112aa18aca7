// The last step before a tree item reaches VS Code: its record text (label, description, string
// tooltip) with bidi control characters shown (src/records/bidi-text.ts), so a name holding a
// right-to-left override reads in its stored order in every tree, whichever list built the item.
import type * as vscode from 'vscode';
import { showBidiControls } from '../../records/bidi-text';

export function shownItem(item: vscode.TreeItem): vscode.TreeItem {
  const label = item.label;
  // Highlights cover our own prefix (the score), which holds no control character: they stay valid.
  if (typeof label === 'string') item.label = showBidiControls(label);
  else if (label) item.label = { ...label, label: showBidiControls(label.label) };
  if (typeof item.description === 'string') item.description = showBidiControls(item.description);
  if (typeof item.tooltip === 'string') item.tooltip = showBidiControls(item.tooltip);
  return item;
}
