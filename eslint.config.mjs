// Lint: eslint's recommended rules plus typescript-eslint's, over the sources, tests and benchmarks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// The layers (README, "Architecture"): the core (src/api, matching, triage, curation, sandbox,
// records) under the programs built on it (src/cli, src/extension); src/webview is a browser bundle.
const NO_VSCODE = { name: 'vscode', message: 'The core is editor-independent: import vscode only under src/extension.' };
const NO_CLI = {
  group: ['**/cli', '**/cli/**'],
  message: 'Only src/cli imports src/cli: move what both need into the core (e.g. src/records).',
};
const NO_EXTENSION = {
  group: ['**/extension', '**/extension/**'],
  message: 'Only src/extension imports src/extension: move what both need into the core.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', '.vscode-test/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // The core never depends on the editor, nor on the programs built on it (the CLI, the
    // extension): the CLI and the sandbox run without VS Code, and what both use lives in the core.
    files: ['src/api/**', 'src/matching/**', 'src/triage/**', 'src/sandbox/**', 'src/curation/**', 'src/records/**', 'src/mirror/**', 'src/webview/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_VSCODE], patterns: [NO_CLI, NO_EXTENSION] }] },
  },
  {
    // The CLI is a program on the core, next to the extension: it takes nothing from the extension.
    files: ['src/cli/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_VSCODE], patterns: [NO_EXTENSION] }] },
  },
  {
    // Nor does the extension take from the CLI (it once took RecordKind from src/cli/csv.ts).
    files: ['src/extension/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLI] }] },
  },
  {
    // Panels and commands are both thin adapters over the same services (src/extension/curation,
    // the core): neither takes logic from the other, so a decision has one path, not two.
    files: ['src/extension/panels/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLI, { group: ['**/commands', '**/commands/**'], message: 'A panel does not import a command: move what both need into src/extension/curation (or the core).' }] }] },
  },
  {
    files: ['src/extension/commands/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLI, { group: ['**/panels', '**/panels/**'], message: 'A command does not import a panel: move what both need into src/extension/curation (or the core).' }] }] },
  },
  {
    // Record data reaches notifications: they render `[x](command:…)` as a live link. Every
    // notification goes through src/extension/ui/notify.ts, which makes such text inert (issue 12),
    // and no MarkdownString is trusted at all (not even for listed enabledCommands: the status bar's
    // tooltip was the last one, and is plain text now).
    files: ['src/extension/**'],
    ignores: ['src/extension/ui/notify.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
          message: 'Use showInfo / showWarning / showError from src/extension/ui/notify.ts: they make record data inert.',
        },
        {
          selector: "AssignmentExpression[left.property.name='isTrusted'], Property[key.name='isTrusted']",
          message: 'Never trust a MarkdownString (issue 12): show data as plain text, and commands as commands, not links.',
        },
        {
          // Issue 15: the settings are read in one place, with their defaults and bounds.
          selector: "CallExpression[callee.property.name='getConfiguration'][arguments.0.value=/^dedupCurator/]",
          message: 'Read and write dedupCurator.* settings through src/extension/settings.ts.',
        },
      ],
    },
  },
  {
    // The pages run in the browser (tsconfig.webview.json checks them with the DOM only). Each page
    // folder uses only itself and shared/; shared/ uses no page.
    files: ['src/webview/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_VSCODE],
          // The core's layer patterns too: this entry replaces the core's rule for src/webview.
          patterns: [
            NO_CLI,
            NO_EXTENSION,
            { group: ['node:*'], message: 'A webview page runs in the browser: no Node modules.' },
            { group: ['../*', '!../shared', '!../shared/*'], message: 'A page imports only its own folder and ../shared; shared/ imports no page (docs/panels.md).' },
          ],
        },
      ],
    },
  },
);
