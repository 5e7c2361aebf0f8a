import { asc, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes.ts';
import { checkReading } from '../../../contract/rules/odometer.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { DomainError, warning } from '../errors.ts';
import { odometerReadings, userCars, type ReadingSource } from './schema.ts';
import { holdOpenAccount } from '../auth/service.ts';

export interface Reading {
  date: string;
  km: number;
  source: ReadingSource;
}

/** A car's readings, oldest first. */
export async function readingsOf(db: Db, carId: string): Promise<Reading[]> {
  return db
    .select({ date: odometerReadings.date, km: odometerReadings.km, source: odometerReadings.source })
    .from(odometerReadings)
    .where(eq(odometerReadings.carId, carId))
    .orderBy(asc(odometerReadings.date), asc(odometerReadings.km), asc(odometerReadings.id));
}

/**
 * Records a reading after checking it against the car's others (contract/rules/odometer.ts),
 * whoever typed it; refused (807) naming the reading it clashes with. Readings of one car take
 * turns (a lock per car, in the caller's transaction), so two at once are each checked against
 * the other. A car no longer in any garage (removed since the order) keeps nothing.
 */
export async function recordReading(
  tx: Db,
  input: { carId: string; date: string; km: number; source: ReadingSource; orderId?: string },
  field: string,
): Promise<void> {
  await lockKey(tx, 'odometer', input.carId);
  const [car] = await tx.select({ id: userCars.id }).from(userCars).where(eq(userCars.id, input.carId));
  if (!car) {
    if (input.source === 'customer') throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
    return;
  }
  const clash = checkReading(await readingsOf(tx, input.carId), input);
  if (clash) throw warning(clash.problem, { km: clash.reading.km.toLocaleString('en-MY'), date: clash.reading.date }, { field, last: clash.reading });
  await tx.insert(odometerReadings).values({ carId: input.carId, date: input.date, km: input.km, source: input.source, orderId: input.orderId ?? null });
}

/** A customer's own reading of a car of their garage (404 for any other car), dated today unless they say; never in the future. */
export async function customerReading(db: Db, userId: string, input: { carId: string; km: number; date: string }, today: string): Promise<Reading[]> {
  if (input.date > today) throw warning('odometer.future', {}, { field: 'date' });
  return db.transaction(async (tx) => {
    await holdOpenAccount(tx, userId);
    const [car] = await tx.select({ userId: userCars.userId }).from(userCars).where(eq(userCars.id, input.carId));
    if (!car || car.userId !== userId) throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
    await recordReading(tx, { ...input, source: 'customer' }, 'km');
    return readingsOf(tx, input.carId);
  });
}
