import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('DEMO_DATA', () => {
  test('unset: on for the embedded database, off on PostgreSQL and in production', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/servauto' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
  });

  test('set: as asked, on either database', () => {
    expect(loadConfig({ DEMO_DATA: '1', DATABASE_URL: 'postgres://shop@db/servauto' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe(true);
  });

  test('refused when it is not 1 or 0, and in production', () => {
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow('DEMO_DATA must be 1 (load the demo staff and coupons) or 0, not "yes"');
    expect(() => loadConfig({ DEMO_DATA: '1', NODE_ENV: 'production' })).toThrow('DEMO_DATA=1 is refused with NODE_ENV=production');
  });
});
