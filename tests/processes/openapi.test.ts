import { validate, compileErrors } from '@readme/openapi-parser';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from '../api/harness.ts';

/**
 * The document at /api/openapi.json as a client team uses it: a standard validator accepts it,
 * and openapi-typescript makes types from it that compile and describe the calls.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let api: TestApi;
let folder: string;
let doc: Record<string, any>;
beforeAll(async () => {
  api = await startApi();
  folder = mkdtempSync(path.join(tmpdir(), 'servauto-openapi-'));
  const res = await api.fetch('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(async () => {
  await api?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the OpenAPI document for client generators', () => {
  test('is valid OpenAPI 3.1: every $ref points to a schema the document holds', async () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\/[A-Za-z0-9._-]+$/);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  test('openapi-typescript makes types from it that compile and type a call’s body and answer', { timeout: 120_000 }, async () => {
    const source = path.join(folder, 'openapi.json');
    writeFileSync(source, JSON.stringify(doc));
    await run(process.execPath, [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), source, '--output', path.join(folder, 'api.ts')], { cwd: folder });
    writeFileSync(
      path.join(folder, 'use.ts'),
      `import type { components, paths } from './api.ts';

type Login = paths['/api/app/user/client-login']['post'];
type LoginBody = NonNullable<Login['requestBody']>['content']['application/json'];
type LoginAnswer = Login['responses'][200]['content']['application/json'];
export const body: LoginBody = { phone: '0123456789', code: '123456' };
// @ts-expect-error the phone is a string
export const wrongBody: LoginBody = { phone: 123456789, code: '123456' };
export const userKey = (answer: LoginAnswer): string => answer.data.userKey;

type Found = paths['/api/app/order/vehicle/order/app/find']['post']['responses'][200]['content']['application/json'];
type Money = components['schemas']['OrderMoney'];
export const lineCount = (answer: Found): number => answer.data.lines.length;
export const money = (answer: Found): Money => answer.data.money;
// @ts-expect-error an order has no such field
export const nothing = (answer: Found) => answer.data.noSuchField;
`,
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const options = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'preserve', '--moduleResolution', 'bundler', '--allowImportingTsExtensions'];
    const checked = await run(process.execPath, [tsc, ...options, 'api.ts', 'use.ts'], { cwd: folder }).then(
      () => '',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    expect(checked).toBe('');
  });
});
