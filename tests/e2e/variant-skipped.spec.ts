import { expect, test, type Page } from '@playwright/test';
import { chinese, english, logIn, type LoginTexts } from './support.ts';

// A car chosen with its variant skipped: a part sized by the car says so once, offers "Choose your
// variant" at that model's variant step, and is priced, put in the cart and ordered once it is chosen.

const WIPERS = 'products/auto-wiper-blade/wiper-bosch-aerotwin';

interface Words {
  prefix: string;
  login: LoginTexts;
  addYourCar: string;
  picker: string;
  steps: { brand: string; model: string; variant: string };
  skip: string;
  confirm: string;
  /** The one message a part sized by the car shows while the variant is skipped. */
  chooseVariant: string;
  chooseVariantAction: string;
  /** The blade lengths' group, picked by hand only for a car not chosen. */
  lengths: string;
  /** What else was said about the variant or the car before, that must not show beside it. */
  elsewhere: string[];
  fits: RegExp;
  addToCart: string;
  cart: string;
  plate: string;
  pickup: RegExp;
  name: string;
  place: string;
}

const en: Words = {
  prefix: '/pc/',
  login: english,
  addYourCar: 'Add Your Car',
  picker: 'Choose your car',
  steps: { brand: 'Search brands', model: 'Search models', variant: 'Variant' },
  skip: 'Save without the variant',
  confirm: 'Confirm',
  chooseVariant: 'Choose your car’s variant to check the fit',
  chooseVariantAction: 'Choose your variant',
  lengths: 'Blade lengths',
  elsewhere: ['choose your car for its price', 'From this price', 'Choose your car so the workshop', 'Choose your car’s variant first', 'Choose your car:'],
  fits: /Fits your Perodua Myvi/,
  addToCart: 'Add to cart',
  cart: 'Cart, 1 item',
  plate: 'Car plate number',
  pickup: /Self pickup at a workshop/,
  name: 'Name',
  place: 'Place order',
};
const zh: Words = {
  prefix: '/pc/zh-cn/',
  login: chinese,
  addYourCar: '添加您的爱车',
  picker: '选择您的爱车',
  steps: { brand: '搜索品牌', model: '搜索车型', variant: '款式' },
  skip: '不选款式直接保存',
  confirm: '确认',
  chooseVariant: '请选择您的车款以确认是否适配',
  chooseVariantAction: '选择车款',
  lengths: '雨刮长度',
  elsewhere: ['选择您的爱车以查看实际价格', '起价', '以便车厂知道', '请先选择您的车款', '请选择您的车辆'],
  fits: /适配您的 Perodua Myvi/,
  addToCart: '加入购物车',
  cart: '购物车，共 1 件',
  plate: '车牌号码',
  pickup: /到车厂自取/,
  name: '姓名',
  place: '提交订单',
};

/** Perodua Myvi 2022 from the top bar, its variant skipped. */
async function chooseMyviSkippingTheVariant(page: Page, w: Words) {
  await page.getByRole('button', { name: w.addYourCar }).click();
  const picker = page.getByRole('dialog', { name: w.picker });
  await picker.getByRole('searchbox', { name: w.steps.brand }).fill('Perodua');
  await picker.getByRole('button', { name: 'Perodua', exact: true }).first().click();
  await picker.getByRole('searchbox', { name: w.steps.model }).fill('Myvi');
  await picker.getByRole('button', { name: 'Myvi', exact: true }).click();
  await picker.getByRole('button', { name: '2022', exact: true }).click();
  // Saving without the variant closes the picker at once.
  await picker.getByRole('button', { name: w.skip }).click();
  await expect(picker).toBeHidden();
}

/** The picker open at the variant step of the Myvi 2022: its variant chosen and confirmed. */
async function chooseTheVariant(page: Page, w: Words) {
  const picker = page.getByRole('dialog', { name: w.picker });
  await expect(picker.getByRole('listitem').filter({ hasText: new RegExp(`^${w.steps.variant}$`) })).toHaveAttribute('aria-current', 'step');
  await picker.getByRole('button', { name: /^1\.5 AV/ }).first().click();
  await picker.getByRole('button', { name: w.confirm }).click();
  await expect(picker).toBeHidden();
}

/** The page as it stands, at a phone's width and a laptop's, for people to look at; the test's width is kept. */
async function screenshots(page: Page, name: string) {
  const kept = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(kept);
}

