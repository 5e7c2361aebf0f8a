import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { storeMobileWindows } from '../../contract/mobile.ts';
import type { Line } from '../../contract/line.ts';
import { categories } from '../../contract/rules/categories.ts';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { vanFor, type MobileRules, type Van } from '../../contract/rules/mobile.ts';
import { nearestFirst } from '../../contract/rules/nearest.ts';
import { areaOfPostcode, type PostcodeTable } from '../../contract/rules/postcode-areas.ts';
import { pick } from '../i18n/localized.ts';
import { windowsOf } from '../modules/mobile/service.ts';
import { checkWorkshopFits, lineNotOnSite } from '../modules/orders/fulfilment.ts';
import type { ShopContext } from './context.ts';
import { warning } from '../modules/errors.ts';
import { cartLineOf, cartProducts, fittingMinutesOf, workshopOf } from './cart.ts';

type Windows = z.infer<typeof storeMobileWindows.response>;

const TYRES = categories.find((c) => c.slug === 'auto-tires-service')!.className;

let postcodes: { dir: string; table: PostcodeTable } | undefined;
/** content/dictionaries/postcodes.json's areas, read once per content folder. */
function postcodeTable(contentDir = path.resolve('content')): PostcodeTable {
  if (postcodes?.dir !== contentDir) {
    const file = JSON.parse(readFileSync(path.join(contentDir, 'dictionaries', 'postcodes.json'), 'utf8')) as { prefixes: PostcodeTable };
    postcodes = { dir: contentDir, table: file.prefixes };
  }
  return postcodes.table;
}

/** The cart as a van would fit it: its lines, each fittable on site (else 807 naming the first that is not), and its labour minutes. */
export function mobileCart(ctx: Pick<ShopContext, 'indexes'>, items: readonly Line[], locale: Locale) {
  const lines = cartProducts(ctx.indexes, items, locale).map((product, i) => ({ product, cartLine: cartLineOf(product, items[i]!.quantity) }));
  const rules = ctx.indexes.orderRules.fulfilment;
  const not = lineNotOnSite(rules, lines.map((l) => l.cartLine));
  if (not >= 0) throw warning('mobile.notOnSite', { product: pick(lines[not]!.product.name, locale) }, { field: `items.${not}.productId`, lineIndex: not });
  return { lines, jobMinutes: fittingMinutesOf(rules, lines), needsTyres: lines.some((l) => l.product.category === TYRES) };
}

/** Days a van does not come, as the content has them: its base workshop's holidays (staff's closures are read with its bookings). */
export const vanHolidays = (ctx: Pick<ShopContext, 'indexes'>, van: Van): readonly string[] => workshopOf(ctx.indexes, van.baseStoreId).closedOn;

/**
 * store/mobile/windows (docs/contracts/running-the-business.md §2): the van that comes to the
 * postcode for this cart and its windows, or, when none does, the three nearest workshops that fit
 * the cart.
 */
export async function mobileWindows(ctx: ShopContext, input: { postcode: string; items: readonly Line[] }, locale: Locale): Promise<Windows> {
  const rules = ctx.indexes.orderRules.mobile as MobileRules;
  const { lines, jobMinutes, needsTyres } = mobileCart(ctx, input.items, locale);
  const van = vanFor(rules, input.postcode, needsTyres);
  const head = { visitFeeSen: rules.visitFeeSen, fittingMinutes: jobMinutes };
  if (!van) {
    const place = areaOfPostcode(postcodeTable(), input.postcode);
    const fitting = ctx.indexes.workshops.filter((w) => checkWorkshopFits(w.services, lines.map((l) => l.cartLine)).ok);
    const nearest = nearestFirst(fitting, place.ok ? place.place : null)
      .slice(0, 3)
      .map((w) => ({ storeId: w.id, name: w.name, distanceKm: w.distanceKm === null ? null : Math.round(w.distanceKm * 10) / 10 }));
    return { covered: false, vanId: null, ...head, windows: [], nearest };
  }
  const now = ctx.now();
  const firstDate = addDays(klDate(now), 1);
  const windows = await windowsOf(ctx.db, { van, rules, closedOn: vanHolidays(ctx, van), jobMinutes, now, firstDate });
  return { covered: true, vanId: van.id, ...head, windows, nearest: [] };
}
