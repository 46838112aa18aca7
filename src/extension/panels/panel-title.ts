// A panel's tab title names what it shows (a record, the records of a recommendation); a long name
// is cut so the tab and the "open editors" list stay readable. The full name is in the page. Bidi
// controls are shown (src/records/bidi-text.ts): the tab lays the title out as VS Code's UI does.
import { showBidiControls } from '../../records/bidi-text';

const MAX_TITLE_NAME = 40;

/** `name`, cut to MAX_TITLE_NAME characters with an ellipsis when longer, its bidi controls shown. */
export function shortName(name: string): string {
  return showBidiControls(name.length > MAX_TITLE_NAME ? `${name.slice(0, MAX_TITLE_NAME)}…` : name);
}
