import type { APIRoute } from 'astro';
import { adminConfig, contentSettings } from '../../admin/config.ts';

/**
 * The content editor's configuration, as the build's environment sets it (CONTENT_BACKEND,
 * CONTENT_REPO, CONTENT_BRANCH…). JSON is YAML too, so it is written as JSON.
 */
export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(adminConfig(contentSettings(process.env)), null, 2)}\n`, {
    headers: { 'Content-Type': 'text/yaml; charset=utf-8' },
  });
