import { describe, expect, test } from 'vitest';
import { paths } from '../../../contract/paths.ts';
import * as accountCalls from '../../../src/lib/account-endpoints.ts';
import * as consoleCalls from '../../../src/lib/console-endpoints.ts';
import * as shopCalls from '../../../src/lib/endpoints.ts';
import * as garageCalls from '../../../src/lib/garage-endpoints.ts';
import * as mobileCalls from '../../../src/lib/mobile-endpoints.ts';
import * as orderCalls from '../../../src/lib/order-endpoints.ts';

const endpoints = Object.entries({ ...shopCalls, ...accountCalls, ...garageCalls, ...orderCalls, ...mobileCalls, ...consoleCalls }).filter(
  (entry): entry is [string, { path: string }] => typeof entry[1] === 'object' && entry[1] !== null && 'path' in entry[1],
);

describe("the site's calls", () => {
  test('each is named as in the contract and has its path', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(40);
    for (const [name, { path }] of endpoints) expect(path, name).toBe(paths[name as keyof typeof paths]);
  });
});
