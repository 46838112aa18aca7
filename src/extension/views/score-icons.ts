// Which icon a recommendation's score gets in the tree, as plain data (no `vscode`), so the choice is
// unit-tested: fuller and bluer is higher; never a check mark nor green, which on a pending row read
// as "approved". labels.ts makes the ThemeIcons from it.

export type ScoreBand = 'high' | 'medium' | 'low';

/** A codicon id and a theme colour id. */
export interface ScoreIconSpec {
  id: string;
  color: string;
}

export const SCORE_ICONS: Readonly<Record<ScoreBand, ScoreIconSpec>> = {
  high: { id: 'circle-large-filled', color: 'charts.blue' },
  medium: { id: 'circle-filled', color: 'charts.yellow' },
  low: { id: 'circle-large-outline', color: 'charts.orange' },
};

/** The same thresholds everywhere: 90 % and 70 %. */
export function scoreBand(score: number): ScoreBand {
  return score >= 0.9 ? 'high' : score >= 0.7 ? 'medium' : 'low';
}
