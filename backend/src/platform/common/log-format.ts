import type { TransportSingleOptions } from 'pino';
import type { AppEnv } from '../config/env';

/** What decides how log lines are written (all read once, at start). */
export interface LogFormatInput {
  nodeEnv: AppEnv['nodeEnv'];
  /** LOG_FORMAT: `pretty`, `json`, or unset/blank (the default below). */
  logFormat: string | undefined;
  /** Whether stdout is a terminal. */
  stdoutIsTTY: boolean;
  /**
   * Where pino-pretty is, or null when it is not installed (it is a devDependency: the production
   * image has none). Called only when pretty printing is wanted, never under NODE_ENV=production.
   */
  resolvePretty: () => string | null;
}

export class LogFormatError extends Error {}

/**
 * How the logs are written: JSON lines on stdout (no transport), or, for a person at a terminal,
 * pino-pretty's coloured lines (a transport, run by pino in a worker thread).
 *
 * - NODE_ENV=production: always JSON, whatever LOG_FORMAT says; pino-pretty is never looked for.
 * - LOG_FORMAT=json: JSON. LOG_FORMAT=pretty: pretty (development and test).
 * - LOG_FORMAT unset: pretty only under NODE_ENV=development with stdout on a terminal — `npm start`
 *   and `npm run dev` in a shell; piped, redirected or run by a test harness (the e2e run starts
 *   `npm start` with its output ignored), the lines stay JSON.
 * - pino-pretty not installed: JSON.
 */
export function logTransport(input: LogFormatInput): TransportSingleOptions | undefined {
  const format = input.logFormat?.trim().toLowerCase() || undefined;
  if (format !== undefined && format !== 'pretty' && format !== 'json') {
    throw new LogFormatError(`LOG_FORMAT must be pretty or json, got "${input.logFormat}"`);
  }
  if (input.nodeEnv === 'production' || format === 'json') return undefined;
  const pretty = format === 'pretty' || (input.nodeEnv === 'development' && input.stdoutIsTTY);
  if (!pretty) return undefined;
  const target = input.resolvePretty();
  if (target === null) return undefined;
  return {
    target,
    // Colours: pino-pretty's own choice (a terminal on stdout, or FORCE_COLOR; NO_COLOR turns them off).
    options: {
      translateTime: 'SYS:HH:MM:ss.l',
      // Nest's context ("RoutesResolver", "LiveGateway") goes in front of the message, as Nest's own logger puts it.
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}[{context}] {end}{msg}',
      singleLine: false,
    },
  };
}

/** pino-pretty's entry file, or null when it is not installed. */
export function resolvePinoPretty(): string | null {
  try {
    return require.resolve('pino-pretty');
  } catch {
    return null;
  }
}
