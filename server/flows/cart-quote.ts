import type { z } from 'zod';
import type { cartQuote } from '../../contract/cart-quote.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import { pick } from '../i18n/localized.ts';
import { billOf, checkCart, couponVerdict } from './bill.ts';
import type { ShopContext } from './context.ts';

type QuoteRequest = z.output<typeof cartQuote.request>;
type Quote = z.input<typeof cartQuote.response>;

/**
 * The bill the order would be placed at now, itemised: checked and priced by the same code as
 * placing it. A coupon that does not apply takes nothing off and says why, in the customer's
 * language; placing the order with it is refused for the same reason.
 */
export async function quoteCart(ctx: ShopContext, customerId: string, input: QuoteRequest, locale: Locale): Promise<Quote> {
  const { indexes } = ctx;
  const cart = checkCart(indexes, input, locale);
  const verdict = await couponVerdict(ctx.db, customerId, cart, input.couponCode, ctx.now());
  const bill = billOf(cart, verdict);
  return {
    lines: cart.priced.map((p, i) => {
      const line = bill.lines[i]!;
      const oil = p.quote.options.oilId ? indexes.catalog.byId.get(p.quote.options.oilId) : undefined;
      return {
        productId: p.product.id,
        quantity: line.quantity,
        name: pick(p.product.name, locale),
        image: p.product.image,
        maxQuantity: p.quote.choices.maxQuantity,
        oil: oil ? { id: oil.id, name: pick(oil.name, locale) } : null,
        unitSen: line.unitSen,
        partsSen: line.partsSen,
        labourSen: line.labourSen,
        serviceTaxSen: line.serviceTaxSen,
        totalSen: line.totalSen,
      };
    }),
    partsSen: bill.partsSen,
    labourSen: bill.labourSen,
    serviceTaxSen: bill.serviceTaxSen,
    subtotalSen: bill.goodsSen,
    deliveryFeeSen: cart.deliveryFeeSen,
    visitFeeSen: bill.visitFeeSen,
    visitFeeTaxSen: bill.visitFeeTaxSen,
    discountSen: bill.discountSen,
    totalSen: bill.totalSen,
    coupon: verdict && {
      code: verdict.code,
      ...(verdict.coupon ? { title: pick(verdict.coupon.title, locale) } : {}),
      usable: verdict.result.usable,
      ...(verdict.result.usable ? {} : { reason: message(locale, verdict.result.key, verdict.result.params) }),
    },
  };
}
