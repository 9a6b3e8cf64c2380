import { Writable } from 'node:stream';
import pino from 'pino';
import { LogFormatError, logTransport, resolvePinoPretty, type LogFormatInput } from './log-format';
import { loggingParams } from './logging.module';

const PRETTY = '/node_modules/pino-pretty/index.js';

function input(overrides: Partial<LogFormatInput>): LogFormatInput {
  return { nodeEnv: 'development', logFormat: undefined, stdoutIsTTY: true, resolvePretty: () => PRETTY, ...overrides };
}

describe('logTransport', () => {
  it('pretty-prints in development at a terminal', () => {
    expect(logTransport(input({}))).toMatchObject({ target: PRETTY, options: { ignore: 'pid,hostname,context' } });
  });

  it('writes JSON in development when stdout is not a terminal (piped, a test harness), unless LOG_FORMAT=pretty asks', () => {
    expect(logTransport(input({ stdoutIsTTY: false }))).toBeUndefined();
    expect(logTransport(input({ stdoutIsTTY: false, logFormat: 'pretty' }))).toMatchObject({ target: PRETTY });
  });

  it('writes JSON in tests unless LOG_FORMAT=pretty asks', () => {
    expect(logTransport(input({ nodeEnv: 'test' }))).toBeUndefined();
    expect(logTransport(input({ nodeEnv: 'test', stdoutIsTTY: false }))).toBeUndefined();
    expect(logTransport(input({ nodeEnv: 'test', logFormat: 'pretty' }))).toMatchObject({ target: PRETTY });
  });

  it('writes JSON in production whatever LOG_FORMAT says, and never looks for pino-pretty there', () => {
    const resolvePretty = jest.fn(() => PRETTY);
    for (const logFormat of [undefined, '', 'json', 'pretty', 'PRETTY']) {
      expect(logTransport(input({ nodeEnv: 'production', logFormat, resolvePretty }))).toBeUndefined();
      expect(logTransport(input({ nodeEnv: 'production', logFormat, resolvePretty, stdoutIsTTY: false }))).toBeUndefined();
    }
    expect(resolvePretty).not.toHaveBeenCalled();
  });

  it('writes JSON when LOG_FORMAT=json, at a terminal in development too, without looking for pino-pretty', () => {
    const resolvePretty = jest.fn(() => PRETTY);
    expect(logTransport(input({ logFormat: 'json', resolvePretty }))).toBeUndefined();
    expect(logTransport(input({ logFormat: ' JSON ', resolvePretty }))).toBeUndefined();
    expect(resolvePretty).not.toHaveBeenCalled();
  });

  it('treats a blank LOG_FORMAT as unset and reads the value whatever its case', () => {
    expect(logTransport(input({ logFormat: '  ' }))).toMatchObject({ target: PRETTY });
    expect(logTransport(input({ logFormat: '  ', stdoutIsTTY: false }))).toBeUndefined();
    expect(logTransport(input({ logFormat: 'Pretty', nodeEnv: 'test' }))).toMatchObject({ target: PRETTY });
  });

  it('falls back to JSON when pino-pretty is not installed', () => {
    expect(logTransport(input({ resolvePretty: () => null }))).toBeUndefined();
    expect(logTransport(input({ logFormat: 'pretty', resolvePretty: () => null }))).toBeUndefined();
  });

  it('refuses any other LOG_FORMAT, naming the variable and the value', () => {
    expect(() => logTransport(input({ logFormat: 'yaml' }))).toThrow(new LogFormatError('LOG_FORMAT must be pretty or json, got "yaml"'));
    expect(() => logTransport(input({ nodeEnv: 'production', logFormat: 'text' }))).toThrow(LogFormatError);
  });
});

describe('resolvePinoPretty', () => {
  it('finds the installed pino-pretty (a devDependency here)', () => {
    expect(resolvePinoPretty()).toMatch(/pino-pretty/);
  });
});

describe('loggingParams', () => {
  it('sets no transport under test and production, so the lines stay JSON', () => {
    for (const nodeEnv of ['test', 'production'] as const) {
      const params = loggingParams({ logLevel: 'info', nodeEnv }, {});
      expect((params.pinoHttp as pino.LoggerOptions).transport).toBeUndefined();
    }
    const json = loggingParams({ logLevel: 'info', nodeEnv: 'development' }, { LOG_FORMAT: 'json' });
    expect((json.pinoHttp as pino.LoggerOptions).transport).toBeUndefined();
  });

  it('sets pino-pretty as the transport when LOG_FORMAT=pretty outside production, redaction and serializers unchanged', () => {
    const params = loggingParams({ logLevel: 'debug', nodeEnv: 'development' }, { LOG_FORMAT: 'pretty' });
    const options = params.pinoHttp as pino.LoggerOptions;
    expect(options.transport).toMatchObject({ target: expect.stringMatching(/pino-pretty/) });
    expect(options.level).toBe('debug');
    expect(options.redact).toBeDefined();
    expect(options.serializers).toBeDefined();
  });

  it('makes a logger that writes JSON lines in production, LOG_FORMAT=pretty or not', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => { lines.push(chunk.toString()); done(); } });
    const options = loggingParams({ logLevel: 'info', nodeEnv: 'production' }, { LOG_FORMAT: 'pretty' }).pinoHttp as pino.LoggerOptions;
    pino(options, sink).info({ context: 'Spec' }, 'hello');
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'hello', context: 'Spec', level: 30 });
  });
});