// In English on a desktop and in Chinese on a phone (Malay's words are the same dictionaries',
// their keys checked alike by tests/unit/site/i18n.test.ts).
for (const [name, w, width] of [
  ['English', en, 1280],
  ['Chinese, on a phone', zh, 390],
] as const) {
  test(`${name}: wiper blades for a Myvi whose variant was skipped, priced once it is chosen, picked up without a plate`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript(() => {
      if (!localStorage.getItem('servauto.curCity')) localStorage.setItem('servauto.curCity', JSON.stringify('petaling-jaya'));
    });
    await logIn(page);
    await page.goto(`${w.prefix}home`);
    await chooseMyviSkippingTheVariant(page, w);

    await page.goto(w.prefix + WIPERS);
    const main = page.getByRole('main');
    // Said once, with the way on: no lengths to pick by hand, nothing to add yet.
    await expect(main.getByText(w.chooseVariant)).toHaveCount(1);
    for (const said of w.elsewhere) await expect(main).not.toContainText(said);
    await expect(main.getByRole('button', { name: w.addToCart })).toBeDisabled();
    await expect(main.getByRole('group', { name: w.lengths })).toHaveCount(0);
    await screenshots(page, 'product-waiting-for-variant');

    await main.getByRole('button', { name: w.chooseVariantAction, exact: true }).click();
    await chooseTheVariant(page, w);
    await expect(main.getByText(w.fits)).toBeVisible();
    await expect(main.getByText(w.chooseVariant)).toHaveCount(0);
    await expect(main.getByText('RM 89.00').first()).toBeVisible();

    await main.getByRole('button', { name: w.addToCart }).click();
    await page.getByRole('link', { name: w.cart, exact: true }).click();
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(main.getByRole('listitem').filter({ hasText: 'Bosch' })).toContainText('RM 89.00');
    for (const said of w.elsewhere) await expect(main).not.toContainText(said);
    await screenshots(page, 'checkout-priced');

    // A pickup asks no plate.
    await main.getByRole('radio', { name: w.pickup }).check();
    await expect(main.getByLabel(w.plate)).toHaveCount(0);
    await screenshots(page, 'checkout-pickup');
    await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
    await main.getByLabel(w.name, { exact: true }).fill('Nur Aisyah');
    await main.getByRole('button', { name: w.place }).click();
    await expect(page).toHaveURL(/\/pages\?orderNo=/);
  });
}

test('a cart line chosen before the variant is priced in place once the variant is chosen at checkout', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const myviAnyVariant = { brand: 'Perodua', model: 'Myvi', year: '2022', variant: '', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: '', noYear: false, noBt: true, bodyType: 'Hatchback' };
  // Blade lengths picked by hand for a car of unknown variant: not the Myvi 1.5 AV's.
  const line = { productId: 'wiper-bosch-aerotwin', quantity: 1, options: { wiper: { driverInch: 26, passengerInch: 14 } }, variantId: '', carName: 'Perodua Myvi', modelId: 'perodua-myvi' };
  await page.addInitScript(
    ([car, cart]) => {
      if (localStorage.getItem('carInfo')) return;
      localStorage.setItem('carInfo', car);
      localStorage.setItem('servauto.cart', cart);
    },
    [JSON.stringify(myviAnyVariant), JSON.stringify([line])],
  );
  await logIn(page);
  await page.goto(`${zh.prefix}confirm`);
  const main = page.getByRole('main');
  await expect(main.getByText('请先选择您的车款：每个部件都需按车款核对。')).toHaveCount(1);
  await screenshots(page, 'checkout-waiting-for-variant');
  // Place order says everything at once: the variant still to choose, with the fields left blank.
  await main.getByRole('button', { name: zh.place }).click();
  await expect(main.getByRole('alert').filter({ hasText: '请先选择您的车款：每个部件都需按车款核对。' })).toHaveCount(1);
  await expect(main.getByLabel(zh.plate)).toHaveAccessibleDescription(/请填写此项。/);
  await expect(main.getByLabel(zh.name, { exact: true })).toHaveAccessibleDescription(/请填写此项。/);

  await main.getByRole('button', { name: zh.chooseVariantAction, exact: true }).click();
  await chooseTheVariant(page, zh);
  await expect(main.getByRole('listitem').filter({ hasText: 'Bosch' })).toContainText('RM 89.00');
  await expect(main).not.toContainText('您的车需要');
  await expect(main).not.toContainText('请先选择您的车款');
  for (const method of [/到车厂安装/, zh.pickup, /邮寄/]) await expect(main.getByRole('radio', { name: method })).toBeEnabled();
});
