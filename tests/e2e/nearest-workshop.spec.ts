import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseFreeTime, logIn } from './support.ts';

/** A Perodua Myvi owner with `city` chosen in the top bar (or none). */
async function myviOwner(page: Page, city: string | null) {
  await page.addInitScript((chosen) => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
    if (chosen) localStorage.setItem('servauto.curCity', JSON.stringify(chosen));
  }, city);
}

/** Logged in, at the checkout with a basic service ordered ("Order now"). */
async function checkoutWithService(page: Page, prefix = '/pc/') {
  await logIn(page);
  await page.goto(`${prefix}confirm?id=service-basic`);
}

const workshopGroup = (page: Page) => page.getByRole('main').getByRole('group', { name: /^(Workshop|Bengkel|车厂)$/ });
const cards = (group: Locator) => group.getByRole('radio');

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('with Petaling Jaya chosen, the checkout lists a Petaling Jaya workshop first, with its distance and next free time, and ticks none', async ({ page }) => {
      await myviOwner(page, 'petaling-jaya');
      await checkoutWithService(page);
      const group = workshopGroup(page);
      await expect(group.getByText('Nearest to Petaling Jaya')).toBeVisible();
      const first = cards(group).first();
      await expect(first).toHaveAccessibleName(/Petaling Jaya, Selangor/);
      await expect(first).toHaveAccessibleName(/\b\d\.\d km\b/);
      // Nothing is ticked: several workshops are within 25 km.
      expect(await cards(group).count()).toBeGreaterThan(1);
      await expect(group.getByRole('radio', { checked: true })).toHaveCount(0);
      // Each card says when it can next take the job, in words.
      await expect(cards(group).first()).toHaveAccessibleName(/Next free: \w{3}, \d{1,2} \w{3}, \d{2}:\d{2}/);
      // No workshop hundreds of km away is offered among the first.
      await expect(group.getByRole('radio', { name: /Alor Setar|Kedah/ })).toHaveCount(0);
    });
  });
}

test('a postcode puts the customer there: 47301 lists Petaling Jaya first; a bad one says why', async ({ page }) => {
  await myviOwner(page, 'johor-bahru');
  await checkoutWithService(page);
  const group = workshopGroup(page);
  await expect(cards(group).first()).toHaveAccessibleName(/Johor Bahru, Johor/);
  await group.getByLabel('Postcode').fill('4730');
  await group.getByRole('button', { name: 'Show nearest' }).click();
  await expect(group.getByRole('alert')).toHaveText('A postcode has 5 digits.');
  await group.getByLabel('Postcode').fill('00000');
  await group.getByLabel('Postcode').press('Enter');
  await expect(group.getByRole('alert')).toHaveText('This is not a Malaysian postcode.');
  await group.getByLabel('Postcode').fill('47301');
  await group.getByLabel('Postcode').press('Enter');
  await expect(group.getByText('Nearest to 47301 (Petaling Jaya)')).toBeVisible();
  await expect(cards(group).first()).toHaveAccessibleName(/Petaling Jaya, Selangor/);
  await expect(group.getByRole('alert')).toHaveCount(0);
  // Still on the checkout: Enter in the postcode did not place the order.
  await expect(page).toHaveURL(/\/confirm\?/);
});

