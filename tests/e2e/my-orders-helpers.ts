import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { freeTimeOfMine } from './support.ts';

/**
 * Orders for the My Orders journeys, placed and paid as the shop's own pages would (the same
 * API calls and the sandbox's hosted page), so each test can start from the state it is about.
 */

export const SS2 = 'petaling-jaya-ss2-tyre-auto';
export const MYVI = 'perodua-myvi-1.5-av-2022';

/** A Perodua Myvi 1.5 AV in Petaling Jaya, as the car picker and the city menu leave them. */
export async function myviInPetalingJaya(page: Page) {
  // The variant id travels as an argument: the script runs in the page, where MYVI is unknown.
  await page.addInitScript((variantId) => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId, noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
    localStorage.setItem('servauto.curCity', JSON.stringify('petaling-jaya'));
  }, MYVI);
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One API call with the logged-in customer's key, from the page (as the islands make them). */
export async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([path, body]) => {
      const key = (JSON.parse(sessionStorage.getItem('servauto.user') ?? 'null') as { userKey: string } | null)?.userKey ?? '';
      // In the language of the page, as the islands send it.
      const language = location.pathname.startsWith('/pc/ms/') ? 'ms_my' : location.pathname.startsWith('/pc/zh-cn/') ? 'zh_cn' : 'en_us';
      const res = await fetch(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: key, userKey: key, language }, body: JSON.stringify(body) });
      return (await res.json()) as Envelope<unknown>;
    },
    [path, body] as const,
  );
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data as T;
}

let keys = 0;
type Slots = { dates: { date: string; available: boolean; times: { time: string; available: boolean }[] }[] };

/** Places an order for the Myvi: a basic service installed at SS2 at its first free time, or car mats picked up there. */
export async function placeOrder(page: Page, method: 'install' | 'pickup' = 'install', plate = 'WXY 1234'): Promise<string> {
  const items = method === 'install' ? [{ productId: 'service-basic', quantity: 1 }] : [{ productId: 'mat-goodyear-rubber', quantity: 1 }];
  let appointment: { date: string; time: string } | undefined;
  if (method === 'install') {
    const slots = await api<Slots>(page, '/app/order/vehicle/store/slots', { storeId: SS2, items });
    const day = slots.dates.find((d) => d.available)!;
    // This worker's share of the times first, so two workers never book one slot at once.
    appointment = { date: day.date, time: freeTimeOfMine(day.times).time };
  }
  const placed = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-my-orders-${Date.now()}-${(keys += 1)}`,
    items,
    variantId: MYVI,
    carPlate: plate,
    method,
    storeId: SS2,
    ...(appointment ? { appointment } : {}),
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
  });
  return placed.orderNo;
}

/** Pays an order on the sandbox's hosted page, as a customer back from FPX would have. */
export async function payInSandbox(page: Page, orderNo: string, payLabel = 'Pay') {
  const { redirectUrl } = await api<{ redirectUrl: string }>(page, '/app/order/vehicle/order/app/pay', { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' });
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: payLabel, exact: true }).click();
  await expect(page).toHaveURL(/\/pc\/(?:[a-z-]+\/)?pages\?orderNo=/);
  await expect.poll(async () => (await api<{ status: string }>(page, '/app/order/vehicle/order/update/pay/status', { orderNo })).status).toBe('UPCOMING');
}

/** A photo as a phone's gallery would hand one over: a small real JPEG. */
export async function photo(name = 'scratch.jpg') {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b91c1c' } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
