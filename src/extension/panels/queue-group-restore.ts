// A group's review queue made from a triage of the whole backlog: by the Triage panel's Review, and
// again after a window reload for the group the queue walked before it (its key saved in the page's
// state) — the queue had come back on the whole list, its group line gone, while saying it was
// "back at the item shown before the reload", and its A approved recommendations outside the group.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { TriageGroup, TriageResult } from '../../triage/triage';
import type { Curation } from '../curation/context';
import { NoClientError, readTriage } from '../curation/group-command';
import { flagsText } from '../triage/flag-labels';
import { groupReviewOrder, type ReviewGroup } from './queue-group';

/** The review queue's group of `group`: its pending members not marked unsure, in triage's asking order. */
export function reviewGroupFrom(c: Curation, result: TriageResult, pending: readonly Recommendation[], group: TriageGroup, baseUrl: string | undefined): ReviewGroup {
  const members = groupReviewOrder(result, group, pending, c.triage.core().informativeOrder);
  const words = [group.words, flagsText(group.flags)].filter(Boolean).join(' · ');
  return { key: group.key, words, members, baseUrl };
}

/** The group of `key` in a fresh triage of the active connection's backlog, or why it cannot be had. */
export async function reviewGroupAgain(c: Curation, key: string): Promise<ReviewGroup | { why: string }> {
  const baseUrl = c.session.baseUrl;
  let read: Awaited<ReturnType<typeof readTriage>>;
  try {
    read = await readTriage(c, undefined);
  } catch (e) {
    return { why: e instanceof NoClientError ? e.message : c.errors.explain(e, vscode.l10n.t('Restoring the review queue’s group')) };
  }
  const group = read.result.groups.find((g) => g.key === key);
  if (!group) return { why: vscode.l10n.t('It is no longer among the backlog’s groups (decided since, or split differently by the answers given since).') };
  const review = reviewGroupFrom(c, read.result, read.pending, group, baseUrl);
  if (!review.members.length) return { why: vscode.l10n.t('Nothing in it can be reviewed (all marked unsure).') };
  return review;
}