test.describe('with the location shared', () => {
  test.use({ geolocation: { latitude: 5.4141, longitude: 100.3288 }, permissions: ['geolocation'] });

  test('"Use my location" sorts the workshops from where the customer is, only once tapped', async ({ page }) => {
    await myviOwner(page, 'petaling-jaya');
    await checkoutWithService(page);
    const group = workshopGroup(page);
    // Before the tap the list is by the city chosen, though the browser would share a position.
    await expect(cards(group).first()).toHaveAccessibleName(/Petaling Jaya, Selangor/);
    await group.getByRole('button', { name: 'Use my location' }).click();
    await expect(group.getByText('Nearest to your location')).toBeVisible();
    await expect(cards(group).first()).toHaveAccessibleName(/George Town \(Penang\), Penang/);
    // Remembered on this device, like the city.
    await page.reload();
    await expect(cards(workshopGroup(page)).first()).toHaveAccessibleName(/George Town \(Penang\), Penang/);
    // A city chosen in the top bar since then wins.
    await page.getByRole('banner').getByLabel('City').selectOption({ label: 'Kuching' });
    await expect(cards(workshopGroup(page)).first()).toHaveAccessibleName(/Kuching, Sarawak/);
    await expect(workshopGroup(page).getByText('Nearest to Kuching')).toBeVisible();
  });
});

test.describe('with the location refused', () => {
  test.use({ permissions: [] });

  test('says so and keeps the city', async ({ page, context }) => {
    await context.clearPermissions();
    await myviOwner(page, 'petaling-jaya');
    await checkoutWithService(page);
    const group = workshopGroup(page);
    await group.getByRole('button', { name: 'Use my location' }).click();
    await expect(group.getByRole('alert')).toHaveText(/Your location (was not shared|could not be found)/);
    await expect(cards(group).first()).toHaveAccessibleName(/Petaling Jaya, Selangor/);
  });
});

test('a workshop farther than 50 km asks to confirm before it is chosen', async ({ page }) => {
  await myviOwner(page, null);
  await checkoutWithService(page);
  const group = workshopGroup(page);
  await expect(group.getByText(/Choose your city, use your location or type your postcode/)).toBeVisible();
  await expect(cards(group)).toHaveCount(0);
  // Labuan: the nearest partner workshops are across the water in Kota Kinabalu.
  await group.getByLabel('Postcode').fill('87000');
  await group.getByRole('button', { name: 'Show nearest' }).click();
  const first = cards(group).first();
  await expect(first).toHaveAccessibleName(/Kota Kinabalu, Sabah/);
  await expect(group.getByRole('radio', { checked: true })).toHaveCount(0);
  await first.click();
  const dialog = page.getByRole('alertdialog', { name: 'This workshop is far away' });
  await expect(dialog).toContainText(/is \d+ km from 87000\. Choose it anyway\?/);
  await dialog.getByRole('button', { name: 'No, keep looking' }).click();
  await expect(first).not.toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toHaveCount(0);
  await first.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, choose it' }).click();
  await expect(first).toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toBeVisible();
});

test('the only workshop within 25 km that fits the order is ticked for the customer', async ({ page }) => {
  // In Kota Bharu only the Jalan Hamzah workshop fits tyres.
  await myviOwner(page, 'kota-bharu');
  await logIn(page);
  await page.goto('/pc/confirm?id=tyre-bridgestone-alenza-001');
  const group = workshopGroup(page);
  await expect(group.getByRole('radio', { checked: true })).toHaveAccessibleName(/Jalan Hamzah/);
});

test('in Malay and Chinese the cards say where, how far and when, in the page language', async ({ page }) => {
  await myviOwner(page, 'petaling-jaya');
  await checkoutWithService(page, '/pc/ms/');
  let group = workshopGroup(page);
  await expect(group.getByText('Terdekat dengan Petaling Jaya')).toBeVisible();
  await expect(cards(group).first()).toHaveAccessibleName(/Masa lapang terawal: /);
  await group.getByLabel('Poskod').fill('123');
  await group.getByRole('button', { name: 'Tunjuk yang terdekat' }).click();
  await expect(group.getByRole('alert')).toHaveText('Poskod mempunyai 5 digit.');

  await page.goto('/pc/zh-cn/confirm?id=service-basic');
  group = workshopGroup(page);
  await expect(group.getByText('离八打灵再也最近')).toBeVisible();
  await expect(cards(group).first()).toHaveAccessibleName(/八打灵再也，雪兰莪/);
  await expect(cards(group).first()).toHaveAccessibleName(/\d\.\d 公里/);
  await expect(cards(group).first()).toHaveAccessibleName(/最早可约：/);
});

