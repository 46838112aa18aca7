// The quick pick of Show Changed Since…: the presets, the last look, "Since a date…" — and a date
// typed straight into the pick. A quick pick filters its items by what is typed, so a typed date
// matched nothing and Enter did nothing at all; the pick now offers "Since <what was typed>" as its
// first item, with the moment it means, or what is wrong with it.
import * as vscode from 'vscode';
import { PRESETS, parseTypedSince, presetLabel } from '../views/time-window';
import { validateByParsing } from '../ui/input-check';

const t = vscode.l10n.t;

interface WindowItem extends vscode.QuickPickItem {
  /** A preset, 'last-look', 'typed' (ask in an input box), a typed moment, or undefined: not acceptable. */
  value: string | undefined;
}

/** The pick on screen, for the integration tests (the workbench gives the extension no other handle). */
export const windowPicks: { active: vscode.QuickPick<vscode.QuickPickItem> | undefined } = { active: undefined };

const EXAMPLES = '2024-05-01, 2024-05-01T08:00, 2024-05-01T00:00:00.000Z';

function fixedItems(lastLook: Date | undefined): WindowItem[] {
  const items: WindowItem[] = PRESETS.map((p) => ({ label: presetLabel(p), value: p }));
  items.splice(3, 0, {
    label: t('Since the last look'),
    value: 'last-look',
    description: lastLook ? lastLook.toLocaleString() : t('not synced yet with this connection'),
  });
  items.push({ label: t('Since a date…'), value: 'typed', description: EXAMPLES });
  return items;
}

/** What was typed, as an item when it begins like a date: the moment it means, or why it is none. */
export function typedMomentItem(typed: string, now = Date.now()): WindowItem | undefined {
  const text = typed.trim();
  if (!/^\+?-?\d/.test(text)) return undefined;
  const r = parseTypedSince(text, now);
  const label = t('Since {0}', text);
  if ('error' in r) return { label, value: undefined, description: r.error, alwaysShow: true };
  return { label, value: text, description: r.since.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), alwaysShow: true };
}

/** The window chosen (a preset, 'last-look' or a typed moment), or undefined when dismissed. */
export async function pickWindow(lastLook: Date | undefined, which: string): Promise<string | undefined> {
  const picked = await showWindowPick(fixedItems(lastLook), which);
  if (picked !== 'typed') return picked;
  return vscode.window.showInputBox({
    title: t('Dedup Curator: Changed since'),
    prompt: t('A date (local midnight), a local date and time, or a UTC timestamp'),
    placeHolder: '2024-05-01',
    ignoreFocusOut: true,
    validateInput: validateByParsing(parseTypedSince),
  });
}

/** `which`: the view it is for ("Locations", "Events"): the two commands share their title. */
function showWindowPick(fixed: WindowItem[], which: string): Promise<string | undefined> {
  const qp = vscode.window.createQuickPick<WindowItem>();
  qp.title = t('Dedup Curator: Show {0} Changed Since…', which);
  qp.placeholder = t('Pick a window, or type a date: {0}', EXAMPLES);
  qp.items = fixed;
  return new Promise((resolve) => {
    let chosen: string | undefined;
    const subscriptions = [
      qp.onDidChangeValue((value) => {
        const typed = typedMomentItem(value);
        qp.items = typed ? [typed, ...fixed] : fixed;
      }),
      qp.onDidAccept(() => {
        const item = qp.activeItems[0] ?? qp.selectedItems[0];
        // A typed text that is not a moment stays in the pick, its item saying what is wrong.
        if (!item || item.value === undefined) return;
        chosen = item.value;
        qp.hide();
      }),
      qp.onDidHide(() => {
        for (const s of subscriptions) s.dispose();
        qp.dispose();
        if (windowPicks.active === qp) windowPicks.active = undefined;
        resolve(chosen);
      }),
    ];
    windowPicks.active = qp;
    qp.show();
  });
}
