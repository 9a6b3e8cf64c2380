import { OpsUsageError, parseOpsArgs } from './ops-args';

describe('parseOpsArgs', () => {
  it.each([
    [['--help'], { kind: 'help' }],
    [['result', '3', '1', '0', '-h'], { kind: 'help' }],
    [['import', 'a.json'], { kind: 'import', file: 'a.json', shiftToNow: false, activate: true }],
    [['import', 'a.json', '--shift-to-now', '--no-activate', '--league-code', 'en.1'], { kind: 'import', file: 'a.json', shiftToNow: true, activate: false, leagueCode: 'en.1' }],
    [['import', '--league-code=es.1', 'b.json'], { kind: 'import', file: 'b.json', shiftToNow: false, activate: true, leagueCode: 'es.1' }],
    [['result', '12', '2', '1'], { kind: 'result', fixtureId: 12, home: 2, away: 1, live: false }],
    [['result', '12', '0', '0', '--live', '--minute', '35'], { kind: 'result', fixtureId: 12, home: 0, away: 0, live: true, minute: 35 }],
    [['result', '12', '1', '1', '--et', '2-2', '--pen', '4-3'], { kind: 'result', fixtureId: 12, home: 1, away: 1, live: false, extraTime: { home: 2, away: 2 }, penalties: { home: 4, away: 3 } }],
    [['result', '12', '0', '0', '--et=1-0'], { kind: 'result', fixtureId: 12, home: 0, away: 0, live: false, extraTime: { home: 1, away: 0 } }],
    [['postpone', '7'], { kind: 'postpone', fixtureId: 7 }],
    [['reschedule', '7', '2025-01-18T15:00:00Z'], { kind: 'reschedule', fixtureId: 7, matchTime: '2025-01-18T15:00:00Z' }],
    [['grant-admin', 'Boss@Example.com'], { kind: 'grant-admin', email: 'boss@example.com' }],
    [['list-fixtures'], { kind: 'list-fixtures' }],
    [['list-fixtures', '--gameweek', '3'], { kind: 'list-fixtures', gameweek: 3 }],
    [['list-fixtures', '--competition', 'fifa.wc'], { kind: 'list-fixtures', competition: 'fifa.wc' }],
    [['seed-demo'], { kind: 'seed-demo' }],
    [['reconcile'], { kind: 'reconcile' }],
  ])('%j', (argv, expected) => {
    expect(parseOpsArgs(argv)).toEqual(expected);
  });

  it.each([
    [[], /no command/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['import'], /import: missing <file>/],
    [['import', 'a.json', 'b.json'], /unexpected argument "b.json"/],
    [['import', 'a.json', '--shift'], /unknown option --shift/],
    [['import', 'a.json', '--league-code'], /--league-code needs a value/],
    [['result', '12', '2'], /missing <away>/],
    [['result', 'x', '2', '1'], /fixtureId must be a whole number/],
    [['result', '12', '100', '1'], /home must be a whole number from 0 to 99/],
    [['result', '12', '-1', '1'], /unknown option|home must be/],
    [['result', '12', '1', '1', '--minute', '30'], /--minute needs --live/],
    [['result', '12', '1', '1', '--live', '--live'], /given twice/],
    [['result', '12', '1', '1', '--pen', '4-3'], /--pen needs --et/],
    [['result', '12', '1', '1', '--et', '2:2'], /--et must be home-away goals/],
    [['result', '12', '1', '1', '--et', '2-100'], /--et must be home-away goals/],
    [['postpone', '0'], /fixtureId must be a whole number from 1/],
    [['grant-admin', 'nobody'], /not an email address/],
    [['list-fixtures', '--gameweek', 'two'], /--gameweek must be a whole number/],
    [['reconcile', 'now'], /reconcile: unexpected argument "now"/],
    [['reconcile', '--dry-run'], /unknown option --dry-run/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseOpsArgs(argv)).toThrow(OpsUsageError);
    expect(() => parseOpsArgs(argv)).toThrow(message);
  });
});

describe('parseOpsArgs replay', () => {
  it('reads gameweek, minutes (decimals allowed) and an optional seed', () => {
    expect(parseOpsArgs(['replay', '--gameweek', '19', '--minutes', '5'])).toEqual({ kind: 'replay', gameweek: 19, minutes: 5 });
    expect(parseOpsArgs(['replay', '--minutes=0.5', '--gameweek=3', '--seed', '42'])).toEqual({ kind: 'replay', gameweek: 3, minutes: 0.5, seed: 42 });
    expect(parseOpsArgs(['replay', '--gameweek', '2', '--minutes', '1', '--competition=fifa.wc'])).toEqual({ kind: 'replay', gameweek: 2, minutes: 1, competition: 'fifa.wc' });
  });

  it.each([
    [['replay', '--minutes', '5'], /--gameweek/],
    [['replay', '--gameweek', '5'], /missing --minutes/],
    [['replay', '--gameweek', '5', '--minutes', '1', '--competition', 'FIFA WC'], /--competition must be a competition code/],
    [['replay', '--gameweek', '5', '--minutes', '0'], /--minutes must be/],
    [['replay', '--gameweek', '5', '--minutes', 'ten'], /--minutes must be/],
    [['replay', '--gameweek', '5', '--minutes', '500'], /--minutes must be/],
    [['replay', '--gameweek', 'x', '--minutes', '5'], /--gameweek must be/],
    [['replay', '--gameweek', '5', '--minutes', '5', 'extra'], /unexpected argument/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOpsArgs(argv as string[])).toThrow(message);
  });
});
