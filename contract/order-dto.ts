import { z } from 'zod';
import { lineOptions } from './line.ts';
import { noticeDto, paymentDto, refundDto } from './my-orders-dto.ts';
import { actors, fulfilmentMethods, orderStages, orderStatuses } from './rules/order-status.ts';

/**
 * An order as it is read: its lines, its history, and everything `app/find` answers about it.
 * The console and My Orders answer the same order in their own calls.
 */

const money = z.number().int();

/** The order's ledger (its payments and what went back to them): the figures every screen shows. */
export const moneyFigures = z
  .object({
    paidSen: money.meta({ description: 'Every sen its payments took.' }),
    usedSen: money.meta({ description: 'Kept by the order: what a refund may still return.' }),
    returnedSen: money.meta({ description: 'Confirmed back with the customer.' }),
    toReturnSen: money.meta({ description: 'On its way back: money the order cannot use, and approved refunds not yet paid.' }),
  })
  .meta({ id: 'OrderMoney' });

/** A tyre fitted by the order, as read off its sidewall when the installation was completed. */
export const fittedTyreDto = z
  .object({
    dot: z.string().meta({ description: 'The DOT date code: week and year it was made, e.g. "3226" = week 32 of 2026.', example: '3226' }),
    madeWeek: z.number().int(),
    madeYear: z.number().int(),
    ageMonthsAtFitting: z.number().int().meta({ description: 'Whole months from the Monday of that week to the day it was fitted (Malaysian calendar).' }),
    words: z.string().meta({ description: 'In the request language, e.g. "Made in week 32 of 2026 (4 months old when fitted)".' }),
  })
  .meta({ id: 'FittedTyre' });

export const reservedUnitsDto = z
  .object({
    location: z.string().meta({ description: 'Where the units wait: a workshop\'s storeId, or "warehouse" (sent on to the workshop, or the parcel\'s origin).' }),
    dot: z.string().optional().meta({ description: 'Tyres: the DOT date code of the batch, "WWYY" (e.g. "3226" = week 32 of 2026).', example: '3226' }),
    quantity: z.number().int(),
  })
  .meta({ id: 'ReservedUnits' });

export const orderLineDto = z
  .object({
    lineId: z.string().meta({ description: 'The line, stable for the life of the order (warranty claims name it).' }),
    productId: z.string(),
    category: z.string(),
    brand: z.string(),
    name: z.string().meta({ description: "The product's name in the request language; a product no longer sold keeps the name it was bought under." }),
    image: z.string(),
    quantity: z.number().int(),
    options: lineOptions,
    optionWords: z
      .array(z.string())
      .meta({ description: 'The choices in words, in the request language, as the checkout showed them: e.g. "Tyre size: 175/65R14", "Tint transmittance: Front windscreen 70%, Side windows 50%, Rear windscreen 30%", "Engine oil: …".' }),
    oil: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Service packages: the engine oil chosen (options.oilId), named as the product page names it, in the request language.' }),
    unitSen: money.meta({ description: 'One unit: parts, labour and tax, as the product page showed it.' }),
    partsSen: money,
    labourSen: money,
    serviceTaxSen: money,
    totalSen: money,
    tyres: z.array(fittedTyreDto).meta({ description: 'Tyres this line fitted, one per tyre, once the installation is completed; empty otherwise.' }),
    reserved: z
      .array(reservedUnitsDto)
      .meta({ description: 'The units held for this line (docs/contracts/running-the-business.md §1), oldest batch first; empty for what is not stocked, and once released or sold.' }),
  })
  .meta({ id: 'OrderLine' });

export const orderHistoryDto = z
  .object({
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    at: z.string().meta({ description: 'ISO 8601.' }),
    by: z.enum(actors),
    note: z.string().meta({ description: "The customer's or staff's words, or the system's note in the request language." }),
  })
  .meta({ id: 'OrderHistory' });

