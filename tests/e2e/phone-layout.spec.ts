import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from './support.ts';

const languages = [
  { prefix: '', account: /Account menu/, logIn: 'Log In', dialog: 'Log in or sign up', phone: 'Phone number', one: '1 question', many: (n: number) => `${n} questions`, word: 'warranty' },
  { prefix: 'zh-cn/', account: /账户菜单/, logIn: '登录', dialog: '登录或注册', phone: '手机号码', one: '共 1 个问题', many: (n: number) => `共 ${n} 个问题`, word: '保修' },
  { prefix: 'ms/', account: /Menu akaun/, logIn: 'Log Masuk', dialog: 'Log masuk atau daftar', phone: 'Nombor telefon', one: '1 soalan', many: (n: number) => `${n} soalan`, word: 'waranti' },
] as const;

/** True when `el` draws all of its text inside its own box. */
const fitsItsText = (el: Locator) => el.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight);

async function box(el: Locator) {
  const b = await el.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

async function live(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('logged in, the top bar keeps the name, the cart and the account menu apart', async ({ page }) => {
    await logIn(page);
    await live(page, '/pc/home');
    const name = page.getByRole('banner').getByRole('link', { name: /Servauto/ }).first();
    const cart = page.getByRole('link', { name: /cart/i }).first();
    const account = page.getByRole('button', { name: /Account menu/ });
    const [n, c, a] = [await box(name), await box(cart), await box(account)];
    // The name's letters stay inside its own box, and that box stays clear of the others.
    expect(await fitsItsText(name)).toBe(true);
    expect(n.x + n.width).toBeLessThanOrEqual(Math.min(c.x, a.x));
    expect(c.x + c.width <= a.x || a.x + a.width <= c.x).toBe(true);
    expect(a.x + a.width).toBeLessThanOrEqual(390);
  });

  for (const l of languages) {
    test(`/pc/${l.prefix}home: the login phone field shows +60 and a whole 11-digit number`, async ({ page }) => {
      await live(page, `/pc/${l.prefix}home`);
      await page.getByRole('button', { name: l.account }).click();
      await page.getByRole('button', { name: l.logIn, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: l.dialog });
      const field = dialog.getByLabel(l.phone);
      await field.fill('01123456789');
      await expect(dialog.getByText('+60', { exact: true })).toBeVisible();
      // The form first shown is swapped for the dialog's own once its code has arrived (the
      // number typed is kept): measured until the field in place fits.
      await expect(async () => {
        expect(await fitsItsText(field)).toBe(true);
        const [d, f] = [await box(dialog), await box(field)];
        expect(f.x + f.width).toBeLessThanOrEqual(d.x + d.width);
      }).toPass({ timeout: 5_000 });
      await expect(field).toHaveValue('01123456789');
    });

    test(`/pc/${l.prefix}home: banner captions stay off their pictures and inside the carousel`, async ({ page }) => {
      await live(page, `/pc/${l.prefix}home`);
      const carousel = page.locator('section[aria-roledescription="carousel"]');
      const slides = carousel.locator('[aria-roledescription="slide"]');
      const count = await slides.count();
      const heights = new Set<number>();
      for (let i = 0; i < count; i++) {
        await carousel.getByRole('button').nth(2 + i).click();
        const slide = slides.nth(i);
        await expect(slide).toBeVisible();
        const picture = await box(slide.getByRole('img'));
        for (const line of await slide.locator('p').all()) {
          const text = await box(line);
          expect(text.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
          expect(await fitsItsText(line)).toBe(true);
          expect(text.y + text.height).toBeLessThanOrEqual((await box(carousel)).y + (await box(carousel)).height);
        }
        heights.add(Math.round((await box(carousel)).height));
      }
      // Moving between banners never moves the page below.
      expect(heights.size).toBe(1);
    });

    test(`/pc/${l.prefix}faq counts its questions in words`, async ({ page }) => {
      await live(page, `/pc/${l.prefix}faq`);
      const search = page.getByRole('searchbox');
      const status = page.locator('#faq-status');
      const questions = page.locator('#faq-items > details');
      await expect(status).toHaveText(l.many(await questions.count()));
      await search.fill((await questions.first().locator('summary').innerText()).trim());
      await expect(status).toHaveText(l.one);
      await search.fill(l.word);
      await expect(status).toHaveText(l.many(await page.locator('#faq-items > details:not([hidden])').count()));
    });
  }
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const l of languages) {
      test(`/pc/${l.prefix}home: category and promise tiles keep their words inside`, async ({ page }) => {
        await page.goto(`/pc/${l.prefix}home`);
        const tiles = page.locator('section[aria-labelledby="categories"] a, section[aria-labelledby="promises"] li');
        // The categories, the basic service's price card and the promises.
        expect(await tiles.count()).toBe(13);
        for (const tile of await tiles.all()) expect(await fitsItsText(tile), await tile.innerText()).toBe(true);
      });
    }
  });
}
