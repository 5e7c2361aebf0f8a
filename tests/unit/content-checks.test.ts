import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContent, frontMatter, parseProblemLine, problemLine, type ContentProblem, type SiteFiles } from '../../contract/rules/content-checks.ts';
import { contentChecksIntegration, contentProblemLines, projectFiles } from '../../src/integrations/content-checks.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures/content-checks');
const real = projectFiles(root);

/**
 * A project whose content/ is the small passing fixture `base`, with the files of fixture `name`
 * over it and the files `without` taken away; the site's routes and public files are the real ones.
 */
function project(name?: string, without: string[] = []): SiteFiles {
  const layers = [name, 'base'].filter((l): l is string => Boolean(l)).map((l) => projectFiles(path.join(fixtures, l)));
  const gone = new Set(without);
  return {
    list(dir) {
      if (!dir.startsWith('content')) return real.list(dir);
      return [...new Set(layers.flatMap((l) => l.list(dir)))].filter((f) => !gone.has(f)).sort();
    },
    read(file) {
      if (!file.startsWith('content/')) return real.read(file);
      if (gone.has(file)) return null;
      for (const layer of layers) {
        const text = layer.read(file);
        if (text !== null) return text;
      }
      return null;
    },
  };
}

/** What a reader of the build's output gets: file, field, language, and the rule's kind. */
const named = (problems: ContentProblem[]) => problems.map(({ file, field, language, rule }) => ({ file, field, language, rule }));

