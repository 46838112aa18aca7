// The service's own reasons for a recommendation's score, where the service gives them: the
// sandbox answers POST /sandbox/explain with the per-field bits of the model that produced the score (estimated on its data, refitted on the curator's decisions). The comparison
// panel shows those when it has them, and this editor's hand-set estimate otherwise. A service that
// is not the sandbox has no such endpoint: the first answer that says so (404, 405, 401, a body that
// is not an explanation) marks that client as "no explanations", so it is asked once per connection.
import type * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import { DedupError, InvalidResponseError } from '../../api/errors';
import type { ServiceExplanation } from '../../api/explanation';
import type { Recommendation } from '../../api/model';
import type { Session } from '../connection/session';

/** Explanations kept (recent recommendations on screen and the queue's next). */
const KEPT = 200;
/** A panel never waits long on a reason it can show without: the editor's estimate is shown meanwhile. */
const TIMEOUT_MS = 5000;

/** Answers that mean "this service does not explain": no use asking it again. */
const ABSENT_STATUS = new Set([401, 402, 403, 404, 405, 501]);

export class ServiceExplanations {
  /** Clients (one per connection and token) whose service has no explanations. */
  private readonly absent = new WeakSet<DedupClient>();
  /** client → (recommendation id + score → explanation), most recent last. */
  private readonly kept = new WeakMap<DedupClient, Map<string, ServiceExplanation>>();
  private readonly loading = new Map<string, Promise<ServiceExplanation | undefined>>();

  constructor(
    private readonly session: Session,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  private client(): DedupClient | undefined {
    const state = this.session.state;
    return state.kind === 'ready' ? state.client : undefined;
  }

  /** The score is part of the key: a refit re-scores, and the list then shows the new score. */
  private static key(rec: Recommendation): string {
    return `${rec['@id']}\n${rec.score}`;
  }

  /** The explanation already fetched for this recommendation from the active connection, if any. */
  cached(rec: Recommendation): ServiceExplanation | undefined {
    const client = this.client();
    return client && this.kept.get(client)?.get(ServiceExplanations.key(rec));
  }

  /** Whether asking could give an explanation not already here. */
  mayLoad(rec: Recommendation): boolean {
    const client = this.client();
    return !!client && !this.absent.has(client) && !this.cached(rec);
  }

  /** Fetches (once at a time per recommendation) the service's explanation; undefined when it has none. */
  load(rec: Recommendation): Promise<ServiceExplanation | undefined> {
    const client = this.client();
    if (!client || this.absent.has(client)) return Promise.resolve(undefined);
    const hit = this.cached(rec);
    if (hit) return Promise.resolve(hit);
    const key = `${client.baseUrl}\n${ServiceExplanations.key(rec)}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.fetch(client, rec).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async fetch(client: DedupClient, rec: Recommendation): Promise<ServiceExplanation | undefined> {
    try {
      const found = await client.explainRecommendation(rec['@id'], { timeoutMs: TIMEOUT_MS });
      // An answer about another recommendation, or with another number of entities, explains nothing here.
      if (found.id !== rec['@id'] || found.pairs.length !== rec.entities.length - 1) return undefined;
      let map = this.kept.get(client);
      if (!map) this.kept.set(client, (map = new Map()));
      map.set(ServiceExplanations.key(rec), found);
      if (map.size > KEPT) map.delete(map.keys().next().value as string);
      return found;
    } catch (e) {
      const status = e instanceof DedupError ? e.status : undefined;
      if (e instanceof InvalidResponseError || (status !== undefined && ABSENT_STATUS.has(status))) {
        // 409/404 about this id come from a service that does explain: only "no such endpoint" marks it.
        if (!(status === 404 && isSandboxNotFound(e))) {
          this.absent.add(client);
          this.log.info(`The service at ${client.baseUrl} does not explain its scores (no /sandbox/explain); comparison panels show this editor's hand-set estimate.`);
        }
      }
      return undefined;
    }
  }
}

/** The sandbox's 404 for an unknown recommendation names the member `id`; a missing endpoint does not. */
function isSandboxNotFound(e: unknown): boolean {
  return e instanceof Error && /no recommendation with id/.test(e.message);
}
