import { eq, notInArray } from 'drizzle-orm';
import { findCategory } from '../../../contract/rules/categories.ts';
import { Code } from '../../../contract/codes.ts';
import { directionLinks } from '../../../contract/rules/directions.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import type { Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import { DomainError } from '../errors.ts';
import type { CatalogIndex } from '../catalog/service.ts';
import type { WorkshopContent } from './content.ts';
import { distanceKm, isOpenNow, nextBookableDate } from './hours.ts';
import { workshops } from './schema.ts';

export async function syncWorkshops(db: Db, list: WorkshopContent[]) {
  await db.transaction(async (tx) => {
    await upsertAll(tx, workshops, workshops.id, list.map((w) => ({ ...w, active: true })));
    await tx.update(workshops).set({ active: false }).where(list.length ? notInArray(workshops.id, list.map((w) => w.id)) : undefined);
  });
}

export async function loadWorkshopIndex(db: Db) {
  return db.select().from(workshops).where(eq(workshops.active, true));
}
export type WorkshopIndex = Awaited<ReturnType<typeof loadWorkshopIndex>>;

interface Near {
  city?: string;
  lat?: number;
  lng?: number;
}

export function storeService(list: WorkshopIndex, catalog: CatalogIndex, now: () => Date) {
  function present(rows: WorkshopIndex, near: Near): WorkshopDto[] {
    const at = now();
    const from = near.lat !== undefined && near.lng !== undefined ? { lat: near.lat, lng: near.lng } : null;
    const out = rows.map((w) => ({
      id: w.id,
      name: w.name,
      city: w.city,
      address: w.address,
      postcode: w.postcode,
      state: w.state,
      lat: w.lat,
      lng: w.lng,
      phone: w.phone,
      hours: w.hours,
      services: w.services,
      bays: w.bays,
      openNow: isOpenNow(w.hours, w.closedOn, at),
      distanceKm: from ? distanceKm(from, w) : null,
      nextOpenDate: nextBookableDate(w.hours, w.closedOn, at),
      ...directionLinks(w.lat, w.lng),
    }));
    return out.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || a.city.localeCompare(b.city) || a.name.localeCompare(b.name));
  }
  const inCity = (city?: string) => (w: WorkshopIndex[number]) => !city || w.city === city.trim().toLowerCase();

  return {
    list(input: Near & { service?: string }) {
      let service: string | undefined;
      if (input.service) {
        const found = findCategory(input.service);
        if (!found) throw new DomainError(Code.NOT_FOUND, 'catalog.unknownCategory', { id: input.service.slice(0, 40) });
        service = found.className;
      }
      return present(list.filter(inCity(input.city)).filter((w) => !service || w.services.includes(service)), input);
    },
    forProduct(input: Near & { productId: string }) {
      const product = catalog.byId.get(input.productId);
      if (!product) throw new DomainError(Code.NOT_FOUND, 'catalog.unknownProduct');
      return present(list.filter(inCity(input.city)).filter((w) => w.services.includes(product.category)), input);
    },
  };
}
