import MiniSearch from 'minisearch';
import { describe, expect, test } from 'vitest';
import { buildSearchIndex } from '../../src/lib/search/build-index.ts';
import { findProducts, indexOptions, type SearchDocument } from '../../src/lib/search/engine.ts';
import { products } from '../../src/lib/site-content.ts';

// Each language's index as the site builds it, from content/catalog, reloaded as a browser loads it.
const indexOf = (locale: 'en' | 'zh-cn' | 'ms') =>
  MiniSearch.loadJSON<SearchDocument>(JSON.stringify(buildSearchIndex(products, locale)), indexOptions);
const en = indexOf('en');
const zh = indexOf('zh-cn');
const ms = indexOf('ms');
const ids = (index: MiniSearch<SearchDocument>, q: string) => findProducts(index, q).map((f) => f.id);
const madeIn = (size: string) => products.filter((p) => p.fit.sizes && Object.hasOwn(p.fit.sizes, size)).map((p) => p.id);

describe('a tyre size finds the tyres made in it, with that size’s price', () => {
  const tyres = madeIn('185/55R15');
  test('there are such tyres', () => expect(tyres.length).toBeGreaterThan(1));
  for (const q of ['185/55R15', '185/55 r15', '185 55 15', '1855515']) {
    test(q, () => {
      const found = findProducts(en, q);
      expect(found.map((f) => f.id).sort()).toEqual([...tyres].sort());
      for (const f of found) {
        expect(f.size).toBe('185/55R15');
        expect(f.sizes?.['185/55R15']).toBe(products.find((p) => p.id === f.id)!.fit.sizes!['185/55R15']);
      }
    });
  }
  test('185/55 finds the tyres made in 185/55 on any rim', () => {
    const any = products.filter((p) => Object.keys(p.fit.sizes ?? {}).some((s) => s.startsWith('185/55R'))).map((p) => p.id);
    expect(ids(en, '185/55').sort()).toEqual(any.sort());
  });
  test('a brand and a size: that brand’s tyres in that size', () => {
    const found = ids(en, 'michelin 185/55r15');
    expect(found.length).toBeGreaterThan(0);
    for (const id of found) expect(id).toMatch(/^tyre-michelin-/);
  });
});

describe('oil grades, wiper lengths and part numbers', () => {
  test('0W-20 and 0w20 find the 0W-20 oils first', () => {
    for (const q of ['0W-20', '0w20']) expect(ids(en, q)).toEqual(expect.arrayContaining(['oil-mobil-1-0w20', 'oil-perodua-0w20']));
    expect(ids(en, '0w-20')).not.toContain('oil-castrol-edge-5w40');
  });
  test('5w30 finds the 5W-30 oils', () => expect(ids(en, '5w30')).toContain('oil-petronas-syntium-3000-5w30'));
  test('24", 24 inch and 600mm find the same wipers', () => {
    const inch = ids(en, '24"');
    expect(inch).toContain('wiper-bosch-aerotwin');
    expect(inch.every((id) => id.startsWith('wiper-'))).toBe(true);
    expect(ids(en, '24 inch').sort()).toEqual([...inch].sort());
    expect(ids(en, '600mm').sort()).toEqual([...inch].sort());
  });
  test('a product id', () => expect(ids(en, 'tyre-michelin-primacy-4-st')[0]).toBe('tyre-michelin-primacy-4-st'));
  test('a brake pad code finds the pads made for it', () => {
    const found = ids(en, 'PER-MYVI3-F');
    expect(found).toContain('brakepads-perodua-genuine-front');
    expect(found.every((id) => id.startsWith('brakepads-'))).toBe(true);
  });
});

describe('Chinese queries', () => {
  const category = (index: MiniSearch<SearchDocument>, q: string) => new Set(findProducts(index, q).map((f) => f.card.categorySlug));
  test('轮胎 finds every tyre, tyres first', () => {
    const tyres = products.filter((p) => p.fit.kind === 'tyre').length;
    const found = findProducts(zh, '轮胎').map((f) => f.card.categorySlug);
    expect(found.slice(0, tyres)).toEqual(Array(tyres).fill('auto-tires-service'));
  });
  test('雨刷 finds wiper blades', () => expect(category(zh, '雨刷')).toContain('auto-wiper-blade'));
  test('机油 finds engine oils', () => expect(ids(zh, '机油')).toContain('oil-mobil-1-0w20'));
  test('刹车片 finds brake pads, not brake fluid', () => {
    const found = ids(zh, '刹车片');
    expect(found).toContain('brakepads-akebono-proact-front');
    expect(found).not.toContain('service-brake-fluid-flush');
  });
  test('隔热膜 finds tinting films', () => expect(category(zh, '隔热膜')).toEqual(new Set(['auto-tinting-films'])));
});

