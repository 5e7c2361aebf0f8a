import { createHash } from 'node:crypto';
import { z } from 'zod';
import { addMonths } from '../../../contract/rules/tyre-date.ts';
import { dotOfDate, isTyre, skusOf, WAREHOUSE, type StockedProduct } from '../../../contract/rules/stock.ts';

/**
 * content/stock/demo.json, loaded with the demo data: a deep warehouse, each workshop stocking
 * a share of what it fits (in a mix fixed by the place and sku, so every start plans the same),
 * some sizes short, one out everywhere, one batch older than the promise.
 */
export const demoStockFile = z.strictObject({
  /** Units of every sku at the warehouse (tyres in two batches). */
  warehouse: z.strictObject({ tyre: z.number().int().min(0), other: z.number().int().min(0) }),
  /** Percent of the skus of its categories a workshop stocks. */
  workshopShare: z.strictObject({ tyre: z.number().int().min(0).max(100), other: z.number().int().min(0).max(100) }),
  /** Skus in stock nowhere. */
  outEverywhere: z.array(z.string()),
  /** Counts set by hand, over the mix: a tyre's batch made this many months before the seeding day. */
  counts: z.array(
    z.strictObject({ location: z.string(), sku: z.string(), onHand: z.number().int().min(0), madeMonthsAgo: z.number().int().min(0).max(72).optional() }),
  ),
});
export type DemoStock = z.infer<typeof demoStockFile>;

interface DemoProduct extends StockedProduct {
  category: string;
}

/** 0–99 from the place and sku: the same on every start. */
const draw = (location: string, sku: string) => createHash('sha256').update(`${location}|${sku}`).digest().readUInt16BE(0) % 100;

export function planDemoStock(plan: DemoStock, products: readonly DemoProduct[], workshops: readonly { id: string; services: readonly string[] }[], today: string) {
  const out = new Set(plan.outEverywhere);
  const dotMonthsAgo = (months: number) => dotOfDate(addMonths(today, -months));
  const rows = new Map<string, { location: string; sku: string; dot: string; onHand: number }>();
  const put = (location: string, sku: string, dot: string, onHand: number) => {
    if (!out.has(sku)) rows.set(`${location}|${sku}|${dot}`, { location, sku, dot, onHand });
  };
  for (const product of products) {
    const tyre = isTyre(product);
    for (const sku of skusOf(product)) {
      if (tyre) {
        put(WAREHOUSE, sku, dotMonthsAgo(1), Math.ceil(plan.warehouse.tyre / 2));
        put(WAREHOUSE, sku, dotMonthsAgo(4), Math.floor(plan.warehouse.tyre / 2));
      } else put(WAREHOUSE, sku, '', plan.warehouse.other);
      for (const w of workshops) {
        if (!w.services.includes(product.category)) continue;
        const d = draw(w.id, sku);
        if (d >= (tyre ? plan.workshopShare.tyre : plan.workshopShare.other)) continue;
        // A few short (1, on the low list), the rest a working stock above it: tyres 5–12, others 3–8.
        const n = draw(w.id, `${sku}#count`);
        const onHand = n % 23 === 0 ? 1 : tyre ? 5 + (n % 8) : 3 + (n % 6);
        put(w.id, sku, tyre ? dotMonthsAgo(1 + (n % 6)) : '', onHand);
      }
    }
  }
  for (const c of plan.counts) {
    const product = products.find((p) => skusOf(p).includes(c.sku));
    if (!product) throw new Error(`content/stock/demo.json: ${c.sku} is not a sku of the catalogue`);
    if (c.location !== WAREHOUSE && !workshops.some((w) => w.id === c.location)) throw new Error(`content/stock/demo.json: ${c.location} is not a workshop`);
    const dot = isTyre(product) ? dotMonthsAgo(c.madeMonthsAgo ?? 2) : '';
    for (const key of [...rows.keys()]) if (key.startsWith(`${c.location}|${c.sku}|`)) rows.delete(key);
    put(c.location, c.sku, dot, c.onHand);
  }
  return [...rows.values()];
}
