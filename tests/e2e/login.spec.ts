import { expect, test } from '@playwright/test';
import { english, fillLoginDialog, freshPhone, logInThroughMenu, otpFromLog, shownPhone } from './support.ts';

test('a new customer logs in with an SMS code, sees their phone, opens Me and logs out', async ({ page }) => {
  await page.goto('/pc/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Car care at honest, fitted prices');

  const phone = await logInThroughMenu(page);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome! You are logged in.' })).toBeVisible();

  const account = page.getByRole('button', { name: /Account menu/ });
  await expect(account).toContainText(shownPhone(phone));

  await account.click();
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  const me = page.getByRole('dialog', { name: 'Me' });
  await expect(me.getByText(shownPhone(phone))).toBeVisible();
  await expect(me.getByText('Member since')).toBeVisible();
  await me.getByRole('button', { name: 'Close' }).click();
  await expect(me).toBeHidden();

  await account.click();
  await page.getByRole('button', { name: 'Log Out', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(account).toContainText(shownPhone(phone));

  await account.click();
  await page.getByRole('button', { name: 'Log Out', exact: true }).click();
  await confirm.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/pc\/home$/);
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toContainText('Account');
});

test('the login form words its problems as the spec does', async ({ page }) => {
  await page.goto('/pc/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  const send = dialog.getByRole('button', { name: 'Send OTP' });

  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your phone number to get otp login');

  await dialog.getByLabel('Phone number').fill('12345');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter at least six digits.');

  await dialog.getByLabel('Phone number').fill('12a4567890');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter digits only.');

  await dialog.getByLabel('Phone number').fill('312345678');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid Malaysian mobile number.');

  const phone = freshPhone();
  await dialog.getByLabel('Phone number').fill(phone);
  await send.click();
  const code = dialog.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter 6-digit OTP');

  await code.fill('123');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter 6-digit OTP');

  // Asking again while the wait runs (SERVAUTO_OTP_RESEND_SECONDS on the test server) warns with the seconds left.
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await dialog.getByRole('button', { name: /Resend in \d+s/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds before requesting another code\./ })).toBeVisible();

  // A wrong code is refused by the server, with the tries left.
  const right = await otpFromLog(phone);
  await code.fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The code is incorrect. 4 tries left.');

  // Changing the number after sending: Confirm asks for a code for the new number first.
  await dialog.getByLabel('Phone number').fill(freshPhone());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Send OTP');
});

test('an expired session tells the customer, logs them out and returns home', async ({ page }) => {
  await page.goto('/pc/home');
  await logInThroughMenu(page);
  // The key is revoked elsewhere (another tab logging out does the same).
  const key = await page.evaluate(() => JSON.parse(sessionStorage.getItem('servauto.user') ?? 'null')?.userKey as string);
  const revoked = await page.request.post('/api/app/user/logout', { headers: { Authorization: key }, data: {} });
  expect((await revoked.json()).code).toBe(200);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login expired, Please login again!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toContainText('Account');
  await expect(page).toHaveURL(/\/pc\/home$/, { timeout: 10_000 });
});

test('a page that needs a login asks for one and then continues there', async ({ page }) => {
  await page.goto('/pc/401?from=/pc/home%3Fwelcome%3D1');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Please log in to access this page.')).toBeVisible();
  await fillLoginDialog(page, dialog);
  await expect(page).toHaveURL(/\/pc\/home\?welcome=1$/);
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`at ${width} px a login shows one notice, and it covers nothing of the top bar`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/pc/home');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    const phone = freshPhone();
    await dialog.getByLabel(english.phone).fill(phone);
    await dialog.getByRole('button', { name: english.sendOtp }).click();
    // The code sent is said in the dialog, where the customer is looking.
    await expect(dialog.getByRole('status')).toHaveText(`Code sent to ${shownPhone(phone)}.`);
    const notices = page.getByRole('region', { name: 'Notifications' });
    // …and in no notice besides (it showed with the dialog's words, in the same moment).
    expect(await notices.getByRole('status').count()).toBe(0);
    await dialog.getByLabel(english.code).fill(await otpFromLog(phone));
    await dialog.getByRole('button', { name: english.confirm }).click();
    await expect(dialog).toBeHidden();

    await expect(notices.getByRole('status')).toContainText('Welcome! You are logged in.');
    expect(await notices.getByRole('status').count()).toBe(1);
    const notice = (await notices.getByRole('status').boundingBox())!;
    // The top bar holds the car (Add Your Car), the search, the cart and the account.
    const bar = (await page.getByRole('banner').boundingBox())!;
    const overlaps = notice.x < bar.x + bar.width && bar.x < notice.x + notice.width && notice.y < bar.y + bar.height && bar.y < notice.y + notice.height;
    expect(overlaps, 'the notice covers part of the top bar').toBe(false);
  });
}