describe('content checks', () => {
  it('pass the shop’s own content', () => {
    expect(checkContent(real).map(problemLine)).toEqual([]);
  });

  it('pass the small fixture every other case changes', () => {
    expect(checkContent(project()).map(problemLine)).toEqual([]);
  });

  describe('an entry missing a language', () => {
    it('a page without its Chinese file', () => {
      const problems = checkContent(project(undefined, ['content/pages/zh-cn/about.md']));
      expect(named(problems)).toEqual([{ file: 'content/pages/zh-cn/about.md', field: 'file', language: 'zh-cn', rule: 'missing-language' }]);
      expect(problemLine(problems[0]!)).toMatch(/^content\/pages\/zh-cn\/about\.md: field file \(zh-cn\): is missing/);
    });

    it('a whole page the site shows is missing', () => {
      const gone = ['en', 'zh-cn', 'ms'].map((l) => `content/pages/${l}/privacy.md`);
      expect(named(checkContent(project(undefined, gone))).map((p) => `${p.file} ${p.language}`)).toEqual(gone.map((f, i) => `${f} ${['en', 'zh-cn', 'ms'][i]}`));
    });

    it("a page in a folder that is not one of the site's languages", () => {
      const problems = checkContent(project('page-unknown-language'));
      expect(named(problems)).toEqual([{ file: 'content/pages/fr/about.md', field: 'file', language: 'all', rule: 'not-a-language' }]);
      expect(problems[0]!.message).toBe('"fr" is not a language of the site: a page\'s folders are en/, zh-cn/, ms/');
    });

    it('a page whose Malay title is empty', () => {
      expect(named(checkContent(project('page-empty-title')))).toEqual([{ file: 'content/pages/ms/about.md', field: 'title', language: 'ms', rule: 'missing-language' }]);
    });

    it('a product name without Chinese, an included line with only spaces in Malay', () => {
      const file = 'content/catalog/auto-wiper-blade/wiper-test.json';
      expect(named(checkContent(project('product-missing-language')))).toEqual([
        { file, field: 'name', language: 'zh-cn', rule: 'missing-language' },
        { file, field: 'included[0]', language: 'ms', rule: 'missing-language' },
      ]);
    });

    it('a banner’s empty Malay subtitle', () => {
      const problems = checkContent(project('banner-missing-language'));
      expect(named(problems)).toEqual([{ file: 'content/home/banners.json', field: 'banners[0].subtitle', language: 'ms', rule: 'missing-language' }]);
      expect(problemLine(problems[0]!)).toBe('content/home/banners.json: field banners[0].subtitle (ms): has no Malay text');
    });
  });

  describe('a link to a page that does not exist', () => {
    it('in a page’s Markdown, each named with its line', () => {
      const problems = checkContent(project('page-broken-link'));
      expect(named(problems)).toEqual([
        { file: 'content/pages/en/about.md', field: 'body', language: 'en', rule: 'broken-link' },
        { file: 'content/pages/en/about.md', field: 'body', language: 'en', rule: 'broken-link' },
      ]);
      expect(problems.map((p) => p.message)).toEqual([
        'the link "FAQ" to /pc/faqs (line 6) is not a page of the site',
        'the link "workshop" to /pc/stores (line 6) is not a page of the site',
      ]);
    });

    it('a banner leading to a category the shop does not have', () => {
      const problems = checkContent(project('banner-broken-link'));
      expect(named(problems)).toEqual([{ file: 'content/home/banners.json', field: 'banners[0].link', language: 'all', rule: 'broken-link' }]);
      expect(problemLine(problems[0]!)).toBe('content/home/banners.json: field banners[0].link (all languages): the link /pc/products/auto-tyres of banner "tyres" is not a page of the site');
    });

    it('a link in a product’s text', () => {
      expect(named(checkContent(project('product-broken-link')))).toEqual([
        { file: 'content/catalog/auto-wiper-blade/wiper-test.json', field: 'description', language: 'en', rule: 'broken-link' },
      ]);
    });

    it('a Malay page linking to the English page', () => {
      const problems = checkContent(project('page-language-link'));
      expect(named(problems)).toEqual([{ file: 'content/pages/ms/about.md', field: 'body', language: 'ms', rule: 'wrong-language-link' }]);
      expect(problems[0]!.message).toContain('link /pc/ms/faq');
    });

    it('a banner link written with a language, which the carousel would prefix again', () => {
      expect(named(checkContent(project('banner-language-link')))).toEqual([{ file: 'content/home/banners.json', field: 'banners[0].link', language: 'all', rule: 'wrong-language-link' }]);
    });
  });

  describe('an agreement id the routes do not know', () => {
    it('/agreement?id=PRIVACY in a Malay policy', () => {
      const problems = checkContent(project('unknown-agreement'));
      expect(named(problems)).toEqual([{ file: 'content/pages/ms/terms.md', field: 'body', language: 'ms', rule: 'unknown-agreement' }]);
      expect(problemLine(problems[0]!)).toBe(
        'content/pages/ms/terms.md: field body (ms): the link "Dasar Privasi" to /pc/ms/agreement?id=PRIVACY (line 6) names the agreement "PRIVACY", which the site does not have: the agreements are PRIVACYPOLICY, RETURNPOLICY and Terms',
      );
    });

    it('a policy page by a slug the routes do not have', () => {
      expect(named(checkContent(project('unknown-agreement-page')))).toEqual([{ file: 'content/pages/en/return.md', field: 'body', language: 'en', rule: 'broken-link' }]);
    });
  });

  describe('an image without alternative text', () => {
    it('in Markdown and in HTML written into a page', () => {
      const problems = checkContent(project('page-missing-alt'));
      expect(named(problems)).toEqual([
        { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'missing-alt' },
        { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'missing-alt' },
      ]);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringMatching(/^the image \/pc\/banners\/tyres\.svg \(line 8\) has no alternative text/),
        expect.stringMatching(/^the image \/pc\/banners\/tint\.svg \(line 10\) has no alternative text/),
      ]);
    });

    it('a banner without its Chinese alternative text', () => {
      const problems = checkContent(project('banner-missing-alt'));
      expect(named(problems)).toEqual([{ file: 'content/home/banners.json', field: 'banners[0].alt', language: 'zh-cn', rule: 'missing-alt' }]);
      expect(problems[0]!.message).toBe('the image has no alternative text in Chinese');
    });

    it('a product image without English alternative text', () => {
      expect(named(checkContent(project('product-missing-alt')))).toEqual([
        { file: 'content/catalog/auto-wiper-blade/wiper-test.json', field: 'imageAlt', language: 'en', rule: 'missing-alt' },
      ]);
    });

    it('a product image that is not a file of the site', () => {
      const problems = checkContent(project('product-missing-image'));
      expect(named(problems)).toEqual([{ file: 'content/catalog/auto-wiper-blade/wiper-test.json', field: 'image', language: 'all', rule: 'missing-image' }]);
      expect(problems[0]!.message).toContain('public/products/wiper-test.svg does not exist');
    });
  });

  describe('the FAQ keeps its questions in the same order in every language', () => {
    it('two Malay questions swapped', () => {
      const problems = checkContent(project('faq-swapped'));
      expect(named(problems)).toEqual([
        { file: 'content/pages/ms/faq.md', field: 'body', language: 'ms', rule: 'faq-order' },
        { file: 'content/pages/ms/faq.md', field: 'body', language: 'ms', rule: 'faq-order' },
      ]);
      expect(problems[0]!.message).toBe(
        'question 1 "Bagaimanakah cara meminta bayaran balik?" does not match English question 1 "What does the warranty cover?": its answer links nowhere, the English answer links to /pc/agreement?id=RETURNPOLICY. Keep the questions in the order of content/pages/en/faq.md',
      );
    });

    it('a Chinese question missing', () => {
      const problems = checkContent(project('faq-question-missing'));
      expect(named(problems)).toEqual([{ file: 'content/pages/zh-cn/faq.md', field: 'body', language: 'zh-cn', rule: 'faq-order' }]);
      expect(problems[0]!.message).toMatch(/^has 1 question \("## …" headings\), the English FAQ \(content\/pages\/en\/faq\.md\) 2/);
    });
  });

  it('reads front matter as the editor writes it (a folded description, no quotes)', () => {
    expect(checkContent(project('decap-front-matter')).map(problemLine)).toEqual([]);
    const { data } = frontMatter(
      ['---', 'title: About us # the page', "subtitle: 'It''s ours'", 'description: >-', '  Two lines', '  folded.', 'quoted: "A \\"b\\"', '  c"', '---', 'Body'].join('\n'),
    );
    expect(Object.fromEntries(data)).toEqual({ title: 'About us', subtitle: "It's ours", description: 'Two lines folded.', quoted: 'A "b" c' });
  });

  it('one line per problem, read back as file, field, language and message', () => {
    const line = 'content/pages/ms/faq.md: field body (ms): has 1 question, the English FAQ 2';
    expect(parseProblemLine(line)).toEqual({ file: 'content/pages/ms/faq.md', field: 'body', language: 'ms', message: 'has 1 question, the English FAQ 2' });
    const all = { file: 'content/home/banners.json', field: 'banners[0].link', language: 'all' as const, message: 'is not a page of the site' };
    expect(parseProblemLine(problemLine(all))).toEqual(all);
    expect(parseProblemLine('building client (vite)')).toBeNull();
  });
});

