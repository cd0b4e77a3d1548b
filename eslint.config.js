import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const RENDERER_PATTERNS = [
  { group: ['**/server/**', '**/electron/**'], message: 'The renderer never imports server or electron code.' },
  {
    regex: 'contract/api(/index)?$',
    allowTypeImports: true,
    message: 'Import values from contract/api/runtime: the index pulls TypeBox schemas into the bundle.',
  },
];
const TEST_RENDER = {
  name: '@testing-library/react',
  importNames: ['render'],
  message: 'Render through src/test/render: it keeps antd\'s styles out of jsdom\'s document (D100).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-electron/**', 'release/**', 'data/**', 'node_modules/**', 'public/**', 'coverage/**', 'bench/out/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: RENDERER_PATTERNS, paths: [TEST_RENDER] }],
    },
  },
  {
    // The one place that calls testing-library's render (D100).
    files: ['src/test/render.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: RENDERER_PATTERNS }] },
  },
  {
    // Only src/platform may touch the desktop bridge.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/platform/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'window', property: 'desktop', message: 'Use src/platform.' }],
    },
  },
  {
    files: ['server/**/*.ts', 'electron/**/*.ts', 'scripts/**/*.{ts,mjs,js}', 'tests/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', '*.config.{ts,js}', '*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Every IPC handler is registered through electron/ipc-main.ts, which checks the sender and the arguments.
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcMain'], message: 'Register IPC handlers through electron/ipc-main.ts.' }],
          patterns: [{ group: ['**/src/**', '**/server/**'], message: 'Electron code never imports the renderer or the server.' }],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The server never imports the renderer.' }] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
