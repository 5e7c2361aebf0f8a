import type { Db } from '../../db/client.ts';
import { memoryOnNotice } from '../../db/changes.ts';
import { levelsOf, loadStockRules, type StockLevelRow, type StockRules } from './service.ts';

/**
 * Stock counts and rules kept between reads where the database tells this process of every
 * change (PGlite: server/db/changes.ts; the triggers are in migration 0031): a notice drops its
 * sku's counts ('*': everything, the rules too) before the writing statement's promise
 * resolves, so a read made after a write never finds the counts from before it. On PostgreSQL
 * every read goes to the database. Reads only: a reservation locks and reads its rows itself.
 */
export const STOCK_CHANNEL = 'stock_levels';

/** Enough for every sku a busy catalogue is asked about; then all dropped. */
const MOST_SKUS = 8192;

class StockMemory {
  private skus = new Map<string, StockLevelRow[]>();
  private rules: StockRules | null = null;
  /** Bumped by '*': every stamp taken before it is stale. */
  private epoch = 0;
  private changes = new Map<string, number>();

  heard(payload: string) {
    if (payload === '*') {
      this.epoch++;
      this.skus.clear();
      this.rules = null;
      return;
    }
    this.changes.set(payload, (this.changes.get(payload) ?? 0) + 1);
    this.skus.delete(payload);
  }

  stamp(sku: string): string {
    return `${this.epoch}.${this.changes.get(sku) ?? 0}`;
  }

  recall(sku: string) {
    return this.skus.get(sku);
  }

  keep(sku: string, stamp: string, rows: StockLevelRow[]) {
    if (stamp !== this.stamp(sku)) return;
    if (this.skus.size >= MOST_SKUS) this.skus.clear();
    this.skus.set(sku, rows);
  }

  recallRules() {
    return this.rules;
  }

  keepRules(stamp: number, rules: StockRules) {
    if (stamp === this.epoch) this.rules = rules;
  }

  get ruleStamp() {
    return this.epoch;
  }
}

const memoryOf = (db: Db) => memoryOnNotice(db, STOCK_CHANNEL, () => new StockMemory());

/** A sku's batches at these places: from memory when this database tells of changes, else read. */
export async function skuLevels(db: Db, sku: string, locations: readonly string[]): Promise<readonly StockLevelRow[]> {
  const memory = memoryOf(db);
  if (!memory) return levelsOf(db, [sku], [...locations]);
  let rows = memory.recall(sku);
  if (!rows) {
    const stamp = memory.stamp(sku);
    rows = await levelsOf(db, [sku]);
    memory.keep(sku, stamp, rows);
  }
  return rows.filter((r) => locations.includes(r.location));
}

/** The stock rules (content/stock/stock.json as last synced), from memory the same way. */
export async function stockRulesNow(db: Db): Promise<StockRules> {
  const memory = memoryOf(db);
  if (!memory) return loadStockRules(db);
  const kept = memory.recallRules();
  if (kept) return kept;
  const stamp = memory.ruleStamp;
  const rules = await loadStockRules(db);
  memory.keepRules(stamp, rules);
  return rules;
}
