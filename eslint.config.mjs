import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// The frontend's walls: a feature never imports another feature (nor the app), and shared code
// (src/lib, src/components, src/hooks) never imports a feature or the app. Only src/app, the
// composition root, puts features together. Every folder under features/ is walled off by itself.
const frontendFeatures = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureWalls = frontendFeatures.map((feature) => ({
  target: `./frontend/src/features/${feature}`,
  from: ['./frontend/src/features', './frontend/src/app'],
  except: [`./${feature}`],
  message: 'Features never import each other or src/app: move what both need to src/lib or src/components, or compose them in src/app.',
}));
const sharedCodeWall = {
  target: ['./frontend/src/lib', './frontend/src/components', './frontend/src/hooks'],
  from: ['./frontend/src/features', './frontend/src/app'],
  message: 'Shared code never imports a feature or the app: pass what it needs in, or move the piece into shared code.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['scripts/**/*.js', '*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without a TypeScript parser for imported files no-cycle cannot follow them, and sees no cycle.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'frontend/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...featureWalls, sharedCodeWall] }],
      'import-x/no-cycle': 'error',
    },
  },
);
