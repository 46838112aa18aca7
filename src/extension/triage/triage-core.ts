// Loads the triage and pair-scoring core (src/triage/index.ts) on first use: esbuild turns the
// import below into a require of dist/triage.js (esbuild.js, lazyCorePlugin), so dist/extension.js,
// which VS Code loads on every activation, does not carry it. TriageState asks for it when it first
// reads the journal, i.e. just after activation: the tree's flags need it for every row.
import * as vscode from 'vscode';

export type TriageCore = typeof import('../../triage/index');

/** The core could not be loaded (a damaged installation): said in words, not as a module stack. */
export class TriageCoreError extends Error {}

let loading: Promise<TriageCore> | undefined;

/** The core, loaded once; a failed load is tried again on the next call (and reported each time). */
export function loadTriageCore(): Promise<TriageCore> {
  loading ??= coreFrom(() => import('../../triage/index')).catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** What `load` loads, or a TriageCoreError that says which part is missing and what to do. */
export async function coreFrom(load: () => Promise<TriageCore>): Promise<TriageCore> {
  try {
    return await load();
  } catch (e) {
    throw new TriageCoreError(vscode.l10n.t('Dedup Curator could not load its triage part (dist/triage.js): {0}. Reinstall the extension.', firstLine(e)));
  }
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}
