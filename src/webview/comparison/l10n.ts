// t() of the comparison page: its catalogue in the language the extension handed over.
import { localizer } from '../shared/l10n';
import type { COMPARISON_STRINGS } from './strings';

export const t = localizer<typeof COMPARISON_STRINGS>();
