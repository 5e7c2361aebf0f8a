import type * as einvoice from '../../contract/einvoice.ts';
import { endpoint } from './endpoints.ts';
import * as paths from '../../contract/paths/console.ts';

/** The console's e-invoice calls (see endpoints.ts). */
export const consoleEinvoicePage = endpoint<typeof einvoice.consoleEinvoicePage>(paths.consoleEinvoicePage);
export const consoleEinvoiceRetry = endpoint<typeof einvoice.consoleEinvoiceRetry>(paths.consoleEinvoiceRetry);
export const consoleEinvoiceConsolidate = endpoint<typeof einvoice.consoleEinvoiceConsolidate>(paths.consoleEinvoiceConsolidate);
export const consoleEinvoiceHistory = endpoint<typeof einvoice.consoleEinvoiceHistory>(paths.consoleEinvoiceHistory);
