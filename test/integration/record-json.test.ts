// "Open as JSON" on a record with a 1 MB value (issue 12, point 5: it took about 15 s to open). The
// document cuts long values with a marker and a note, opens as JSONC, and a notification offers the
// whole record. With DEDUP_LONG_TESTS=1 the whole record is opened too, for the figure it takes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Location } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { JSON_VALUE_LIMIT } from '../../src/extension/panels/record-json';
import { settled, waitFor } from './helpers';
import { withSandbox } from './curation-helpers';

const SIZE = 1_000_000;

/**
 * Milliseconds from the command until the workbench answers again: the open itself, then a command
 * round trip after a frame's pause, which waits while the window's main thread is still laying out
 * and tokenizing the new editor (what made the whole record take seconds). A proxy measured from the
 * extension host; the page's own clock is not reachable from here.
 */
async function openedAndSettled(open: () => Thenable<unknown>): Promise<number> {
  const started = performance.now();
  await open();
  await new Promise((r) => setTimeout(r, 50));
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  return performance.now() - started;
}

/** Distinct words, as the panel benchmark uses (a repeated letter is not what a long field holds). */
function longText(size: number): string {
  let s = '';
  for (let i = 0; s.length < size; i++) s += `word${(i * 7919) % 100_003} `;
  return s.slice(0, size);
}

describe('Open as JSON with a 1 MB value', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let location: Location;

  before(async () => {
    ({ api } = await withSandbox());
    await settled(api);
    const loaded = await waitFor('a location', () => api.locations.loaded()[0]);
    location = { ...loaded, name: longText(SIZE) };
    // The first editor of a window loads the editor and the JSON support: not what is measured.
    await vscode.commands.executeCommand('dedupCurator.openAsJson', { kind: 'record', record: loaded });
  });

  it('opens at once a document whose long values are cut and say so; the notification offers the whole', async () => {
    const w = vscode.window as unknown as Record<string, unknown>;
    const saved = w.showInformationMessage;
    const infos: { text: string; items: unknown[] }[] = [];
    w.showInformationMessage = async (text: string, ...items: unknown[]) => void infos.push({ text, items });
    let editor: vscode.TextEditor;
    const started = performance.now();
    try {
      editor = await vscode.commands.executeCommand<vscode.TextEditor>('dedupCurator.openAsJson', { kind: 'record', record: location });
    } finally {
      w.showInformationMessage = saved;
    }
    const ms = performance.now() - started;
    const text = editor.document.getText();
    assert.equal(editor.document.languageId, 'jsonc');
    assert.ok(text.length < 3 * JSON_VALUE_LIMIT, `the document holds ${text.length} characters`);
    const [note, ...rest] = text.split('\n');
    assert.match(note, /^\/\/ 1 long values are cut to their first 10,000 characters/);
    const shown = JSON.parse(rest.join('\n')) as Location;
    // Every other member as the service sent it; the name begins as it was and says what is left out.
    assert.deepEqual({ ...shown, name: '' }, { ...JSON.parse(JSON.stringify(location)), name: '' });
    assert.ok(shown.name!.startsWith(location.name!.slice(0, JSON_VALUE_LIMIT)));
    assert.ok(shown.name!.includes(`${(SIZE - JSON_VALUE_LIMIT).toLocaleString('en-US')} more characters`), shown.name!.slice(JSON_VALUE_LIMIT));
    assert.equal(infos.length, 1, JSON.stringify(infos));
    assert.ok(infos[0].items.includes('Open Full JSON'), JSON.stringify(infos[0].items));
    // Two more opens for the figure in docs/benchmarks.md (the first may meet a busy workbench).
    const again: number[] = [ms];
    for (let i = 0; i < 3; i++) again.push(await openedAndSettled(() => vscode.commands.executeCommand('dedupCurator.openAsJson', { kind: 'record', record: location })));
    console.log(`      Open as JSON, 1 MB name: cut document (${text.length.toLocaleString('en-US')} characters): shown in ${again[0].toFixed(0)} ms, then opened and settled in ${again.slice(1).map((x) => x.toFixed(0)).join(', ')} ms`);
  });

  (process.env.DEDUP_LONG_TESTS ? it : it.skip)('the whole record on request (DEDUP_LONG_TESTS=1: slow)', async () => {
    let editor: vscode.TextEditor | undefined;
    const ms = await openedAndSettled(async () => (editor = await vscode.commands.executeCommand<vscode.TextEditor>('dedupCurator.openAsJson', { kind: 'record', record: location }, { full: true })));
    assert.ok(editor);
    assert.equal(editor.document.languageId, 'json');
    assert.equal((JSON.parse(editor.document.getText()) as Location).name, location.name);
    console.log(`      Open as JSON, 1 MB name, whole record (${editor.document.getText().length.toLocaleString('en-US')} characters): opened and settled in ${ms.toFixed(0)} ms`);
  });
});