describe('the build', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  /** A project folder: the fixture's content over the base, the real site's pages and public files. */
  function folder(name: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-checks-'));
    made.push(dir);
    cpSync(path.join(fixtures, 'base'), dir, { recursive: true });
    cpSync(path.join(fixtures, name), dir, { recursive: true });
    symlinkSync(path.join(root, 'src'), path.join(dir, 'src'));
    symlinkSync(path.join(root, 'public'), path.join(dir, 'public'));
    return dir;
  }
  const setup = (dir: string, command: 'build' | 'dev') => {
    const logger = { warn: vi.fn() };
    const hook = contentChecksIntegration.hooks['astro:config:setup'] as (options: unknown) => void;
    return { logger, run: () => hook({ command, config: { root: pathToFileURL(`${dir}/`) }, logger }) };
  };

  it('stops before building, printing one line per problem', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { run } = setup(folder('faq-swapped'), 'build');
    expect(run).toThrow('The content has 2 problems (listed above): the site is not built.');
    expect(printed.mock.calls.map(([line]) => parseProblemLine(String(line))?.file)).toEqual(['content/pages/ms/faq.md', 'content/pages/ms/faq.md']);
  });

  it('goes on with the shop’s own content, and only warns while developing', () => {
    expect(contentProblemLines(root)).toEqual([]);
    expect(setup(root, 'build').run).not.toThrow();
    const dev = setup(folder('banner-missing-alt'), 'dev');
    expect(dev.run).not.toThrow();
    expect(dev.logger.warn).toHaveBeenCalledWith('content/home/banners.json: field banners[0].alt (zh-cn): the image has no alternative text in Chinese');
  });
});
