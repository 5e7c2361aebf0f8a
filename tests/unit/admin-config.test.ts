import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { categories } from '../../contract/rules/categories.ts';
import { PAGE_DESCRIPTION_MAX } from '../../contract/rules/content-fields.ts';
import { productFile } from '../../server/modules/catalog/content.ts';
import { bannerFile } from '../../server/modules/home/service.ts';
import { paymentsFile } from '../../server/modules/orders/content.ts';
import { adminConfig, pageFiles } from '../../src/admin/config.ts';

// The content editor's configuration (/pc/admin/config.yml): what an editor may change, in
// which languages, and the same refusals as the content's own checks.

type Field = { name: string; widget?: string; required?: boolean; pattern?: readonly [string, string]; fields?: Field[]; options?: { value: string }[]; i18n?: boolean; min?: number };
type Collection = { name: string; folder?: string; i18n?: unknown; files?: { name: string; file: string; fields: Field[] }[]; fields?: Field[]; create?: boolean; delete?: boolean };

const root = new URL('../../', import.meta.url);
const exists = (path: string) => existsSync(new URL(path, root));
const config = adminConfig({});
const collections = config.collections as Collection[];
const byName = (name: string) => collections.find((c) => c.name === name)!;
/** What Decap's pattern check answers for a value (it builds a RegExp from the pattern's text). */
const patternAccepts = (field: Field, value: string) => !field.pattern || new RegExp(field.pattern[0]).test(value);
/** What Decap asks of a field: required means not empty, then its pattern. */
const editorAccepts = (field: Field, value: string) => (value === '' ? !field.required : patternAccepts(field, value));

describe('languages', () => {
  test('English, Malay and Chinese, English the default: English on the left, Malay beside it', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en', 'ms', 'zh-cn'], default_locale: 'en' });
  });

  test('the pages are one collection whose entries hold their three languages, one folder each', () => {
    const pages = byName('pages');
    expect(pages).toMatchObject({ folder: 'content/pages', extension: 'md', format: 'frontmatter', i18n: true, create: false, delete: false });
    expect(pages.files).toBeUndefined();
    for (const field of pages.fields!) expect(field.i18n, field.name).toBe(true);
  });

  test("each language's folder holds every page the site builds, and nothing else", () => {
    const names = ['about', 'faq', 'privacy', 'return', 'terms'];
    for (const locale of ['en', 'ms', 'zh-cn']) {
      expect(readdirSync(new URL(`content/pages/${locale}/`, root)).sort(), locale).toEqual(names.map((n) => `${n}.md`));
      for (const file of pageFiles(locale)) expect(exists(file), file).toBe(true);
    }
    expect(readdirSync(new URL('content/pages/', root)).sort()).toEqual(['en', 'ms', 'zh-cn']);
  });
});

describe('pages', () => {
  const fields = byName('pages').fields!;
  const field = (name: string) => fields.find((f) => f.name === name)!;

  test('title, description and text are required', () => {
    expect(fields.map((f) => [f.name, f.required])).toEqual([
      ['title', true],
      ['description', true],
      ['body', true],
    ]);
  });

  test('the description is refused where the build refuses it: empty or longer than the limit', () => {
    const description = field('description');
    expect(PAGE_DESCRIPTION_MAX).toBe(200);
    expect(editorAccepts(description, 'x'.repeat(PAGE_DESCRIPTION_MAX))).toBe(true);
    expect(editorAccepts(description, 'x'.repeat(PAGE_DESCRIPTION_MAX + 1))).toBe(false);
    expect(editorAccepts(description, '')).toBe(false);
    expect(editorAccepts(description, 'Two lines\nof text')).toBe(true);
  });
});

