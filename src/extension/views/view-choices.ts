// What a curator chose in each view (sort order, score and integration filter, time window, event
// filter) survives a restart: kept in the workspace's state, so each workspace keeps its own way of
// looking, as the Explorer's sort order does. Values are read back through parsers, because what an
// older version (or a hand-edited state database) stored must not break a view: anything unreadable
// is dropped and the view falls back to its default.
import type * as vscode from 'vscode';
import { type RecommendationFilter, SORT_ORDERS, type SortOrder } from './recommendation-filter';

const PREFIX = 'dedupCurator.viewChoices:';

export class ViewChoices {
  constructor(private readonly memento: vscode.Memento) {}

  read<T>(viewId: string, key: string, parse: (raw: unknown) => T | undefined): T | undefined {
    const stored = this.memento.get<Record<string, unknown>>(PREFIX + viewId);
    return stored && typeof stored === 'object' ? parse(stored[key]) : undefined;
  }

  async write(viewId: string, key: string, value: unknown): Promise<void> {
    const current = this.memento.get<Record<string, unknown>>(PREFIX + viewId) ?? {};
    await this.memento.update(PREFIX + viewId, { ...current, [key]: value });
  }
}

export function parseSortOrder(raw: unknown): SortOrder | undefined {
  return SORT_ORDERS.find((o) => o === raw);
}

export function parseRecommendationFilter(raw: unknown): RecommendationFilter | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const score = (v: unknown) => (typeof v === 'number' && v >= 0 && v <= 1 ? v : undefined);
  const integrations = Array.isArray(r.integrations) ? r.integrations.filter((i): i is string => typeof i === 'string' && i.length > 0) : undefined;
  return { minScore: score(r.minScore), maxScore: score(r.maxScore), integrations: integrations?.length ? integrations : undefined };
}
