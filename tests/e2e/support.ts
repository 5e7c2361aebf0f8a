import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

let counter = 0;
/** A fresh Malaysian mobile number per test, so resend waits never collide. */
export function freshPhone(): string {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 10 + (counter % 10);
  return `12${String(n).padStart(7, '0').slice(-7)}`;
}

/** The logs of the test servers whose login codes tests read: the first server's, the expiry server's and the Curlec server's. */
function serverLogs(): string[] {
  const log = process.env.SERVAUTO_LOG;
  if (!log) throw new Error('SERVAUTO_LOG is not set: run the browser tests through playwright.config.ts');
  const others = [process.env.SERVAUTO_EXPIRY_LOG, process.env.SERVAUTO_CURLEC_LOG].filter((l): l is string => !!l && existsSync(l));
  return [log, ...others];
}

function smsLinesFor(phone: string): string[] {
  const e164 = phone.startsWith('+60') ? phone : `+60${phone.replace(/^0/, '')}`;
  // Each phone is fresh to one test, so its codes come from one server only.
  return serverLogs()
    .flatMap((log) => readFileSync(log, 'utf8').split('\n'))
    .filter((l) => l.includes(`[sms] OTP for ${e164}:`));
}

/** How many codes have been sent to `phone` so far. */
export const codesSentTo = (phone: string) => smsLinesFor(phone).length;

/** What the page says to the customer: the open dialog's text and every notice and alert. */
export async function whatThePageSays(page: Page): Promise<string> {
  const texts = await page
    .locator('dialog[open], [role="alert"], [role="status"]')
    .evaluateAll((nodes) =>
      nodes
        .map((n) => {
          // What is typed in a field is not its text: each field's value is said after it.
          const fields = [...n.querySelectorAll('input')].map((i) => `[${i.id || i.name || i.type}: "${i.value}"${i.disabled ? ', disabled' : ''}]`);
          return [(n as HTMLElement).innerText.trim().replace(/\s+/g, ' '), ...fields].join(' ').trim();
        })
        .filter(Boolean),
    )
    .catch((err: Error) => [`(could not read the page: ${err.message})`]);
  return texts.length ? texts.map((t) => `"${t}"`).join('; ') : '(nothing)';
}

/**
 * The newest code the console SMS provider logged for `phone`, once more than `before` were
 * sent. Given the page, a code that never comes is reported with what the page said instead.
 */
export async function otpFromLog(phone: string, before = 0, page?: Page): Promise<string> {
  let code: string | undefined;
  try {
    await expect
      .poll(
        () => {
          const lines = smsLinesFor(phone);
          code = lines.length > before ? lines.at(-1)?.match(/: (\d{6})$/)?.[1] : undefined;
          return code;
        },
        { message: `a new OTP for ${phone} in the server log` },
      )
      .toBeTruthy();
  } catch (err) {
    if (!page) throw err;
    throw new Error(`${(err as Error).message}\nNo code was sent to ${phone}; the page says: ${await whatThePageSays(page)}`, { cause: err });
  }
  return code!;
}

export interface LoginTexts {
  account: RegExp;
  logIn: string;
  phone: string;
  sendOtp: string;
  code: string;
  confirm: string;
}

export const english: LoginTexts = {
  account: /Account menu/,
  logIn: 'Log In',
  phone: 'Phone number',
  sendOtp: 'Send OTP',
  code: '6-digit code',
  confirm: 'Confirm',
};

export const chinese: LoginTexts = { account: /账户菜单/, logIn: '登录', phone: '手机号码', sendOtp: '发送验证码', code: '6 位验证码', confirm: '确认' };
export const malay: LoginTexts = { account: /Menu akaun/, logIn: 'Log Masuk', phone: 'Nombor telefon', sendOtp: 'Hantar OTP', code: 'Kod 6 digit', confirm: 'Sahkan' };

