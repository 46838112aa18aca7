// The preview panel of a kind of panel (record panels, comparison panels), as VS Code's editor
// preview: a click in a tree shows its item in the preview, and the next click shows its item in
// that same panel — the webview is re-used, its page gets the new item by message — instead of a
// new panel (creating a webview is ≈ 400 ms of VS Code's own work before our
// page exists; a message and a render are tens of ms). A panel stops being the preview when it is
// kept: any use of it (an action, a link), "Keep Panel Open", or opening its item other than by a
// tree click. With VS Code's `workbench.editor.enablePreview` off every click keeps its panel.
//
// VS Code cannot show a webview tab in italics (WebviewPanel has a title and an icon only), so a
// preview looks like any panel; "Keep Panel Open" in its title bar (the context key below) marks it.
import * as vscode from 'vscode';
import { setContext } from '../context-keys';
import { ContextKeys } from '../ids';

/** Whether tree clicks open previews: VS Code's own setting for editors. */
export const previewEnabled = (): boolean => vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true);

/** What a slot needs of a panel's page (BasePanel has it): its webview panel, disposal and the event of it. */
export interface PreviewablePage extends vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly onDidDispose: vscode.Event<void>;
}

/** What the context key and "Keep Panel Open" read of a slot, whatever its kind of panel. */
interface AnySlot {
  readonly panel: unknown;
  readonly inFront: boolean;
  keep(panel: unknown): void;
}

/** Every slot of this extension host: the context key and "Keep Panel Open" look at all of them. */
const slots = new Set<AnySlot>();

/** The slot whose preview is in front, if any (the one "Keep Panel Open" keeps). */
function activeSlot(): AnySlot | undefined {
  for (const slot of slots) if (slot.inFront) return slot;
  return undefined;
}

function updatePreviewKey(): void {
  void setContext(ContextKeys.previewActive, activeSlot() !== undefined);
}

/**
 * "Keep Panel Open": keeps the preview in front; without one in front (a command run from a
 * script, or before VS Code reported the new panel active), the preview opened last. Returns the
 * panel kept.
 */
export function keepPreview(): unknown {
  const slot = activeSlot() ?? [...slots].reverse().find((s) => s.panel !== undefined);
  const panel = slot?.panel;
  slot?.keep(panel);
  return panel;
}

export class PreviewSlot<P> implements AnySlot, vscode.Disposable {
  private current: P | undefined;
  /** The current preview's listeners, released when it stops being the preview. */
  private watching: vscode.Disposable[] = [];

  /** `pageOf`: the page a panel of this kind shows (a record panel is its own; a comparison panel owns one). */
  constructor(private readonly pageOf: (panel: P) => PreviewablePage) {
    slots.add(this);
  }

  /** The preview panel, if one is open and not kept. */
  get panel(): P | undefined {
    return this.current;
  }

  /** Whether its preview is the active panel. */
  get inFront(): boolean {
    return this.current !== undefined && this.pageOf(this.current).panel.active;
  }

  /**
   * Shows an item as a preview. `reuse` is asked first, with the preview panel (if any): it shows
   * the item there and returns true when it can (a panel of the same view type), and the panel is
   * revealed; otherwise `create` makes a new panel, which becomes the preview, and the old
   * preview is closed (after the new one is open, so the editor group never flashes empty).
   */
  open(create: () => P, reuse: (preview: P) => boolean): P {
    // The slots stay in the order they last showed a preview (keepPreview's fallback).
    slots.delete(this);
    slots.add(this);
    const old = this.current;
    if (old && reuse(old)) {
      this.pageOf(old).panel.reveal();
      return old;
    }
    const created = create();
    this.hold(created);
    if (old) this.pageOf(old).dispose();
    return created;
  }

  /** Keeps `panel` open: the next preview no longer re-uses it (no-op unless it is the preview). */
  keep(panel: unknown): void {
    if (this.current !== panel) return;
    this.release();
  }

  private hold(panel: P): void {
    this.release();
    this.current = panel;
    const page = this.pageOf(panel);
    this.watching = [
      page.onDidDispose(() => {
        if (this.current === panel) this.release();
      }),
      page.panel.onDidChangeViewState(() => updatePreviewKey()),
    ];
    updatePreviewKey();
  }

  private release(): void {
    this.current = undefined;
    for (const d of this.watching.splice(0)) d.dispose();
    updatePreviewKey();
  }

  dispose(): void {
    this.release();
    slots.delete(this);
  }
}
