import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { footballDataCompetitionCodes } from '../../feed/football-data/football-data.provider';
import { defaultCell, defaultValues, envTable } from './env-docs';
import { defaultFor, ENV_VARS, repoRoot, type EnvName, type EnvVar } from './env.schema';

const CONFIGURATION = join(repoRoot(), 'docs', 'configuration.md');
const README = join(repoRoot(), 'README.md');
const VARS = Object.entries(ENV_VARS) as [EnvName, EnvVar][];

/** The first markdown table under `heading`: where its lines are, and its rows' cells. */
function tableUnder(markdown: string, heading: string): { start: number; end: number; rows: string[][] } {
  const lines = markdown.split('\n');
  const at = lines.indexOf(heading);
  if (at < 0) throw new Error(`no "${heading}" heading`);
  const start = lines.findIndex((line, i) => i > at && line.startsWith('|'));
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const rows = lines.slice(start + 2, end).map((line) => line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  return { start, end, rows };
}

/** The variables a table's first cell names: `A`, `B_*`. */
const namesIn = (cell: string): string[] => [...cell.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((m) => m[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Variables the app reads from the environment that are not its configuration. */
const NOT_CONFIGURATION: Record<string, string> = {
  USER: "ops/cli.ts: the operator's name in the audit log when the OS has none",
  MEMORY_TRACE_FILE: 'platform/metrics/memory-trace.ts: a diagnostic, each process appends its memory every second and around each job there (docs/benchmarks.md)',
};

describe('the environment variables in the docs', () => {
  it("docs/configuration.md's table is the schema's list: every variable, its default and meaning (UPDATE_ENV_DOCS=1 rewrites it)", () => {
    const markdown = readFileSync(CONFIGURATION, 'utf8');
    const { start, end } = tableUnder(markdown, '## Environment variables');
    const lines = markdown.split('\n');
    if (process.env.UPDATE_ENV_DOCS === '1') {
      writeFileSync(CONFIGURATION, [...lines.slice(0, start), envTable(), ...lines.slice(end)].join('\n'));
      return;
    }
    expect(lines.slice(start, end).join('\n')).toBe(envTable());
  });

  it('describes each variable on one line a table can hold', () => {
    for (const [name, variable] of VARS) {
      expect({ name, cells: `${defaultCell(variable)}${variable.description}` }).toEqual({ name, cells: expect.not.stringMatching(/[|\n]/) });
    }
  });

  it('writes every default the schema applies into the docs default, in backticks', () => {
    for (const [name, variable] of VARS) {
      for (const value of defaultValues(variable)) {
        expect({ name, cell: defaultCell(variable) }).toEqual({ name, cell: expect.stringContaining(`\`${value}\``) });
      }
    }
    // Unset, FOOTBALL_DATA_COMPETITIONS is the feed's built-in map.
    const builtIn = Object.entries(footballDataCompetitionCodes())
      .map(([ours, theirs]) => `${ours}=${theirs}`)
      .join(',');
    expect(ENV_VARS.FOOTBALL_DATA_COMPETITIONS.docDefault).toContain(`\`${builtIn}\``);
  });

  it("names in the README's table only variables of the schema, with the schema's default where it gives a value", () => {
    const { rows } = tableUnder(readFileSync(README, 'utf8'), '## Configuration');
    expect(rows.length).toBeGreaterThan(3);
    for (const [names, readmeDefault] of rows) {
      for (const name of namesIn(names)) {
        const known = name.endsWith('*') ? VARS.some(([n]) => n.startsWith(name.slice(0, -1))) : name in ENV_VARS;
        expect({ name, known }).toEqual({ name, known: true });
      }
      const value = /^`([^`]*)`$/.exec(readmeDefault)?.[1];
      const [only] = namesIn(names);
      if (value !== undefined && namesIn(names).length === 1) {
        expect({ name: only, value }).toEqual({ name: only, value: defaultFor(ENV_VARS[only as EnvName], 'development') });
      }
    }
  });

  it("keeps npm start's and npm run dev's own variables apart from the app's", () => {
    const { rows } = tableUnder(readFileSync(CONFIGURATION, 'utf8'), '## `npm start` and `npm run dev` variables');
    const names = rows.flatMap(([cell]) => namesIn(cell));
    expect(names).toEqual(expect.arrayContaining(['WEB_PORT', 'API_PROXY_TARGET', 'FEED_STAND_IN_PORT', 'FEED_STAND_IN_SPEED']));
    for (const name of names) expect({ name, inSchema: name in ENV_VARS }).toEqual({ name, inSchema: false });
  });

  it('has in the schema every variable the API and the workers read from the environment', () => {
    const read = new Set<string>();
    for (const file of [...sourceFiles(join(repoRoot(), 'backend', 'src')), ...sourceFiles(join(repoRoot(), 'workers', 'src'))]) {
      // process.env.X, process.env['X'], and the logger's source.X (common/logging.module.ts).
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:process\.env|\bsource)(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) {
        read.add(m[1] ?? m[2]);
      }
    }
    expect(read).toContain('LOG_FORMAT');
    for (const name of read) {
      expect({ name, documented: name in ENV_VARS || name in NOT_CONFIGURATION }).toEqual({ name, documented: true });
    }
  });
});
