import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadCatalog } from '../../server/modules/catalog/content.ts';
import { serviceInterval } from '../../server/modules/catalog/intervals.ts';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const vehicles = path.join(contentDir, 'vehicles');
const modelIds = new Set(
  readdirSync(vehicles).flatMap((file) => (JSON.parse(readFileSync(path.join(vehicles, file), 'utf8')).models as { id: string }[]).map((m) => m.id)),
);

describe('service intervals', () => {
  test('every service product says after how many months and km it is done again', async () => {
    const services = (await loadCatalog(contentDir)).filter((p) => p.category === 'Maintenance');
    expect(services.length).toBeGreaterThan(10);
    for (const p of services) {
      expect(p.intervalMonths, p.id).toBeGreaterThan(0);
      expect(p.intervalKm, p.id).toBeGreaterThan(0);
      for (const model of Object.keys(p.intervalByModel ?? {})) expect(modelIds.has(model), `${p.id}: ${model}`).toBe(true);
    }
  });

  test('a model its maker gives another interval gets its own', async () => {
    const basic = (await loadCatalog(contentDir)).find((p) => p.id === 'service-basic')!;
    expect(serviceInterval(basic, 'proton-x50')).toEqual({ months: 6, km: 7500 });
    expect(serviceInterval(basic, 'perodua-myvi')).toEqual({ months: 6, km: 10_000 });
    expect(serviceInterval({}, 'perodua-myvi')).toBeNull();
  });
});
