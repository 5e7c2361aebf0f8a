import { expect, test, type Page } from '@playwright/test';

// What a product page says, read as a newcomer reads it: the price labelled as what it is,
// the oil a service includes, mats that need no fitting, and parts that do not fit.

const MYVI_13 = {
  brand: 'Perodua',
  model: 'Myvi',
  year: '2023',
  variant: '1.3 G',
  brandId: 'perodua',
  modelId: 'perodua-myvi',
  yearId: 'perodua-myvi:2023',
  variantId: 'perodua-myvi-1.3-g-2022',
  noYear: false,
  noBt: false,
  bodyType: 'Hatchback',
};
/** A Myvi with the year and the variant skipped. */
const MYVI_ANY = { ...MYVI_13, year: '', yearId: '', variant: '', variantId: '', noYear: true, noBt: true };

/** Opens `path` with `car` chosen, as the picker leaves it in storage. */
async function openWithCar(page: Page, path: string, car: object | null) {
  await page.goto(path);
  await page.evaluate((saved) => (saved ? localStorage.setItem('carInfo', JSON.stringify(saved)) : localStorage.removeItem('carInfo')), car);
  await page.reload();
}
const priceBlock = (page: Page, name = 'Price and order') => page.getByRole('main').getByRole('region', { name });

test('four tyres: the headline is labelled as the total for 4 tyres, and the unit price as the price per tyre', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-tires-service/tyre-bridgestone-ecopia-ep150', MYVI_13);
  const block = priceBlock(page);
  await expect(page.getByRole('radio', { name: /175\/65R14/ })).toBeChecked();
  await expect(block.getByText('Price, per tyre', { exact: true })).toBeVisible();

  await page.getByLabel('Quantity').selectOption('4');
  await expect(block.getByText('Total for 4 tyres', { exact: true })).toBeVisible();
  await expect(block.getByText(/^Price, per tyre: RM \d+\.\d\d$/)).toBeVisible();
  // Nothing above the total calls it the price of one tyre.
  await expect(block.getByText('Price, per tyre', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').locator('header')).not.toContainText('Price, per tyre');
  await expect(page.getByRole('table', { name: 'Price breakdown · Total for 4 tyres' })).toBeVisible();
});

test('wiper blades with the rear blade are a set of 3, never "set of 2 blades"', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-wiper-blade/wiper-bosch-aerotwin', MYVI_13);
  const main = page.getByRole('main');
  await expect(priceBlock(page)).toContainText('Price, set of 2 blades (driver and passenger)');
  // A tap before the island wakes is replayed once it is live (client:intent), so the box is
  // ticked then, not at the click: the test taps as a person does and waits for the tick.
  const rear = page.getByRole('checkbox', { name: /Add a 12″ rear blade/ });
  await rear.click();
  await expect(rear).toBeChecked();
  await expect(priceBlock(page)).toContainText('Price, set of 3 blades (driver, passenger and rear)');
  await expect(main).not.toContainText('set of 2 blades');
});

test('a tyre that fits none of the Myvi’s variants says it does not fit, and cannot be added, though the variant was skipped', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-tires-service/tyre-michelin-pilot-sport-5', MYVI_ANY);
  const main = page.getByRole('main');
  await expect(main.getByText('Does not fit your car.', { exact: true })).toBeVisible();
  await expect(main).toContainText('Not made in your car’s tyre size (175/65R14, 185/55R15, 195/45R16).');
  await expect(main).not.toContainText('Choose your car’s variant to check the fit');
  await expect(priceBlock(page).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(priceBlock(page).getByRole('button', { name: 'Order with installation' })).toBeDisabled();
});

test('with the variant skipped, the tyre cards say which fit no Myvi at all', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-tires-service', MYVI_ANY);
  const cards = page.getByRole('main').getByRole('article');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceDesc');
  await expect(cards.filter({ hasText: 'Michelin Pilot Sport 5 tyre' })).toContainText('Does not fit your car.');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceAsc');
  await expect(cards.filter({ hasText: 'Bridgestone Ecopia EP150' })).toContainText('Choose your car’s variant to check the fit');
});

