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
    files: ['src/api/**', 'src/matching/**', 'src/sandbox/**', 'src/cli/**', 'src/curation/**', 'src/webview/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'The core is editor-independent: import vscode only under src/extension.' }] }] },
  },
  {
    files: ['src/webview/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