describe('words in Malay and English, and typos', () => {
  test('tayar on the Malay page finds tyres', () => expect(ids(ms, 'tayar')[0]).toMatch(/^tyre-/));
  test('an English word on the Malay page', () => expect(ids(ms, 'wiper').some((id) => id.startsWith('wiper-'))).toBe(true));
  test('michellin finds Michelin', () => expect(ids(en, 'michellin')[0]).toMatch(/michelin/));
  test('bridgestne tyre finds Bridgestone tyres', () => expect(ids(en, 'bridgestne tyre')[0]).toMatch(/^tyre-bridgestone-/));
  test('a brand typed in part', () => expect(ids(en, 'conti')[0]).toMatch(/continental/));
  test('nothing for nonsense, and nothing for an empty query', () => {
    expect(ids(en, 'zzqxv')).toEqual([]);
    expect(ids(en, '   ')).toEqual([]);
  });
  test('the cards are in the index’s language', () => {
    expect(findProducts(zh, '轮胎')[0]!.card.name).toMatch(/轮胎/);
  });
});

describe('a service package names its included oil', () => {
  test('the index reads the oil’s name where the text says {oil}', () => {
    for (const locale of ['en', 'zh-cn', 'ms'] as const) {
      const docs = JSON.stringify(buildSearchIndex(products, locale));
      expect(docs).not.toContain('{oil}');
    }
    expect(ids(en, 'syntium')).toContain('service-basic');
  });
});

describe('brands and product words in Chinese and Malay (content/dictionaries/search-words.json)', () => {
  const byBrand = (brand: string) => products.filter((p) => p.brand === brand).map((p) => p.id).sort();
  const inFolder = (prefix: string) => products.filter((p) => p.id.startsWith(prefix)).map((p) => p.id);

  test('米其林 finds the Michelin products, its tyres among them, on the Chinese page and on any other', () => {
    expect(byBrand('Michelin').filter((id) => id.startsWith('tyre-')).length).toBeGreaterThan(1);
    expect(ids(zh, '米其林').sort()).toEqual(byBrand('Michelin'));
    expect(ids(en, '米其林').sort()).toEqual(byBrand('Michelin'));
  });

  test.each([
    ['普利司通', 'Bridgestone'],
    ['壳牌', 'Shell'],
    ['嘉实多', 'Castrol'],
    ['博世', 'Bosch'],
    ['马牌', 'Continental'],
  ])('%s finds %s', (q, brand) => expect(ids(zh, q).sort()).toEqual(byBrand(brand)));

  test('minyak hitam (engine oil) lists the engine oils first, then the services that change it, and no brake fluid', () => {
    const oils = inFolder('oil-');
    const found = ids(ms, 'minyak hitam');
    expect(found.slice(0, oils.length).sort()).toEqual([...oils].sort());
    expect(found.slice(oils.length).sort()).toEqual(['service-basic', 'service-major']);
    expect(found).not.toContain('service-brake-fluid-flush');
  });

  test('minyak brek (brake fluid) lists the brake fluid service first', () => expect(ids(ms, 'minyak brek')[0]).toBe('service-brake-fluid-flush'));

  test('pengelap lists each wiper product once, and nothing else', () => {
    const wipers = products.filter((p) => p.category === 'Wiper Blade').map((p) => p.id);
    const found = ids(ms, 'pengelap');
    expect(found).toHaveLength(wipers.length);
    expect(found.sort()).toEqual([...wipers].sort());
  });

  test('bateri lists the batteries before products whose description mentions one', () => {
    const batteries = inFolder('battery-');
    expect(ids(ms, 'bateri').slice(0, batteries.length).sort()).toEqual([...batteries].sort());
  });

  const pages = { en, 'zh-cn': zh, ms };
  test.each([
    ['电瓶', 'zh-cn', 'battery-'],
    ['刹车皮', 'zh-cn', 'brakepads-'],
    ['雨刮', 'zh-cn', 'wiper-'],
    ['行车记录仪', 'zh-cn', 'dashcam-'],
    ['脚垫', 'zh-cn', 'mat-'],
    ['tikar kereta', 'ms', 'mat-'],
    ['pad brek', 'ms', 'brakepads-'],
    ['kamera papan pemuka', 'ms', 'dashcam-'],
    ['tayar', 'ms', 'tyre-'],
  ] as const)('%s on the %s page lists the %s products first', (q, page, prefix) => {
    const all = inFolder(prefix);
    expect(ids(pages[page], q).slice(0, all.length).sort()).toEqual([...all].sort());
  });

  test('a Malay word typed on the English page: engine oils and the services that change it, no brake fluid', () => {
    const found = ids(en, 'minyak hitam');
    expect(found.sort()).toEqual([...inFolder('oil-'), 'service-basic', 'service-major'].sort());
  });

  test('a typo is read only when the word as typed finds nothing', () => {
    // `pengelap` is one or two letters from words in oil and tyre texts; the wipers alone answer it.
    expect(ids(ms, 'pengelap').every((id) => id.startsWith('wiper-'))).toBe(true);
    expect(ids(en, 'michellin')[0]).toMatch(/michelin/);
  });

  test('results list each product once', () => {
    for (const [index, q] of [[en, 'michelin tyre'], [ms, 'minyak'], [zh, '轮胎'], [en, 'oil']] as const) {
      const found = ids(index, q);
      expect(new Set(found).size).toBe(found.length);
    }
  });
});
