// A synthetic backlog with its ground truth, for the benches that study it (triage-chains,
// triage-name-signs): the sandbox started with --auto-merge off on 127.0.0.1 (every candidate
// pending) and --truth-out, every pending recommendation listed, and whether each is a true match
// (all its entities share the generator's true id).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import { startServerProcess } from './http-load';

export interface TruthBacklog {
  recs: Recommendation[];
  isMatch(r: Recommendation): boolean;
}

/** Runs `study` on the backlog of `--locations N --seed S` (no events), then stops the sandbox. */
export async function withTruthBacklog<T>(options: { locations: string; seed: string }, study: (backlog: TruthBacklog) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-truth-backlog-'));
  const truthFile = join(dir, 'truth.tsv');
  const args = [join(__dirname, '..', '..', 'dist', 'cli.js'), 'sandbox', '--port', '0', '--token', 't', '--auto-merge', 'off', '--locations', options.locations, '--events', '0', '--seed', options.seed, '--truth-out', truthFile];
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error('no URL in the sandbox banner');
    const trueId = new Map<string, string>();
    for (const line of readFileSync(truthFile, 'utf8').split('\n')) {
      const [integration, sourceId, id] = line.split('\t');
      if (id) trueId.set(`${integration}\t${sourceId}`, id);
    }
    const recs: Recommendation[] = [];
    for await (const r of new DedupClient({ baseUrl: url, token: 't' }).allRecommendations({ pageSize: 200 })) recs.push(r);
    const isMatch = (r: Recommendation) => {
      const ids = r.entities.map((e) => trueId.get(`${e.integration}\t${e.sourceId}`));
      return ids.every((x) => x !== undefined && x === ids[0]);
    };
    return await study({ recs, isMatch });
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
