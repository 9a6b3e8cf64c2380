import { StandInUsageError, parseReplayArg, parseStandInArgs } from './stand-in-args';

describe('the stand-in command line', () => {
  it('reads a full command line', () => {
    expect(
      parseStandInArgs([
        '--port', '3100',
        '--token', 'T',
        '--speed', '2.5',
        '--requests-per-minute', '30',
        '--replay', 'WC=/data/2026/worldcup.json@-86400000',
        '--replay', 'PL=/data/en.1.json@0',
        '--squads', 'WC=/data/2026/worldcup.squads.json',
      ]),
    ).toEqual({
      kind: 'serve',
      port: 3100,
      token: 'T',
      speed: 2.5,
      requestsPerMinute: 30,
      replays: [
        { code: 'WC', file: '/data/2026/worldcup.json', shiftMs: -86400000 },
        { code: 'PL', file: '/data/en.1.json', shiftMs: 0 },
      ],
      squads: { WC: '/data/2026/worldcup.squads.json' },
    });
  });

  it('has defaults: port 3100, no token, real time, the free tier', () => {
    expect(parseStandInArgs([])).toEqual({ kind: 'serve', port: 3100, token: null, speed: 1, requestsPerMinute: 10, replays: [], squads: {} });
    expect(parseStandInArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('keeps an @ inside the file path: the shift is after the last one', () => {
    expect(parseReplayArg('PL=/tmp/a@b/en.1.json@5')).toEqual({ code: 'PL', file: '/tmp/a@b/en.1.json', shiftMs: 5 });
  });

  it.each([
    [['--port'], '--port needs a value'],
    [['--port', '70000'], '--port expects a whole number 0–65535, got "70000"'],
    [['--port', 'abc'], '--port expects a whole number 0–65535, got "abc"'],
    [['--speed', '0'], '--speed expects a number above 0 and at most 10000, got "0"'],
    [['--speed', 'fast'], '--speed expects a number above 0 and at most 10000, got "fast"'],
    [['--replay', 'WC=/x.json'], '--replay expects CODE=file.json@shiftMs (e.g. WC=worldcup.json@0), got "WC=/x.json"'],
    [['--replay', 'wc=/x.json@0'], '--replay: "wc" is not a football-data competition code such as PL or WC'],
    [['--replay', 'WC=/x.json@1.5'], '--replay shiftMs expects a whole number -3153600000000–3153600000000, got "1.5"'],
    [['--replay', 'WC=/a.json@0', '--replay', 'WC=/b.json@0'], '--replay WC is given twice'],
    [['--squads', 'WC=/s.json'], '--squads WC: no --replay WC to go with it'],
    [['--squads', 'nope'], '--squads expects CODE=squads.json (e.g. WC=worldcup.squads.json), got "nope"'],
    [['--token', ''], '--token must not be empty'],
    [['--verbose'], 'unknown argument "--verbose"'],
    [['3100'], 'unknown argument "3100"'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseStandInArgs(argv)).toThrow(new StandInUsageError(message));
  });
});
