// What VS Code itself turns into live markup, taken from VS Code 1.139.1's workbench: the linked-text
// parser of notifications (`vs/base/common/linkedText.ts`, copied verbatim from the installed
// workbench.js) and the theme-icon syntax of labels, the status bar and progress titles
// (`vs/base/common/themables.ts`). Tests assert that record data never matches them.

/** `[label](target)` with an http(s), command: or file: target: a clickable link in a notification. */
export const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

/** `$(name)` / `$(name~spin)`: an icon in a label. */
export const THEME_ICON = /\$\(([A-Za-z0-9-]+)(~[A-Za-z]+)?\)/g;

/** Every live link a notification would show for `text`. */
export function notificationLinks(text: string): string[] {
  return [...text.matchAll(NOTIFICATION_LINK)].map((m) => m[2]);
}

export function themeIcons(text: string): string[] {
  return [...text.matchAll(THEME_ICON)].map((m) => m[0]);
}

/** The text as the user reads it (zero-width spaces are not seen). */
export function visible(text: string): string {
  return text.replace(/\u200B/g, '');
}
