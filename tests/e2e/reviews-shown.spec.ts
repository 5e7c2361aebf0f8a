import { expect, test } from '@playwright/test';
import { openAsStaff, placeAt, SEGAMBUT, WORKSHOP_PHONE } from './console-helpers.ts';
import { seriousProblems } from './axe.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

/**
 * A buyer's review on the product page as a crawler reads it: in the HTML, without scripts, in
 * each language, with the rating in the product's structured data.
 */
test('a review written after a completed service is in the product page’s HTML, without scripts, in three languages', async ({ browser, page, request }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/home');
  const orders: string[] = [];
  for (const [i, plate] of [`VBR ${1 + (Date.now() % 9999)}`, `VBS ${1 + (Date.now() % 9999)}`].entries()) {
    const { orderNo } = await placeAt(customer, SEGAMBUT, 'install', plate);
    await payInSandbox(customer, orderNo);
    await api(page, '/console/orders/start', { orderNo });
    await api(page, '/console/orders/complete', { orderNo, odometerKm: 45_000 + i * 10 });
    orders.push(orderNo);
  }

  const words = `Oil changed in twenty minutes, <b>spotless</b> bay ${Date.now()}`;
  const lukewarm = `Fine, but I waited an hour ${Date.now()}`;
  await api(customer, '/app/review/add', { orderNo: orders[0], target: 'product', productId: 'service-basic', rating: 5, text: words });
  await api(customer, '/app/review/add', { orderNo: orders[1], target: 'product', productId: 'service-basic', rating: 2, text: lukewarm });

  const reader = await browser.newContext({ javaScriptEnabled: false });
  const product = await reader.newPage();
  for (const [prefix, title, verified] of [
    ['', 'Reviews', 'Verified buyer'],
    ['zh-cn/', '评价', '已验证买家'],
    ['ms/', 'Ulasan', 'Pembeli disahkan'],
  ] as const) {
    await product.goto(`/pc/${prefix}good?id=service-basic`);
    const reviews = product.getByRole('region', { name: title, exact: true });
    await expect(reviews).toBeVisible();
    // The reviewer's words as text (the markup they typed is not markup), with the mark every review carries.
    const item = reviews.getByRole('listitem').filter({ hasText: words });
    await expect(item).toBeVisible();
    await expect(item.getByText(verified)).toBeVisible();
    await expect(item.getByRole('img', { name: /5/ })).toBeVisible();
  }

  // The product's structured data carries the rating and the review.
  const html = await (await request.get('/pc/good?id=service-basic')).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const ld = blocks.find((b) => b['@type'] === 'Product');
  expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5 });
  expect(ld.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(ld.review.map((r: { reviewBody?: string }) => r.reviewBody)).toContain(words);
  await reader.close();

  // With scripts, the reviews are browsed by stars.
  await customer.goto('/pc/products/auto-maintenance/service-basic');
  const block = customer.getByRole('region', { name: 'Reviews', exact: true });
  await expect(block.getByText(lukewarm)).toBeVisible();
  const review = (text: string) => customer.getByRole('listitem').filter({ hasText: text });
  await customer.getByLabel('Show').selectOption({ label: '2 stars' });
  await expect(review(words)).toHaveCount(0);
  await expect(review(lukewarm)).toBeVisible();
  await customer.getByLabel('Sort by').selectOption({ label: 'Most helpful' });
  await expect(review(lukewarm)).toBeVisible();
  await expect(customer.getByText(/\d+ of \d+ reviews/)).toBeVisible();

  // With scripts too, the block holds no serious accessibility problem.
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    await customer.goto(`/pc/${prefix}products/auto-maintenance/service-basic`);
    await expect(customer.getByText(words)).toBeVisible();
    expect(await seriousProblems(customer)).toEqual([]);
  }
});

test('the store finder’s workshop card shows the workshop’s rating from its buyers', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'install', `VBW ${1 + (Date.now() % 9999)}`);
  await payInSandbox(customer, orderNo);
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/home');
  await api(page, '/console/orders/start', { orderNo });
  await api(page, '/console/orders/complete', { orderNo, odometerKm: 45_000 });
  await api(customer, '/app/review/add', { orderNo, target: 'workshop', rating: 4 });

  await customer.goto('/pc/store');
  const card = customer.getByRole('article', { name: /Maju Jaya/ });
  await expect(card).toContainText(/\d\.\d out of 5 · \d+ reviews?/);
  expect(await seriousProblems(customer)).toEqual([]);
  await customer.goto('/pc/zh-cn/store');
  await expect(customer.getByRole('article', { name: /Maju Jaya/ })).toContainText(/\d\.\d 分（满分 5 分） · \d+ 条评价/);
});
