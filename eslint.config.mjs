import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

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

// The backend's walls. Across workspaces, imports use the package paths (@scoreline/contracts/...,
// @scoreline/backend/..., @scoreline/workers/...), never a deep relative path into another src.
const deepWorkspaceImport = {
  regex: '^(\\.\\./)+(contracts|backend|workers)/src(/|$)',
  message: 'Import another workspace by its package path (@scoreline/contracts/..., @scoreline/backend/..., @scoreline/workers/...), not a relative path into its src.',
};
// One place decides who is pushed what over sockets: LiveEventsService. Only it (and the module
// that provides it) may reach LivePublisher.
const livePublisherImport = {
  regex: '(^|/)live-publisher\\.service$',
  message: 'Pushes go through LiveEventsService (backend/src/live/live-events.service.ts), the one place that decides who is pushed what.',
};
const noInlineSql = {
  selector: "CallExpression[callee.property.name='query']",
  message: "SQL belongs in the domain's *.queries.ts (plain SQL in functions named for the use case); call those from here.",
};

// The walls between backend domains. A domain is a folder of backend/src; its SQL (*.queries.ts,
// *.sql.ts) is private to it. Another domain asks the owner's exported service instead (account
// deletion asks each domain to remove its own rows). SQL that other domains compose into their own
// statements is the owner's public SQL surface, kept in its *.shared-sql.ts files (fragments only,
// no query runs there), which any domain may import. backend/src/platform (config, database, redis,
// queue, outbox, metrics, health, web, common, queue-board, request-auth) is infrastructure, no domain:
// anyone may import its SQL helpers. Specs are not walled.
const backendSrc = path.join(import.meta.dirname, 'backend/src');
const infrastructure = new Set(['platform']);
const privateSqlFiles = readdirSync(backendSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(queries|sql)\.ts$/.test(file) && !file.endsWith('.spec.ts'))
  .map((file) => ({ domain: file.split(path.sep)[0], file: `./backend/src/${file.split(path.sep).join('/')}` }))
  .filter(({ domain }) => !infrastructure.has(domain));
const backendDomains = readdirSync(backendSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !infrastructure.has(entry.name))
  .map((entry) => entry.name);
const domainSqlWall = (domain, target) => ({
  target,
  from: privateSqlFiles.filter((sql) => sql.domain !== domain).map((sql) => sql.file),
  message: `A domain's *.queries.ts / *.sql.ts are its own: call the owner's exported service, or import the SQL it shares from its *.shared-sql.ts.`,
});
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
  {
    files: ['backend/**/*.ts', 'workers/**/*.ts', 'contracts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepWorkspaceImport] }] },
  },
  {
    files: ['backend/src/**/*.ts', 'workers/src/**/*.ts'],
    ignores: ['backend/src/live/live-events.service.ts', 'backend/src/live/live-publisher.module.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepWorkspaceImport, livePublisherImport] }] },
  },
  {
    // Every domain's SQL lives in its *.queries.ts (or *.sql.ts) files only.
    files: ['backend/src/**/*.ts', 'workers/src/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/*.sql.ts', '**/migrations/**', '**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', noInlineSql] },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: backendDomains.map((domain) => domainSqlWall(domain, `./backend/src/${domain}`)) },
      ],
    },
  },
);
