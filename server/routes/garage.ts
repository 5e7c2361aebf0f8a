import { userConsent } from '../../contract/consent.ts';
import { carInfoUpdate, garageHistory, garageOdometer } from '../../contract/garage.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import type { ShopContext } from '../flows/context.ts';
import type { CallMounter } from '../http/calls.ts';
import { changeConsent } from '../modules/notifications/consent.ts';
import { customerReading } from '../modules/vehicles/odometer.ts';
import type { garageService } from '../modules/vehicles/service.ts';
import { garageHistory as historyOf } from '../queries/garage-history.ts';

/** A garage car's plate, expiry dates, readings and history (docs/contracts/after-sale.md §1): the customer's own cars only. */
export function garageRoutes(calls: CallMounter, ctx: ShopContext, garage: ReturnType<typeof garageService>) {
  calls.mount(carInfoUpdate, (input, c) => garage.update(c.get('user').id, input));
  calls.mount(garageOdometer, async ({ carId, km, date }, c) => {
    const today = klDate(ctx.now());
    const readings = await customerReading(ctx.db, c.get('user').id, { carId, km, date: date ?? today }, today);
    return { carId, odometer: [...readings].reverse() };
  });
  calls.mount(garageHistory, ({ carId }, c) => historyOf(ctx, garage, c.get('user').id, carId, c.get('locale')));
  // Consent to the garage's reminders (docs/contracts/after-sale.md §2): an empty body reads it.
  calls.mount(userConsent, (change, c) => changeConsent(ctx.db, c.get('user').id, change, c.get('locale'), ctx.now()));
}
