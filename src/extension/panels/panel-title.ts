// A panel's tab title names what it shows (a record, the records of a recommendation); a long name
// is cut so the tab and the "open editors" list stay readable. The full name is in the page.
const MAX_TITLE_NAME = 40;

/** `name`, cut to MAX_TITLE_NAME characters with an ellipsis when longer. */
export function shortName(name: string): string {
  return name.length > MAX_TITLE_NAME ? `${name.slice(0, MAX_TITLE_NAME)}…` : name;
}
