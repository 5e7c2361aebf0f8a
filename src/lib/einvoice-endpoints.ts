import type * as einvoice from '../../contract/einvoice.ts';
import { endpoint } from './endpoints.ts';
import * as paths from '../../contract/paths/orders.ts';

/** The buyer's e-invoice calls (see endpoints.ts): asked from the invoice page. */
export const einvoiceRequest = endpoint<typeof einvoice.einvoiceRequest>(paths.einvoiceRequest);
export const einvoiceFind = endpoint<typeof einvoice.einvoiceFind>(paths.einvoiceFind);
