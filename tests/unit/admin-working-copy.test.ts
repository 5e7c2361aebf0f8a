import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { changedFiles, sameTexts, type DataFile } from '../../src/admin/working-copy.ts';

// A save in the editor on the working copy: a page's three languages are one entry, and Decap
// hands over every language's file in its own layout. Only the files whose texts changed are
// written; the others stay as they are, byte for byte.

const root = new URL('../../', import.meta.url);
const onDisk = (file: string) => readFileSync(new URL(file, root), 'utf8');
const faq = (lang: string) => `content/pages/${lang}/faq.md`;

/** A page as Decap writes it: its own YAML (plain scalars, long ones folded), the body without its final newline. */
function decapLayout(text: string, edit: (data: Map<string, string>) => void = () => {}): string {
  const end = text.indexOf('\n---', 4);
  const data = new Map<string, string>();
  for (const line of text.slice(4, end).split('\n')) {
    const m = /^(\w+): "(.*)"$/.exec(line);
    if (m) data.set(m[1]!, m[2]!.replace(/\\"/g, '"'));
  }
  edit(data);
  const yaml = [...data].map(([key, value]) => (value.length > 60 ? `${key}: >-\n  ${value.slice(0, 60).replace(/ (\S*)$/, '\n  $1')}${value.slice(60)}` : `${key}: ${value}`));
  return `---\n${yaml.join('\n')}\n---\n${text.slice(end + 5).trim()}`;
}

describe("a page's languages saved together", () => {
  test('the same texts in another layout are the same; one word more is not', () => {
    const en = onDisk(faq('en'));
    const resaved = decapLayout(en);
    expect(resaved).not.toBe(en);
    expect(sameTexts(faq('en'), en, resaved)).toBe(true);
    expect(sameTexts(faq('en'), en, resaved.replace('warranty cover?', 'warranty cover, exactly?'))).toBe(false);
    expect(sameTexts(faq('en'), en, decapLayout(en, (d) => d.set('title', 'FAQ')))).toBe(false);
    expect(sameTexts(faq('en'), en, decapLayout(en, (d) => d.set('extra', 'x')))).toBe(false);
    // A JSON file is the same only byte for byte.
    expect(sameTexts('content/home/banners.json', '{"a":1}', '{ "a": 1 }')).toBe(false);
  });

  test('a Malay title edited: only the Malay file is written', async () => {
    const files: DataFile[] = ['en', 'ms', 'zh-cn'].map((lang) => ({
      path: faq(lang),
      slug: 'faq',
      raw: decapLayout(onDisk(faq(lang)), (d) => {
        if (lang === 'ms') d.set('title', 'Soalan lazim Servauto');
      }),
    }));
    const read = async (file: string) => onDisk(file);
    expect((await changedFiles(files, read)).map((f) => f.path)).toEqual([faq('ms')]);
    // Nothing edited: nothing written.
    const unedited = files.map((f) => ({ ...f, raw: decapLayout(onDisk(f.path)) }));
    expect(await changedFiles(unedited, read)).toEqual([]);
  });

  test('a file not on disk yet, or moved, is written; a single file is always written', async () => {
    const files: DataFile[] = [
      { path: faq('en'), raw: onDisk(faq('en')) },
      { path: 'content/pages/ms/new.md', raw: '---\ntitle: Baharu\n---\nTeks.' },
      { path: faq('zh-cn'), newPath: 'content/pages/zh-cn/faq-2.md', raw: onDisk(faq('zh-cn')) },
    ];
    const read = async (file: string) => (file.endsWith('new.md') ? null : onDisk(file));
    expect((await changedFiles(files, read)).map((f) => f.path)).toEqual(['content/pages/ms/new.md', faq('zh-cn')]);
    const one = [{ path: 'content/home/banners.json', raw: onDisk('content/home/banners.json') }];
    expect(await changedFiles(one, read)).toEqual(one);
  });
});
