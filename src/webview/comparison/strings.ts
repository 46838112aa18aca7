// The comparison page's strings (key → English, {0}… for arguments): the extension translates them
// with vscode.l10n.t and hands them to the page (../shared/l10n.ts).
import { SHARED_STRINGS } from '../shared/strings';

export const COMPARISON_STRINGS = {
  ...SHARED_STRINGS,
} as const;
