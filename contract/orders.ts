import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { line } from './line.ts';
import { couponClientGetLabels, orderAddLabels, orderNoLabels, orderPayLabels, storeSlotsLabels } from './order-fields.ts';
import { methodFields, plateNeeded } from './rules/order-required.ts';
import { orderDetail } from './order-dto.ts';
import { COUPON_CODE_MAX, normaliseCouponCode } from './rules/coupon.ts';
import { fpxBanks, fulfilmentMethods, orderStages, orderStatuses, payMethods } from './rules/order-status.ts';
import { paths } from './paths.ts';
import { checkPhone, toE164 } from './rules/phone.ts';
import { checkPlate, normalisePlate, PLATE_MAX_LENGTH } from './rules/plate.ts';
import { checkPostcode, findState, normalisePostcode, POSTCODE_ELSEWHERE, postcodeElsewhere } from './rules/postcode.ts';

/**
 * The customer calls of docs/contracts/orders.md §2 that checkout, booking and payment introduce. Field
 * names are fixed by docs/contracts/orders.md; messages are keys of contract/rules/messages.ts.
 */

/** Most lines in one order: more than a car takes in one visit. */
export const MAX_LINES = 20;
export const NOTES_MAX = 500;

/** The car's variant: every order line is checked against it, so an order without one is refused in those words. */
export const variantId = z
  .string({ error: (issue) => (issue.input === undefined ? 'line.variantNeeded' : undefined) })
  .min(1, 'line.variantNeeded')
  .max(80)
  .regex(/^[a-z0-9.:-]+$/, 'field.invalid');
export const storeId = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'field.invalid')
  .meta({ description: 'A workshop id, e.g. "petaling-jaya-ss2-tyre-auto".' });
const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');

/** The cart's lines, `{productId, quantity, options?}`: the catalogue's own line (contract/line.ts). */
export const items = z.array(line).min(1, 'fulfilment.emptyCart').max(MAX_LINES);

/** Text a person types: trimmed, and blank counts as missing. */
const text = (max: number) => z.string().trim().min(1, 'field.required').max(max);
/** An optional text where a blank form field means "none". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** A number as people write it (`+60 12-345 6789`, `012-345 6789`) without its spaces and dashes. */
const compactPhone = (value: string) => value.replace(/[\s-]/g, '');

