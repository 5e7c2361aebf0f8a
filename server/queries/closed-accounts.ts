import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import type { OrderRow } from '../modules/orders/service.ts';

/**
 * The order's customer as staff read it: the contact given at checkout, or "closed account" (the
 * contact was erased with the account, and nothing of it is shown again).
 */
export function customerOfOrder(order: Pick<OrderRow, 'customerId' | 'contact'>, closed: Set<string>, locale: Locale): { name: string; phone: string; closedAccount?: true } {
  if (closed.has(order.customerId)) return { name: message(locale, 'close.closedAccount'), phone: '', closedAccount: true };
  return { name: order.contact.name, phone: order.contact.phone };
}
