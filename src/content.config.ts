import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { PAGE_DESCRIPTION_MAX, PAGE_DESCRIPTION_MIN, PAGE_TITLE_MIN } from '../contract/rules/content-fields.ts';

/**
 * Pages content editors own, as Markdown with front matter, one folder per language (the
 * editor's "multiple_folders" layout): content/pages/en/faq.md, content/pages/ms/privacy.md,
 * content/pages/zh-cn/about.md. The entry id is the path without ".md", e.g. "ms/privacy".
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(PAGE_TITLE_MIN),
    description: z.string().min(PAGE_DESCRIPTION_MIN).max(PAGE_DESCRIPTION_MAX),
  }),
});

export const collections = { pages };