const mobile = z
  .string()
  .superRefine((value, ctx) => {
    // Blank is "<field> is required": the login's own wording names no field.
    const problem = value.trim() === '' ? 'field.required' : checkPhone(compactPhone(value));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => toE164(compactPhone(value)))
  .meta({ description: 'Malaysian mobile number, spaces and dashes allowed; answered as +60…', example: '+60 12-345 6789' });

const email = optionalText(120).superRefine((value, ctx) => {
  if (value !== undefined && !z.regexes.email.test(value)) ctx.addIssue({ code: 'custom', message: 'field.invalid' });
});

export const carPlate = z
  .string()
  .max(PLATE_MAX_LENGTH, 'plate.invalid')
  .superRefine((value, ctx) => {
    const problem = checkPlate(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => normalisePlate(value)!)
  .meta({ description: 'Malaysian plate, any case and spacing; kept as capitals with single spaces ("WXY 1234").', example: 'WXY 1234' });

/** An order's plate: a blank one is none, which only an installation refuses (checkMethodFields). */
const orderPlate = z
  .string()
  .transform((value) => (value.trim() === '' ? undefined : value))
  .pipe(carPlate.optional())
  .optional()
  .meta({ description: 'Required for installation, where the workshop checks the car; a pickup or a parcel may leave it out. Checked when given.' });

export const appointment = z
  .strictObject({
    date: calendarDate,
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.invalid')
      .meta({ description: 'HH:mm, Kuala Lumpur; one of the times store/slots offers.' }),
  })
  .meta({ id: 'Appointment' });

/** A van's window at the customer's place (store/mobile/windows): its date and start. */
export const vanWindowChoice = z
  .strictObject({
    date: calendarDate,
    start: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.invalid')
      .meta({ description: 'HH:mm, Kuala Lumpur; the start of one of the windows store/mobile/windows offers.' }),
  })
  .meta({ id: 'VanWindowChoice' });

/** A Malaysian state or federal territory, as people write it; kept by its name. */
export const addressState = z
  .string()
  .max(60)
  .superRefine((value, ctx) => {
    if (!findState(value)) ctx.addIssue({ code: 'custom', message: 'address.state' });
  })
  .transform((value) => findState(value)!.name)
  .meta({ description: 'State or federal territory; answered by its name, e.g. "Selangor", "Wilayah Persekutuan Kuala Lumpur".' });

/** The fields of a delivery address, each checked as typed. */
/** A Malaysian postcode as typed (digits of a Chinese keyboard too), refused unless it is one. */
export const postcodeField = z
  .string()
  .transform(normalisePostcode)
  .superRefine((value, ctx) => {
    const problem = checkPostcode(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const addressFields = {
  recipient: text(80),
  phone: mobile,
  line1: text(120),
  line2: optionalText(120),
  postcode: postcodeField,
  city: text(60),
  state: addressState,
  /** Fitting at the customer's place: what helps the technician find the car (a guardhouse, a car park level). */
  landmark: optionalText(120),
};

/** A postcode of another state than the one chosen is refused at the postcode, naming where it is ("88300 is in Sabah, not Selangor."). */
export function postcodeInState(a: { postcode?: string; state?: string }, ctx: z.RefinementCtx) {
  if (a.postcode !== undefined && a.state !== undefined && checkPostcode(a.postcode, a.state) === 'postcode.wrongState') {
    const elsewhere = postcodeElsewhere(a.postcode, a.state);
    if (elsewhere) ctx.addIssue({ code: 'custom', message: POSTCODE_ELSEWHERE, params: elsewhere, path: ['postcode'] });
    else ctx.addIssue({ code: 'custom', message: 'postcode.wrongState', path: ['postcode'] });
  }
}

export const address = z.strictObject(addressFields).superRefine(postcodeInState).meta({ id: 'Address' });

export const contact = z.strictObject({ name: text(80), phone: mobile, email }).meta({ id: 'Contact' });

export const couponCode = z
  .string()
  .max(COUPON_CODE_MAX)
  .optional()
  .transform((v) => (v === undefined ? undefined : normaliseCouponCode(v) || undefined))
  .meta({ description: 'Any case and spacing; a blank code is no code.' });

/**
 * Refuses a workshop, appointment or address the method has no use for; with `required`, also
 * one it needs and lacks, and a missing plate on an installation (contract/rules/order-required.ts says which).
 */
export function checkMethodFields(required: boolean) {
  return (order: { method: keyof typeof methodFields; carPlate?: unknown; storeId?: unknown; appointment?: unknown; address?: unknown; window?: unknown }, ctx: z.RefinementCtx) => {
    const needs = methodFields[order.method];
    if (!needs) return;
    if (required && plateNeeded[order.method] && order.carPlate === undefined) ctx.addIssue({ code: 'custom', path: ['carPlate'], message: 'plate.required' });
    for (const field of ['storeId', 'appointment', 'address', 'window'] as const) {
      const given = order[field] !== undefined;
      if (required && needs[field] && !given) ctx.addIssue({ code: 'custom', path: [field], message: field === 'appointment' ? 'slot.required' : field === 'window' ? 'mobile.windowRequired' : 'field.required' });
      if (!needs[field] && given) ctx.addIssue({ code: 'custom', path: [field], message: 'order.fieldNotForMethod' });
    }
  };
}

/** The order's own fields, shared by placing it and asking its bill (contract/cart-quote.ts). */
export const orderFields = {
  items,
  variantId,
  carPlate: orderPlate,
  method: z.enum(fulfilmentMethods),
  storeId: storeId.optional(),
  appointment: appointment.optional(),
  address: address.optional(),
  window: vanWindowChoice.optional().meta({ description: "Fitting at the customer's place (method mobile): the van's window, at the address's postcode." }),
  contact,
  notes: z.string().trim().max(NOTES_MAX, 'order.notesTooLong').optional(),
  couponCode,
};

export const orderAddRequest = z
  .strictObject({
    idempotencyKey: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'field.invalid')
      .meta({ description: 'Made once per checkout (a UUID); the same key from the same customer answers the same order again.' }),
    ...orderFields,
    whatsapp: z
      .boolean()
      .optional()
      .meta({ description: '"Send my order updates on WhatsApp" as ticked at checkout: a change of the customer\'s choice (app/user/channels) is recorded as their consent when the order is placed; absent: the choice stays as it is.' }),
  })
  .superRefine(checkMethodFields(true));

export const slotDate = z
  .object({
    date: z.string().meta({ description: 'YYYY-MM-DD' }),
    available: z.boolean().meta({ description: 'Some time that day can take the whole job.' }),
    times: z
      .array(z.object({ time: z.string().meta({ description: 'HH:mm' }), available: z.boolean().meta({ description: 'False: every bay is taken then.' }) }))
      .meta({ description: 'The start times from which the whole job ends by closing; empty when the day is shorter than the job.' }),
  })
  .meta({ id: 'SlotDate' });

export const storeSlots = defineCall({
  path: paths.storeSlots,
  summary: 'Appointment dates and times at a workshop for a cart: 30 dates from 2 days ahead, no Sundays or closed days',
  tag: 'orders',
  auth: true,
  fieldLabels: storeSlotsLabels,
  request: z.strictObject({
    storeId,
    items,
    variantId: variantId.optional().meta({ description: "The customer's car: each line's stocked units (a wiper set's blade lengths) are counted as the order will reserve them, so a workshop short of them offers dates from the transfer on. Without it, lines are counted by their own choices." }),
    orderNo: orderNo.optional().meta({ description: "The customer's own order whose installation time is being changed: the time it holds counts as free." }),
    claimId: z.uuid('warranty.unknown').optional().meta({ description: "The customer's own warranty claim whose free repair is being booked or moved: the time it holds counts as free." }),
  }),
  response: z.object({
    storeId: z.string(),
    fittingMinutes: z.number().int().meta({ description: 'How long the job takes a bay, in whole 30-minute units.' }),
    dates: z.array(slotDate),
  }),
  codes: { 404: 'Unknown workshop or product.', 807: 'The workshop does not fit a line of the cart, or a line does not fit the car.' },
});

export const couponDto = z
  .object({
    code: z.string(),
    title: z.string().meta({ description: 'In the request language.' }),
    kind: z.enum(['percent', 'amount']),
    percent: z.number().int().nullable(),
    capSen: z.number().int().nullable(),
    amountSen: z.number().int().nullable(),
    minSpendSen: z.number().int(),
    validFrom: z.string(),
    validUntil: z.string(),
    firstOrderOnly: z.boolean(),
    usable: z.boolean(),
    discountSen: z.number().int().meta({ description: 'What it takes off this cart; 0 when not usable.' }),
    reason: z.string().meta({ description: 'Why it cannot be used, in the request language; empty when usable.' }),
    moreToSpendSen: z.number().int().meta({ description: 'Below the minimum spend: how much more; otherwise 0.' }),
  })
  .meta({ id: 'Coupon' });

export const couponClientGet = defineCall({
  path: paths.couponClientGet,
  summary: "The customer's coupons for a cart, each usable or with the reason, and the code typed if any",
  tag: 'orders',
  auth: true,
  fieldLabels: couponClientGetLabels,
  request: z.strictObject({
    items,
    couponCode,
    variantId: variantId.optional().meta({ description: "The customer's car: lines are priced for it. Without one, each line is priced from its lowest price." }),
    method: z.enum(fulfilmentMethods).default('install').meta({ description: 'How the cart will be fulfilled: labour and its tax count only for installation.' }),
    state: addressState.optional().meta({ description: "Mailing: the address's state, for the delivery fee (West or East Malaysia). Checked as the address's state is." }),
  }),
  response: z.object({
    goodsSen: z.number().int().meta({ description: 'Parts, labour and tax of the cart: what a coupon applies to.' }),
    deliverySen: z.number().int().nullable().meta({ description: 'Mailing to `state`: the delivery fee order/app/add will charge (0 when free); null when not mailing or no state was given.' }),
    totalSen: z
      .number()
      .int()
      .meta({ description: 'What order/app/add would charge now: goods, less the typed coupon when it is usable, plus delivery when known.' }),
    list: z.array(couponDto),
    entered: couponDto.nullable().meta({ description: 'The coupon of couponCode; null when none was typed.' }),
  }),
  codes: { 404: 'A product that does not exist.', 807: 'A typed code that is not a coupon.' },
});

export const orderAdd = defineCall({
  path: paths.orderAdd,
  summary: 'Place an order: prices computed by the server, a slot held until payBefore for installation',
  tag: 'orders',
  auth: true,
  fieldLabels: orderAddLabels,
  request: orderAddRequest,
  response: z.object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    totalSen: z.number().int(),
    payBefore: z.string().meta({ description: 'ISO 8601 time after which the unpaid order is cancelled.' }),
    appointment: z
      .object({ date: z.string(), time: z.string(), bay: z.number().int() })
      .nullable()
      .meta({ description: 'Install orders: the time held, and the bay it is held in.' }),
  }),
  codes: {
    404: 'Unknown product, variant or workshop.',
    807: 'A line the car or the method cannot take, a time no longer free, an unusable coupon, or the same idempotencyKey with a different order.',
  },
});

export const orderPay = defineCall({
  path: paths.orderPay,
  summary: "Start paying an order: the provider's payment page to send the customer to",
  tag: 'orders',
  auth: true,
  fieldLabels: orderPayLabels,
  request: z
    .strictObject({
      orderNo,
      payMethod: z.enum(payMethods),
      bankCode: z.enum(fpxBanks.map((b) => b.code) as [string, ...string[]]).optional().meta({ description: 'FPX only: the bank to pay from.' }),
    })
    .superRefine((pay, ctx) => {
      if (pay.bankCode !== undefined && pay.payMethod !== 'fpx') ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'order.bankOnlyForFpx' });
    }),
  response: z.object({ redirectUrl: z.string() }),
  codes: { 404: 'No such order of this customer.', 807: 'The order is no longer waiting for payment.' },
});

/** How an attempt to pay ended, as update/pay/status answers it. */
export const paymentOutcomes = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;

export const orderPayStatus = defineCall({
  path: paths.orderPayStatus,
  summary: "Ask the payment provider for the truth about an order's payment, and answer its status",
  tag: 'orders',
  auth: true,
  fieldLabels: orderNoLabels,
  request: z.strictObject({
    orderNo,
    providerReturn: z
      .record(z.string().max(64), z.string().max(512))
      .optional()
      .meta({ description: "The query the provider's page sent the browser back with (Curlec: razorpay_payment_id, razorpay_payment_link_id, …, razorpay_signature). Its signature is checked before anything is answered; a forged one is refused (807)." }),
  }),
  response: z.object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    paid: z.boolean(),
    payBefore: z.string().nullable(),
    payment: z
      .object({
        status: z.enum(paymentOutcomes),
        method: z.enum(payMethods),
      })
      .nullable()
      .meta({ description: 'The last attempt to pay, as the provider last reported it; null before any attempt. FAILED: it did not go through, the order may be paid again.' }),
  }),
  codes: { 404: 'No such order of this customer.' },
});

