import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { PAGE_DESCRIPTION_MAX, PAGE_DESCRIPTION_MIN, PAGE_TITLE_MIN } from '../contract/rules/content-fields.ts';

/**
 * Pages content editors own, as Markdown with front matter, one file per language:
 * content/pages/faq/en.md, content/pages/policies/privacy/ms.md, content/pages/about/zh-cn.md.
 * The entry id is the path without ".md", e.g. "policies/privacy/ms".
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(PAGE_TITLE_MIN),
    description: z.string().min(PAGE_DESCRIPTION_MIN).max(PAGE_DESCRIPTION_MAX),
  }),
});

export const collections = { pages };
