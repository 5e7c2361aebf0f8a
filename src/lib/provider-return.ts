import { Code } from '../../contract/codes.ts';

/**
 * Back from the payment provider's page (Curlec sends the browser back with razorpay_payment_id,
 * razorpay_payment_link_id, …, razorpay_signature in the query): those parameters, to be checked
 * by the server before the page says anything about the payment.
 */
const PREFIX = 'razorpay_';

/** The provider's parameters of a page's query, or undefined when it carries none. */
export function providerReturnOf(search: string): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  let any = false;
  for (const [name, value] of new URLSearchParams(search)) {
    if (!name.startsWith(PREFIX)) continue;
    found[name] = value;
    any = true;
  }
  return any ? found : undefined;
}

/** A query without the provider's parameters: the shop's own (orderNo and the like), as `?…`, or '' when none is left. */
export function shopQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (name.startsWith(PREFIX)) params.delete(name);
  const kept = params.toString();
  return kept ? `?${kept}` : '';
}

/** The page's address without the provider's parameters (the rest of the query and the hash kept). */
export function withoutProviderReturn(url: string): string {
  const u = new URL(url);
  for (const name of [...u.searchParams.keys()]) if (name.startsWith(PREFIX)) u.searchParams.delete(name);
  return u.pathname + u.search + u.hash;
}

/** How the shop's check of a return ended: its answer, or the refusal of a return not signed by the provider. */
export type Checked<T> = { answer: T } | { refused: string };

/**
 * Asks how the payment stands, sending the provider's parameters of `url` (if any) with the ask,
 * then takes them out of the address bar through `replaceUrl` whatever the answer. A refused
 * return (807) comes back as its message; any other failure is thrown.
 */
export async function askWithReturn<T>(ask: (providerReturn: Record<string, string> | undefined) => Promise<T>, url: string, replaceUrl: (url: string) => void): Promise<Checked<T>> {
  const sent = providerReturnOf(new URL(url).search);
  try {
    return { answer: await ask(sent) };
  } catch (err) {
    if (err instanceof Error && (err as { code?: unknown }).code === Code.WARNING) return { refused: err.message };
    throw err;
  } finally {
    if (sent) replaceUrl(withoutProviderReturn(url));
  }
}
