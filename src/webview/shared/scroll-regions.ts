// Record values are clipped to a box that scrolls (a hostile 1 MB value must not bury the page),
// and a box that scrolls must be reachable with the keyboard, or a keyboard user cannot read the
// rest (axe: scrollable-region-focusable). Only a box whose content overflows now joins the tab
// order, with a name (its field's label, else its section's heading), so short values add no tab
// stops; the check runs again when the page's size or content changes.

let counter = 0;

function idOf(element: Element): string {
  if (!element.id) element.id = `scroll-name-${++counter}`;
  return element.id;
}

/** What names a clipped box: its field's label (a dd's dt), else the heading of its section. */
function nameSource(box: HTMLElement): Element | null {
  const dd = box.closest('dd');
  const dt = dd?.previousElementSibling;
  if (dt?.tagName === 'DT') return dt;
  return box.closest('section')?.querySelector('h2') ?? null;
}

function mark(box: HTMLElement): void {
  const overflows = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  const marked = box.dataset.scrollRegion === 'yes';
  if (overflows === marked) return;
  if (overflows) {
    box.dataset.scrollRegion = 'yes';
    box.tabIndex = 0;
    // A heading names itself; a paragraph may not be named (ARIA), so it becomes a group (not a
    // region: a landmark named as its section's would repeat that landmark).
    if (box.tagName === 'P') box.setAttribute('role', 'group');
    const source = box.tagName === 'H1' ? null : nameSource(box);
    if (source) box.setAttribute('aria-labelledby', idOf(source));
  } else {
    delete box.dataset.scrollRegion;
    box.removeAttribute('tabindex');
    if (box.tagName === 'P') box.removeAttribute('role');
    box.removeAttribute('aria-labelledby');
  }
}

/** Marks every clipped box under `root` (matching `selector`) that overflows, and unmarks those that no longer do. */
export function markScrollRegions(root: ParentNode, selector: string): void {
  for (const box of root.querySelectorAll<HTMLElement>(selector)) mark(box);
}

/** Keeps the marks true as the page is resized or redrawn; the checks run once per frame at most. */
export function watchScrollRegions(root: HTMLElement, selector: string): void {
  let queued = false;
  const check = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      markScrollRegions(root, selector);
    });
  };
  new ResizeObserver(check).observe(root);
  new MutationObserver(check).observe(root, { childList: true, subtree: true, characterData: true });
  check();
}
