// A bulk run cut short by the window closing: at the next start the curator is told what the run
// was asked to do, what reached the service and what was never sent — once. The journal is the one a
// killed run leaves (test/curation/journal-kill.test.ts: the run's line and its attempts, no end);
// the memento stands in for the window's globalState, which a test cannot reach.
import * as assert from 'node:assert/strict';
import path from 'node:path';
import type * as vscode from 'vscode';
import { DecisionJournal, journalConnection, startedLine } from '../../src/curation/journal';
import { runEndLine, runLine } from '../../src/curation/journal-runs';
import { reportInterruptedRuns } from '../../src/extension/curation/interrupted-runs';
import { tempDir } from './curation-helpers';
import { capturingNotifications } from './messages';

function memoryMemento(): vscode.Memento {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
  } as vscode.Memento;
}

describe('a bulk run cut short by the window closing', () => {
  it('is told at the next start, once, with what was applied, unknown and never sent; an ended run is not', async () => {
    const journal = new DecisionJournal(path.join(await tempDir('dedup-interrupted-'), 'journal.ndjson'));
    const conn = journalConnection('http://127.0.0.1:1', 'cut short');
    // Cut short: its extension host is gone (a pid no process has: above the kernel's pid_max).
    const cut = { ...runLine(conn, 'approve', 4901, 'group "Locations: name equal, address equal"'), pid: 2 ** 22 + 1 };
    // Going on in another window: its process is alive.
    const elsewhere = { ...runLine(conn, 'reject', 300, 'group "in another window"'), pid: process.ppid };
    const rec = (i: number) => ({ '@id': `urn:rec:${i}`, score: 0.99 });
    const attempts = [0, 1, 2, 3, 4].map((i) => ({ ...startedLine(conn, rec(i), 'approve'), run: cut.run }));
    const finished = runLine(conn, 'reject', 12, 'the 12 selected');
    await journal.append(cut, elsewhere, ...attempts, ...attempts.slice(0, 3).map((a) => ({ type: 'outcome' as const, attempt: a.attempt, at: new Date().toISOString(), outcome: 'ok' as const })), finished, runEndLine(finished));
    const memento = memoryMemento();
    const afterTheRuns = new Date(Date.now() + 1000);
    const told = await capturingNotifications(async (shown) => {
      assert.equal(await reportInterruptedRuns((await journal.read()).runs, memento, afterTheRuns), 1);
      return shown;
    });
    assert.deepEqual(
      told.map((m) => [m.level, m.text, m.items]),
      [
        [
          'warning',
          'Dedup Curator: the bulk approval of 4,901 (group "Locations: name equal, address equal") on cut short stopped when the window closed: 3 approved, 2 of unknown outcome, 4,896 never sent. What was not applied is still pending; decide it again if you meant to.',
          ['Show Decision History'],
        ],
      ],
    );
    // Told once: the next start says nothing of it again; a run begun in this window is not "cut short".
    const again = await capturingNotifications(async (shown) => {
      assert.equal(await reportInterruptedRuns((await journal.read()).runs, memento, afterTheRuns), 0);
      const running = runLine(conn, 'approve', 7, 'running now');
      await journal.append(running);
      assert.equal(await reportInterruptedRuns((await journal.read()).runs, memento, new Date(Date.parse(running.at) - 1)), 0);
      return shown;
    });
    assert.deepEqual(again, []);
    await journal.close();
  });
});