export const orderDetail = z
  .object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    method: z.enum(fulfilmentMethods),
    createdAt: z.string(),
    payBefore: z.string().nullable().meta({ description: 'Until when it can be paid; null once paid or ended.' }),
    secondsToPay: z.number().int().meta({ description: 'Seconds left to pay now; 0 when it cannot be paid.' }),
    paidSen: money,
    refundedSen: money,
    money: moneyFigures,
    car: z.object({ variantId: z.string(), name: z.string(), sizeClass: z.string(), plate: z.string() }),
    contact: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    address: z
      .object({
        recipient: z.string(),
        phone: z.string(),
        line1: z.string(),
        line2: z.string().nullable(),
        postcode: z.string(),
        city: z.string(),
        state: z.string(),
        landmark: z.string().nullable().meta({ description: "Fitting at the customer's place: what helps the technician find the car." }),
      })
      .nullable(),
    notes: z.string(),
    visit: z
      .object({
        van: z.string().meta({ description: 'The van that comes, by name.' }),
        date: z.string(),
        start: z.string(),
        end: z.string(),
        onTheWayAt: z.string().nullable().meta({ description: 'When the technician set off (ISO 8601).' }),
        etaMinutes: z.number().int().nullable(),
      })
      .nullable()
      .meta({ description: "Fitting at the customer's place: the van, its window, and whether the technician set off; null otherwise (and `store` is then null)." }),
    store: z
      .object({
        id: z.string(),
        name: z.string(),
        address: z.string(),
        phone: z.string(),
        lat: z.number(),
        lng: z.number(),
        wazeUrl: z.string(),
        googleMapsUrl: z.string(),
      })
      .nullable(),
    appointment: z
      .object({ date: z.string(), time: z.string(), endTime: z.string().meta({ description: 'When the job should be done, HH:mm.' }) })
      .nullable(),
    appointmentPassed: z.boolean().meta({ description: 'A booked installation whose time is over while the workshop has not started it: no longer "booked", the customer is told to contact the workshop or ask for a refund.' }),
    closure: z
      .object({ date: z.string().meta({ description: 'The booked day (YYYY-MM-DD, Malaysian time).' }), reason: z.string() })
      .nullable()
      .meta({ description: 'A booked installation whose workshop has closed on its day since: the customer may choose a new time, free of charge and of the change limit.' }),
    lines: z.array(orderLineDto),
    totals: z.object({
      partsSen: money,
      labourSen: money,
      serviceTaxSen: money.meta({ description: '8 % service tax on labour.' }),
      goodsSen: money,
      deliveryFeeSen: money,
      visitFeeSen: money.meta({ description: "Fitting at the customer's place: the visit fee before its service tax." }),
      visitFeeTaxSen: money.meta({ description: 'The 8 % service tax on the visit fee.' }),
      discountSen: money,
      totalSen: money,
    }),
    coupon: z.object({ code: z.string(), title: z.string() }).nullable(),
    pickupCode: z.string().nullable().meta({ description: 'Self pickup: the code to show at the counter, once paid.' }),
    pickupQr: z
      .object({ size: z.number().int(), path: z.string() })
      .nullable()
      .meta({ description: "The pickup code's QR code: an SVG path of its dark modules in a square of `size` modules (quiet zone included)." }),
    expressCompany: z.string().nullable(),
    expressNo: z.string().nullable(),
    tracking: z
      .object({ courier: z.string(), url: z.string() })
      .nullable()
      .meta({ description: "Mail orders once shipped: the courier's name and the page that tracks the parcel (null for a courier without one)." }),
    actions: z
      .object({ pay: z.boolean(), cancel: z.boolean(), changeTime: z.boolean(), refund: z.boolean(), revokeRefund: z.boolean(), delete: z.boolean() })
      .meta({ description: 'What the customer may do with the order now.' }),
    history: z.array(orderHistoryDto),
    // My Orders (issue 9).
    refunds: z.array(refundDto).meta({ description: 'Refund requests, newest first, each with its photos and its own history.' }),
    payments: z.array(paymentDto).meta({ description: 'Attempts to pay, oldest first.' }),
    notices: z.array(noticeDto).meta({ description: 'SMS sent about the order, oldest first: the timeline shows them.' }),
    reschedulesLeft: z.number().int().meta({ description: 'Changes of the installation time still allowed (3 per order).' }),
  })
  .meta({ id: 'OrderDetail' });