test('the store finder lists the nearest first with town, state and distance, from a postcode too', async ({ page }) => {
  await page.goto('/pc/store');
  const main = page.getByRole('main');
  await main.getByLabel('City').selectOption({ label: 'Petaling Jaya' });
  const first = main.getByRole('article').first();
  await expect(first).toContainText('Petaling Jaya, Selangor');
  await expect(first).toContainText(/\d\.\d km away/);
  await main.getByLabel('Postcode').fill('93350');
  await main.getByRole('button', { name: 'Show nearest' }).click();
  await expect(main.getByText('Nearest to 93350 (Kuching)')).toBeVisible();
  await expect(main.getByRole('article').first()).toContainText('Kuching, Sarawak');
  // Back on the page later, the box still shows the postcode the list measures from.
  await page.reload();
  await expect(main.getByText('Nearest to 93350 (Kuching)')).toBeVisible();
  await expect(main.getByLabel('Postcode')).toHaveValue('93350');
  // A city chosen instead empties it.
  await main.getByLabel('City').selectOption({ label: 'Petaling Jaya' });
  await expect(main.getByLabel('Postcode')).toHaveValue('');
});

test('a city that is its own state is named once on a workshop card, in English and Chinese', async ({ page }) => {
  await page.goto('/pc/store');
  let main = page.getByRole('main');
  await main.getByLabel('City').selectOption({ label: 'Kuala Lumpur' });
  let first = main.getByRole('article').first();
  await expect(first).toContainText(/Kuala Lumpur\d+\.\d km away/);
  await expect(first).not.toContainText('Kuala Lumpur, Kuala Lumpur');

  await page.goto('/pc/zh-cn/store');
  main = page.getByRole('main');
  await main.getByLabel('城市').selectOption({ label: '吉隆坡' });
  first = main.getByRole('article').first();
  await expect(first).toContainText(/吉隆坡距离 \d+\.\d 公里/);
  await expect(first).not.toContainText('吉隆坡，吉隆坡');
});

test('a product page lists the three nearest workshops that fit it, linking to all', async ({ page }) => {
  await myviOwner(page, 'petaling-jaya');
  await page.goto('/pc/products/auto-tinting-films/tint-3m-black-beauty');
  const near = page.getByRole('region', { name: 'Workshops near you' });
  await expect(near.getByRole('listitem')).toHaveCount(3);
  await expect(near.getByRole('listitem').first()).toContainText(/\d\.\d km/);
  // Only workshops that fit tint: SS2 fits no tint, however near it is.
  await expect(near.getByRole('listitem').first()).toContainText('Petaling Jaya, Selangor');
  await expect(near.getByText('SS2 Tyre & Auto Service')).toHaveCount(0);
  await expect(near.getByRole('link', { name: 'All workshops' })).toHaveAttribute('href', '/pc/store');
});

test("after an order, the next checkout ticks the customer's workshop and says it was theirs", async ({ page }) => {
  await myviOwner(page, 'petaling-jaya');
  await checkoutWithService(page);
  const main = page.getByRole('main');
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  const group = workshopGroup(page);
  await group.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  const date = main.getByLabel('Date', { exact: true });
  await date.selectOption((await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value'))!);
  await chooseFreeTime(main.getByRole('group', { name: 'Time' }));
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pages\?orderNo=/);

  // Even from another city, the workshop used last time is listed and ticked.
  await page.goto('/pc/confirm?id=wiper-bosch-aerotwin');
  const again = workshopGroup(page);
  await again.getByLabel('City').selectOption({ label: 'Johor Bahru' });
  await expect(cards(again).first()).toHaveAccessibleName(/Johor Bahru, Johor/);
  await expect(again.getByRole('radio', { checked: true })).toHaveAccessibleName(/SS2 Tyre & Auto Service.*Your workshop last time/);
});
