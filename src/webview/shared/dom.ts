// The one element builder of every panel page. Strings become text nodes, never markup, so data
// from a record can only ever be text.

export type Children = (Node | string | null | undefined)[];

/** createElement with a class and children; strings become text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, ...children: Children): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}
