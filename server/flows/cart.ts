import type { CategoryClassName } from '../../contract/rules/categories.ts';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { Line } from '../../contract/line.ts';
import type { MessageKey } from '../../contract/rules/messages.ts';
import type { FulfilmentMethod } from '../../contract/rules/order-status.ts';
import { orderTotal, type OrderTotal } from '../../contract/rules/order-total.ts';
import { DomainError } from '../modules/errors.ts';
import { pick } from '../i18n/localized.ts';
import type { Indexes } from './context.ts';
import type { WorkshopCalendar } from '../modules/booking/slots.ts';
import type { ProductContent } from '../modules/catalog/content.ts';
import { cartLine, type LineQuote, type PricedCar } from '../modules/catalog/line.ts';
import type { DeliveryRules, FulfilmentRules } from '../modules/orders/content.ts';
import { deliveryFee } from '../modules/orders/delivery.ts';
import { cartFittingMinutes, checkMethod, checkWorkshopFits, type CartLine } from '../modules/orders/fulfilment.ts';
import type { CarSnapshot } from '../modules/orders/service.ts';
import type { WorkshopIndex } from '../modules/stores/service.ts';

/**
 * A cart as checkout sees it: each line checked and priced by the catalogue's line pricer for
 * the car, the method and workshop checked by the fulfilment rules. Shared by the slots, the
 * coupons and placing the order, so all three judge a cart the same way.
 */

export type Workshop = WorkshopIndex[number];

export interface PricedItem {
  product: ProductContent;
  quote: LineQuote;
  cartLine: CartLine;
}

const warn = (key: MessageKey, params: Record<string, string | number>, data: Record<string, unknown>) => new DomainError(Code.WARNING, key, params, data);

/** The variant as pricing needs it, and as the order keeps it. */
export function carOf(indexes: Indexes, variantId: string): { priced: PricedCar; snapshot: CarSnapshot } {
  const variant = indexes.cars.variant(variantId);
  if (!variant) throw new DomainError(Code.NOT_FOUND, 'vehicle.unknown', {}, { field: 'variantId' });
  return {
    priced: { bodyType: variant.bodyType, fitment: variant.fitment, name: variant.carVariant, sizeClass: variant.sizeClass },
    snapshot: {
      variantId: variant.variantId,
      brand: indexes.cars.brand(variant.brandId)?.name ?? '',
      model: indexes.cars.model(variant.modelId)?.carModel ?? '',
      variant: variant.carVariant,
      sizeClass: variant.sizeClass,
    },
  };
}

/** A line as the fulfilment rules read it. */
export function cartLineOf(product: ProductContent, quantity: number): CartLine {
  return { productId: product.id, category: product.category as CategoryClassName, quantity };
}

/** The products of the cart, each once; the first unknown or repeated one is refused, named. */
export function cartProducts(indexes: Indexes, items: readonly Line[], locale: Locale): ProductContent[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    const product = indexes.catalog.byId.get(item.productId);
    if (!product) throw new DomainError(Code.NOT_FOUND, 'catalog.unknownProduct', {}, { field: `items.${i}.productId` });
    if (seen.has(product.id)) throw warn('order.duplicateLine', { product: pick(product.name, locale) }, { field: `items.${i}.productId`, lineIndex: i });
    seen.add(product.id);
    return product;
  });
}

/**
 * Every line checked against its product and the car, and priced: with a car as the order
 * will be, without one from the product's lowest price (`cartLine`).
 */
export function priceCart(indexes: Indexes, items: readonly Line[], car: PricedCar | null, locale: Locale): PricedItem[] {
  const products = cartProducts(indexes, items, locale);
  return items.map((item, i) => {
    const product = products[i]!;
    const outcome = cartLine(product, item, car, indexes.catalog);
    if (!outcome.ok) {
      const { key, params, field } = outcome.problem;
      const where = field === 'variantId' ? field : `items.${i}.${field}`;
      throw warn(key, { ...params, product: pick(product.name, locale) }, { field: where, lineIndex: i });
    }
    return { product, quote: outcome.value, cartLine: cartLineOf(product, item.quantity) };
  });
}

/**
 * The cart's lines as reserving stock reads them: with the car, each line's choices as the order
 * will carry them (a wiper set's blade lengths come from the car); without one, as sent.
 */
export function stockLinesOf(indexes: Indexes, items: readonly Line[], variantId: string | undefined, locale: Locale) {
  const priced = variantId ? priceCart(indexes, items, carOf(indexes, variantId).priced, locale) : null;
  return items.map((item, i) => ({ position: i, productId: item.productId, options: priced ? priced[i]!.quote.options : (item.options ?? {}), quantity: item.quantity }));
}

/** Refuses a method some line does not allow, naming that line's product. */
export function checkCartMethod(rules: FulfilmentRules, lines: readonly { product: ProductContent; cartLine: CartLine }[], method: FulfilmentMethod, locale: Locale) {
  const check = checkMethod(rules, lines.map((l) => l.cartLine), method);
  if (!check.ok) {
    const product = lines[check.lineIndex]?.product;
    throw warn(check.key, { product: product ? pick(product.name, locale) : '' }, { field: 'method', lineIndex: check.lineIndex });
  }
}

export function workshopOf(indexes: Indexes, storeId: string): Workshop {
  const workshop = indexes.workshops.find((w) => w.id === storeId);
  if (!workshop) throw new DomainError(Code.NOT_FOUND, 'store.unknown', {}, { field: 'storeId' });
  return workshop;
}

/** Refuses a workshop that does not handle every line, naming the first it does not. */
export function checkCartWorkshop(workshop: Workshop, cartLines: readonly { product: ProductContent; cartLine: CartLine }[], locale: Locale) {
  const check = checkWorkshopFits(workshop.services, cartLines.map((l) => l.cartLine));
  if (!check.ok) {
    const product = cartLines[check.lineIndex]!.product;
    throw warn(check.key, { product: pick(product.name, locale) }, { field: 'storeId', lineIndex: check.lineIndex });
  }
}

export function calendarOf(workshop: Workshop): WorkshopCalendar {
  return { hours: workshop.hours, closedOn: workshop.closedOn, bays: workshop.bays };
}

export function fittingMinutesOf(rules: FulfilmentRules, cartLines: readonly { cartLine: CartLine }[]): number {
  return cartFittingMinutes(rules, cartLines.map((l) => l.cartLine));
}

/** The itemised total of priced lines: labour and its tax only when the workshop fits them. */
export function cartTotal(method: FulfilmentMethod, priced: readonly PricedItem[], deliveryFeeSen = 0, discountSen = 0, visitFeeSen = 0): OrderTotal {
  return orderTotal({
    method,
    lines: priced.map((p) => ({ partsSen: p.quote.unit.partsSen, labourSen: p.quote.unit.labourSen, quantity: p.quote.quantity })),
    deliveryFeeSen,
    visitFeeSen,
    discountSen,
  });
}

/**
 * The delivery fee of a mailed cart worth `goodsSen` to `state`: what checkout shows and the
 * order charges. Null when the cart is not mailed or the state is not known yet.
 */
export function cartDelivery(rules: DeliveryRules, method: FulfilmentMethod, state: string | undefined, goodsSen: number): number | null {
  if (method !== 'mail' || state === undefined) return null;
  return deliveryFee(rules, state, goodsSen)?.feeSen ?? null;
}
