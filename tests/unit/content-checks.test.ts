import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContent, frontMatter, parseProblemLine, problemLine, SIZE_LIMITS, type ContentProblem, type SiteFiles } from '../../contract/rules/content-checks.ts';
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

/** The small passing fixture with `changes` written over it (file → text), and the sizes `sizes` claims for files (images are measured, not read). */
function edited(changes: Record<string, string>, sizes: Record<string, number> = {}): SiteFiles {
  const base = project();
  return {
    list: (dir) => [...new Set([...base.list(dir), ...Object.keys(changes).filter((f) => f.startsWith(`${dir}/`))])].sort(),
    read: (file) => changes[file] ?? base.read(file),
    size: (file) => sizes[file] ?? (changes[file] !== undefined ? Buffer.byteLength(changes[file]!) : (real.size?.(file) ?? null)),
  };
}
const page = (title: string, description: string, body: string) => `---\ntitle: "${title}"\ndescription: "${description}"\n---\n\n${body}\n`;
const fixture = (file: string) => project().read(file)!;

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
    it('in Markdown and in HTML written into a page (refused as HTML too)', () => {
      const problems = checkContent(project('page-missing-alt'));
      expect(named(problems)).toEqual([
        { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'raw-html' },
        { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'missing-alt' },
        { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'missing-alt' },
      ]);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringMatching(/^line 10 has HTML \(<img src="\/pc\/banners\/tint\.svg" alt="">\), which the site shows as written/),
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

describe('content is words and Markdown, never HTML or code', () => {
  it('refuses a script and an event handler written into a page, naming file, field, language and line', () => {
    const about = page('About us', 'Who we are.', 'We fit car parts.\n\n<script>fetch("/api/user").then(steal)</script>\n\nHello <span onmouseover="steal()">there</span>.');
    const problems = checkContent(edited({ 'content/pages/en/about.md': about }));
    expect(problems.map(problemLine)).toEqual([
      'content/pages/en/about.md: field body (en): line 8 has HTML with a script (<script> </script>): the site runs no code of content and would show it as written; write Markdown only',
      'content/pages/en/about.md: field body (en): line 10 has HTML with an event handler (onmouseover) (<span onmouseover="steal()"> </span>): the site runs no code of content and would show it as written; write Markdown only',
    ]);
    expect(named(problems).map((p) => p.rule)).toEqual(['raw-html', 'raw-html']);
  });

  it('refuses a script in a FAQ heading, in the language it is written in', () => {
    const faq = fixture('content/pages/ms/faq.md').replace('## Apakah yang dilindungi oleh waranti?', '## </script><script>alert(document.domain)</script>');
    const problems = checkContent(edited({ 'content/pages/ms/faq.md': faq }));
    expect(named(problems)).toEqual([{ file: 'content/pages/ms/faq.md', field: 'body', language: 'ms', rule: 'raw-html' }]);
    expect(problems[0]!.message).toBe(
      'line 8 has HTML with a script (</script> <script> </script>): the site runs no code of content and would show it as written; write Markdown only',
    );
  });

  it('refuses plain HTML too, which would show as written', () => {
    const problems = checkContent(edited({ 'content/pages/zh-cn/about.md': page('关于我们', '我们是谁。', '<div class="note">\n我们在合作车厂安装汽车配件。\n</div>') }));
    expect(named(problems)).toEqual([
      { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'raw-html' },
      { file: 'content/pages/zh-cn/about.md', field: 'body', language: 'zh-cn', rule: 'raw-html' },
    ]);
    expect(problems[0]!.message).toBe('line 6 has HTML (<div class="note">), which the site shows as written, not as markup: write Markdown (**bold**, [words](/pc/faq), "- " before a list item)');
  });

  it('lets a page speak of HTML in code, comments and plain signs', () => {
    const body = 'Type `<script>` to see it as code.\n\n```\n<span onmouseover="x()">code</span>\n```\n\n<!-- <div>hidden</div> -->\nA price < RM 50, and 3 > 2. Mail <help@servauto.my> or see <https://www.servauto.my>.';
    expect(checkContent(edited({ 'content/pages/en/about.md': page('About us', 'Who we are.', body) })).map(problemLine)).toEqual([]);
  });

  it('refuses HTML in a product’s and a banner’s texts, naming the field and language', () => {
    const product = 'content/catalog/auto-wiper-blade/wiper-test.json';
    const json = JSON.parse(fixture(product));
    json.name['zh-cn'] = '<b>测试雨刷</b>';
    json.description.en = 'Sold as a set <i onpointerenter="alert(1)">of two</i>';
    const banners = JSON.parse(fixture('content/home/banners.json'));
    banners.banners[0].title.ms = 'Tayar <script>alert(1)</script>';
    const problems = checkContent(edited({ [product]: JSON.stringify(json), 'content/home/banners.json': JSON.stringify(banners) }));
    expect(problems.map(problemLine)).toEqual([
      'content/home/banners.json: field banners[0].title (ms): has HTML with a script (<script> </script>): the site runs no code of content and would show it as written; write Markdown only',
      `${product}: field name (zh-cn): has HTML (<b> </b>), which the site shows as written, not as markup: write Markdown (**bold**, [words](/pc/faq), "- " before a list item)`,
      `${product}: field description (en): has HTML with an event handler (onpointerenter) (<i onpointerenter="alert(1)"> </i>): the site runs no code of content and would show it as written; write Markdown only`,
    ]);
  });

  it('refuses an SVG image that runs code', () => {
    const files = edited({ 'content/home/banners.json': fixture('content/home/banners.json').replace('/pc/banners/tyres.svg', '/pc/banners/evil.svg') });
    const withSvg: SiteFiles = {
      list: (dir) => (dir === 'public' ? [...files.list(dir), 'public/banners/evil.svg'] : files.list(dir)),
      read: (file) => (file === 'public/banners/evil.svg' ? '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>' : files.read(file)),
      size: (file) => (file === 'public/banners/evil.svg' ? 80 : files.size!(file)),
    };
    expect(checkContent(withSvg).map(problemLine)).toEqual([
      'content/home/banners.json: field banners[0].image (all languages): the image /pc/banners/evil.svg of banner "tyres" is an SVG with code in it (onload=): the site shows no image that runs code; save it without scripts, or as PNG',
    ]);
  });
});

describe('content has size limits', () => {
  it('refuses a 6 MB page once, without reading it further', () => {
    const huge = page('About us', 'Who we are.', `${'We fit car parts at partner workshops. <b>'.repeat(150_000)}`);
    const problems = checkContent(edited({ 'content/pages/ms/about.md': huge }));
    expect(problems.map(problemLine)).toEqual([
      `content/pages/ms/about.md: field file (ms): is ${Math.ceil(Buffer.byteLength(huge) / 1024).toLocaleString('en')} KB; a page may be at most 100 KB: it is a web page, not a document (link a PDF from public/ for one)`,
    ]);
    expect(problems[0]!.rule).toBe('too-large');
    expect(checkContent(edited({ 'content/pages/ms/about.md': page('Tentang kami', 'Siapa kami.', 'a'.repeat(SIZE_LIMITS.page - 200)) }))).toEqual([]);
  });

  it('refuses a product’s JSON over its limit, and an image over its own', () => {
    const product = 'content/catalog/auto-wiper-blade/wiper-test.json';
    const json = JSON.parse(fixture(product));
    json.description.en = 'x'.repeat(SIZE_LIMITS.json);
    expect(named(checkContent(edited({ [product]: JSON.stringify(json) })))).toEqual([{ file: product, field: 'file', language: 'all', rule: 'too-large' }]);
    const problems = checkContent(edited({}, { 'public/banners/tyres.svg': 6 * 1024 * 1024 }));
    expect(problems.map(problemLine)).toEqual([
      'content/home/banners.json: field banners[0].image (all languages): the image /pc/banners/tyres.svg of banner "tyres" is 6,144 KB; an image may be at most 1,024 KB: save it smaller (about 1600 pixels wide is plenty)',
    ]);
  });
});

describe('a page’s front matter is YAML', () => {
  const about = (frontMatterLines: string) => edited({ 'content/pages/zh-cn/about.md': `---\n${frontMatterLines}\n---\n\n我们在合作车厂安装汽车配件。\n` });

  it('refuses front matter that is not YAML, naming the file, the field, the language and the line', () => {
    expect(checkContent(about('title: Servauto: 关于我们\ndescription: "我们是谁。"')).map(problemLine)).toEqual([
      'content/pages/zh-cn/about.md: field title (zh-cn): the front matter is not YAML (line 2: bad indentation of a mapping entry): write each field as name: "text", in quotes',
    ]);
    expect(checkContent(about('title: "关于我们"\ndescription: [我们是谁')).map(problemLine)).toEqual([
      expect.stringMatching(/^content\/pages\/zh-cn\/about\.md: field description \(zh-cn\): the front matter is not YAML \(line \d: .+\): write each field as name: "text", in quotes$/),
    ]);
    expect(checkContent(about('title: "关于我们\ndescription: "我们是谁。"')).map(problemLine)).toEqual([
      expect.stringMatching(/^content\/pages\/zh-cn\/about\.md: field title \(zh-cn\): the front matter is not YAML \(line 2: /),
    ]);
    expect(checkContent(about('title: "关于我们"\ntitle: "又一个"\ndescription: "我们是谁。"')).map(problemLine)).toEqual([
      'content/pages/zh-cn/about.md: field title (zh-cn): the front matter is not YAML (line 3: duplicated mapping key): write each field as name: "text", in quotes',
    ]);
  });

  it('refuses a list instead of fields, and a title YAML reads as a number', () => {
    const lines = [...checkContent(about('- 关于我们\n- 我们是谁。')), ...checkContent(about('title: 2024\ndescription: "我们是谁。"'))].map(problemLine);
    expect(lines).toEqual([
      'content/pages/zh-cn/about.md: field front-matter (zh-cn): the front matter is not YAML (line 2: is not a list of fields ("title: …" on each line)): write each field as name: "text", in quotes',
      'content/pages/zh-cn/about.md: field title (zh-cn): is not a text (YAML reads the number 2024): write it in quotes, as title: "…"',
    ]);
  });

  it('each line is read back as file, field, language and message, as publishing does', () => {
    for (const problem of checkContent(about('title: Servauto: 关于我们\ndescription: x'))) {
      expect(parseProblemLine(problemLine(problem))).toEqual({ file: problem.file, field: problem.field, language: problem.language, message: problem.message });
    }
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
