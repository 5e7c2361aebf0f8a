import type { BuyerProblemKey } from '../../contract/rules/einvoice-ids.ts';
import type { Messages } from '../../contract/rules/messages/en.ts';

/** A buyer rule's name as the e-invoice form keys its problems: `einvoice.tin` → `tin`. */
type FormProblem = BuyerProblemKey extends `einvoice.${infer Name}` ? Name : never;

/**
 * The e-invoice buyer rules (contract/rules/einvoice-ids.ts) in the words of the server's
 * messages in one language, keyed as the request form reads them (`problemText` in
 * src/islands/invoice/EinvoiceFields.tsx): every dictionary's `einvoiceForm.problems` holds them.
 */
export function buyerProblems(said: Messages): Record<FormProblem, string> {
  return {
    nric: said['einvoice.nric'],
    passport: said['einvoice.passport'],
    army: said['einvoice.army'],
    brn: said['einvoice.brn'],
    idTypeForBusiness: said['einvoice.idTypeForBusiness'],
    idTypeForIndividual: said['einvoice.idTypeForIndividual'],
    tinRequired: said['einvoice.tinRequired'],
    tin: said['einvoice.tin'],
    sstNo: said['einvoice.sstNo'],
    postcodeState: said['einvoice.postcodeState'],
  };
}
