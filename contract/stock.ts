import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import { paths } from './paths.ts';
import { TYRE_SIZE } from './rules/line-rules.ts';
import { STOCK_IMPORT_LINES_MAX, STOCK_ON_HAND_MAX, STOCK_QUANTITY_MAX, STOCK_REASON_MAX, stockMovementKinds } from './rules/stock.ts';

/**
 * Stock (docs/contracts/running-the-business.md §1): what a product has at a workshop and at the warehouse,
 * for anyone; the console's counts, receipts, counted adjustments, transfers, imports and
 * history, for admins (any place) and workshop staff (their own workshop).
 */

const slug = z.string().trim().min(1, 'field.required').max(80).regex(/^[a-z0-9-]+$/, 'field.invalid');
const location = slug.meta({ description: 'A workshop\'s storeId, or "warehouse".' });
const sku = z
  .string('field.required')
  .trim()
  .min(1, 'field.required')
  .max(120)
  .meta({ description: 'productId, productId@<tyreSize> (`tyre-michelin-energy-xm2-plus@185/55R15`) or productId@<inches>in (`wiper-bosch-aerotwin@24in`).' });
const dot = z.string().trim().max(4, 'stock.dotFormat').meta({ description: 'A tyre batch\'s DOT date code "WWYY"; empty or absent for everything else.' });
const note = z.string().trim().max(STOCK_REASON_MAX, 'stock.reason');

const forbidden = 'Not staff, staff of another workshop, or an admin-only call for workshop staff.';
const authCodes = { 403: forbidden, 708: 'No key, an unknown key, or an expired session.', 800: 'The key was revoked by logging out.' };

export const productStock = defineCall({
  path: paths.productStock,
  summary: 'What a product (one tyre size, one blade length) has free at a workshop and at the warehouse, and the first date it can be fitted',
  tag: 'catalog',
  auth: false,
  request: z.strictObject({
    productId: slug,
    tyreSize: z.string().regex(TYRE_SIZE, 'field.invalid').optional(),
    inches: z.number().int().min(8).max(32).optional().meta({ description: 'Wiper blades: the blade length.' }),
    storeId: slug.optional().meta({ description: 'The chosen workshop.' }),
    quantity: z.number().int().min(1).max(STOCK_QUANTITY_MAX).default(1),
  }),
  response: z.object({
    sku: z.string(),
    atStore: z
      .object({
        storeId: z.string(),
        available: z.number().int().meta({ description: 'Free units (not held by orders; tyres within the age promise).' }),
        dots: z.array(z.object({ dot: z.string(), available: z.number().int() })).meta({ description: 'The batches that would be reserved now for `quantity`, oldest first.' }),
      })
      .nullable(),
    warehouse: z.object({ available: z.number().int() }),
    earliestDate: z
      .string()
      .nullable()
      .meta({ description: 'Today (KL) when the workshop has `quantity` free, else today + transferDays when the warehouse has; null when neither has.' }),
  }),
  codes: { 404: 'Unknown product, a size or length it is not made in, a product not stocked, or an unknown workshop.' },
});

export const stockBatch = z.object({ dot: z.string(), onHand: z.number().int(), reserved: z.number().int(), aged: z.boolean() });

export const stockRow = z
  .object({
    sku: z.string(),
    name: z.string(),
    location: z.string(),
    onHand: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int().meta({ description: 'onHand − reserved, aged batches left out.' }),
    lowAt: z.number().int(),
    batches: z.array(stockBatch),
  })
  .meta({ id: 'StockRow' });

export const consoleStockPage = defineCall({
  path: paths.consoleStockPage,
  summary: 'Counts per place and sku, with their batches: admins any place, workshop staff their own workshop',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    location: location.optional().meta({ description: 'Workshop staff: their own (default); admins: any, or absent for all.' }),
    q: z.string().trim().max(80).optional().meta({ description: "Part of the sku or of the product's name (in the caller's language)." }),
    low: z.boolean().optional().meta({ description: 'Only rows whose available count is at or under lowAt.' }),
    aged: z.boolean().optional().meta({ description: 'Only rows holding a batch older than the tyre-age promise.' }),
    ...pageRequest(200, 50),
  }),
  response: pageOf(stockRow),
  codes: authCodes,
});

export const consoleStockReceive = defineCall({
  path: paths.consoleStockReceive,
  summary: 'Units received at a place (a tyre batch by its DOT date code); audited',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    location,
    sku,
    quantity: z.number('stock.quantity').int('stock.quantity').min(1, 'stock.quantity').max(STOCK_QUANTITY_MAX, 'stock.quantity'),
    dot: dot.optional(),
    note: note.optional(),
  }),
  response: stockRow,
  fieldLabels: { location: { en: 'The place', 'zh-cn': '地点', ms: 'Tempat' }, sku: { en: 'The product', 'zh-cn': '商品', ms: 'Produk' } },
  codes: { ...authCodes, 400: 'A sku the shop does not stock, an unknown place, or a DOT date code missing, malformed, of a week its year lacks, or in the future.' },
});

