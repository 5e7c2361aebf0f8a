// @ts-check
import { satteri } from '@astrojs/markdown-satteri';
import { readerAddress } from '../../contract/rules/content-checks.ts';

/**
 * How the content pages' Markdown becomes HTML: Markdown only. HTML written into a page (a
 * `<script>`, a `<span onmouseover=…>`, a tag in a FAQ heading) is shown as the words it is,
 * never as markup, and a link or image address a reader cannot open (`javascript:`, `data:`)
 * leads nowhere. The content checks refuse both before a build, naming the file, field and
 * language (contract/rules/content-checks.ts); this is what stands if one gets past them.
 * HTML comments show nothing, as before.
 * @type {import('satteri').MdastPluginDefinition}
 */
export const markdownOnly = {
  name: 'servauto:markdown-only',
  html(node, ctx) {
    if (/^\s*<!--[\s\S]*-->\s*$/.test(node.value)) {
      ctx.removeNode(node);
      return;
    }
    const text = { type: /** @type {const} */ ('text'), value: node.value };
    const parent = ctx.parent(node)?.type;
    // An HTML block stands where a paragraph would: its words get one.
    return parent === 'root' || parent === 'blockquote' || parent === 'listItem' ? { type: 'paragraph', children: [text] } : text;
  },
  link(node, ctx) {
    if (!readerAddress(node.url)) ctx.setProperty(node, 'url', '');
  },
  image(node, ctx) {
    if (!readerAddress(node.url)) ctx.setProperty(node, 'url', '');
  },
  definition(node, ctx) {
    if (!readerAddress(node.url)) ctx.setProperty(node, 'url', '');
  },
};

/** Astro's Markdown processor with the site's rule: `markdown.processor` in astro.config.mjs. */
export const contentMarkdown = satteri({ mdastPlugins: [markdownOnly] });
