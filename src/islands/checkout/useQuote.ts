import { useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { cartQuote as quoteCall } from '../../../contract/cart-quote.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import type { CheckoutForm, OrderLine } from '../../lib/checkout.ts';
import { quoteRequest } from '../../lib/checkout-request.ts';
import { productFind } from '../../lib/endpoints.ts';
import { cartQuote } from '../../lib/order-endpoints.ts';

export type Quote = ResponseOf<typeof quoteCall>;
export type QuoteLine = Quote['lines'][number];

/** How a line is shown: its name, picture and most units, as the last quote gave them. */
export type LineLook = Pick<QuoteLine, 'name' | 'image' | 'maxQuantity' | 'oil'>;

/**
 * Names and pictures, in the page's language, of lines no quote has named: a cart the server
 * refuses (a line that no longer fits the car) is not priced, yet each line shows what it is,
 * and its chosen engine oil by name.
 */
async function lookUpNames(items: OrderLine[], looks: Map<string, LineLook>): Promise<boolean> {
  const ask = (id: string) => callApi(productFind, { id }, { quiet: true }).catch(() => null);
  const unnamed = [...new Set(items.map((l) => l.productId))].filter((id) => !looks.has(id));
  const found = await Promise.all(unnamed.map(ask));
  for (const p of found) if (p) looks.set(p.id, { name: p.name, image: p.image, maxQuantity: p.maxQuantity, oil: null });
  const oils = items.filter((l) => l.options?.oilId && looks.has(l.productId) && looks.get(l.productId)!.oil?.id !== l.options.oilId);
  const oilNames = await Promise.all(oils.map((l) => ask(l.options!.oilId!)));
  oils.forEach((l, i) => {
    const oil = oilNames[i];
    if (oil) looks.set(l.productId, { ...looks.get(l.productId)!, oil: { id: oil.id, name: oil.name } });
  });
  return found.some(Boolean) || oilNames.some(Boolean);
}

/**
 * The server's bill for the checkout as it stands, asked again whenever the lines, car, method,
 * state or coupon change: null while it is being asked, or when the server refused the cart
 * (the method checks say why). `problem` is the coupon's reason when it does not apply.
 */
export function useQuote(items: OrderLine[], variantId: string, form: Pick<CheckoutForm, 'method' | 'address' | 'couponCode' | 'couponApplied'>) {
  const [quote, setQuote] = useState<Quote | null>(null);
  // The coupon's reason, with the code it is about: a code removed or changed takes its reason with it.
  const [problem, setProblem] = useState({ code: '', message: '' });
  const [, setNamed] = useState(0);
  // Lines keep their names while a new quote is asked, or when the cart is refused.
  const looks = useRef(new Map<string, LineLook>());
  const request = quoteRequest(items, variantId, form);
  const body = JSON.stringify(request);
  // The code priced: none while one is typed but not applied.
  const couponCode = request.couponCode ?? '';
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
        setProblem({ code: couponCode, message: answer.coupon && !answer.coupon.usable ? (answer.coupon.reason ?? '') : '' });
      },
      (err: unknown) => {
        if (!live) return;
        // A refused cart is shown by the method checks; a failed call, at the coupon being tried.
        const field = err instanceof ApiFailure ? (err.data as { field?: string } | null)?.field : undefined;
        setProblem({ code: couponCode, message: couponCode && (!field || field === 'couponCode') ? (err as Error).message : '' });
        void lookUpNames((JSON.parse(body) as { items: OrderLine[] }).items, looks.current).then((named) => live && named && setNamed((n) => n + 1));
      },
    );
    return () => {
      live = false;
    };
  }, [body, couponCode, empty]);

  return { quote, problem: problem.code === couponCode ? problem.message : '', looks: looks.current };
}
