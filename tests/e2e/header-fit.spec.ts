import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support.ts';

// The top bar on a laptop, logged in with the car whose name is the longest in the content:
// one line from 1024 to 1440 px in every language, nothing wrapped or cut.

interface Variant { id: string; name: string; bodyType: string; years: number[] }
interface Brand { id: string; name: string; models: { id: string; name: string; variants: Variant[] }[] }

/** The car the top bar has most trouble with: the longest "Brand Model · Body type". */
function longestCar() {
  const dir = new URL('../../content/vehicles/', import.meta.url);
  const cars = readdirSync(dir).flatMap((file) => {
    const brand = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Brand;
    return brand.models.flatMap((model) =>
      model.variants.map((v) => ({
        label: `${brand.name} ${model.name} · ${v.bodyType}`,
        info: { brand: brand.name, model: model.name, year: String(v.years[0]), variant: v.name, brandId: brand.id, modelId: model.id, yearId: `${model.id}:${v.years[0]}`, variantId: v.id, noYear: false, noBt: false, bodyType: v.bodyType },
      })),
    );
  });
  return cars.sort((a, b) => b.label.length - a.label.length)[0]!;
}

/** One line: the logo, city, languages, car, search, cart and account side by side, 44 px each with the padding. */
const ONE_LINE = 72;

async function settled(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: /\+60/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Mercedes|Honda|·/ })).toBeVisible();
}

test('the top bar keeps to one line from 1024 to 1440 px in three languages, logged in with the longest car', async ({ page }) => {
  test.setTimeout(120_000);
  const car = longestCar();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript((info) => localStorage.setItem('carInfo', info), JSON.stringify(car.info));
  const phone = await logIn(page);
  const problems: string[] = [];
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/pc/${prefix}home`);
      await settled(page);
      const where = `${prefix || 'en/'} at ${width} px`;
      const header = await page.getByRole('banner').boundingBox();
      if (!header || header.height > ONE_LINE) problems.push(`${where}: the top bar is ${header?.height} px high`);
      // Each language link on one line (the current one is bold).
      for (const link of await page.getByRole('navigation', { name: /Language|语言|Bahasa/ }).getByRole('link').all()) {
        const box = await link.boundingBox();
        if (!box || box.height > 48) problems.push(`${where}: language link "${await link.getAttribute('title')}" wraps`);
      }
      // The car's name on one line, its full name on hover.
      const banner = page.getByRole('banner').getByRole('button', { name: /·/ });
      if (((await banner.boundingBox())?.height ?? 99) > 48) problems.push(`${where}: the car banner wraps`);
      if (!(await banner.getAttribute('title'))?.includes(car.label.split(' · ')[0]!)) problems.push(`${where}: the car banner has no title naming the car`);
      // The phone number whole.
      const number = page.getByRole('banner').getByRole('button', { name: /\+60/ }).locator('span');
      const cut = await number.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().height > 30);
      if (cut) problems.push(`${where}: the phone number is cut or wraps`);
      expect(await number.innerText()).toContain(phone.slice(-4));
      // Nothing pushed off the side.
      if (await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)) problems.push(`${where}: the page scrolls sideways`);
    }
  }
  expect(problems).toEqual([]);
});

test('at 1280 px, logged in, the car chip shows "Perodua Myvi" whole in three languages', async ({ page }) => {
  const myvi = { brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false, bodyType: 'Hatchback' };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript((info) => localStorage.setItem('carInfo', info), JSON.stringify(myvi));
  await logIn(page);
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    await page.goto(`/pc/${prefix}home`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const name = page.getByRole('banner').getByRole('button', { name: /Perodua Myvi/ }).getByText('Perodua Myvi', { exact: true });
    await expect(name).toBeVisible();
    // Not cut short: all of its text is shown.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${prefix || 'en/'}: "Perodua Myvi" is cut short`).toBe(true);
  }
});

test('on a phone the top bar keeps its rows, with search behind an icon', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((info) => localStorage.setItem('carInfo', info), JSON.stringify(longestCar().info));
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    await page.goto(`/pc/${prefix}home`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const header = await page.getByRole('banner').boundingBox();
    // Logo with search, cart and account; city and languages; the car: three rows of 44 px.
    expect(header!.height).toBeLessThanOrEqual(180);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
