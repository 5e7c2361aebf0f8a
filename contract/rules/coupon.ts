/** Coupon codes as customers type them, compared the same way on the checkout page and the server. */
export const COUPON_CODE_MAX = 40;

/**
 * A code made comparable: full-width characters from a Chinese keyboard become plain ones,
 * case is ignored, spaces and dashes are dropped (`raya-10 ` and `ＲＡＹＡ１０` are `RAYA10`).
 */
export function normaliseCouponCode(input: string): string {
  return input.normalize('NFKC').toUpperCase().replace(/[\s-]+/g, '');
}
