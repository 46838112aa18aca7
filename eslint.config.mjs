// Lint: eslint's recommended rules plus typescript-eslint's, over the sources, tests and benchmarks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    // The core never depends on the editor: the CLI and the sandbox run without VS Code.
    files: ['src/api/**', 'src/matching/**', 'src/triage/**', 'src/sandbox/**', 'src/cli/**', 'src/curation/**', 'src/webview/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'The core is editor-independent: import vscode only under src/extension.' }] }] },
  },
  {
    // Record data reaches notifications: they render `[x](command:…)` as a live link. Every
    // notification goes through src/extension/ui/notify.ts, which makes such text inert (issue 12),
    // and no MarkdownString is trusted wholesale.
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
          selector: "AssignmentExpression[left.property.name='isTrusted'][right.value=true]",
          message: 'Never trust a whole MarkdownString; list the enabledCommands.',
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
          paths: [{ name: 'vscode', message: 'The core is editor-independent: import vscode only under src/extension.' }],
          patterns: [
            { group: ['node:*'], message: 'A webview page runs in the browser: no Node modules.' },
            { group: ['../*', '!../shared', '!../shared/*'], message: 'A page imports only its own folder and ../shared; shared/ imports no page (docs/panels.md).' },
          ],
        },
      ],
    },
  },
);
