import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Pages content editors own, as Markdown with front matter, one file per language:
 * content/pages/faq/en.md, content/pages/policies/privacy/ms.md, content/pages/about/zh-cn.md.
 * The entry id is the path without ".md", e.g. "policies/privacy/ms".
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
  }),
});

export const collections = { pages };
