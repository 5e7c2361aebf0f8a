import { z } from 'zod';
import { defineCall } from './call.ts';
import { orderAddLabels } from './order-fields.ts';
import { addressFields, carPlate, checkMethodFields, contact, orderFields, postcodeInState, variantId } from './orders.ts';
import { paths } from './paths.ts';

/**
 * The whole bill of an order before it is placed (docs/contracts/orders.md §2): the same fields as
 * order/app/add, priced by the same code, so the order placed charges what this answered.
 * Only what changes the price is needed; what is given is checked as order/app/add checks it
 * (the appointment's time is held, and so checked against the workshop's day, only by placing).
 */

/** A delivery address as far as it is filled in: its state alone prices delivery. */
const quoteAddress = z
  .strictObject(addressFields)
  .partial()
  .required({ state: true })
  .superRefine(postcodeInState)
  .meta({ id: 'QuoteAddress', description: 'The delivery address so far; `state` alone prices delivery (West or East Malaysia).' });

const sen = z.number().int();

export const quoteLine = z
  .object({
    productId: z.string(),
    quantity: z.number().int(),
    name: z.string().meta({ description: 'In the request language.' }),
    image: z.string(),
    maxQuantity: z.number().int().meta({ description: 'How many one car can take in one order.' }),
    oil: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Service packages: the engine oil the line comes with for this car, or the one chosen, named in the request language.' }),
    unitSen: sen.meta({ description: 'One unit: parts, labour and tax.' }),
    partsSen: sen,
    labourSen: sen.meta({ description: 'Only when the workshop fits it (installation).' }),
    serviceTaxSen: sen.meta({ description: '8 % on labour.' }),
    totalSen: sen.meta({ description: 'partsSen + labourSen + serviceTaxSen.' }),
  })
  .meta({ id: 'QuoteLine' });

export const cartQuote = defineCall({
  path: paths.cartQuote,
  summary: 'The whole bill for lines, method, state and coupon, as order/app/add would charge it',
  tag: 'orders',
  auth: true,
  fieldLabels: orderAddLabels,
  request: z
    .strictObject({
      ...orderFields,
      variantId: variantId.optional().meta({ description: "The customer's car: lines are priced for it. Without one, each line is priced from its lowest price." }),
      carPlate: carPlate.optional().meta({ description: 'Does not change the price; checked when given.' }),
      contact: contact.optional(),
      address: quoteAddress.optional(),
    })
    .superRefine(checkMethodFields(false)),
  response: z.object({
    lines: z.array(quoteLine),
    partsSen: sen.meta({ description: 'The parts of every line.' }),
    labourSen: sen.meta({ description: 'The labour of every line: installation only.' }),
    serviceTaxSen: sen.meta({ description: 'The service tax of every line.' }),
    subtotalSen: sen.meta({ description: 'The lines together: parts, labour and tax (what a coupon applies to).' }),
    deliveryFeeSen: sen
      .nullable()
      .meta({ description: 'Mailing: the fee to the address’s state (0 when free); null until a state is given. 0 for installation and pickup.' }),
    visitFeeSen: sen.meta({ description: "Fitting at the customer's place: the van's visit fee, before its service tax; 0 otherwise." }),
    visitFeeTaxSen: sen.meta({ description: 'The 8 % service tax on the visit fee.' }),
    discountSen: sen.meta({ description: 'What the coupon takes off; 0 when none or not usable (never the visit fee or delivery).' }),
    totalSen: sen.meta({ description: 'subtotalSen − discountSen + deliveryFeeSen + visitFeeSen + visitFeeTaxSen: what order/app/add charges for the same input.' }),
    coupon: z
      .object({
        code: z.string(),
        title: z.string().optional().meta({ description: "The coupon's title, in the request language; absent for a code that is no coupon." }),
        usable: z.boolean(),
        reason: z.string().optional().meta({ description: 'Why it does not apply, in the request language; absent when usable.' }),
      })
      .nullable()
      .meta({ description: 'The coupon of couponCode; null when none was given.' }),
  }),
  codes: { 404: 'Unknown product, variant or workshop.', 807: 'A line the car or the method cannot take, or a workshop that does not fit the cart.' },
});