/** Logs in through the account menu as a person would; returns the phone used. */
export async function logInThroughMenu(page: Page, texts: LoginTexts = english, phone = freshPhone()) {
  await page.getByRole('button', { name: texts.account }).click();
  await page.getByRole('button', { name: texts.logIn, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await fillLoginDialog(page, dialog, texts, phone);
  await expect(dialog).toBeHidden();
  return phone;
}

/** Logs in through a login dialog already open: the phone, Send OTP, the code from the server's log, Confirm. */
export async function fillLoginDialog(page: Page, dialog: Locator, texts: LoginTexts = english, phone = freshPhone()): Promise<string> {
  await dialog.getByLabel(texts.phone).fill(phone);
  const before = codesSentTo(phone);
  await dialog.getByRole('button', { name: texts.sendOtp }).click();
  await dialog.getByLabel(texts.code).fill(await otpFromLog(phone, before, page));
  await dialog.getByRole('button', { name: texts.confirm }).click();
  return phone;
}

/** A login as the login dialog gets one: the user's key and the user. */
export interface Session {
  userKey: string;
  user: unknown;
}

async function post<T>(request: APIRequestContext, url: string, body: unknown): Promise<T> {
  const answer = (await (await request.post(url, { data: body })).json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/**
 * A session for `phone` through the API, as the login dialog makes it: a code sent by SMS, read
 * from the server's log, and exchanged for the key. `origin` is another test server's.
 */
export async function sessionFor(request: APIRequestContext, phone: string, origin = ''): Promise<Session> {
  const before = codesSentTo(phone);
  await post(request, `${origin}/api/app/user/send/sms`, { phone });
  const code = await otpFromLog(phone, before);
  return post<Session>(request, `${origin}/api/app/user/client-login`, { phone, code });
}

let seedings = 0;

/**
 * Puts `session` in the tab before any of its pages next runs a script, as the login dialog
 * leaves it; once, so logging out in the tab stays logged out, and a later call (another staff
 * member, the first again) takes over from the next page on.
 */
export async function openLoggedIn(page: Page, session: Session) {
  const seeded = `servauto.e2e.seeded.${process.pid}.${(seedings += 1)}`;
  await page.addInitScript(
    ({ s, seeded }) => {
      try {
        if (sessionStorage.getItem(seeded)) return;
        sessionStorage.setItem(seeded, '1');
        sessionStorage.setItem('servauto.user', JSON.stringify(s));
      } catch {
        // A page whose storage is blocked (about:blank) is not the shop's.
      }
    },
    { s: session, seeded },
  );
}

/**
 * Logs a customer in without the dialog (login.spec.ts and one journey per language test the
 * dialog): the tab's pages open logged in from here on, the open one once reloaded. Answers the
 * phone, a fresh one unless given.
 */
export async function logIn(page: Page, phone = freshPhone(), origin = ''): Promise<string> {
  await openLoggedIn(page, await sessionFor(page.request, phone, origin));
  if (page.url() !== 'about:blank') await page.reload();
  return phone;
}

/**
 * On the shop whose next code to a phone may go SERVAUTO_QUICK_OTP_RESEND_SECONDS after the last
 * (SERVAUTO_EXPIRY_BASE_URL): waits out what is left of that, and no more. A customer who logs in
 * again, or asks for a closing code, just after a login meets the same rule.
 */
export async function untilTheNextCode(page: Page, lastSentAt: number) {
  const wait = Number(process.env.SERVAUTO_QUICK_OTP_RESEND_SECONDS) * 1000;
  await page.waitForTimeout(Math.max(0, lastSentAt + wait + 250 - Date.now()));
}

/** `+60 12-345 6789`, as the account menu shows a number. */
export function shownPhone(local: string): string {
  const d = local.replace(/^0/, '');
  const split = d.startsWith('11') ? 6 : 5;
  return `+60 ${d.slice(0, 2)}-${d.slice(2, split)} ${d.slice(split)}`;
}

/**
 * Where this worker's share of a day's `count` times begins: the day split in one run of
 * consecutive times per worker (the morning for one, the afternoon for the other). A service
 * takes up to two hours, so taking turns time by time would let two tests booking the same
 * workshop and day at once overlap; halves of the day never do until one half is full.
 */
function shareStart(count: number): number {
  const workers = Math.max(1, test.info().config.workers);
  return Math.floor((count * (test.info().parallelIndex % workers)) / workers);
}

/**
 * The days a Date list offers, once it offers any: the list is drawn when the workshop's
 * free times have loaded, so reading it at once can find nothing.
 */
export async function freeDays(date: Locator): Promise<string[]> {
  const free = date.locator('option:not([disabled]):not([value=""])');
  await expect(free.first()).toBeAttached();
  return free.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/**
 * Clicks a free time in a Time group: the first free one of this worker's share of the day,
 * the first free one if none of the share is left. Answers its words.
 */
export async function chooseFreeTime(group: Locator): Promise<string> {
  const free = group.locator('button:enabled');
  await expect(free.first()).toBeVisible();
  const times = group.getByRole('button');
  const count = await times.count();
  for (let i = shareStart(count); i < count; i++) {
    const time = times.nth(i);
    if (await time.isEnabled()) {
      const words = (await time.textContent())!.trim();
      await time.click();
      return words;
    }
  }
  const words = (await free.first().textContent())!.trim();
  await free.first().click();
  return words;
}

/** Of a day's times (from the slots call), the first free one of this worker's share, as chooseFreeTime. */
export function freeTimeOfMine<T extends { available: boolean }>(times: T[]): T {
  const start = shareStart(times.length);
  return times.find((t, i) => t.available && i >= start) ?? times.find((t) => t.available)!;
}
