import { describe, expect, test } from 'vitest';
import { buildFailure, pagesLost } from '../../server/modules/publishing/publisher.ts';

/** What staff are told when a republished site does not build: the file, field and language when the build names them. */
describe('why a build failed', () => {
  test("Astro's content schema error names the entry's file, the field and the language", () => {
    const output = [
      '22:41:07 [content] Syncing content',
      '\x1b[31m[InvalidContentEntryDataError]\x1b[39m \x1b[1m**pages → zh-cn/faq**\x1b[22m data does not match collection schema.',
      '',
      '  **title**: Too small: expected string to have >=1 characters',
      '',
      '  Hint:',
      '    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.',
    ].join('\n');
    expect(buildFailure(output)).toEqual({
      file: 'content/pages/zh-cn/faq.md',
      field: 'title',
      language: 'zh-cn',
      message: 'Too small: expected string to have >=1 characters',
    });
  });

  test('a line of JSON naming the file, field and language is taken as it is', () => {
    const output = 'building…\n{"file":"content/home/banners.json","field":"banners.0.alt","language":"ms","message":"An image needs its alternative text."}\nerror: 1 problem';
    expect(buildFailure(output)).toEqual({ file: 'content/home/banners.json', field: 'banners.0.alt', language: 'ms', message: 'An image needs its alternative text.' });
  });

  test("the content checks' lines: the first problem, with its file, field and language", () => {
    const output = [
      '23:29:07 [build] output: "static"',
      'content/pages/zh-cn/faq.md: field title (zh-cn): has no Chinese text',
      'content/home/banners.json: field banners[0].link (all languages): the link to /pc/nowhere is not a page of the site',
      '23:29:07 [ERROR] [servauto:content-checks] An unhandled error occurred while running the "astro:config:setup" hook The content has 2 problems (listed above): the site is not built.',
    ].join('\n');
    expect(buildFailure(output)).toEqual({ file: 'content/pages/zh-cn/faq.md', field: 'title', language: 'zh-cn', message: 'has no Chinese text' });
  });

  test("any other failure: the build's own error lines", () => {
    expect(buildFailure('vite v7\n✓ 120 modules\nerror during build:\nRollupError: x.ts (3:4): Unexpected token\n    at parse')).toEqual({
      message: 'error during build: RollupError: x.ts (3:4): Unexpected token at parse',
    });
  });
});

describe('pages a new build would lose', () => {
  const served = ['home/index.html', 'faq/index.html', 'ms/faq/index.html', 'products/auto-car-mats/mat-sparco-carpet/index.html', 'ms/products/auto-car-mats/mat-sparco-carpet/index.html'];
  const content = ['pages/en/faq.md', 'pages/ms/faq.md', 'catalog/auto-car-mats/mat-sparco-carpet.json'];

  test('a page missing from the new build is lost', () => {
    const next = served.filter((p) => p !== 'ms/faq/index.html');
    expect(pagesLost(served, next, content, content)).toEqual(['ms/faq/index.html']);
  });

  test("a product's pages removed with its file, a page's with its Markdown, are not", () => {
    const next = ['home/index.html', 'faq/index.html'];
    expect(pagesLost(served, next, content, ['pages/en/faq.md'])).toEqual([]);
  });

  test("a page's language folder decides which page went: the Malay FAQ's file, not the English one", () => {
    const policy = ['agreement/privacy-policy/index.html', 'ms/agreement/privacy-policy/index.html', 'zh-cn/agreement/privacy-policy/index.html'];
    const files = ['pages/en/privacy.md', 'pages/ms/privacy.md', 'pages/zh-cn/privacy.md'];
    const next = policy.filter((p) => !p.startsWith('ms/'));
    expect(pagesLost(policy, next, files, files.filter((f) => f !== 'pages/ms/privacy.md'))).toEqual([]);
    expect(pagesLost(policy, next, files, files.filter((f) => f !== 'pages/zh-cn/privacy.md'))).toEqual(['ms/agreement/privacy-policy/index.html']);
    expect(pagesLost(served, served.filter((p) => p !== 'faq/index.html'), content, content.filter((f) => f !== 'pages/ms/faq.md'))).toEqual(['faq/index.html']);
  });

  test('nothing missing, nothing lost', () => {
    expect(pagesLost(served, [...served, 'about/index.html'], content, content)).toEqual([]);
  });
});
