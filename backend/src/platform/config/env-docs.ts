/**
 * docs/configuration.md's table of environment variables, made from the schema (env.schema.ts):
 * env-docs.spec.ts fails when the docs differ, and rewrites them with UPDATE_ENV_DOCS=1.
 */
import { isAbsolute, relative } from 'node:path';
import { ENV_VARS, repoRoot, type EnvName, type EnvVar, type NodeEnv } from './env.schema';

const UNDER: Record<NodeEnv, string> = { development: 'in development', production: 'with `NODE_ENV=production`', test: 'in tests' };

/** A default as the docs write it: a path relative to the repository. */
export function shownDefault(value: string): string {
  return isAbsolute(value) ? relative(repoRoot(), value) : value;
}

/** Every value a variable's default takes, under one NODE_ENV or another. */
export function defaultValues(variable: EnvVar): string[] {
  const given = variable.default;
  if (given === undefined) return [];
  return (typeof given === 'string' ? [given] : Object.values(given).filter((v): v is string => v !== undefined)).map(shownDefault);
}

/** The "default" cell: the schema's words for it, else its value(s) by NODE_ENV. */
export function defaultCell(variable: EnvVar): string {
  if (variable.docDefault !== undefined) return variable.docDefault;
  const given = variable.default;
  if (given === undefined) return 'unset';
  if (typeof given === 'string') return `\`${shownDefault(given)}\``;
  const base = given.value === undefined ? 'unset' : `\`${shownDefault(given.value)}\``;
  const others = (Object.keys(UNDER) as NodeEnv[]).filter((env) => given[env] !== undefined).map((env) => `\`${shownDefault(given[env]!)}\` ${UNDER[env]}`);
  return others.length === 0 ? base : `${base} (${others.join('; ')})`;
}

/** The markdown table: one row per variable, in the schema's order. */
export function envTable(): string {
  const rows = (Object.entries(ENV_VARS) as [EnvName, EnvVar][]).map(([name, variable]) => `| \`${name}\` | ${defaultCell(variable)} | ${variable.description} |`);
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
