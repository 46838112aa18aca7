// Shared by decisions.test.ts and export.test.ts: the extension's API against the local sandbox
// (the one sandbox of this extension host, shared by every test file), and the sandbox's live state.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import { type DecisionEntry, journalOfConnection, readJournal } from '../../src/curation/journal';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { labelsFromContents } from '../../src/triage/journal-labels';
import { bulkRejectionsFromJournal, bulkTallyFromJournal } from '../../src/triage/journal-tally';

/**
 * What the extension's triage learns from: the journal's lines about the active service (its
 * decisions as labels, its group decisions' error budget and rejected entities), read afresh, so a
 * test's expectation is computed as the extension computes it.
 */
export async function serviceAnswers(api: DedupCuratorApi) {
  const here = journalOfConnection(await readJournal(api.triage.journalPath), api.session.baseUrl);
  return { labels: labelsFromContents(here), bulkSoFar: bulkTallyFromJournal(here.entries), bulkRejected: bulkRejectionsFromJournal(here.entries) };
}

export async function withSandbox(): Promise<{ api: DedupCuratorApi; client: DedupClient }> {
  const ext = vscode.extensions.getExtension<DedupCuratorApi>('dedup-curator.dedup-curator');
  assert.ok(ext, 'the extension is not installed');
  await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
  const api = await ext.activate();
  await api.ready;
  const state = api.session.state;
  assert.equal(state.kind, 'ready', 'no active connection after Try the Local Sandbox');
  return { api, client: (state as { client: DedupClient }).client };
}

export async function pendingNow(client: DedupClient): Promise<Map<string, Recommendation>> {
  const pending = new Map<string, Recommendation>();
  for await (const r of client.allRecommendations({ pageSize: 200 })) pending.set(r['@id'], r);
  return pending;
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** The decision journal as the user exports it (NDJSON), through the command. */
export async function journalEntries(dir: string): Promise<DecisionEntry[]> {
  const target = path.join(dir, `history-${Date.now()}-${Math.random().toString(36).slice(2)}.ndjson`);
  const result = await vscode.commands.executeCommand<{ count: number } | undefined>('dedupCurator.exportDecisionHistory', { target });
  assert.ok(result, 'the decision history export returned nothing');
  const text = await readFile(target, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DecisionEntry);
}

export function recordNode(record: Recommendation): { kind: 'record'; record: Recommendation } {
  return { kind: 'record', record };
}
