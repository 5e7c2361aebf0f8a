import { z } from 'zod';

/** The request fields of a paged call: pages count from 1, with at most `max` items each (`size` when not asked). */
export function pageRequest(max: number, size: number) {
  return {
    pageNum: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(max).default(size),
  };
}

/** One page of `item`s: the items, how many there are in all, and which page this is. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
}
