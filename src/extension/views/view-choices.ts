// What a curator chose in each view (sort order, score and integration filter, time window, event
// filter) survives a restart: kept in the workspace's state, so each workspace keeps its own way of
// looking, as the Explorer's sort order does. Values are read back through parsers, because what an
// older version (or a hand-edited state database) stored must not break a view: anything unreadable
// is dropped and the view falls back to its default.
//
// Kept per connection (by its name): a filter on a location of one service ("at Star Studio") means
// nothing on another, and each service is looked at its own way. Choices kept
// before they were per connection (one set per view) are read for a connection that has none yet,
// without what names a record of one service (the events' location).
import type * as vscode from 'vscode';
import { type RecommendationFilter, SORT_ORDERS, type SortOrder } from './recommendation-filter';

const PREFIX = 'dedupCurator.viewChoices:';

export class ViewChoices {
  /** `connection`: the active connection's name (undefined: none, and the choices are not kept). */
  constructor(
    private readonly memento: vscode.Memento,
    private readonly connection: () => string | undefined = () => undefined,
  ) {}

  /** The connection the choices are read and written for now; the views compare it to reload theirs. */
  get scope(): string | undefined {
    return this.connection();
  }

  /**
   * The choice for the active connection; else the one kept before choices were per connection,
   * passed through `fromUnscoped` (which drops what belongs to one service).
   */
  read<T>(viewId: string, key: string, parse: (raw: unknown) => T | undefined, fromUnscoped: (value: T) => T | undefined = (v) => v): T | undefined {
    const scope = this.scope;
    const own = scope === undefined ? undefined : this.memento.get<Record<string, unknown>>(scopedKey(scope, viewId));
    if (own && typeof own === 'object') return parse(own[key]);
    const old = this.memento.get<Record<string, unknown>>(PREFIX + viewId);
    const value = old && typeof old === 'object' ? parse(old[key]) : undefined;
    return value === undefined ? undefined : fromUnscoped(value);
  }

  async write(viewId: string, key: string, value: unknown): Promise<void> {
    const scope = this.scope;
    if (scope === undefined) return;
    const current = this.memento.get<Record<string, unknown>>(scopedKey(scope, viewId)) ?? {};
    await this.memento.update(scopedKey(scope, viewId), { ...current, [key]: value });
  }
}

// JSON keeps any connection name (quotes, colons) apart from the view id.
const scopedKey = (connection: string, viewId: string) => `${PREFIX}${JSON.stringify([connection, viewId])}`;

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
