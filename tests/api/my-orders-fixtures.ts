import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestApi } from './harness.ts';
import { placeAndStartPaying, pressInSandbox, rows } from './order-fixtures.ts';

/** Paths of the My Orders calls (docs/contracts/orders.md §2). */
export const PAGE = '/api/app/order/vehicle/order/app/page';
export const CANCEL = '/api/app/order/vehicle/order/app/cancel';
export const DEL = '/api/app/order/vehicle/order/app/del';
export const CHANGE_TIME = '/api/app/order/vehicle/order/app/update/install/time';
export const REFUND = '/api/app/order/vehicle/order/app/refund';
export const REFUND_CANCEL = '/api/app/order/vehicle/order/app/refund/cancel';
export const UPLOAD = '/api/app/upload/image';

/** Uploads go to a folder of this test run, not to ./data (the app reads DATA_DIR when it starts). */
export function scratchDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'servauto-uploads-'));
  process.env.DATA_DIR = dir;
  return dir;
}

/** Places an order and pays it in the sandbox: its order number. */
export async function paidOrder(api: TestApi, userKey: string, body: Record<string, unknown>): Promise<string> {
  const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, body);
  await pressInSandbox(api, redirectUrl, 'pay');
  const [order] = await rows<{ status: string }>(api, sql`select status from orders where order_no = ${orderNo}`);
  if (order?.status !== 'UPCOMING') throw new Error(`order ${orderNo} is ${order?.status} after paying`);
  return orderNo;
}

/** What the console will do (issue 10), done in the database for the tests of the customer's side. */
export async function setOrder(api: TestApi, orderNo: string, set: { status: string; stage?: string | null; completedAt?: Date }) {
  await api.db.execute(
    sql`update orders set status = ${set.status}, stage = ${set.stage ?? null}, completed_at = ${set.completedAt?.toISOString() ?? null} where order_no = ${orderNo}`,
  );
}

export async function setRefund(api: TestApi, orderNo: string, status: string) {
  await api.db.execute(sql`update refunds set status = ${status} where order_id = (select id from orders where order_no = ${orderNo})`);
}

/** Posts a multipart form with `file` as the customer's browser would; the parsed envelope. */
export async function upload(api: TestApi, userKey: string | undefined, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', language = 'en_us') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await api.fetch(UPLOAD, { method: 'POST', body: form, headers: { language, ...(userKey ? { Authorization: userKey } : {}) } });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** A small photo with EXIF including a GPS position (Kuala Lumpur) and a camera name. */
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 2856/100', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 3110/100' },
    })
    .toBuffer();
}

export const pngPhoto = () => sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } }).png().toBuffer();
