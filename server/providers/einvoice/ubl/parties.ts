import { GENERAL_PUBLIC_TIN, lhdnStateCodes } from '../../../../contract/rules/einvoice-rules.ts';
import { COUNTRY, value, type UblNode } from './json.ts';
import type { EinvoiceAddress, EinvoiceBuyer, EinvoiceSeller } from './types.ts';

/** LHDN's general TIN for a foreign individual who gives a passport and no TIN of their own. */
export const FOREIGN_BUYER_TIN = 'EI00000000020';

/** The words LHDN's MSIC table gives the codes a car-care shop files under. */
const msicWords: Record<string, string> = {
  '45201': 'Maintenance and repair of motor vehicles',
  '45203': 'Washing and polishing (car wash)',
  '45205': 'Installation of parts and accessories not as part of the manufacturing process',
  '45300': 'Wholesale and retail sale of all kinds of parts, components, supplies, tools and accessories for motor vehicles',
  '47912': 'Retail sale of any kind of product over the Internet',
};

export function msicDescription(seller: Pick<EinvoiceSeller, 'msicCode' | 'msicDescription'>): string {
  const words = seller.msicDescription ?? msicWords[seller.msicCode];
  if (!words) throw new RangeError(`MSIC code ${seller.msicCode} needs its description (msicDescription)`);
  return words;
}

function identification(id: string, scheme: string): UblNode {
  return { ID: value(id, { schemeID: scheme }) };
}

export function postalAddress(address: EinvoiceAddress): [UblNode] {
  const lines = [address.line1, address.line2, address.line3].filter((l): l is string => Boolean(l && l.trim()));
  return [
    {
      CityName: value(address.city),
      PostalZone: value(address.postcode),
      CountrySubentityCode: value(lhdnStateCodes[address.state]),
      AddressLine: lines.map((line) => ({ Line: value(line) })),
      Country: [{ IdentificationCode: value(COUNTRY, { listID: 'ISO3166-1', listAgencyID: '6' }) }],
    },
  ];
}

function contact(phone: string, email?: string): [UblNode] {
  return [{ Telephone: value(phone), ...(email ? { ElectronicMail: value(email) } : {}) }];
}

/** cac:AccountingSupplierParty: the shop, with its TIN, BRN, SST number and MSIC code. */
export function supplierParty(seller: EinvoiceSeller): [UblNode] {
  return [
    {
      Party: [
        {
          IndustryClassificationCode: value(seller.msicCode, { name: msicDescription(seller) }),
          PartyIdentification: [
            identification(seller.tin, 'TIN'),
            identification(seller.ssmNo, 'BRN'),
            identification(seller.sstNo || 'NA', 'SST'),
            identification('NA', 'TTX'),
          ],
          PostalAddress: postalAddress(seller.address),
          PartyLegalEntity: [{ RegistrationName: value(seller.legalName) }],
          Contact: contact(seller.phone, seller.email),
        },
      ],
    },
  ];
}

/**
 * The buyer's TIN: their own, or LHDN's general one for an individual who gave none
 * (EI00000000010 for a Malaysian ID, EI00000000020 for a passport).
 */
export function buyerTin(buyer: EinvoiceBuyer): string {
  if (buyer.type === 'general-public') return GENERAL_PUBLIC_TIN;
  if (buyer.tin && buyer.tin.trim()) return buyer.tin.trim();
  if (buyer.type === 'business') throw new RangeError('a business buyer needs its TIN');
  return buyer.idType === 'PASSPORT' ? FOREIGN_BUYER_TIN : GENERAL_PUBLIC_TIN;
}

/** LHDN's state code 17, "Not Applicable". */
const STATE_NOT_APPLICABLE = '17';

/**
 * The buyer of a consolidated e-invoice (and of a sale nobody asked an e-invoice for), shaped
 * as LHDN's consolidated sample has it: LHDN's general TIN, "NA" for the registration, SST and
 * tourism numbers, the address line, the phone and the e-mail, no postcode. The name is
 * "General Public", as LHDN's consolidation guideline asks (the sample holds a placeholder).
 * Where the sample leaves the city, state and country empty, the document keeps values that
 * LHDN's code lists and mandatory fields accept: "NA", state 17 (not applicable) and MYS.
 */
const generalPublic = (): [UblNode] => [
  {
    Party: [
      {
        PostalAddress: [
          {
            CityName: value('NA'),
            PostalZone: value(''),
            CountrySubentityCode: value(STATE_NOT_APPLICABLE),
            AddressLine: [{ Line: value('NA') }],
            Country: [{ IdentificationCode: value(COUNTRY, { listID: 'ISO3166-1', listAgencyID: '6' }) }],
          },
        ],
        PartyLegalEntity: [{ RegistrationName: value('General Public') }],
        PartyIdentification: [identification(GENERAL_PUBLIC_TIN, 'TIN'), identification('NA', 'BRN'), identification('NA', 'SST'), identification('NA', 'TTX')],
        Contact: [{ Telephone: value('NA'), ElectronicMail: value('NA') }],
      },
    ],
  },
];

/** cac:AccountingCustomerParty: the named buyer, or "General Public" for a consolidation. */
export function customerParty(buyer: EinvoiceBuyer): [UblNode] {
  if (buyer.type === 'general-public') return generalPublic();
  return [
    {
      Party: [
        {
          PostalAddress: postalAddress(buyer.address),
          PartyLegalEntity: [{ RegistrationName: value(buyer.name) }],
          PartyIdentification: [
            identification(buyerTin(buyer), 'TIN'),
            identification(buyer.idValue, buyer.idType),
            identification(buyer.sstNo?.trim() || 'NA', 'SST'),
            identification('NA', 'TTX'),
          ],
          Contact: contact(buyer.phone, buyer.email),
        },
      ],
    },
  ];
}
