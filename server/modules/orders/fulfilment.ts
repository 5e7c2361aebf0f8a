import type { CategoryClassName } from '../../../contract/rules/categories.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import { fulfilmentMethods, type FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import type { FulfilmentRules } from './content.ts';

/**
 * Which ordering methods a cart allows and how long a workshop needs for it, from
 * content/orders/fulfilment.json. A cart is fulfilled one way: every line must allow it.
 */
export interface CartLine {
  productId: string;
  category: CategoryClassName;
  quantity: number;
}

export interface ProductFulfilment {
  methods: readonly FulfilmentMethod[];
  fittingMinutes: number;
  eachMoreMinutes: number;
}

/** A product's rules: its category's, with the product's own overrides on top. */
export function productFulfilment(rules: FulfilmentRules, line: Pick<CartLine, 'productId' | 'category'>): ProductFulfilment {
  const category = rules.categories[line.category];
  const own = rules.products[line.productId] ?? {};
  const fittingMinutes = own.fittingMinutes ?? category.fittingMinutes;
  const methods = own.methods ?? category.methods;
  // Fitted at the customer's place: what is fitted at a workshop and marked mobile (never tinting).
  const mobile = (own.mobile ?? category.mobile ?? false) && methods.includes('install');
  return {
    methods: mobile ? [...methods, 'mobile'] : methods,
    fittingMinutes,
    // A product that sets only its first-unit time keeps the category's pace for more units,
    // unless the category has none, when each unit takes as long as the first.
    eachMoreMinutes: own.eachMoreMinutes ?? (own.fittingMinutes === undefined ? category.eachMoreMinutes : undefined) ?? fittingMinutes,
  };
}

/** The methods every line of the cart allows, in the shop's order (install, pickup, mail). */
export function cartMethods(rules: FulfilmentRules, lines: readonly CartLine[]): FulfilmentMethod[] {
  if (lines.length === 0) return [];
  return fulfilmentMethods.filter((m) => lines.every((line) => productFulfilment(rules, line).methods.includes(m)));
}

const notAllowed: Record<FulfilmentMethod, MessageKey> = {
  install: 'fulfilment.notInstall',
  pickup: 'fulfilment.notPickup',
  mail: 'fulfilment.notMail',
  mobile: 'fulfilment.notMobile',
};

export type MethodCheck = { ok: true } | { ok: false; key: MessageKey; lineIndex: number; productId: string };

/**
 * Whether the whole cart can go by `method`; when not, the first line that cannot, so the
 * page can say which (the message takes the product's name as {product}).
 */
export function checkMethod(rules: FulfilmentRules, lines: readonly CartLine[], method: FulfilmentMethod): MethodCheck {
  if (lines.length === 0) return { ok: false, key: 'fulfilment.emptyCart', lineIndex: -1, productId: '' };
  const lineIndex = lines.findIndex((line) => !productFulfilment(rules, line).methods.includes(method));
  if (lineIndex === -1) return { ok: true };
  return { ok: false, key: notAllowed[method], lineIndex, productId: lines[lineIndex]!.productId };
}

/** Minutes to fit one line: the first unit, then each further unit at the product's pace. */
export function lineFittingMinutes(rules: FulfilmentRules, line: CartLine): number {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity must be a whole number from 1, not ${line.quantity}`);
  const f = productFulfilment(rules, line);
  return f.fittingMinutes + (line.quantity - 1) * f.eachMoreMinutes;
}

/** Minutes a bay is taken for the cart: the lines are fitted one after another. */
export function cartFittingMinutes(rules: FulfilmentRules, lines: readonly CartLine[]): number {
  return lines.reduce((total, line) => total + lineFittingMinutes(rules, line), 0);
}

/**
 * Whether a workshop handles every line of the cart (its services list the line's category),
 * for installation and pickup; when not, the first line it does not.
 */
export function checkWorkshopFits(services: readonly string[], lines: readonly CartLine[]): MethodCheck {
  const lineIndex = lines.findIndex((line) => !services.includes(line.category));
  if (lineIndex === -1) return { ok: true };
  return { ok: false, key: 'fulfilment.workshopCannotFit', lineIndex, productId: lines[lineIndex]!.productId };
}

/**
 * Whether a van fits the line at the customer's place (`"mobile": true` on its product or
 * category in content/orders/fulfilment.json): only what a workshop would fit, never tinting.
 */
export function fitsOnSite(rules: FulfilmentRules, line: Pick<CartLine, 'productId' | 'category'>): boolean {
  return productFulfilment(rules, line).methods.includes('mobile');
}

/** The first line a van cannot fit on site, or -1. */
export function lineNotOnSite(rules: FulfilmentRules, lines: readonly CartLine[]): number {
  return lines.findIndex((line) => !fitsOnSite(rules, line));
}
