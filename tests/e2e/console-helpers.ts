import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { api, MYVI } from './my-orders-helpers.ts';
import { freeTimeOfMine, openLoggedIn, type Session, sessionFor } from './support.ts';

/**
 * Staff for the console journeys. The demo staff have one phone each and a code may be asked
 * for once a minute, so each is logged in once per run and the key shared by every test,
 * whichever worker runs it.
 */

export const SEGAMBUT = 'kuala-lumpur-segambut-maju-jaya';
export const ADMIN_PHONE = '100000001';
export const WORKSHOP_PHONE = '100000002';
/** The demo staff of SS2 Tyre & Auto Service, a workshop that fits tyres. */
export const TYRE_WORKSHOP_PHONE = '100000003';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The staff member's session for this run: logged in by the first test that needs it, then shared. */
export async function staffSession(page: Page, phone: string): Promise<Session> {
  const dir = process.env.SERVAUTO_E2E_DIR;
  if (!dir) throw new Error('SERVAUTO_E2E_DIR is not set: run the browser tests through playwright.config.ts');
  const file = path.join(dir, `staff-${phone}.json`);
  const lock = `${file}.lock`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Session;
    try {
      mkdirSync(lock);
    } catch {
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(file)) writeFileSync(file, JSON.stringify(await sessionFor(page.request, phone)));
    } finally {
      rmdirSync(lock);
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Session;
}

/** Opens a page as the staff member, their session in the tab as the login dialog leaves it. */
export async function openAsStaff(page: Page, phone: string, url: string) {
  await openLoggedIn(page, await staffSession(page, phone));
  await page.goto(url);
}

let keys = 0;
type Slots = { dates: { date: string; available: boolean; times: { time: string; available: boolean }[] }[] };

/**
 * A Myvi order placed by the logged-in customer at a workshop: a basic service (or `items`) booked
 * at its first free time, or car mats to pick up; `phone` is the contact's.
 */
export async function placeAt(
  page: Page,
  storeId: string,
  method: 'install' | 'pickup',
  plate: string,
  phone = '0123456789',
  items: unknown[] = method === 'install' ? [{ productId: 'service-basic', quantity: 1 }] : [{ productId: 'mat-goodyear-rubber', quantity: 1 }],
): Promise<{ orderNo: string; date?: string; time?: string }> {
  let appointment: { date: string; time: string } | undefined;
  if (method === 'install') {
    const slots = await api<Slots>(page, '/app/order/vehicle/store/slots', { storeId, items });
    const day = slots.dates.find((d) => d.available)!;
    // This worker's share of the times first, so two workers never book one slot at once.
    appointment = { date: day.date, time: freeTimeOfMine(day.times).time };
  }
  const placed = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-console-${Date.now()}-${(keys += 1)}`,
    items,
    variantId: MYVI,
    carPlate: plate,
    method,
    storeId,
    ...(appointment ? { appointment } : {}),
    contact: { name: 'Lim Wei Ming', phone },
    notes: 'Please check the rear wiper too',
  });
  return { orderNo: placed.orderNo, ...appointment };
}

/** The customer's order page shows where the order stands. */
export async function customerSees(page: Page, orderNo: string, words: string | RegExp) {
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  await expect(page.getByText(words).first()).toBeVisible();
}
