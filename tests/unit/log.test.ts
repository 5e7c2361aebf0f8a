import { describe, expect, test, vi } from 'vitest';
import { createLogger, logSettings } from '../../server/ops/log.ts';

describe('the log', () => {
  test('JSON lines in production, readable lines elsewhere, unless LOG_FORMAT says', () => {
    expect(logSettings({})).toEqual({ format: 'pretty', level: 'info' });
    expect(logSettings({ NODE_ENV: 'production' })).toEqual({ format: 'json', level: 'info' });
    expect(logSettings({ NODE_ENV: 'production', LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' })).toEqual({ format: 'pretty', level: 'debug' });
    expect(() => logSettings({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty, not "xml"');
    expect(() => logSettings({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be debug, info, warn or error, not "loud"');
  });

  test('a JSON line per entry: the message, its level, an error with its stack; a request without a code has none', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', level: 'info' }, { write: (line: string) => lines.push(line) });
    log.debug('not at info');
    log.warn('[pay] refused');
    log.error('[api] POST /api/x failed:', new Error('boom'), { requestId: 'r-0' });
    log.request({ requestId: 'r-1', method: 'GET', route: '/healthz', path: '/healthz', status: 200, ms: 0.4 }, 'debug');
    log.request({ requestId: 'r-2', method: 'POST', route: '/api/x', path: '/api/x', status: 200, ms: 1.5 });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toMatchObject({ level: 'warn', msg: '[pay] refused' });
    expect(parsed[1]).toMatchObject({ level: 'error', msg: '[api] POST /api/x failed:', requestId: 'r-0', err: { message: 'boom' } });
    expect(parsed[1]!.err.stack).toContain('Error: boom');
    expect(parsed[2]).toMatchObject({ level: 'info', msg: 'request', requestId: 'r-2', route: '/api/x', status: 200, ms: 1.5 });
    expect(parsed[2]).not.toHaveProperty('code');
    for (const line of parsed) expect(typeof line.time).toBe('string');
  });

  test('readable lines keep the console\'s form: the request line starts with method, path and status', () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      createLogger({ format: 'pretty', level: 'info' }).request({ requestId: 'r-3', method: 'POST', route: '/api/pay/callback/sandbox', path: '/api/pay/callback/sandbox', status: 200, ms: 2.25 });
      expect(printed).toHaveBeenCalledWith('POST /api/pay/callback/sandbox 200 2.3ms id=r-3');
    } finally {
      printed.mockRestore();
    }
  });
});