describe('products', () => {
  const folders = collections.filter((c) => c.name.startsWith('products-'));
  const sample = (folder: string) => {
    const file = readdirSync(new URL(folder + '/', root)).find((f) => f.endsWith('.json'))!;
    return JSON.parse(readFileSync(new URL(`${folder}/${file}`, root), 'utf8')) as Record<string, unknown>;
  };

  test('each category is named as the shop names it, in English, Malay and Chinese', () => {
    expect(folders.map((c) => (c as { label?: string }).label)).toEqual([
      'Products: Maintenance',
      'Products: Tyres',
      'Products: Tinting Films',
      'Products: Wiper Blades',
      'Products: Dash Cams',
      'Products: Brake Pads',
      'Products: Car Mats',
    ]);
    const tyres = folders.find((c) => c.name === 'products-auto-tires-service') as { description?: string };
    expect(tyres.description).toMatch(/^Tayar · 轮胎: /);
  });

  test('one collection per category folder; products are edited, never created or deleted', () => {
    expect(folders.map((c) => c.folder)).toEqual(categories.map((c) => `content/catalog/${c.slug}`));
    for (const c of folders) {
      expect(exists(c.folder!)).toBe(true);
      expect([c.create, c.delete]).toEqual([false, false]);
    }
  });

  test('only the texts are editable: never price, fitment or options', () => {
    for (const c of folders) {
      const names = c.fields!.map((f) => f.name);
      expect(names).toEqual(['name', 'summary', 'description', 'imageAlt', 'included']);
      for (const key of ['partsSen', 'listPriceSen', 'labourSen', 'rearBladeSen', 'fit', 'tint', 'slot', 'includesOil', 'noFitting', 'warrantyMonths', 'unit', 'id', 'category', 'image', 'popularity', 'intervalMonths', 'intervalKm', 'intervalByModel']) {
        expect(names).not.toContain(key);
      }
    }
  });

  test('every text needs all three languages, as the catalogue does', () => {
    for (const c of folders) {
      const product = sample(c.folder!);
      expect(productFile.safeParse(product).success).toBe(true);
      for (const field of c.fields!) {
        const languages = field.fields!;
        expect(languages.map((l) => [l.name, l.required])).toEqual([
          ['en', true],
          ['zh-cn', true],
          ['ms', true],
        ]);
        // What the editor refuses (an empty language), the catalogue refuses too, and the reverse.
        for (const language of languages) {
          for (const value of ['', ' ', 'Pad brek']) {
            const edited = structuredClone(product);
            if (field.name === 'included') (edited.included as Record<string, string>[])[0]![language.name] = value;
            else (edited[field.name] as Record<string, string>)[language.name] = value;
            expect(productFile.safeParse(edited).success, `${c.name} ${field.name}.${language.name} = "${value}"`).toBe(editorAccepts(language, value));
          }
        }
      }
      expect(c.fields!.find((f) => f.name === 'included')!.min).toBe(1);
    }
  });
});

describe('home banners', () => {
  const banners = byName('home').files![0]!;
  const item = banners.fields[0]!.fields!;
  const field = (name: string) => item.find((f) => f.name === name)!;
  const current = JSON.parse(readFileSync(new URL('content/home/banners.json', root), 'utf8')) as { banners: Record<string, unknown>[] };

  test('edits content/home/banners.json: image, caption in three languages, a category to lead to', () => {
    expect(banners.file).toBe('content/home/banners.json');
    expect(item.map((f) => f.name)).toEqual(['id', 'image', 'width', 'height', 'link', 'models', 'title', 'subtitle', 'alt']);
    for (const name of ['title', 'subtitle', 'alt']) expect(field(name).fields!.map((l) => [l.name, l.required])).toEqual([['en', true], ['zh-cn', true], ['ms', true]]);
  });

  test('a banner leads only to a category page, and every choice passes the banner check', () => {
    const links = field('link').options!.map((o) => o.value);
    expect(links).toEqual(categories.map((c) => `/pc/products/${c.slug}`));
    for (const link of links) {
      const edited = structuredClone(current);
      edited.banners[0]!.link = link;
      expect(bannerFile.safeParse(edited).success).toBe(true);
    }
    for (const b of current.banners) expect(links).toContain(b.link);
  });

  test('the id is refused where the banner check refuses it', () => {
    for (const id of ['tyres', 'new-year-2027', 'Tyres', 'tyres sale', '']) {
      const edited = structuredClone(current);
      edited.banners[0]!.id = id;
      expect(editorAccepts(field('id'), id), id).toBe(bannerFile.safeParse(edited).success);
    }
  });
});

