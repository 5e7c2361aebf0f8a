import seller from '../../content/seller.json';
import { formatPhone } from '../../contract/rules/phone.ts';

/**
 * Who sells, for the pages: the one file that names the seller (content/seller.json), read at
 * build. The footer, About, the policies, the FAQ and the structured data take the name, the
 * registration, the address and the contacts from here, as the invoice and the SMS do on the
 * server, so every place names the same company; a demo seller says so wherever it is named.
 */
export interface PageSeller {
  demo: boolean;
  brand: string;
  legalName: string;
  ssmNo: string;
  address: string;
  phone: string;
  email: string;
}

const details = seller as Partial<Record<keyof PageSeller, unknown>>;
const text = (field: keyof PageSeller) => (typeof details[field] === 'string' ? (details[field] as string).trim() : '');

export const shopSeller: PageSeller = {
  demo: details.demo === true,
  brand: text('brand') || text('legalName'),
  legalName: text('legalName'),
  ssmNo: text('ssmNo'),
  address: text('address'),
  phone: formatPhone(text('phone')),
  email: text('email'),
};

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The placeholders a content page may hold, `{{legalName}}` and so on, each filled from the seller. */
export const sellerPlaceholders = ['brand', 'legalName', 'ssmNo', 'address', 'phone', 'email'] as const;

/**
 * A content page's HTML with `{{legalName}}`, `{{ssmNo}}`, `{{address}}`, `{{phone}}`,
 * `{{email}}` and `{{brand}}` filled from the seller, escaped. A placeholder of another name
 * stops the build, naming it and the page, rather than showing braces to a customer.
 */
export function withSeller(html: string, page: string, from: PageSeller = shopSeller): string {
  return html.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => {
    if (!(sellerPlaceholders as readonly string[]).includes(name)) {
      throw new Error(`content/pages/${page}.md: {{${name}}} is not one of ${sellerPlaceholders.map((p) => `{{${p}}}`).join(', ')}`);
    }
    return escapeHtml(from[name as (typeof sellerPlaceholders)[number]]);
  });
}
