import { createECDH } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOnce, EnvError, parseEnv, repoRoot, vapidPrivateKey } from './env';

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'scoreline-env-')) };
/** A VAPID pair made with web-push generate-vapid-keys, for the production cases. */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BI7p9fCWg28OOQoBKsrcxkde92qCHRd4zVuwWtUbWyxl5hdWKRMsJ01DtpbIi7E4jNMEWhS8AzPmE44SobCgVDk',
  VAPID_PRIVATE_KEY: 'WmdZQyQPhzhxCiWhU6S-UEkutejBhjVK27mRfKXfw4g',
};

describe('environment parsing', () => {
  it('gives every setting its documented default', () => {
    const env = parseEnv({ ...base });
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/scoreline',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: null,
      appUrl: 'http://localhost:3000',
      adminEmails: [],
      rateLimitFactor: 1,
      seedDemo: true,
      healthPort: null,
      databasePoolSize: 10,
      metricsToken: null,
      metricsPort: null,
      reconcileIntervalSeconds: 60,
      scoringSplit: { parts: 2, from: 20000 },
      pushEndpoints: { allowedHosts: [], allowLoopback: false },
    });
  });

  it('lets the push sender reach only the PUSH_ALLOWED_HOSTS when set, and this machine only with PUSH_ALLOW_LOOPBACK outside production', () => {
    expect(parseEnv({ ...base, PUSH_ALLOWED_HOSTS: ' FCM.googleapis.com,.push.apple.com , ' }).pushEndpoints).toEqual({
      allowedHosts: ['fcm.googleapis.com', 'push.apple.com'],
      allowLoopback: false,
    });
    for (const bad of ['fcm.googleapis.com/path', 'https://fcm.googleapis.com', 'com', '10.0.0.1', 'fcm.googleapis.com.', 'a..b', '*.push.apple.com']) {
      expect(() => parseEnv({ ...base, PUSH_ALLOWED_HOSTS: bad })).toThrow(new EnvError(`PUSH_ALLOWED_HOSTS must be a comma list of host names like fcm.googleapis.com, got "${bad}"`));
    }
    expect(parseEnv({ ...base, NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }).pushEndpoints.allowLoopback).toBe(true);
    expect(parseEnv({ ...base, PUSH_ALLOW_LOOPBACK: 'yes' }).pushEndpoints.allowLoopback).toBe(true);
    expect(() => parseEnv({ ...base, PUSH_ALLOW_LOOPBACK: 'sometimes' })).toThrow(EnvError);
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...VAPID };
    expect(parseEnv({ ...production, PUSH_ALLOW_LOOPBACK: 'false' }).pushEndpoints.allowLoopback).toBe(false);
    expect(() => parseEnv({ ...production, PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(
      new EnvError('PUSH_ALLOW_LOOPBACK must not be true when NODE_ENV=production: it lets the push sender reach this machine'),
    );
  });

  it('scores a fixture of SCORING_SPLIT_FROM predictions or more in SCORING_PARTS statements at once (tests split every fixture)', () => {
    expect(parseEnv({ ...base, SCORING_PARTS: '4', SCORING_SPLIT_FROM: '50000' }).scoringSplit).toEqual({ parts: 4, from: 50000 });
    expect(parseEnv({ ...base, SCORING_PARTS: '1' }).scoringSplit.parts).toBe(1);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).scoringSplit).toEqual({ parts: 2, from: 1 });
  });

  it('serves /metrics on METRICS_PORT, apart from PORT: 9464 in production, any free port in tests, none in development unless set', () => {
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...VAPID };
    expect(parseEnv(production).metricsPort).toBe(9464);
    expect(parseEnv({ ...production, METRICS_PORT: 'off' }).metricsPort).toBeNull();
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).metricsPort).toBe(0);
    expect(parseEnv({ ...base }).metricsPort).toBeNull();
    expect(parseEnv({ ...base, METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(parseEnv({ ...base, METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('runs the reconciler every RECONCILE_INTERVAL_SECONDS (0 = off, the default in tests)', () => {
    expect(parseEnv({ ...base, RECONCILE_INTERVAL_SECONDS: '0' }).reconcileIntervalSeconds).toBe(0);
    expect(parseEnv({ ...base, RECONCILE_INTERVAL_SECONDS: '300' }).reconcileIntervalSeconds).toBe(300);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).reconcileIntervalSeconds).toBe(0);
  });

  it('gives up on an event at one consumer after OUTBOX_MAX_ATTEMPTS failed attempts (10 unless told, 1 to 1000)', () => {
    expect(parseEnv({ ...base }).outboxMaxAttempts).toBe(10);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).outboxMaxAttempts).toBe(10);
    expect(parseEnv({ ...base, OUTBOX_MAX_ATTEMPTS: '3' }).outboxMaxAttempts).toBe(3);
    expect(parseEnv({ ...base, OUTBOX_MAX_ATTEMPTS: ' 1000 ' }).outboxMaxAttempts).toBe(1000);
    for (const bad of ['0', '1001', '-1', '2.5', 'forever']) {
      expect(() => parseEnv({ ...base, OUTBOX_MAX_ATTEMPTS: bad })).toThrow(new EnvError(`OUTBOX_MAX_ATTEMPTS must be a whole number from 1 to 1000, got "${bad}"`));
    }
  });

  it('generates development VAPID keys once under DATA_DIR, and takes given ones as they are', () => {
    const first = parseEnv({ ...base }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:push@scoreline.local');
    expect(parseEnv({ ...base }).vapid).toEqual(first);
    const given = parseEnv({ ...base, ...VAPID, APP_URL: 'https://scoreline.example.com' }).vapid;
    expect(given).toEqual({ publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY, subject: 'https://scoreline.example.com' });
  });

  it('pads a development VAPID private key that node:crypto gave without its leading zero byte (one key in 256)', () => {
    let ecdh;
    do {
      ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
    } while (ecdh.getPrivateKey().length === 32);
    const scalar = ecdh.getPrivateKey();
    const padded = Buffer.from(vapidPrivateKey(scalar), 'base64url');
    expect(padded).toHaveLength(32);
    expect(padded.subarray(32 - scalar.length)).toEqual(scalar);
    // The padded key is the same key: it derives the same public key.
    const again = createECDH('prime256v1');
    again.setPrivateKey(padded);
    expect(again.getPublicKey()).toEqual(ecdh.getPublicKey());
    // A data directory whose file holds the short form (written before the padding) still starts.
    const dataDir = mkdtempSync(join(tmpdir(), 'scoreline-env-'));
    const publicKey = ecdh.getPublicKey().toString('base64url');
    writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify({ publicKey, privateKey: scalar.toString('base64url') }));
    expect(parseEnv({ DATA_DIR: dataDir }).vapid).toMatchObject({ publicKey, privateKey: padded.toString('base64url') });
  });

  it('generates a development JWT secret once and keeps it under DATA_DIR', () => {
    const first = parseEnv({ ...base }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ ...base }).jwtSecret).toBe(first);
    expect(readFileSync(join(base.DATA_DIR, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('keeps the first content when another process creates the file meanwhile, and never leaves its own copy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scoreline-once-'));
    const file = join(dir, 'secret');
    // The other process wins while this one is making its content: its whole content is what both read.
    const answer = createOnce(file, () => {
      writeFileSync(file, 'theirs');
      return 'mine';
    });
    expect(answer).toBe('theirs');
    expect(createOnce(file, () => 'later')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['secret']);
    expect(createOnce(join(dir, 'fresh', 'key'), () => 'made')).toBe('made');
  });

  it('reads admin emails lowercased, and APP_URL follows PORT', () => {
    const env = parseEnv({ ...base, PORT: '4100', ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' });
    expect(env.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.appUrl).toBe('http://localhost:4100');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 16 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production'],
    [{ VAPID_PUBLIC_KEY: 'BI7p9fCWg28OOQoBKsrcxkde92qCHRd4zVuwWtUbWyxl5hdWKRMsJ01DtpbIi7E4jNMEWhS8AzPmE44SobCgVDk' }, 'must be given together'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'WmdZQyQPhzhxCiWhU6S-UEkutejBhjVK27mRfKXfw4g' }, 'VAPID_PUBLIC_KEY must be URL-safe base64 of a 65-byte'],
    [{ VAPID_SUBJECT: 'push@example.com' }, 'VAPID_SUBJECT must be a mailto: or https: URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test'],
    [{ ADMIN_EMAILS: 'boss' }, 'ADMIN_EMAILS must be a comma list of email addresses, got "boss"'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR must be a positive number'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ HEALTH_PORT: '-1' }, 'HEALTH_PORT must be a whole number'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT must be a port from 0 to 65535 (0: any free one) or "off", got "nine"'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT must be a port from 0 to 65535'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT (3000)'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY must be "none" or a comma list of IPs, CIDRs'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be "none" or a comma list'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'got "10.0.0.0/33"'],
    [{ TRUST_PROXY: '127.0.0.1, proxy.local' }, 'got "proxy.local"'],
    [{ API_DOCS: 'sometimes' }, 'API_DOCS must be true or false'],
    [{ ALLOWED_ORIGINS: 'https://a.example.com/app' }, 'ALLOWED_ORIGINS must be a comma list of origins'],
    [{ ALLOWED_ORIGINS: 'ftp://a.example.com' }, 'ALLOWED_ORIGINS must be a comma list of origins'],
    [{ RECONCILE_INTERVAL_SECONDS: '1m' }, 'RECONCILE_INTERVAL_SECONDS must be a whole number from 0 to 86400, got "1m"'],
    [{ RECONCILE_INTERVAL_SECONDS: '-5' }, 'RECONCILE_INTERVAL_SECONDS must be a whole number'],
    [{ SCORING_PARTS: '0' }, 'SCORING_PARTS must be a whole number from 1 to 16, got "0"'],
    [{ SCORING_SPLIT_FROM: 'many' }, 'SCORING_SPLIT_FROM must be a whole number'],
  ])('refuses %j with a message naming the variable', (vars, message) => {
    expect(() => parseEnv({ ...base, ...vars })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, ...vars })).toThrow(message);
  });

  it('names every bad variable at once, one line each, showing no secret and no password in a URL', () => {
    let message = '';
    try {
      parseEnv({ ...base, PORT: 'x', JWT_SECRET: 'hunter2', REDIS_URL: 'http://admin:s3cret@cache:6379', DATABASE_URL: 'mysql://app:pw@db/x' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'PORT must be a whole number from 1 to 65535, got "x"',
      'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://app:***@db/x"',
      'REDIS_URL must start with redis:// or rediss://, got "http://admin:***@cache:6379"',
      'JWT_SECRET must be at least 16 characters long, got 7 characters (a secret: not shown)',
    ]);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('s3cret');
    // The rules between variables wait for every variable's own to pass.
    expect(() => parseEnv({ ...base, NODE_ENV: 'production', PORT: 'x' })).toThrow(new EnvError('PORT must be a whole number from 1 to 65535, got "x"'));
  });

  it('checks LOG_LEVEL and LOG_FORMAT (the logger reads LOG_FORMAT itself), and reads FRONTEND_DIST and HEALTH_PORT', () => {
    expect(parseEnv({ ...base }).logLevel).toBe('info');
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).logLevel).toBe('warn');
    expect(parseEnv({ ...base, LOG_LEVEL: 'debug', LOG_FORMAT: ' JSON ' }).logLevel).toBe('debug');
    expect(() => parseEnv({ ...base, LOG_LEVEL: 'verbose' })).toThrow(new EnvError('LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got "verbose"'));
    expect(() => parseEnv({ ...base, LOG_FORMAT: 'yaml' })).toThrow(new EnvError('LOG_FORMAT must be pretty or json, got "yaml"'));
    expect(parseEnv({ ...base }).frontendDist).toBe(join(repoRoot(), 'frontend', 'dist'));
    expect(parseEnv({ ...base, FRONTEND_DIST: '/srv/web' }).frontendDist).toBe('/srv/web');
    expect(parseEnv({ ...base, HEALTH_PORT: '3001' }).healthPort).toBe(3001);
    expect(parseEnv({ ...base, HEALTH_PORT: ' ' }).healthPort).toBeNull();
  });

  it('refuses a development VAPID file that holds no key pair, saying what to do', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scoreline-env-'));
    writeFileSync(join(dataDir, 'vapid-keys.json'), '{"publicKey":"abc"}');
    expect(() => parseEnv({ DATA_DIR: dataDir })).toThrow(`${join(dataDir, 'vapid-keys.json')} does not hold a VAPID key pair`);
    expect(parseEnv({ DATA_DIR: dataDir, ...VAPID }).vapid.publicKey).toBe(VAPID.VAPID_PUBLIC_KEY);
  });

  it('trusts no proxy unless TRUST_PROXY names them (IPs, CIDRs, Express range names)', () => {
    expect(parseEnv({ ...base }).trustProxy).toEqual([]);
    expect(parseEnv({ ...base, TRUST_PROXY: 'none' }).trustProxy).toEqual([]);
    expect(parseEnv({ ...base, TRUST_PROXY: ' 10.42.0.0/16, 127.0.0.1 ,loopback,fd00::/8,::1' }).trustProxy).toEqual([
      '10.42.0.0/16',
      '127.0.0.1',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
  });

  it('serves the API docs outside production unless API_DOCS says otherwise', () => {
    expect(parseEnv({ ...base }).apiDocs).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...VAPID }).apiDocs).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...VAPID, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(parseEnv({ ...base, API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it("lets sockets in from APP_URL's origin, ALLOWED_ORIGINS, and in development 127.0.0.1 and the Vite dev server", () => {
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...VAPID, APP_URL: 'https://scoreline.example.com/' };
    expect(parseEnv(production).socketOrigins).toEqual(['https://scoreline.example.com']);
    expect(parseEnv({ ...production, ALLOWED_ORIGINS: 'https://WWW.example.com, http://localhost:8080/' }).socketOrigins).toEqual([
      'https://scoreline.example.com',
      'https://www.example.com',
      'http://localhost:8080',
    ]);
    expect(parseEnv({ ...base, PORT: '4100' }).socketOrigins).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(parseEnv({ ...base, ALLOWED_ORIGINS: 'https://www.example.com' }).socketOrigins).toEqual(['http://localhost:3000', 'https://www.example.com']);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).socketOrigins).toEqual(['http://localhost:3000']);
  });
  it('keeps the results feed off unless a football-data token or base URL is given, or FEED_ENABLED says so', () => {
    expect(parseEnv({ ...base }).feed).toEqual({
      enabled: false,
      footballDataToken: null,
      footballDataBaseUrl: 'https://api.football-data.org/v4',
      competitions: null,
      requestsPerMinute: 10,
      idlePollSeconds: 600,
      maxBackoffSeconds: 120,
    });
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).feed.enabled).toBe(false);
    expect(parseEnv({ ...base, FOOTBALL_DATA_TOKEN: 'abc123' }).feed).toMatchObject({ enabled: true, footballDataToken: 'abc123' });
    expect(parseEnv({ ...base, FOOTBALL_DATA_BASE_URL: 'http://127.0.0.1:4100/v4/' }).feed).toMatchObject({
      enabled: true,
      footballDataToken: null,
      footballDataBaseUrl: 'http://127.0.0.1:4100/v4',
    });
    expect(parseEnv({ ...base, FOOTBALL_DATA_TOKEN: 'abc123', FEED_ENABLED: 'false' }).feed.enabled).toBe(false);
    expect(() => parseEnv({ ...base, FEED_ENABLED: 'true' })).toThrow(
      new EnvError('FEED_ENABLED=true needs FOOTBALL_DATA_TOKEN (football-data.org) or FOOTBALL_DATA_BASE_URL (a local stand-in)'),
    );
    expect(() => parseEnv({ ...base, FEED_ENABLED: 'maybe' })).toThrow(new EnvError('FEED_ENABLED must be true or false, got "maybe"'));
    expect(() => parseEnv({ ...base, FOOTBALL_DATA_BASE_URL: 'ftp://example.com/v4' })).toThrow(
      new EnvError('FOOTBALL_DATA_BASE_URL must start with http:// or https://, got "ftp://example.com/v4"'),
    );
    expect(() => parseEnv({ ...base, FOOTBALL_DATA_BASE_URL: 'not a url' })).toThrow(EnvError);
    expect(parseEnv({ ...base, FEED_REQUESTS_PER_MINUTE: '30', FEED_IDLE_POLL_SECONDS: '120' }).feed).toMatchObject({ requestsPerMinute: 30, idlePollSeconds: 120 });
    expect(() => parseEnv({ ...base, FEED_REQUESTS_PER_MINUTE: '0' })).toThrow(new EnvError('FEED_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000, got "0"'));
    expect(() => parseEnv({ ...base, FEED_IDLE_POLL_SECONDS: '5' })).toThrow(EnvError);
    expect(parseEnv({ ...base, FEED_MAX_BACKOFF_SECONDS: '4' }).feed.maxBackoffSeconds).toBe(4);
    for (const bad of ['0', '3601', '2.5', 'soon']) {
      expect(() => parseEnv({ ...base, FEED_MAX_BACKOFF_SECONDS: bad })).toThrow(
        new EnvError(`FEED_MAX_BACKOFF_SECONDS must be a whole number from 1 to 3600, got "${bad}"`),
      );
    }
  });

  it('maps competitions to the provider\'s codes by FOOTBALL_DATA_COMPETITIONS, refusing a malformed or repeated entry', () => {
    expect(parseEnv({ ...base, FOOTBALL_DATA_COMPETITIONS: 'en.1=PL, fifa.wc = WC ,' }).feed.competitions).toEqual({ 'en.1': 'PL', 'fifa.wc': 'WC' });
    for (const bad of ['en.1', 'en.1=pl', 'EN.1=PL', 'en.1=PL=X', '=PL', 'en.1=']) {
      expect(() => parseEnv({ ...base, FOOTBALL_DATA_COMPETITIONS: bad })).toThrow(
        new EnvError(`FOOTBALL_DATA_COMPETITIONS must be a comma list like "en.1=PL,fifa.wc=WC" (our code = the provider's), got "${bad}"`),
      );
    }
    expect(() => parseEnv({ ...base, FOOTBALL_DATA_COMPETITIONS: 'en.1=PL,en.1=ELC' })).toThrow(new EnvError('FOOTBALL_DATA_COMPETITIONS names en.1 twice'));
    expect(() => parseEnv({ ...base, FOOTBALL_DATA_COMPETITIONS: ' , ' })).toThrow(new EnvError('FOOTBALL_DATA_COMPETITIONS must name at least one competition, got ","'));
  });
});
