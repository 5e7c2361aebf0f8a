import { useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { cartQuote as quoteCall } from '../../../contract/cart-quote.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import type { CheckoutForm, OrderLine } from '../../lib/checkout.ts';
import { quoteRequest } from '../../lib/checkout-request.ts';
import { cartQuote } from '../../lib/order-endpoints.ts';

export type Quote = ResponseOf<typeof quoteCall>;
export type QuoteLine = Quote['lines'][number];

/** How a line is shown: its name, picture and most units, as the last quote gave them. */
export type LineLook = Pick<QuoteLine, 'name' | 'image' | 'maxQuantity' | 'oil'>;

/**
 * The server's bill for the checkout as it stands, asked again whenever the lines, car, method,
 * state or coupon change: null while it is being asked, or when the server refused the cart
 * (the method checks say why). `problem` is the coupon's reason when it does not apply.
 */
export function useQuote(items: OrderLine[], variantId: string, form: Pick<CheckoutForm, 'method' | 'address' | 'couponCode'>) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [problem, setProblem] = useState('');
  // Lines keep their names while a new quote is asked, or when the cart is refused.
  const looks = useRef(new Map<string, LineLook>());
  const body = JSON.stringify(quoteRequest(items, variantId, form));
  const couponCode = form.couponCode.trim();
  const empty = items.length === 0;

  useEffect(() => {
    let live = true;
    setQuote(null);
    // An empty cart has no bill: the page says it is empty.
    if (empty) return;
    callApi(cartQuote, JSON.parse(body), { quiet: true }).then(
      (answer) => {
        if (!live) return;
        for (const l of answer.lines) looks.current.set(l.productId, { name: l.name, image: l.image, maxQuantity: l.maxQuantity, oil: l.oil });
        setQuote(answer);
        setProblem(answer.coupon && !answer.coupon.usable ? (answer.coupon.reason ?? '') : '');
      },
      (err: unknown) => {
        if (!live) return;
        // A refused cart is shown by the method checks; a failed call, at the coupon being tried.
        const field = err instanceof ApiFailure ? (err.data as { field?: string } | null)?.field : undefined;
        setProblem(couponCode && (!field || field === 'couponCode') ? (err as Error).message : '');
      },
    );
    return () => {
      live = false;
    };
  }, [body, couponCode, empty]);

  return { quote, problem, looks: looks.current };
}
