import { Writable } from 'node:stream';
import pino from 'pino';
import { LOG_REDACT_PATHS, REDACTED, redactText, scrubLogArguments, serializeError, serializeRequest, serializeResponse } from './log-redaction';

const FEED_TOKEN = 'Q2hhbmdlIG1lIHRvIGEgcmVhbCB0b2tlbiBwbGVhc2Ux'.slice(0, 43);
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsInR2IjoxLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const ACTION_TOKEN = 'eyJvIjoxLCJsIjoyLCJ1IjozLCJlIjoxNzAwMDAwMDAwfQ.6vB4h2k3q9XzL1mN0pQrStUvWxYz0123456789abcde';
const REFRESH = 'rT0k3n-rT0k3n-rT0k3n-rT0k3n-rT0k3n-rT0k3n-a';

describe('redactText', () => {
  it("takes the calendar feed's token out of its path, whatever the case, and leaves the settings routes alone", () => {
    expect(redactText(`/api/calendar/${FEED_TOKEN}.ics`)).toBe(`/api/calendar/${REDACTED}.ics`);
    expect(redactText(`GET /API/Calendar/${FEED_TOKEN}.ics?x=1`)).toBe(`GET /API/Calendar/${REDACTED}.ics?x=1`);
    expect(redactText(`https://scoreline.example/api/calendar/${FEED_TOKEN}.ics`)).not.toContain(FEED_TOKEN);
    expect(redactText(`webcal://scoreline.example/api/calendar/${FEED_TOKEN}.ics`)).not.toContain(FEED_TOKEN);
    expect(redactText('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redactText('/api/calendar/feed/rotate/')).toBe('/api/calendar/feed/rotate/');
    expect(redactText('Mapped {/api/calendar/:file, GET} route')).toBe('Mapped {/api/calendar/:file, GET} route');
  });

  it('takes out the value of every token-like query parameter and keeps the others', () => {
    expect(redactText('/api/x?token=abc&page=2')).toBe(`/api/x?token=${REDACTED}&page=2`);
    expect(redactText('/cb?state=1&code=654321')).toBe(`/cb?state=1&code=${REDACTED}`);
    expect(redactText('/a?refresh_token=r1&Access_Token=a1&api_key=k&sig=s')).toBe(
      `/a?refresh_token=${REDACTED}&Access_Token=${REDACTED}&api_key=${REDACTED}&sig=${REDACTED}`,
    );
    expect(redactText('/api/leagues/?author=me&keyword=x&search=token')).toBe('/api/leagues/?author=me&keyword=x&search=token');
  });

  it('takes out bearer tokens, our cookies and signed tokens quoted in a message', () => {
    expect(redactText(`Authorization: Bearer ${JWT}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`cookie scoreline_refresh=${REFRESH}; Path=/api/auth`)).toBe(`cookie scoreline_refresh=${REDACTED}; Path=/api/auth`);
    expect(redactText(`scoreline_queue_board=${JWT}`)).not.toContain(JWT.split('.')[2]);
    expect(redactText(`token was ${JWT}!`)).toBe(`token was ${REDACTED}!`);
    expect(redactText(`push ${ACTION_TOKEN} failed`)).toBe(`push ${REDACTED} failed`);
  });

  it('takes every credential shape out whatever its case and surroundings (the shortcut for text that holds none must never skip one)', () => {
    const shapes = [
      (c: (t: string) => string) => [`${c('Bearer')} ${FEED_TOKEN}`, FEED_TOKEN],
      (c: (t: string) => string) => [`/api/${c('calendar')}/${FEED_TOKEN}.ics`, FEED_TOKEN],
      (c: (t: string) => string) => [`?${c('access_token')}=${FEED_TOKEN}`, FEED_TOKEN],
      (c: (t: string) => string) => [`${c('scoreline_refresh')}=${REFRESH}`, REFRESH],
      () => [JWT, JWT.split('.')[2]],
      () => [ACTION_TOKEN, ACTION_TOKEN.split('.')[1]],
    ];
    const cases = [(t: string) => t, (t: string) => t.toUpperCase(), (t: string) => t.replace(/[aeiou]/g, (v) => v.toUpperCase())];
    const around = ['', 'x ', 'Mozilla/5.0 (X11) ', 'text/html; q=0.9, '];
    let checked = 0;
    for (const shape of shapes) {
      for (const c of cases) {
        const [text, secret] = shape(c);
        // The cookie pattern is lower case only: an upper-case cookie name is no cookie of ours.
        if (c !== cases[0] && text.startsWith('SCORELINE')) continue;
        for (const before of around) {
          expect(redactText(`${before}${text} end`)).not.toContain(secret);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('leaves ordinary text as it is', () => {
    const text = 'outbox relay paused: connect ECONNREFUSED 127.0.0.1:5432 (user 42, league 7, /api/leagues/7/)';
    expect(redactText(text)).toBe(text);
  });
});

describe('serializers', () => {
  it('logs a request without credentials in headers or URL, and never its body', () => {
    const logged = serializeRequest({
      id: 1,
      method: 'GET',
      url: `/api/calendar/${FEED_TOKEN}.ics?token=t`,
      headers: { authorization: `Bearer ${JWT}`, cookie: `scoreline_refresh=${REFRESH}`, 'x-metrics-token': 'm', 'user-agent': 'cal/1' },
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
      ...{ body: { password: 'hunter22' }, query: { token: 't' }, params: { file: `${FEED_TOKEN}.ics` } },
    } as Parameters<typeof serializeRequest>[0]);
    expect(logged).toEqual({
      id: 1,
      method: 'GET',
      url: `/api/calendar/${REDACTED}.ics?token=${REDACTED}`,
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-metrics-token': REDACTED, 'user-agent': 'cal/1' },
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });

  it('logs a response without the tokens of its Set-Cookie', () => {
    const logged = serializeResponse({ statusCode: 200, headers: { 'set-cookie': [`scoreline_refresh=${REFRESH}; Path=/api/auth`], 'content-type': 'application/json' } });
    expect(logged).toEqual({ statusCode: 200, headers: { 'set-cookie': REDACTED, 'content-type': 'application/json' } });
  });

  it('scrubs the message and stack of an error, given as an Error or already serialized', () => {
    const error = new Error(`fetch /api/calendar/${FEED_TOKEN}.ics failed`);
    const fromError = serializeError(error) as { message: string; stack: string; type: string };
    expect(fromError.type).toBe('Error');
    expect(JSON.stringify(fromError)).not.toContain(FEED_TOKEN);
    const fromSerialized = serializeError({ type: 'Error', message: `Bearer ${JWT}`, stack: `Error: Bearer ${JWT}\n    at x` }) as { message: string };
    expect(JSON.stringify(fromSerialized)).not.toContain(JWT);
  });

  it('scrubs every string argument of a log call and leaves other arguments', () => {
    const context = { context: 'X' };
    expect(scrubLogArguments([context, `GET /api/calendar/${FEED_TOKEN}.ics`, 3])).toEqual([context, `GET /api/calendar/${REDACTED}.ics`, 3]);
  });
});

describe('a pino logger with these settings', () => {
  function capture(): { logger: pino.Logger; lines: string[] } {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(
      {
        redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
        serializers: { err: serializeError },
        hooks: {
          logMethod(args, method) {
            method.apply(this, scrubLogArguments(args) as Parameters<typeof method>);
          },
        },
      },
      stream,
    );
    return { logger, lines };
  }

  it('censors secret fields of logged objects, one level down and in a request body', () => {
    const { logger, lines } = capture();
    logger.info({ password: 'hunter22', event: { sealedCode: 'v1.a.b.c', token: 'tk', code: 'ECONNRESET' }, req: { body: { otp_code: '123456', code: 'JOINME' } } }, 'x');
    logger.info({ code: 'ECONNREFUSED' }, 'an error code stays');
    const text = lines.join('');
    for (const secret of ['hunter22', 'v1.a.b.c', '"tk"', '123456', 'JOINME']) expect(text).not.toContain(secret);
    expect(text).toContain('ECONNREFUSED');
  });

  it('scrubs messages and errors', () => {
    const { logger, lines } = capture();
    logger.warn(`refresh failed for Bearer ${JWT}`);
    logger.error(new Error(`GET /api/calendar/${FEED_TOKEN}.ics blew up`));
    logger.error({ context: 'Nest', err: new Error(`token=${FEED_TOKEN}`) });
    logger.error(new Error(`token=${FEED_TOKEN}`), 'with a message of its own');
    const text = lines.join('');
    expect(text).not.toContain(JWT);
    expect(text).not.toContain(FEED_TOKEN);
    expect(text).toContain(REDACTED);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      `refresh failed for Bearer ${REDACTED}`,
      `GET /api/calendar/${REDACTED}.ics blew up`,
      `token=${REDACTED}`,
      'with a message of its own',
    ]);
  });
});
