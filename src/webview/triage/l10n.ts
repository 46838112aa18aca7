// t() of the Triage page: its catalogue in the language the extension handed over.
import { localizer } from '../shared/l10n';
import type { TRIAGE_STRINGS } from './strings';

export const t = localizer<typeof TRIAGE_STRINGS>();
