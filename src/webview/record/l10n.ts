// t() of the record pages: their catalogue in the language the extension handed over.
import { localizer } from '../shared/l10n';
import type { RECORD_STRINGS } from './strings';

export const t = localizer<typeof RECORD_STRINGS>();
