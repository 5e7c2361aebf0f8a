import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Island } from './fixtures/intent-island.tsx';

// client:intent (src/directives/intent.ts) with real React 19 hydration: the fixture island
// is prerendered here and hydrated in the page from a bundle of the directive and React.
let bundle = '';
test.beforeAll(async () => {
  const result = await build({
    stdin: { contents: "import { start } from './intent-island.tsx'; start();", resolveDir: fileURLToPath(new URL('./fixtures', import.meta.url)), loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  bundle = result.outputFiles[0]!.text;
});

test('what a customer does before an island is live is done once it is', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><body><div id="island" ssr>${renderToString(createElement(Island))}</div></body></html>`);
  await page.addScriptTag({ content: bundle });
  const island = page.locator('#island');

  await page.getByLabel('Name').fill('Aminah');
  await page.getByLabel('City').selectOption('klang');
  await page.getByRole('button', { name: 'Pressed 0 times' }).click();
  // A tap on an icon lands on the drawing inside the button, not the button itself.
  await page.getByRole('button', { name: 'Add ten' }).locator('circle').click();
  await page.getByRole('group', { name: 'Arrows' }).press('ArrowRight');
  // A link needs no island: it goes where it points at once.
  await page.getByRole('link', { name: 'Elsewhere' }).click();
  expect(await page.evaluate(() => location.hash)).toBe('#elsewhere');
  await expect(page.getByText('Name held: none')).toBeVisible();
  await expect(island).toHaveAttribute('ssr', '');

  await page.evaluate(() => (window as unknown as { releaseIsland: () => void }).releaseIsland());
  await expect(island).not.toHaveAttribute('ssr');
  await expect(page.getByText('Name held: Aminah')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Aminah');
  await expect(page.getByText('City held: klang')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pressed 11 times' })).toBeVisible();
  await expect(page.getByText('Last key: ArrowRight')).toBeVisible();

  // Live now: the island answers directly, and the typed name is React's to send.
  await page.getByRole('button', { name: 'Pressed 11 times' }).click();
  await expect(page.getByRole('button', { name: 'Pressed 12 times' })).toBeVisible();
  await page.getByLabel('Name').press('Enter');
  await expect(page.getByText('Sent: Aminah')).toBeVisible();
});

test('a form sent before the island is live is sent once it is', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><body><div id="island" ssr>${renderToString(createElement(Island))}</div></body></html>`);
  await page.addScriptTag({ content: bundle });
  await page.getByLabel('Name').fill('Wei Ling');
  await page.getByLabel('Name').press('Enter');
  await expect(page.getByText('Sent: nothing')).toBeVisible();
  await page.evaluate(() => (window as unknown as { releaseIsland: () => void }).releaseIsland());
  await expect(page.getByText('Sent: Wei Ling')).toBeVisible();
});
