import type { APIRoute } from 'astro';

/** Crawlers may read the shop; the API and the pages that only redirect are not for them. */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('https://www.servauto.my');
  const body = ['User-agent: *', 'Allow: /pc/', 'Disallow: /api/', 'Disallow: /pc/good', '', `Sitemap: ${new URL('/pc/sitemap-index.xml', origin).href}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