export const orderFind = defineCall({
  path: paths.orderFind,
  summary: 'One order of the customer, with everything they may see: lines, totals, workshop, appointment, history, refunds, payments, SMS sent',
  tag: 'orders',
  auth: true,
  fieldLabels: orderNoLabels,
  request: z.strictObject({ orderNo }),
  response: orderDetail,
  codes: { 404: "No such order of this customer (another customer's order answers the same)." },
});

/** The methods the configured provider takes, in the order the payment page offers them. */
export const payMethodsOffered = defineCall({
  path: paths.payMethodsOffered,
  summary: 'The payment methods this shop takes now (its provider decides), and the FPX banks',
  tag: 'orders',
  auth: false,
  request: z.strictObject({}),
  response: z.object({
    methods: z.array(z.enum(payMethods)),
    banks: z.array(z.object({ code: z.string(), name: z.string() })),
    atomeMinSen: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The least amount Atome takes (content), when the provider offers Atome; null when it does not (docs/contracts/running-the-business.md §4).' }),
  }),
  codes: {},
});

/** A DuitNow QR payment of an order, as the shop's own QR page shows it. */
export const orderPayQr = defineCall({
  path: paths.orderPayQr,
  summary: "The order's DuitNow QR to scan (its text for drawing, the amount, the merchant name, when it expires) and how its payment stands",
  tag: 'orders',
  auth: true,
  fieldLabels: orderNoLabels,
  request: z.strictObject({ orderNo }),
  response: z.object({
    orderNo: z.string(),
    amountSen: z.number().int(),
    merchantName: z.string(),
    /** The EMVCo payload the QR encodes, drawn by the page. Null once paid or expired. */
    qrText: z.string().nullable(),
    /** ISO time the QR stops working. */
    expiresAt: z.string(),
    status: z.enum(paymentOutcomes),
  }),
  codes: { 404: 'No such order of this customer, or it has no DuitNow QR payment waiting.' },
});

export const orderCalls = [storeSlots, couponClientGet, orderAdd, orderPay, orderPayStatus];
