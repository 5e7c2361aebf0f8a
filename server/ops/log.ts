import pino, { type Logger as Pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One request as the log keeps it: never its body, query string, codes or payment payloads. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** The matched route pattern (`/api/upload/image/:key`), never the query string. */
  route: string;
  path: string;
  status: number;
  /** The envelope code, on API calls. */
  code?: number;
  ms: number;
}

/**
 * The server's log. `detail` is what a console call's second argument was (an error, a failed
 * query's statement): JSON lines keep it under `err` or `detail`, readable lines print it after
 * the message as the console does.
 */
export interface Logger {
  debug(msg: string, detail?: unknown): void;
  info(msg: string, detail?: unknown): void;
  warn(msg: string, detail?: unknown): void;
  /** `context` (the request id) goes into JSON lines only; readable lines stay as they were. */
  error(msg: string, detail?: unknown, context?: Record<string, unknown>): void;
  /** One line per request, at info (at debug for the load balancer's probes). */
  request(line: RequestLine, level?: 'info' | 'debug'): void;
}

const ranks: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** LOG_FORMAT=json|pretty (JSON in production, readable lines otherwise); LOG_LEVEL=debug|info|warn|error. */
export function logSettings(env: NodeJS.ProcessEnv): { format: 'json' | 'pretty'; level: LogLevel } {
  const format = env.LOG_FORMAT || (env.NODE_ENV === 'production' ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, not "${format}"`);
  const level = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!(level in ranks)) throw new Error(`LOG_LEVEL must be debug, info, warn or error, not "${env.LOG_LEVEL}"`);
  return { format, level };
}

/** Readable lines through the console, as the server has always printed them (tests read them). */
function prettyLogger(level: LogLevel): Logger {
  const on = (at: LogLevel) => ranks[at] >= ranks[level];
  const print = (at: LogLevel, write: (...args: unknown[]) => void) => (msg: string, detail?: unknown) => {
    if (!on(at)) return;
    if (detail === undefined) write(msg);
    else write(msg, detail);
  };
  return {
    debug: print('debug', (...args) => console.debug(...args)),
    info: print('info', (...args) => console.log(...args)),
    warn: print('warn', (...args) => console.warn(...args)),
    error: print('error', (...args) => console.error(...args)),
    request(line, at = 'info') {
      if (!on(at)) return;
      const code = line.code !== undefined ? ` code=${line.code}` : '';
      console.log(`${line.method} ${line.path} ${line.status}${code} ${line.ms.toFixed(1)}ms id=${line.requestId}`);
    },
  };
}

function fields(detail: unknown, context?: Record<string, unknown>): Record<string, unknown> {
  if (detail === undefined) return { ...context };
  return detail instanceof Error ? { ...context, err: detail } : { ...context, detail };
}

/** JSON lines through pino, written synchronously so nothing is lost when the process exits. */
function jsonLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const out: Pino = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    debug: (msg, detail) => out.debug(fields(detail), msg),
    info: (msg, detail) => out.info(fields(detail), msg),
    warn: (msg, detail) => out.warn(fields(detail), msg),
    error: (msg, detail, context) => out.error(fields(detail, context), msg),
    request(line, at = 'info') {
      out[at](line, 'request');
    },
  };
}

export function createLogger(settings: { format: 'json' | 'pretty'; level: LogLevel }, destination?: pino.DestinationStream): Logger {
  return settings.format === 'json' ? jsonLogger(settings.level, destination) : prettyLogger(settings.level);
}

let current: Logger | undefined;

/** The process's log, set up from the environment on first use. */
export function logger(): Logger {
  current ??= createLogger(logSettings(process.env));
  return current;
}

/** The process's log, for code that logs outside a request (jobs, the pool, providers). */
export const log: Logger = {
  debug: (msg, detail) => logger().debug(msg, detail),
  info: (msg, detail) => logger().info(msg, detail),
  warn: (msg, detail) => logger().warn(msg, detail),
  error: (msg, detail, context) => logger().error(msg, detail, context),
  request: (line, at) => logger().request(line, at),
};
