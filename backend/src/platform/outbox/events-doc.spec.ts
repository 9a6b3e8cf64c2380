import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_ROUTES } from './event-routes';

/** docs/events.md: the table of every domain event and the queues that consume it. */
const EVENTS_DOC = join(__dirname, '../../../../docs/events.md');

/** A markdown table row's cells, trimmed ('| a | b |' → ['a', 'b']). */
const cellsOf = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());

/** The doc's table as event → its consumers, sorted; duplicate rows are kept apart to be caught. */
function documentedRoutes(markdown: string): { routes: Record<string, string[]>; rowsNamed: string[] } {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => line.trim().startsWith('|') && cellsOf(line)[0] === 'event');
  if (header < 0) throw new Error('docs/events.md has no table whose first column is "event"');
  const columns = cellsOf(lines[header]);
  const consumersColumn = columns.indexOf('consumers');
  if (consumersColumn < 0) throw new Error('docs/events.md: the table has no "consumers" column');

  const routes: Record<string, string[]> = {};
  const rowsNamed: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.trim().startsWith('|')) break;
    const cells = cellsOf(line);
    const event = cells[0].replace(/`/g, '');
    // "—" (or empty) means nobody consumes it; otherwise backticked queue names, comma-separated.
    const consumers = [...cells[consumersColumn].matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    rowsNamed.push(event);
    routes[event] = [...consumers].sort();
  }
  return { routes, rowsNamed };
}

describe('docs/events.md', () => {
  const { routes, rowsNamed } = documentedRoutes(readFileSync(EVENTS_DOC, 'utf8'));
  const codeRoutes = Object.fromEntries(Object.entries(EVENT_ROUTES).map(([event, queues]) => [event, [...queues].sort()]));

  it('lists every event once', () => {
    expect(rowsNamed).toEqual([...new Set(rowsNamed)]);
  });

  it('names exactly the events of the code, no more, no fewer', () => {
    expect([...rowsNamed].sort()).toEqual(Object.keys(EVENT_ROUTES).sort());
  });

  it('gives each event the consumers event-routes.ts routes it to', () => {
    expect(routes).toEqual(codeRoutes);
  });
});
