import { clientErrorLog, pathOnly, withoutControlCharacters, withoutQueryStrings } from './client-error-log';

describe('client error log line', () => {
  it('is `client error: <route> <message>`, with the user and the rest as fields', () => {
    const log = clientErrorLog(
      { message: 'x is undefined', route: '/leagues/12', component_stack: '\n    at LeagueTable\n    at Suspense', user_agent: 'Firefox/140', build: 'index-Ab12.js' },
      42,
    );
    expect(log).toEqual({
      line: 'client error: /leagues/12 x is undefined',
      fields: { user_id: 42, component_stack: 'at LeagueTable < at Suspense', user_agent: 'Firefox/140', build: 'index-Ab12.js' },
    });
  });

  it('leaves out the user and the fields that were not sent', () => {
    expect(clientErrorLog({ message: 'boom', route: '/home' }, null)).toEqual({ line: 'client error: /home boom', fields: {} });
  });

  it('cannot forge a second log line: control characters become spaces', () => {
    const log = clientErrorLog({ message: 'boom\n{"level":50,"msg":"forged"}\r\u0000\u001b[31m', route: '/home\u2028x', user_agent: 'a\nb' }, null);
    expect(log.line).toBe('client error: /home x boom {"level":50,"msg":"forged"} [31m');
    expect([...log.line].filter((c) => c < ' ' || c === '\u2028')).toEqual([]);
    expect(log.fields.user_agent).toBe('a b');
  });

  it('never logs a query string or hash, in the route or in a URL inside the message or stack', () => {
    const log = clientErrorLog(
      {
        message: 'Failed to fetch dynamically imported module: https://scoreline.test/assets/a.js?token=secret#x',
        route: '/join/abc?code=secret#frag',
        component_stack: 'at Screen (http://localhost:5173/src/screen.tsx?t=1700:3:9)',
      },
      null,
    );
    expect(log.line).toBe('client error: /join/abc Failed to fetch dynamically imported module: https://scoreline.test/assets/a.js');
    expect(log.fields.component_stack).toBe('at Screen (http://localhost:5173/src/screen.tsx');
    expect(JSON.stringify(log)).not.toContain('secret');
  });

  it('keeps what is not a query string', () => {
    expect(withoutQueryStrings('Why? Because #3 failed')).toBe('Why? Because #3 failed');
    expect(pathOnly('/a/b')).toBe('/a/b');
    expect(pathOnly('/a?b=1\n/c')).toBe('/a');
    expect(withoutControlCharacters('  a\t\tb  ')).toBe('a b');
  });
});
