import { and, asc, desc, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import { Code } from '../../../contract/codes.ts';
import { GARAGE_SIZE, type SavedCar } from '../../../contract/vehicles.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import { DomainError, warning } from '../errors.ts';
import type { BrandContent, Fitment } from './content.ts';
import { indexCars, type CarIndex } from './index-of-cars.ts';
import { odometerReadings, userCars, vehicleBrands, vehicleModels, vehicleVariants } from './schema.ts';
import { holdOpenAccount } from '../auth/service.ts';

/** Makes the vehicle tables match content/vehicles; what left the content turns inactive. */
export async function syncVehicles(db: Db, brands: BrandContent[]) {
  const models = brands.flatMap((b) => b.models.map((m) => ({ ...m, brandId: b.id })));
  const variants = models.flatMap((m) => m.variants.map((v) => ({ ...v, modelId: m.id })));
  await db.transaction(async (tx) => {
    await upsertAll(tx, vehicleBrands, vehicleBrands.id, brands.map((b) => ({ id: b.id, name: b.name, popular: b.popular, active: true })));
    await upsertAll(tx, vehicleModels, vehicleModels.id, models.map((m) => ({ id: m.id, brandId: m.brandId, name: m.name, active: true })));
    await upsertAll(
      tx,
      vehicleVariants,
      vehicleVariants.id,
      variants.map((v) => ({
        id: v.id,
        modelId: v.modelId,
        name: v.name,
        yearFrom: v.years[0],
        yearTo: v.years[1],
        engine: v.engine,
        transmission: v.transmission,
        fuel: v.fuel,
        bodyType: v.bodyType,
        sizeClass: v.sizeClass,
        fitment: v.fitment,
        active: true,
      })),
    );
    const retire = async (table: typeof vehicleBrands | typeof vehicleModels | typeof vehicleVariants, ids: string[]) => {
      await tx.update(table).set({ active: false }).where(ids.length ? notInArray(table.id, ids) : undefined);
    };
    await retire(vehicleVariants, variants.map((v) => v.id));
    await retire(vehicleModels, models.map((m) => m.id));
    await retire(vehicleBrands, brands.map((b) => b.id));
  });
}

/** The in-memory index of the active cars, read back from the database after the sync. */
export async function loadCarIndex(db: Db): Promise<CarIndex> {
  const [brands, models, variants] = await Promise.all([
    db.select().from(vehicleBrands).where(eq(vehicleBrands.active, true)),
    db.select().from(vehicleModels).where(eq(vehicleModels.active, true)).orderBy(asc(vehicleModels.name)),
    db.select().from(vehicleVariants).where(eq(vehicleVariants.active, true)).orderBy(desc(vehicleVariants.yearTo), asc(vehicleVariants.name)),
  ]);
  const content: BrandContent[] = brands.map((b) => ({
    id: b.id,
    name: b.name,
    popular: b.popular,
    models: models
      .filter((m) => m.brandId === b.id)
      .map((m) => ({
        id: m.id,
        name: m.name,
        variants: variants
          .filter((v) => v.modelId === m.id)
          .map((v) => ({
            id: v.id,
            name: v.name,
            years: [v.yearFrom, v.yearTo] as [number, number],
            engine: v.engine,
            transmission: v.transmission as BrandContent['models'][number]['variants'][number]['transmission'],
            fuel: v.fuel as BrandContent['models'][number]['variants'][number]['fuel'],
            bodyType: v.bodyType as BrandContent['models'][number]['variants'][number]['bodyType'],
            sizeClass: v.sizeClass as BrandContent['models'][number]['variants'][number]['sizeClass'],
            fitment: v.fitment as Fitment,
          })),
      }))
      .filter((m) => m.variants.length > 0),
  }));
  return indexCars(content.filter((b) => b.models.length > 0));
}

/**
 * Keeps the plate given at checkout on the customer's garage car of that variant (the current
 * one first, else the one used last), so the next checkout starts with it. A car not in the
 * garage keeps nothing.
 */
export async function rememberPlate(db: Db, userId: string, variantId: string, plate: string): Promise<void> {
  const [car] = await db
    .select({ id: userCars.id, plate: userCars.plate })
    .from(userCars)
    .where(and(eq(userCars.userId, userId), eq(userCars.variantId, variantId)))
    .orderBy(desc(userCars.current), desc(userCars.updatedAt))
    .limit(1);
  if (car && car.plate !== plate) await db.update(userCars).set({ plate }).where(eq(userCars.id, car.id));
}

/**
 * The garage car an order is placed for: the customer's car of that variant (the current one
 * first, else the one used last), else their car of that model saved without a variant.
 */
/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * garage goes, its cars with their plates and papers (road tax, insurance) and their odometer
 * readings. Answers the counts.
 */
export async function emptyGarage(tx: Db, userId: string): Promise<{ cars: number; readings: number }> {
  const cars = tx.select({ id: userCars.id }).from(userCars).where(eq(userCars.userId, userId));
  const readings = await tx.delete(odometerReadings).where(inArray(odometerReadings.carId, cars)).returning({ id: odometerReadings.id });
  const removed = await tx.delete(userCars).where(eq(userCars.userId, userId)).returning({ id: userCars.id });
  return { cars: removed.length, readings: readings.length };
}

export async function garageCarFor(db: Db, userId: string, variantId: string, modelId: string): Promise<string | null> {
  const [car] = await db
    .select({ id: userCars.id })
    .from(userCars)
    .where(and(eq(userCars.userId, userId), eq(userCars.variantId, variantId)))
    .orderBy(desc(userCars.current), desc(userCars.updatedAt))
    .limit(1);
  if (car) return car.id;
  const [model] = await db
    .select({ id: userCars.id })
    .from(userCars)
    .where(and(eq(userCars.userId, userId), eq(userCars.modelId, modelId), isNull(userCars.variantId)))
    .orderBy(desc(userCars.current), desc(userCars.updatedAt))
    .limit(1);
  return model?.id ?? null;
}

/** The customer's saved cars (spec: offered next time), one of them current. */
export function garageService(db: Db, cars: CarIndex) {
  /** `on` is the transaction to read in, when called from one (PGlite has a single connection). */
  async function list(userId: string, on: Db = db): Promise<SavedCar[]> {
    const rows = await on
      .select()
      .from(userCars)
      .where(eq(userCars.userId, userId))
      .orderBy(desc(userCars.current), desc(userCars.updatedAt));
    return rows.flatMap((r) => {
      const brand = cars.brand(r.brandId);
      const model = cars.model(r.modelId);
      if (!brand || !model) return [];
      const variant = r.variantId ? cars.variant(r.variantId) : undefined;
      return [
        {
          id: r.id,
          brand: brand.name,
          model: model.carModel,
          year: r.year ? String(r.year) : '',
          variant: variant?.carVariant ?? '',
          brandId: r.brandId,
          modelId: r.modelId,
          yearId: r.year ? `${r.modelId}:${r.year}` : '',
          variantId: r.variantId ?? '',
          noYear: r.year === null,
          noBt: !variant,
          bodyType: variant?.bodyType ?? '',
          current: r.current,
          plate: r.plate,
          roadTaxExpiry: r.roadTaxExpiry,
          insuranceExpiry: r.insuranceExpiry,
        },
      ];
    });
  }

  /**
   * Runs one change to a customer's garage. Changes to one garage take turns across every API
   * process (a lock per customer, taken first), so two calls never deadlock on each other's rows
   * and each sees the garage the previous one left.
   */
  function changeGarage<T>(userId: string, change: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await holdOpenAccount(tx, userId);
      await lockKey(tx, 'garage', userId);
      return change(tx);
    });
  }

  async function owned(tx: Db, userId: string, id: string) {
    const [row] = await tx.select({ id: userCars.id }).from(userCars).where(and(eq(userCars.id, id), eq(userCars.userId, userId)));
    if (!row) throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
  }

  /** Whether a variant was sold in the year (true when either is skipped). */
  function fitsYear(car: { year: number | null; variantId: string | null }) {
    const variant = car.variantId ? cars.variant(car.variantId) : undefined;
    return car.year === null || !variant || (car.year >= variant.years[0] && car.year <= variant.years[1]);
  }

  /** The old current car is cleared first: the database holds at most one current car per customer. */
  async function makeCurrent(tx: Db, userId: string, id: string) {
    await tx
      .update(userCars)
      .set({ current: false })
      .where(and(eq(userCars.userId, userId), eq(userCars.current, true), ne(userCars.id, id)));
    await tx
      .update(userCars)
      .set({ current: true, updatedAt: new Date() })
      .where(and(eq(userCars.id, id), eq(userCars.userId, userId)));
  }

  return {
    list,

    /** Saves the car (or finds it already saved) and makes it current. */
    async add(userId: string, input: { brandId: string; modelId: string; yearId?: string; variantId?: string }) {
      const model = cars.model(input.modelId);
      if (!cars.brand(input.brandId) || !model || model.brandId !== input.brandId) throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
      let year: number | null = null;
      if (input.yearId) {
        const parsed = cars.parseYearId(input.yearId);
        if (parsed.modelId !== input.modelId || !cars.years(input.modelId)?.some((y) => y.yearId === input.yearId)) {
          throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
        }
        year = parsed.year;
      }
      if (input.variantId) {
        const variant = cars.variant(input.variantId);
        if (!variant || variant.modelId !== input.modelId || (year !== null && (year < variant.years[0] || year > variant.years[1]))) {
          throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
        }
      }
      const variantId = input.variantId ?? null;
      await changeGarage(userId, async (tx) => {
        const sameModel = await tx
          .select({ id: userCars.id, year: userCars.year, variantId: userCars.variantId })
          .from(userCars)
          .where(and(eq(userCars.userId, userId), eq(userCars.modelId, input.modelId)))
          .orderBy(desc(userCars.current), desc(userCars.updatedAt));
        const saved = (car: { year: number | null; variantId: string | null }) => sameModel.find((c) => c.year === car.year && c.variantId === car.variantId);
        let id = saved({ year, variantId })?.id;
        // A car saved with its year or variant skipped is the same car once they are chosen: it is
        // completed rather than saved again beside itself (the current one first, else the one used last).
        for (const c of id ? [] : sameModel) {
          const clash = (c.year !== null && year !== null && c.year !== year) || (c.variantId !== null && variantId !== null && c.variantId !== variantId);
          const completed = { year: year ?? c.year, variantId: variantId ?? c.variantId };
          const gains = (c.year === null && completed.year !== null) || (c.variantId === null && completed.variantId !== null);
          if (clash || !gains || !fitsYear(completed)) continue;
          id = saved(completed)?.id;
          if (!id) {
            await tx.update(userCars).set(completed).where(eq(userCars.id, c.id));
            id = c.id;
          }
          break;
        }
        if (!id) {
          // Counted as the customer sees the garage: cars whose model left the catalogue do not take a place.
          const shown = (await list(userId, tx)).length;
          if (shown >= GARAGE_SIZE) throw warning('garage.full', { max: GARAGE_SIZE });
          const [row] = await tx
            .insert(userCars)
            .values({ userId, brandId: input.brandId, modelId: input.modelId, year, variantId })
            .returning({ id: userCars.id });
          id = row!.id;
        }
        await makeCurrent(tx, userId, id);
      });
      return list(userId);
    },

    /** The plate and expiry dates the customer typed; a field left out stays, a date sent as null is cleared. */
    async update(userId: string, input: { carId: string; plate?: string; roadTaxExpiry?: string | null; insuranceExpiry?: string | null }) {
      await changeGarage(userId, async (tx) => {
        await owned(tx, userId, input.carId);
        const changes: Partial<typeof userCars.$inferInsert> = {};
        if (input.plate !== undefined) changes.plate = input.plate;
        if (input.roadTaxExpiry !== undefined) changes.roadTaxExpiry = input.roadTaxExpiry;
        if (input.insuranceExpiry !== undefined) changes.insuranceExpiry = input.insuranceExpiry;
        if (Object.keys(changes).length > 0) await tx.update(userCars).set(changes).where(eq(userCars.id, input.carId));
      });
      return list(userId);
    },

    /** Whether the car is in this customer's garage (404 otherwise, as every garage call answers). */
    async mustOwn(userId: string, carId: string) {
      await owned(db, userId, carId);
    },

    async current(userId: string, id: string) {
      await changeGarage(userId, async (tx) => {
        await owned(tx, userId, id);
        await makeCurrent(tx, userId, id);
      });
      return list(userId);
    },

    /** Removes a car; when it was the current one, the most recently used other car takes over. */
    async remove(userId: string, id: string) {
      await changeGarage(userId, async (tx) => {
        await owned(tx, userId, id);
        await tx.delete(userCars).where(eq(userCars.id, id));
        const rest = await list(userId, tx);
        if (rest.length > 0 && !rest.some((c) => c.current)) await makeCurrent(tx, userId, rest[0]!.id);
      });
      return list(userId);
    },
  };
}
