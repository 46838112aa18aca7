// "Changed since last look": when each list was last synced, per connection (keyed by base URL, so
// renaming a connection keeps it), in globalState on this machine. The time kept is when the first
// page of a successful refresh was *requested*: anything changed after that moment may be missing
// from what was shown, so the next "since last look" must include it.
import type * as vscode from 'vscode';

export type ListKey = 'recommendations' | 'locations' | 'events';

const PREFIX = 'dedupCurator.lastLook:';

export class LastLook {
  constructor(private readonly memento: vscode.Memento) {}

  get(baseUrl: string | undefined, list: ListKey): Date | undefined {
    if (!baseUrl) return undefined;
    const iso = this.memento.get<Partial<Record<ListKey, string>>>(PREFIX + baseUrl)?.[list];
    const d = iso ? new Date(iso) : undefined;
    return d && !Number.isNaN(d.getTime()) ? d : undefined;
  }

  async record(baseUrl: string | undefined, list: ListKey, at: Date): Promise<void> {
    if (!baseUrl) return;
    const current = this.memento.get<Partial<Record<ListKey, string>>>(PREFIX + baseUrl) ?? {};
    await this.memento.update(PREFIX + baseUrl, { ...current, [list]: at.toISOString() });
  }
}
