import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** The ids of a Perodua Myvi 2023 1.5 AV, as the picker's call gives them today. */
async function myviIds(request: APIRequestContext) {
  const chose = async (body: object) => (await (await request.post('/api/app/order/vehicle/car/size/chose', { data: body })).json()).data.list;
  const brand = (await chose({ keyword: 'perodua' })).find((b: { brand: string }) => b.brand === 'Perodua');
  const model = (await chose({ brandId: brand.brandId })).find((m: { carModel: string }) => m.carModel === 'Myvi');
  const year = (await chose({ modelId: model.modelId })).find((y: { carYear: string }) => y.carYear === '2023');
  const variant = (await chose({ yearId: year.yearId })).find((v: { carVariant: string }) => v.carVariant.startsWith('1.5 AV'));
  return { brandId: brand.brandId, modelId: model.modelId, yearId: year.yearId, variantId: variant.variantId, variant: variant.carVariant };
}

/** A browser coming back to the home page with `carInfo` already in its local storage. */
async function comeBackWith(page: Page, carInfo: unknown) {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('seeded')) return;
    localStorage.setItem('carInfo', value);
    sessionStorage.setItem('seeded', '1');
  }, JSON.stringify(carInfo));
  await page.goto('/pc/home');
}

const storedCar = (page: Page) => page.evaluate(() => localStorage.getItem('carInfo'));

test('a stored car of another shape is dropped, never shown as "undefined undefined"', async ({ page }) => {
  await comeBackWith(page, { brandName: 'Perodua', modelName: 'Myvi', id: 7 });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add Your Car' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText('undefined');
  expect(await storedCar(page)).toBeNull();
});

test('a stored car whose variant the shop no longer lists is dropped once the shop is asked', async ({ page, request }) => {
  const ids = await myviIds(request);
  const checked = page.waitForResponse('**/api/app/order/vehicle/car/size/chose');
  await comeBackWith(page, {
    brand: 'Perodua',
    model: 'Myvi',
    year: '2023',
    ...ids,
    variant: '1.3 EZi',
    variantId: 'perodua-myvi-1.3-ezi-2005',
    noYear: false,
    noBt: false,
    bodyType: 'Hatchback',
  });
  await checked;
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add Your Car' })).toBeVisible();
  expect(await storedCar(page)).toBeNull();
});

test('a stored car the shop still lists is kept', async ({ page, request }) => {
  const ids = await myviIds(request);
  const checked = page.waitForResponse('**/api/app/order/vehicle/car/size/chose');
  await comeBackWith(page, { brand: 'Perodua', model: 'Myvi', year: '2023', ...ids, noYear: false, noBt: false, bodyType: 'Hatchback' });
  await checked;
  await expect(page.getByRole('button', { name: /Your car: Perodua Myvi · Hatchback/ })).toBeVisible();
  expect(JSON.parse((await storedCar(page)) ?? 'null')).toMatchObject({ brand: 'Perodua', model: 'Myvi', variantId: ids.variantId });
});
