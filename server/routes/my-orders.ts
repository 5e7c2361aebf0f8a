import type { Hono } from 'hono';
import { Code } from '../../contract/codes.ts';
import { orderCancel, orderChangeTime, orderDelete, orderPage, orderRefund, orderRefundCancel, uploadImage as uploadCall } from '../../contract/my-orders.ts';
import { answerError, type CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { DomainError } from '../modules/errors.ts';
import { checkImageLink } from '../storage/signing.ts';
import type { StoredFile } from '../storage/index.ts';
import { loggableError } from '../db/loggable.ts';
import { log } from '../ops/log.ts';
import type { ShopContext } from '../flows/context.ts';
import { cancelOrder, deleteOrder } from '../flows/my-orders/cancel-delete.ts';
import { changeInstallTime } from '../flows/my-orders/change-time.ts';
import { requestRefund, revokeRefund } from '../flows/my-orders/refund.ts';
import { uploadImage } from '../flows/my-orders/upload.ts';
import { orderList } from '../queries/my-orders.ts';
import { findOrder } from '../queries/order-view.ts';

export function myOrderRoutes(calls: CallMounter, api: Hono<AppEnv>, ctx: ShopContext) {
  calls.mount(orderPage, (input, c) => orderList(ctx, c.get('user').id, input, c.get('locale')));
  calls.mount(orderCancel, async (input, c) => {
    await cancelOrder(ctx, c.get('user').id, input);
    return findOrder(ctx, c.get('user').id, input.orderNo, c.get('locale'));
  });
  calls.mount(orderDelete, (input, c) => deleteOrder(ctx, c.get('user').id, input.orderNo));
  calls.mount(orderChangeTime, async (input, c) => {
    await changeInstallTime(ctx, c.get('user').id, input);
    return findOrder(ctx, c.get('user').id, input.orderNo, c.get('locale'));
  });
  calls.mount(orderRefund, async (input, c) => {
    await requestRefund(ctx, c.get('user').id, input);
    return findOrder(ctx, c.get('user').id, input.orderNo, c.get('locale'));
  });
  calls.mount(orderRefundCancel, async (input, c) => {
    await revokeRefund(ctx, c.get('user').id, input.orderNo);
    return findOrder(ctx, c.get('user').id, input.orderNo, c.get('locale'));
  });
  calls.mountRaw(uploadCall, (c) => uploadImage(ctx, c.get('user').id, c.req.raw));

  // The photo behind a signed link (see storage/signing.ts): a link that is not the server's,
  // or has run out, shows nothing, not even whether the photo exists.
  api.get('/upload/image/:key', async (c) => {
    const key = c.req.param('key');
    let file: StoredFile | null;
    try {
      file = checkImageLink(ctx.secret, key, c.req.query('expires'), c.req.query('sig'), ctx.now()) ? await ctx.storage.get(key) : null;
    } catch (err) {
      // The bucket (or the folder) out of reach: the link answers 503 itself, so a browser or a
      // cache takes it for a passing failure, not for a photo.
      log.error(`[photos] GET ${key}: storage unavailable`, loggableError(err), { requestId: c.get('requestId') });
      c.status(503);
      c.header('Cache-Control', 'no-store');
      c.header('Retry-After', '30');
      return answerError(c, new DomainError(Code.UNAVAILABLE, 'upload.unavailable'));
    }
    if (!file) {
      c.status(404);
      return answerError(c, new DomainError(Code.NOT_FOUND, 'upload.notFound'));
    }
    // Streamed from the storage (the bucket, or the folder) through the API, never redirected to
    // it: the bucket stays private and may sit on an internal address, and the link's headers
    // (a sandbox, no sniffing, a private cache) hold whichever storage serves the photo.
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      ...(file.size !== null ? { 'Content-Length': String(file.size) } : {}),
      'Cache-Control': 'private, max-age=3600',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
