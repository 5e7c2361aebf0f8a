import type { Context, Hono } from 'hono';
import { Code } from '../../contract/codes.ts';
import { userDataExport } from '../../contract/data-export.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import { paths } from '../../contract/paths.ts';
import { exportCustomerData } from '../flows/data-export.ts';
import type { ShopContext } from '../flows/context.ts';
import { answerError, type CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { DomainError } from '../modules/errors.ts';
import type { garageService } from '../modules/vehicles/service.ts';
import { exportDocumentOf } from '../queries/data-export.ts';

/** HTTP statuses of the file's refusals, for browsers and tools that read the status, not the envelope. */
const fileStatus: Record<number, 401 | 429> = { [Code.SESSION_EXPIRED]: 401, [Code.KEY_REVOKED]: 401, [Code.WARNING]: 429 };

/**
 * The customer's data (docs/contracts/running-the-business.md §5): `app/user/data/export` in the envelope, and
 * the same document as a file, `GET /api/app/user/data/export.json` with the user key (the
 * Authorization header the calls take). Both count towards the same hourly limit.
 * `checkSession` sets the caller on the context, or throws 708/800 as every call does.
 */
export function dataExportRoutes(
  calls: CallMounter,
  api: Hono<AppEnv>,
  ctx: ShopContext,
  garage: ReturnType<typeof garageService>,
  checkSession: (c: Context<AppEnv>) => Promise<unknown>,
) {
  const reads = () => ({ garage, portalBase: ctx.einvoice.provider.portalBase, warrantyDays: ctx.indexes.orderRules.warranty.warrantyDays });
  const documentFor = (c: Context<AppEnv>, way: 'call' | 'file') => {
    const userId = c.get('user').id;
    return exportCustomerData(ctx, userId, way, () => exportDocumentOf(ctx, reads(), userId, c.get('locale')));
  };

  calls.mount(userDataExport, (_input, c) => documentFor(c, 'call'));

  api.get(paths.userDataExportFile, async (c) => {
    // Personal data: never kept by a cache on the way.
    c.header('Cache-Control', 'no-store');
    try {
      await checkSession(c);
      const document = await documentFor(c, 'file');
      c.set('answerCode', Code.OK);
      return c.body(JSON.stringify(document, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="servauto-export-${klDate(ctx.now())}.json"`,
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const status = fileStatus[err.code];
      if (status) c.status(status);
      if (status === 401) c.header('WWW-Authenticate', 'Bearer');
      const retryAt = (err.data as { retryAt?: string } | null)?.retryAt;
      if (status === 429 && retryAt) c.header('Retry-After', String(Math.max(1, Math.ceil((Date.parse(retryAt) - ctx.now().getTime()) / 1000))));
      return answerError(c, err);
    }
  });
}
