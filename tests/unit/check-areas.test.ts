import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// A plain .mjs script (run by `npm run build`), so it is typed here.
const { checkAreas } = (await import('../../scripts/check-areas.mjs' as string)) as {
  checkAreas: (root: string) => { pages: number; problems: string[]; shell: string[] };
};

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small site: a dictionary of three areas, a frame that reads `nav`, and the files given. */
function site(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'servauto-areas-'));
  made.push(root);
  const all: Record<string, string> = {
    'src/i18n/en.ts': "export const en = {\n  skip: 'Skip',\n  nav: {\n    home: 'Home',\n  },\n  checkout: {\n    pay: 'Pay',\n  },\n  garage: {\n    cars: 'Cars',\n  },\n};\n",
    'src/i18n/areas.ts': "export const SHELL_AREAS = ['nav'] as const;\n",
    'src/layouts/Shell.astro': "---\nimport TopBar from '../islands/TopBar.tsx';\n---\n<TopBar client:load />\n",
    'src/islands/TopBar.tsx': "export default function TopBar({ locale }) {\n  const t = dictionary(locale);\n  return t.nav.home;\n}\n",
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const page = (areas: string, island: string) => ({
  'src/pages/checkout.astro': `---\nimport Shell from '../layouts/Shell.astro';\nimport Pay from '../islands/Pay.tsx';\n---\n<Shell locale="en" areas={[${areas}]}><Pay client:load /></Shell>\n`,
  'src/islands/Pay.tsx': island,
});

describe('each page carries the dictionary areas its scripts read', () => {
  it('passes this project', () => {
    const { pages, problems } = checkAreas(process.cwd());
    expect(problems).toEqual([]);
    expect(pages).toBeGreaterThan(30);
  });

  it('passes a page that names what its island reads', () => {
    expect(checkAreas(site(page("'checkout'", 'export default () => dictionary(locale).checkout.pay;\n'))).problems).toEqual([]);
  });

  it('fails a page whose island, even one loaded later, reads an area the page does not name', () => {
    const root = site({
      ...page("'checkout'", "const Later = lazy(() => import('./Later.tsx'));\nexport default () => dictionary(locale).checkout.pay;\n"),
      'src/islands/Later.tsx': 'export default function Later({ t }: { t: Dictionary }) {\n  return t.garage.cars;\n}\n',
    });
    expect(checkAreas(root).problems).toEqual([
      "src/pages/checkout.astro: src/islands/Later.tsx reads the 'garage' texts, which the page does not name: add 'garage' to its areas",
    ]);
  });

  it('fails a page that names an area none of its scripts read, or one every page carries', () => {
    const root = site(page("'checkout', 'garage', 'nav'", 'export default () => dictionary(locale).checkout.pay;\n'));
    expect(checkAreas(root).problems).toEqual([
      "src/pages/checkout.astro: names 'garage', which none of its scripts reads: the page would carry it for nothing",
      "src/pages/checkout.astro: names 'nav', which every page carries already",
    ]);
  });

  it('fails a frame that reads an area it does not list for every page', () => {
    const root = site({ 'src/islands/TopBar.tsx': 'export default () => dictionary(locale).nav.home + dictionary(locale).checkout.pay;\n' });
    expect(checkAreas(root).problems).toEqual(["the page frame (src/layouts/Shell.astro and what it loads) reads 'checkout': add it to SHELL_AREAS in src/i18n/areas.ts"]);
  });
});
