import { computed } from 'nanostores';
import type { Line } from '../../contract/line.ts';
import { $carInfo, type CarInfo } from './car.ts';
import { isRecord, isText, persistedAtom } from './persisted.ts';
import { parseOptions } from './product-choice.ts';

/**
 * The cart: lines `{productId, quantity, options}` with the car each was chosen for, kept in
 * local storage so it survives closing the tab. The server prices and checks every line again
 * at checkout; nothing here is a price.
 */
export interface CartLine extends Line {
  /** The car the line was chosen for ("" when none was chosen), and its name as the top bar showed it. */
  variantId: string;
  carName: string;
  /** The model of that car, so a line chosen before the variant was known is still matched by id. */
  modelId?: string;
}

/** contract/line.ts MAX_QUANTITY and contract/orders.ts MAX_LINES, without loading zod into the page. */
export const MAX_QUANTITY = 4;
export const MAX_LINES = 20;

const ID = /^[a-z0-9.:-]{1,80}$/;
const whole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** One stored line when it has the cart's shape, null otherwise. */
export function parseCartLine(v: unknown): CartLine | null {
  if (!isRecord(v)) return null;
  const { productId, quantity, options, variantId, carName, modelId } = v;
  if (!isText(productId) || !ID.test(productId) || !whole(quantity, 1, MAX_QUANTITY)) return null;
  if (!isText(variantId) || (variantId !== '' && !ID.test(variantId)) || !isText(carName) || carName.length > 120) return null;
  if (modelId !== undefined && (!isText(modelId) || !ID.test(modelId))) return null;
  const parsed = options === undefined ? {} : parseOptions(options);
  if (!parsed) return null;
  return { productId, quantity, options: parsed, variantId, carName, ...(modelId ? { modelId } : {}) };
}

/** The stored cart; lines of the wrong shape are dropped, the rest kept. */
export function parseCart(saved: unknown): CartLine[] | null {
  if (!Array.isArray(saved)) return null;
  return saved
    .map(parseCartLine)
    .filter((l): l is CartLine => l !== null)
    .slice(0, MAX_LINES);
}

export const $cart = persistedAtom<CartLine[]>('servauto.cart', [], 'local', parseCart);

/** Units in the cart, for the top bar's badge. */
export const $cartCount = computed($cart, (lines) => lines.reduce((n, l) => n + l.quantity, 0));

const sameLine = (a: CartLine, b: CartLine) =>
  a.productId === b.productId && a.variantId === b.variantId && JSON.stringify(a.options ?? {}) === JSON.stringify(b.options ?? {});

/**
 * The cart with `line` added: the same product with the same choices for the same car adds
 * to its quantity (at most MAX_QUANTITY); a new line is refused ("full") past MAX_LINES.
 */
export function withLine(lines: CartLine[], line: CartLine): { lines: CartLine[]; added: boolean } {
  const at = lines.findIndex((l) => sameLine(l, line));
  if (at >= 0) {
    const quantity = Math.min(MAX_QUANTITY, lines[at]!.quantity + line.quantity);
    return { lines: lines.map((l, i) => (i === at ? { ...l, quantity } : l)), added: true };
  }
  if (lines.length >= MAX_LINES) return { lines, added: false };
  return { lines: [...lines, line], added: true };
}

export function addToCart(line: CartLine): boolean {
  // The car chosen now is the one the line is for: its model is kept with the line.
  const car = $carInfo.get();
  const stamped = !line.modelId && car && car.variantId === line.variantId ? { ...line, modelId: car.modelId } : line;
  const next = withLine($cart.get(), stamped);
  if (next.added) $cart.set(next.lines);
  return next.added;
}

/**
 * The cart once the car's variant is chosen: each line chosen for that model before its variant
 * was known is now for the variant, and the tyre size or blade lengths picked without the car
 * are left for the car to settle, so the line is priced for it in place instead of refused.
 */
export function fitLinesToVariant(lines: CartLine[], car: Pick<CarInfo, 'modelId' | 'variantId'>): CartLine[] {
  if (!car.variantId) return lines;
  let changed = false;
  const next = lines.map((l) => {
    if (l.variantId || l.modelId !== car.modelId) return l;
    changed = true;
    const { tyreSize: _size, wiper: _lengths, ...kept } = l.options ?? {};
    return { ...l, variantId: car.variantId, options: kept };
  });
  return changed ? next : lines;
}

// Choosing the variant (from the picker, the garage or another tab) re-prices the lines waiting for it.
$carInfo.listen((car) => {
  if (!car?.variantId) return;
  const lines = $cart.get();
  const next = fitLinesToVariant(lines, car);
  if (next !== lines) $cart.set(next);
});

export function setCartQuantity(index: number, quantity: number) {
  if (!whole(quantity, 1, MAX_QUANTITY)) return;
  $cart.set($cart.get().map((l, i) => (i === index ? { ...l, quantity } : l)));
}

export function removeFromCart(index: number) {
  $cart.set($cart.get().filter((_, i) => i !== index));
}

export function clearCart() {
  $cart.set([]);
}
