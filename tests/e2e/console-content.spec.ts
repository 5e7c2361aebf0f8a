import { expect, test, type Page } from '@playwright/test';
import { consoleContentStatus } from '../../contract/paths/console.ts';
import { seriousProblems } from './axe.ts';
import { ADMIN_PHONE, openAsStaff, WORKSHOP_PHONE } from './console-helpers.ts';

/**
 * The console's Content page: the site's published version, the last publication that failed
 * and why (file, field, language), and the last publications. Its call answers a fixture;
 * logging in and the staff role are the shop's own.
 */

const VERSION = '3f9a0c1d2e4b5a6978877665544332211';
const NEXT = '9b8a7c6d5e4f30211223344556677889';
const status = {
  version: VERSION,
  publishedAt: '2026-11-27T06:10:00.000Z',
  building: false,
  lastError: { file: 'content/pages/zh-cn/faq.md', field: 'title', language: 'zh-cn', message: 'Too small: expected string to have >=1 characters' },
  publishes: [
    {
      at: '2026-11-27T07:00:00.000Z',
      finishedAt: '2026-11-27T07:00:08.000Z',
      version: NEXT,
      result: 'failed',
      trigger: 'publish',
      builder: 'web-1:4242',
      built: false,
      error: { file: 'content/pages/zh-cn/faq.md', field: 'title', language: 'zh-cn', message: 'Too small: expected string to have >=1 characters' },
    },
    { at: '2026-11-27T06:09:50.000Z', finishedAt: '2026-11-27T06:10:00.000Z', version: VERSION, result: 'published', trigger: 'watch', builder: 'web-1:4242', built: true, error: null },
  ],
};

/** Screenshots go to SERVAUTO_SHOTS_DIR when set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SERVAUTO_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function answerStatus(page: Page) {
  await page.route(`**/api${consoleContentStatus}`, (route) => route.fulfill({ json: { code: 200, msg: 'success', data: status } }));
}

test('an admin sees the version online, why the last publication failed and the last publications', async ({ page }) => {
  await answerStatus(page);
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Published now' })).toContainText(`Version ${VERSION.slice(0, 12)}`);

  const failure = page.getByRole('region', { name: 'The last publication failed: the site online was kept' });
  await expect(failure).toContainText('content/pages/zh-cn/faq.md');
  await expect(failure.getByRole('definition').nth(1)).toHaveText('title');
  await expect(failure.getByRole('definition').nth(2)).toHaveText('zh-cn');
  await expect(failure).toContainText('Too small: expected string to have >=1 characters');

  const table = page.getByRole('table', { name: 'Last publications' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(NEXT.slice(0, 12));
  await expect(table.getByRole('row').nth(1)).toContainText('Failed');
  await expect(table.getByRole('row').nth(2)).toContainText('Published');
  expect(await seriousProblems(page)).toEqual([]);
  await shot(page, 'content-en-1280');
});

test('in Malay on a phone the page reads the same', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await answerStatus(page);
  await openAsStaff(page, ADMIN_PHONE, '/pc/ms/console/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Kandungan laman' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Penerbitan terakhir gagal: laman dalam talian dikekalkan' })).toContainText('content/pages/zh-cn/faq.md');
  await expect(page.getByRole('table', { name: 'Penerbitan terakhir' }).getByRole('row').nth(1)).toContainText('Gagal');
  await shot(page, 'content-ms-390');
});

test('in Chinese the failure names the file, field and language', async ({ page }) => {
  await answerStatus(page);
  await openAsStaff(page, ADMIN_PHONE, '/pc/zh-cn/console/content');
  await expect(page.getByRole('heading', { level: 1, name: '网站内容' })).toBeVisible();
  await expect(page.getByRole('region', { name: '上次发布失败：已保留在线网站' })).toContainText('content/pages/zh-cn/faq.md');
  await shot(page, 'content-zh-1280');
});

test('workshop staff do not get the page', async ({ page }) => {
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console/content');
  await expect(page.getByRole('heading', { name: 'Only the Servauto team can use this page' })).toBeVisible();
});
