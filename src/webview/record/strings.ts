// The record pages' strings (key → English, {0}… for arguments): the extension translates them
// with vscode.l10n.t and hands them to the page (../shared/l10n.ts).
import { SHARED_STRINGS } from '../shared/strings';

export const RECORD_STRINGS = {
  ...SHARED_STRINGS,
} as const;
