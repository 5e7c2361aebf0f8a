import type * as invoice from '../../contract/invoice.ts';
import * as paths from '../../contract/paths/orders.ts';
import { endpoint } from './endpoints.ts';

/** The invoice page's call (see endpoints.ts): a paid order's tax invoice with its credit notes and e-invoice. */
export const orderInvoice = endpoint<typeof invoice.orderInvoice>(paths.orderInvoice);
