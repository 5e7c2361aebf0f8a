import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { freePort, startProxy, useProxyAt } from './editor-support.ts';

/**
 * An editor's change reaching the live site, as `npm run content` runs it: the shop serving a
 * copy of this project with CONTENT_WATCH=1, the editor at /pc/admin/ saving into that copy
 * through decap-server. The saved Malay answer is on /pc/ms/faq within 30 s while landing pages
 * asked for in a loop answer 200; an entry saved without its Chinese title never reaches the
 * site, and the console's Content page says which file, field and language stopped it.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = '100000001';
const NEW_ANSWER = 'Jawapan baharu: kami juga dibuka pada hari Ahad.';
const LANDING = ['/pc/home', '/pc/ms/home', '/pc/zh-cn/home', '/pc/faq', '/pc/ms/faq', '/pc/zh-cn/faq'];

interface Shop {
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** A copy of the site's inputs beside the project's own node_modules (.publish-tests/ is ignored by git). */
function projectCopy(): { folder: string; project: string } {
  mkdirSync(path.join(root, '.publish-tests'), { recursive: true });
  const folder = mkdtempSync(path.join(root, '.publish-tests', 'editor-'));
  const project = path.join(folder, 'project');
  mkdirSync(project);
  for (const entry of ['src', 'public', 'content', 'contract', 'scripts', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json']) {
    cpSync(path.join(root, entry), path.join(project, entry), { recursive: true });
  }
  return { folder, project };
}

/** The shop on the copy, serving the site the test run built (dist/, same inputs) until content/ changes. */
async function startShop(folder: string, project: string): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dev/start.ts')], {
    cwd: project,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: path.join(folder, 'data'),
      SITE_DIR: path.join(root, 'dist'),
      SITE_BUILDS_DIR: path.join(folder, 'site-builds'),
      CONTENT_WATCH: '1',
      DEMO_DATA: '1',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_CALLBACK_URL: '',
      JOB_INTERVAL_SECONDS: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await expect.poll(() => /Servauto is ready at /.test(output) || child.exitCode !== null, { timeout: 60_000 }).toBe(true);
  if (child.exitCode !== null) throw new Error(`the shop on the copy stopped:\n${output}`);
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

/** Logs the demo admin in on this shop (its own database) and leaves the session in the tab. */
async function logInAdmin(page: Page, shop: Shop) {
  await page.goto(`${shop.base}/pc/home`);
  const call = (p: string, body: unknown) =>
    page.evaluate(async ([p, body]) => (await fetch(`/api${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json(), [p, body] as const);
  expect(await call('/app/user/send/sms', { phone: ADMIN })).toMatchObject({ code: 200 });
  let code: string | undefined;
  await expect.poll(() => (code = /\[sms\] OTP for \+60100000001: (\d{6})/.exec(shop.output())?.[1])).toBeTruthy();
  const login = (await call('/app/user/client-login', { phone: ADMIN, code })) as { code: number; data: unknown };
  expect(login.code).toBe(200);
  await page.evaluate((s) => sessionStorage.setItem('servauto.user', JSON.stringify(s)), login.data);
}

test('an editor changes a Malay FAQ answer beside the English, previews and saves it: the site shows it within 30 s, pages answering throughout', async ({ page }) => {
  test.setTimeout(300_000);
  expect(existsSync(path.join(root, 'dist', '.inputs-hash')), 'the site the test run built').toBe(true);
  const { folder, project } = projectCopy();
  const { port, proxy } = await startProxy(project);
  let shop: Shop | undefined;
  let done = false;
  try {
    shop = await startShop(folder, project);
    const live = shop;
    const before = await (await fetch(`${live.base}/pc/ms/faq`)).text();
    expect(before).not.toContain(NEW_ANSWER);

    // Landing pages asked for in a loop, one every 50 ms or so, from now until the change is on the site.
    const answers: { path: string; status: number }[] = [];
    let looping = true;
    const loop = (async () => {
      for (let i = 0; looping; i++) {
        const p = LANDING[i % LANDING.length]!;
        const res = await fetch(live.base + p).catch(() => null);
        answers.push({ path: p, status: res?.status ?? 0 });
        await res?.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    await useProxyAt(page, port);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${live.base}/pc/admin/`);
    await page.getByRole('link', { name: 'Pages' }).click({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();
    await expect(page.getByRole('button', { name: 'Writing in EN' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Writing in MS' })).toBeVisible();
    const titles = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(titles.nth(0)).toHaveValue('Frequently asked questions');
    await expect(titles.nth(1)).toHaveValue('Soalan lazim');

    // The Malay text, beside the English: the warranty answer gets one more sentence.
    const malayText = page.getByRole('textbox').filter({ hasText: 'Bagaimanakah cara meminta bayaran balik?' });
    await expect(malayText).toHaveCount(1);
    const paragraph = malayText.getByText(/^Waranti ini tidak meliputi haus dan lusuh biasa/);
    // The caret after the paragraph's last letter, where a reader of it would click.
    await paragraph.scrollIntoViewIfNeeded();
    const end = await paragraph.evaluate((span) => {
      const text = span.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.length - 1);
      range.setEnd(text, text.textContent!.length);
      const box = range.getBoundingClientRect();
      return { x: box.right - 1, y: box.top + box.height / 2 };
    });
    await page.mouse.click(end.x, end.y);
    await page.keyboard.press('End');
    await page.keyboard.type(` ${NEW_ANSWER}`);
    await expect(paragraph).toContainText(`membuat tuntutan. ${NEW_ANSWER}`);

    // The preview lays out the Malay page as the site does.
    await page.getByRole('button', { name: 'Toggle preview' }).click();
    await page.getByRole('button', { name: 'Writing in EN' }).click();
    await page.getByRole('menuitem', { name: 'ms', exact: true }).click();
    const preview = page.frameLocator('#preview-pane');
    await expect(preview.getByRole('heading', { level: 1, name: 'Soalan lazim' })).toBeVisible();
    await expect(preview.getByText(NEW_ANSWER)).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    const saved = Date.now();
    console.log(`[e2e] saved at ${new Date(saved).toISOString()}`);
    await expect.poll(() => readFileSync(path.join(project, 'content/pages/ms/faq.md'), 'utf8'), { timeout: 20_000 }).toContain(NEW_ANSWER);

    // On the site within 30 s of the save.
    await expect.poll(async () => (await fetch(`${live.base}/pc/ms/faq`)).text(), { timeout: 30_000, intervals: [250] }).toContain(NEW_ANSWER);
    const took = Date.now() - saved;
    looping = false;
    await loop;
    console.log(live.output().split('\n').filter((l) => l.startsWith('[content]')).join('\n'));
    console.log(`[e2e] the saved Malay answer was on /pc/ms/faq ${(took / 1000).toFixed(1)} s after the save; ${answers.length} landing-page requests meanwhile, all 200`);
    expect(answers.length).toBeGreaterThan(LANDING.length);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // A reader opens the question and reads the new answer.
    await page.goto(`${live.base}/pc/ms/faq`);
    await page.getByText('Apakah yang dilindungi oleh waranti 30 hari?').click();
    await expect(page.getByText(NEW_ANSWER)).toBeVisible();

    // An entry saved without its Chinese title (as a save from another tool could): not published.
    const zh = path.join(project, 'content/pages/zh-cn/about.md');
    writeFileSync(zh, readFileSync(zh, 'utf8').replace(/^title: .*$/m, 'title: ""'));
    await expect.poll(() => live.output(), { timeout: 90_000 }).toMatch(/not published, the previous one stays/);
    await logInAdmin(page, live);
    await page.goto(`${live.base}/pc/console/content`);
    const failure = page.getByRole('region', { name: 'The last publication failed: the site online was kept' });
    await expect(failure).toContainText('content/pages/zh-cn/about.md');
    await expect(failure.getByRole('definition').nth(1)).toHaveText('title');
    await expect(failure.getByRole('definition').nth(2)).toHaveText('zh-cn');
    expect((await fetch(`${live.base}/pc/zh-cn/about-us-servauto`)).status).toBe(200);
    await expect(page.getByRole('table', { name: 'Last publications' }).getByRole('row').nth(1)).toContainText('Failed');
    done = true;
  } finally {
    if (shop && !done) console.log(`[e2e] the shop's output but page requests:\n${shop.output().split('\n').filter((l) => !/^GET \/pc\//.test(l)).join('\n').slice(-6000)}`);
    proxy.kill();
    shop?.child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
    try {
      rmdirSync(path.join(root, '.publish-tests'));
    } catch {
      // not empty (another test's copy), or gone
    }
  }
});
