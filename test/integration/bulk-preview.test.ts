// The list before Reject All Matching…, capped by dedupCurator.bulkPreviewLimit (the walk of issue 13:
// 31,919 rows took 12 s to list, half a second a key to filter). The list shows the riskiest first
// and says how many it leaves out; its OK decides only what was listed and checked; only the
// confirmation's separate, last "Reject All N" decides the unlisted ones too. Rejections (they merge
// nothing, so no other recommendation leaves the list) against a sandbox of the test's own, which is
// the judge of what was decided. The curator's answers replace vscode.window's quick pick and message.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { pendingNow } from './curation-helpers';
import { settled } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

const NAME = 'Bulk preview test service';
const TOKEN = 'bulk-preview-test-token';
const LIMIT = 10;

type PickItem = vscode.QuickPickItem & { target: Recommendation };
interface Seen {
  list?: { items: PickItem[]; title?: string; placeHolder?: string };
  modal?: { text: string; detail?: string; buttons: string[] };
}

/**
 * Runs `body` with the list answered by `pick` (the items the curator leaves checked) and the modal
 * confirmation by `choose` (the button pressed); other messages are dismissed.
 */
async function answering<T>(pick: (items: PickItem[]) => PickItem[], choose: (buttons: string[]) => string | undefined, body: (seen: Seen) => Promise<T>): Promise<T> {
  const w = vscode.window as unknown as Record<string, unknown>;
  const saved = { pick: w.showQuickPick, warn: w.showWarningMessage, info: w.showInformationMessage };
  const seen: Seen = {};
  w.showQuickPick = async (items: PickItem[], options: vscode.QuickPickOptions) => {
    seen.list = { items, title: options.title, placeHolder: options.placeHolder };
    return pick(items);
  };
  w.showWarningMessage = async (text: string, ...rest: unknown[]) => {
    const options = typeof rest[0] === 'object' ? (rest.shift() as vscode.MessageOptions) : undefined;
    if (!options?.modal) return undefined;
    const buttons = rest as string[];
    seen.modal = { text, detail: options.detail, buttons };
    return choose(buttons);
  };
  w.showInformationMessage = async () => undefined;
  try {
    return await body(seen);
  } finally {
    Object.assign(w, { showQuickPick: saved.pick, showWarningMessage: saved.warn, showInformationMessage: saved.info });
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

describe('The capped list before a bulk decision', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;
  const config = () => vscode.workspace.getConfiguration('dedupCurator');

  before(async () => {
    await config().update('bulkPreviewLimit', LIMIT, vscode.ConfigurationTarget.Global);
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 23, locations: 400, events: 100, integrations: 4 });
    api = fixture.api;
    direct = fixture.direct;
  });

  after(async () => {
    await config().update('bulkPreviewLimit', undefined, vscode.ConfigurationTarget.Global);
    await fixture?.close();
  });

  /** The targets as the list must order them: flagged first, then the lowest scores (then by id). */
  function riskiestFirst(targets: Recommendation[]): Recommendation[] {
    const flags = api.triage.flagsAmong(targets);
    const flagged = (r: Recommendation) => (flags.get(r['@id']) ?? []).some((f) => f !== 'unsure');
    return [...targets].sort((a, b) => Number(flagged(b)) - Number(flagged(a)) || a.score - b.score || (a['@id'] < b['@id'] ? -1 : a['@id'] > b['@id'] ? 1 : 0));
  }

  it('lists the riskiest up to the limit, says how many, and its OK decides only the listed ones kept', async () => {
    const before = await pendingNow(direct);
    const minScore = 0.5;
    const matching = [...before.values()].filter((r) => r.score >= minScore);
    assert.ok(matching.length > LIMIT * 2, `only ${matching.length} recommendations at or above ${minScore}`);
    const expected = riskiestFirst(matching).slice(0, LIMIT);
    let unchecked: Recommendation | undefined;
    const summary = await answering(
      (items) => {
        // The curator checks the flagged ones listed (they start unchecked) and unchecks one.
        unchecked = items[2].target;
        return items.filter((i) => i.target !== unchecked);
      },
      (buttons) => buttons.find((b) => /^Reject the \d+ Listed$/.test(b)),
      async (seen) => {
        const s = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.rejectAllMatching', { minScore });
        const list = seen.list!;
        assert.equal(list.items.length, LIMIT, 'the list is not capped');
        assert.deepEqual(
          list.items.map((i) => i.target['@id']),
          expected.map((r) => r['@id']),
          'not the riskiest first',
        );
        assert.match(list.title ?? '', new RegExp(`${LIMIT} of ${fmt(matching.length)} listed, lowest scores and flagged first`));
        assert.match(list.placeHolder ?? '', new RegExp(`${LIMIT} of ${fmt(matching.length)} listed — narrow the range, or decide all`));
        const modal = seen.modal!;
        const kept = LIMIT - 1;
        // The safe button first (the dialog's default), "decide all" last.
        assert.equal(modal.buttons[0], 'Back to the List');
        assert.equal(modal.buttons[1], `Reject the ${kept} Listed`);
        assert.match(modal.buttons[2], /^Reject All [\d,]+$/);
        assert.match(modal.detail ?? '', new RegExp(`Only ${LIMIT} of the ${fmt(matching.length)} matching were listed`));
        return s;
      },
    );
    assert.ok(summary, 'nothing was run');
    const decided = new Set(summary.done);
    const listedKept = expected.filter((r) => r['@id'] !== unchecked!['@id']);
    assert.deepEqual(decided, new Set(listedKept.map((r) => r['@id'])), 'decided other than the listed ones kept');
    const after = await pendingNow(direct);
    assert.equal(after.size, before.size - decided.size, 'the service lost more than what was decided');
    assert.ok(after.has(unchecked!['@id']), 'the unchecked one was decided');
  });

  it('"Reject All N" decides the unlisted ones too, never the one unchecked', async () => {
    await settled(api);
    const before = await pendingNow(direct);
    const minScore = 0.5;
    const matching = [...before.values()].filter((r) => r.score >= minScore);
    assert.ok(matching.length > LIMIT, `only ${matching.length} recommendations at or above ${minScore}`);
    let unchecked: Recommendation | undefined;
    let allButton = '';
    let expected = -1;
    const summary = await answering(
      (items) => {
        unchecked = items[0].target;
        return items.filter((i) => i.target !== unchecked);
      },
      (buttons) => {
        // The flags as the confirmation is shown, before any of its rejections: triage learns from
        // them as they land, so flags read after the run are not the ones the button counted with.
        const flags = api.triage.flagsAmong(matching);
        const flaggedUnlisted = riskiestFirst(matching)
          .slice(LIMIT)
          .filter((r) => (flags.get(r['@id']) ?? []).some((f) => f !== 'unsure')).length;
        expected = matching.length - 1 - flaggedUnlisted;
        return (allButton = buttons.find((b) => b.startsWith('Reject All ')) ?? '');
      },
      async () => vscode.commands.executeCommand<BulkSummary>('dedupCurator.rejectAllMatching', { minScore }),
    );
    assert.ok(summary, 'nothing was run');
    assert.equal(allButton, `Reject All ${fmt(expected)}`, 'the button does not count what it decides');
    assert.equal(summary.total, expected);
    assert.equal(summary.done.length, expected);
    const after = await pendingNow(direct);
    assert.ok(after.has(unchecked!['@id']), 'the unchecked one was decided');
    assert.equal(after.size, before.size - expected);
  });
});
