import { posix } from 'node:path';
import { describe, expect, test } from 'vitest';
import { basename, dirname, extname, join, sep } from '../../src/admin/path.ts';

// The content editor's stand-in for Node's `path` answers as Node's POSIX path does for the
// repository paths Decap CMS handles.
const paths = ['content/pages/faq/en.md', 'content/pages/faq/md', '/pc/banners/tyres.svg', 'content/catalog/auto-brake-pads/', 'a', '/', '.md', 'a/b.c/d', 'x.tar.gz', ''];

describe('path for the editor', () => {
  test.each(paths)('dirname, basename and extname of "%s"', (p) => {
    expect(dirname(p)).toBe(posix.dirname(p));
    expect(basename(p)).toBe(posix.basename(p));
    expect(basename(p, '.md')).toBe(posix.basename(p, '.md'));
    expect(basename(p, extname(p))).toBe(posix.basename(p, posix.extname(p)));
    expect(extname(p)).toBe(posix.extname(p));
  });

  test('join', () => {
    for (const parts of [['content', 'pages', 'faq.md'], ['content/pages/', '/faq'], ['a', '..', 'b'], ['/a', './b', '../c'], ['', ''], ['..', 'a']]) {
      expect(join(...parts)).toBe(posix.join(...parts));
    }
    expect(sep).toBe(posix.sep);
  });
});