test('a tyre made for some Myvi variants still asks for the variant, and waits for it', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-tires-service/tyre-bridgestone-ecopia-ep150', MYVI_ANY);
  await expect(page.getByRole('main').getByText('Choose your car’s variant to check the fit')).toBeVisible();
  // The size is the car's to settle: nothing goes in the cart before the variant is chosen.
  await expect(priceBlock(page).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(priceBlock(page).getByRole('button', { name: 'Choose your variant to order' })).toBeEnabled();
});

test('the basic service names, in its description, the oil its oil choice includes for the car', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-maintenance/service-basic', null);
  const main = page.getByRole('main');
  await expect(main.getByText(/refills with 4 litres of Petronas Syntium 3000 5W-30 fully synthetic engine oil/)).toBeVisible();

  await openWithCar(page, '/pc/products/auto-maintenance/service-basic', MYVI_13);
  const oils = page.getByRole('group', { name: 'Engine oil' });
  await expect(oils.getByRole('radio', { checked: true })).toHaveAccessibleName(/Perodua Genuine 0W-20.*included/);
  await expect(main.getByText(/refills with 4 litres of Perodua Genuine 0W-20 fully synthetic engine oil/)).toBeVisible();
  await expect(main.getByText('Engine oil included: Perodua Genuine 0W-20 fully synthetic engine oil')).toBeVisible();
  await expect(main).not.toContainText('Syntium 3000');
});

// In Chinese (the other languages' words are the same dictionaries', checked key for key by
// tests/unit/site/i18n.test.ts).
test('mats need no fitting: offered for pickup or post, with no fitted total or workmanship warranty (/pc/zh-cn/)', async ({ page }) => {
  await openWithCar(page, '/pc/zh-cn/products/auto-car-mats/mat-goodyear-rubber', MYVI_13);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '下单（自取或邮寄）' }).first()).toHaveAttribute('href', /confirm\?/);
  await expect(main.getByText('无需安装', { exact: true })).toBeVisible();
  await expect(main).not.toContainText('下单并预约安装');
  await expect(main).not.toContainText('合计（含安装）');
  await expect(main).not.toContainText(/workmanship|施工保修|waranti kerja/i);
});

test('mats cut to the car’s floor ask for the variant before they go in a cart or an order', async ({ page }) => {
  const path = '/pc/products/auto-car-mats/mat-3d-maxpider-kagu';
  await openWithCar(page, path, MYVI_ANY);
  const block = priceBlock(page);
  await expect(page.getByRole('main').getByText('Made for your car’s exact variant: choose it to order.')).toBeVisible();
  await expect(block.getByRole('link', { name: 'Order for pickup or post' })).toHaveCount(0);
  await expect(block.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await block.getByRole('button', { name: 'Choose your variant to order' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your car' })).toBeVisible();

  // With the variant chosen the mats are ordered as any product is.
  await openWithCar(page, path, MYVI_13);
  await expect(block.getByRole('link', { name: 'Order for pickup or post' })).toHaveAttribute('href', /confirm\?/);
  await expect(block.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.getByRole('main')).not.toContainText('choose it to order');

  // Mats trimmed to fit any footwell do not wait for the variant.
  await openWithCar(page, '/pc/products/auto-car-mats/mat-goodyear-rubber', MYVI_ANY);
  await expect(block.getByRole('link', { name: 'Order for pickup or post' })).toHaveAttribute('href', /confirm\?/);
});

test('a mat’s description says each thing once', async ({ page }) => {
  await page.goto('/pc/products/auto-car-mats/mat-goodyear-rubber');
  await expect(page.getByRole('main')).not.toContainText('Trim lines let them fit most footwells');
  await expect(page.getByRole('main')).not.toContainText('Mats are easy to lay yourself');
});

test('savings: none claimed beside a "from" price; mats, the same for every car, keep theirs', async ({ page }) => {
  await openWithCar(page, '/pc/products/auto-tires-service', null);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText('from RM');
  await expect(page.getByRole('main')).not.toContainText(/Save \d+%/);
  await expect(page.getByRole('main')).not.toContainText('Walk-in price');

  await openWithCar(page, '/pc/products/auto-car-mats', null);
  await expect(cards.filter({ hasText: 'Goodyear all-weather rubber mats' })).toContainText('Save 25%');
});