export const consoleStockAdjust = defineCall({
  path: paths.consoleStockAdjust,
  summary: "Sets a batch's counted units, with the reason; never below what orders hold; audited with before and after",
  tag: 'console',
  auth: true,
  request: z.strictObject({
    location,
    sku,
    dot: dot.optional(),
    onHand: z.number('stock.onHand').int('stock.onHand').min(0, 'stock.onHand').max(STOCK_ON_HAND_MAX, 'stock.onHand'),
    reason: z.string('stock.reason').trim().min(1, 'stock.reason').max(STOCK_REASON_MAX, 'stock.reason'),
  }),
  response: stockRow,
  codes: { ...authCodes, 400: 'See receive.', 807: 'Below the units orders hold.' },
});

export const consoleStockTransfer = defineCall({
  path: paths.consoleStockTransfer,
  summary: 'Admins: moves free units of a batch from one place to another now; audited',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    from: location,
    to: location,
    sku,
    dot: dot.optional(),
    quantity: z.number('stock.quantity').int('stock.quantity').min(1, 'stock.quantity').max(STOCK_QUANTITY_MAX, 'stock.quantity'),
  }),
  response: z.object({ from: stockRow, to: stockRow }),
  fieldLabels: { from: { en: 'The place to move from', 'zh-cn': '调出地点', ms: 'Tempat asal' }, to: { en: 'The place to move to', 'zh-cn': '调往地点', ms: 'Tempat tujuan' } },
  codes: { ...authCodes, 400: 'See receive; the same place twice.', 807: 'Fewer free units at `from`.' },
});

export const consoleStockImport = defineCall({
  path: paths.consoleStockImport,
  summary: 'Admins: receives many lines at once from CSV text; nothing is written when any line is refused',
  tag: 'console',
  auth: true,
  maxBodyBytes: 2 * 1024 * 1024,
  request: z.strictObject({
    csv: z
      .string('field.required')
      .max(STOCK_IMPORT_LINES_MAX * 200, 'stock.csvTooMany')
      .meta({ description: `\`sku,location,quantity,dot\`, a header line first; at most ${STOCK_IMPORT_LINES_MAX} lines; a UTF-8 byte order mark is accepted.` }),
    dryRun: z.boolean().optional().meta({ description: 'Only check: nothing is written.' }),
  }),
  response: z.object({
    accepted: z.number().int().meta({ description: 'Lines taken (or that would be, with dryRun); 0 when any is refused.' }),
    refused: z.array(z.object({ line: z.number().int().meta({ description: 'The header is line 1.' }), reason: z.string() })),
  }),
  codes: authCodes,
});

export const consoleStockHistory = defineCall({
  path: paths.consoleStockHistory,
  summary: "A sku's movements at a place, newest first: receipts, reservations, releases, sales, adjustments, transfers",
  tag: 'console',
  auth: true,
  request: z.strictObject({ location, sku }),
  response: z.array(
    z.object({
      kind: z.enum(stockMovementKinds),
      dot: z.string(),
      quantity: z.number().int(),
      onHandBefore: z.number().int(),
      onHandAfter: z.number().int(),
      reservedBefore: z.number().int(),
      reservedAfter: z.number().int(),
      by: z.string(),
      note: z.string(),
      details: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
  codes: authCodes,
});

/** The most low rows and the most aged batches the Attention list carries (each with its total). */
export const STOCK_ATTENTION_MAX = 50;

export const consoleStockAttention = defineCall({
  path: paths.consoleStockAttention,
  summary: "The console's Attention list: rows at or under their low count, and aged tyre batches still on the shelf; admins every place, workshop staff their own",
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z.object({
    low: z.array(z.object({ sku: z.string(), name: z.string(), location: z.string(), available: z.number().int(), lowAt: z.number().int() })).meta({ description: `Fewest available first; at most ${STOCK_ATTENTION_MAX}.` }),
    lowTotal: z.number().int(),
    aged: z.array(z.object({ sku: z.string(), name: z.string(), location: z.string(), dot: z.string(), onHand: z.number().int() })).meta({ description: `Oldest first; at most ${STOCK_ATTENTION_MAX}.` }),
    agedTotal: z.number().int(),
  }),
  codes: authCodes,
});

/** The most products one search of the stocked catalogue answers. */
export const STOCK_PRODUCTS_MAX = 20;

export const consoleStockProducts = defineCall({
  path: paths.consoleStockProducts,
  summary: "Staff: the stocked products whose name (in the caller's language) or id holds every word searched, each with its skus, to receive one a place does not hold yet",
  tag: 'console',
  auth: true,
  request: z.strictObject({ q: z.string().trim().max(80).optional().meta({ description: "Words of the product's name or id; absent lists the first products." }) }),
  response: z
    .array(
      z.object({
        productId: z.string(),
        name: z.string(),
        tyre: z.boolean().meta({ description: 'Tyres are received by batch: a DOT date code is required.' }),
        skus: z.array(z.object({ sku: z.string(), size: z.string().meta({ description: 'The tyre size or blade length (`24"`); empty for a product stocked as one sku.' }) })),
      }),
    )
    .meta({ description: `By name; at most ${STOCK_PRODUCTS_MAX}.` }),
  codes: authCodes,
});

export const stockCalls = [productStock, consoleStockPage, consoleStockReceive, consoleStockAdjust, consoleStockTransfer, consoleStockImport, consoleStockHistory, consoleStockAttention, consoleStockProducts];
