import { recordExport, withdrawExport, type ExportWay } from '../modules/data-export/service.ts';
import { log } from '../ops/log.ts';
import type { ShopContext } from './context.ts';

/**
 * An export of the customer's data (docs/contracts/running-the-business.md §5): recorded first, which
 * refuses it past the hourly limit, then the document is made by `read` (the read model joining
 * every module's part, handed in by the route). A document that could not be made takes its
 * record back, so a failure does not use up one of the customer's exports.
 */
export async function exportCustomerData<T>(ctx: Pick<ShopContext, 'db' | 'now'>, userId: string, way: ExportWay, read: () => Promise<T>): Promise<T> {
  const id = await recordExport(ctx.db, userId, way, ctx.now());
  let document: T;
  try {
    document = await read();
  } catch (err) {
    await withdrawExport(ctx.db, id);
    throw err;
  }
  log.info(`[export] account ${userId}: its data exported (${way === 'file' ? 'as a file' : 'by the call'}, record #${id})`);
  return document;
}