describe('where edits are saved', () => {
  test('by default the working copy, through the proxy on 127.0.0.1 (npm run content), with no login', () => {
    // Not Decap's local_backend: that one asks to log in (a button that checks nothing).
    expect(config.backend).toEqual({ name: 'working-copy', proxy_url: 'http://127.0.0.1:8081/api/v1', branch: 'main' });
    expect('local_backend' in config).toBe(false);
    expect(config.publish_mode).toBeUndefined();
    expect(adminConfig({ CONTENT_BACKEND: 'local', CONTENT_PROXY_PORT: '9091' }).backend).toMatchObject({ name: 'working-copy', proxy_url: 'http://127.0.0.1:9091/api/v1' });
    expect(() => adminConfig({ CONTENT_PROXY_PORT: 'eighty' })).toThrow('CONTENT_PROXY_PORT');
  });

  test('in production a git host, repository and branch from the settings, with the editorial workflow', () => {
    for (const name of ['github', 'gitlab', 'gitea'] as const) {
      const git = adminConfig({ CONTENT_BACKEND: name, CONTENT_REPO: 'servauto/shop', CONTENT_BRANCH: 'live' });
      expect(git.backend).toMatchObject({ name, repo: 'servauto/shop', branch: 'live' });
      expect(git.publish_mode).toBe('editorial_workflow');
      expect('local_backend' in git).toBe(false);
    }
    expect(adminConfig({ CONTENT_BACKEND: 'gitea', CONTENT_REPO: 'shop/site', CONTENT_BASE_URL: 'https://git.example.my', CONTENT_API_ROOT: 'https://git.example.my/api/v1', CONTENT_APP_ID: 'abc' }).backend).toMatchObject({
      base_url: 'https://git.example.my',
      api_root: 'https://git.example.my/api/v1',
      app_id: 'abc',
      branch: 'main',
    });
    expect(adminConfig({ CONTENT_BACKEND: 'gitlab', CONTENT_REPO: 'shop/site', CONTENT_APP_ID: 'abc' }).backend).toMatchObject({ app_id: 'abc', auth_type: 'pkce' });
    expect(() => adminConfig({ CONTENT_BACKEND: 'github' })).toThrow('CONTENT_REPO');
    expect(() => adminConfig({ CONTENT_BACKEND: 'svn', CONTENT_REPO: 'a/b' })).toThrow('CONTENT_BACKEND');
  });
});

describe('WhatsApp templates', () => {
  test("one entry, the content file, with every kind's Content SID in each language, refused unless shaped as Twilio's", () => {
    const [file, ...more] = byName('messages').files!;
    expect(more).toEqual([]);
    expect(file!.file).toBe('content/messages/whatsapp.json');
    expect(exists(file!.file)).toBe(true);
    const shipped = JSON.parse(readFileSync(new URL(file!.file, root), 'utf8')) as Record<string, Record<string, string>>;
    expect(file!.fields.map((f) => f.name).sort()).toEqual(Object.keys(shipped).sort());
    for (const kind of file!.fields) {
      expect(kind.fields!.map((f) => f.name)).toEqual(['en', 'zh-cn', 'ms']);
      for (const sid of kind.fields!) {
        expect(editorAccepts(sid, shipped[kind.name]![sid.name]!), `${kind.name}.${sid.name}`).toBe(true);
        expect(editorAccepts(sid, ''), 'required').toBe(false);
        expect(editorAccepts(sid, 'HX123'), 'too short').toBe(false);
        expect(editorAccepts(sid, `HX${'A'.repeat(32)}`), 'capitals').toBe(false);
      }
    }
  });
});

describe('order rules', () => {
  test('Atome’s minimum: the content file’s one field, a whole number of sen from what Curlec takes, as the start checks it', () => {
    const [file, ...more] = byName('orders').files!;
    expect(more).toEqual([]);
    expect(file!.file).toBe('content/orders/payments.json');
    const shipped = JSON.parse(readFileSync(new URL(file!.file, root), 'utf8')) as Record<string, unknown>;
    expect(file!.fields.map((f) => f.name)).toEqual(Object.keys(shipped));
    const [minimum] = file!.fields as (Field & { value_type?: string })[];
    expect(minimum).toMatchObject({ widget: 'number', value_type: 'int', required: true, min: 1000 });
    expect(paymentsFile.safeParse({ atomeMinSen: minimum!.min }).success).toBe(true);
    expect(paymentsFile.safeParse({ atomeMinSen: minimum!.min! - 1 }).success).toBe(false);
  });
});
