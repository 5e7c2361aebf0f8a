import type { Locale } from '../../contract/rules/language.ts';
import type { OrderStatus } from '../../contract/rules/order-status.ts';
import { href } from '../i18n/index.ts';

/**
 * Orders that were paid have an invoice: every status after payment. An order cancelled while
 * waiting for payment never was (money that reached it late goes back by itself).
 */
const invoicedStatuses: readonly OrderStatus[] = ['UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'REFUNDED'];

export const hasInvoice = (status: OrderStatus): boolean => invoicedStatuses.includes(status);

/** The order's printable tax invoice, /myorder-status/invoice?orderNo=…. */
export const invoiceHref = (locale: Locale, orderNo: string): string => href(locale, `myorder-status/invoice?orderNo=${encodeURIComponent(orderNo)}`);
