/**
 * Rules of the texts editors change in content/ (pages, banners, product texts), shared by
 * the build's content schemas and the editor's configuration (/pc/admin/config.yml), so the
 * editor refuses what the build would refuse.
 */

/**
 * The editor's languages, in the order its panes take them: the left pane opens on English
 * (and can switch), the right pane shows the second, Malay, beside it; Chinese is the third.
 */
/**
 * The settings the content editor's configuration is built from (src/admin/config.ts, at build
 * time): a change of one rebuilds the site (server/modules/publishing/inputs.ts).
 */
export const CONTENT_SETTINGS = ['CONTENT_BACKEND', 'CONTENT_REPO', 'CONTENT_BRANCH', 'CONTENT_PROXY_PORT', 'CONTENT_API_ROOT', 'CONTENT_BASE_URL', 'CONTENT_APP_ID', 'CONTENT_SITE_URL'] as const;

export const EDITOR_LOCALES = ['en', 'ms', 'zh-cn'] as const;

/** Front matter of content/pages/<lang>/<page>.md. */
export const PAGE_TITLE_MIN = 1;
export const PAGE_DESCRIPTION_MIN = 1;
export const PAGE_DESCRIPTION_MAX = 200;

/** The pages editors own: the file's name in each language's folder (content/pages/<lang>/<name>.md) and the page that shows it. */
export const editablePages = [
  { name: 'faq', route: 'faq' },
  { name: 'about', route: 'about-us-servauto' },
  { name: 'privacy', route: 'agreement/privacy-policy' },
  { name: 'return', route: 'agreement/return-policy' },
  { name: 'terms', route: 'agreement/terms' },
] as const;

/** A banner's id: lowercase words joined by hyphens. */
export const BANNER_ID = /^[a-z0-9-]+$/;
/** Banner images live in public/banners and are served under /pc/banners/. */
export const BANNER_IMAGE_FOLDER = 'public/banners';
export const BANNER_IMAGE_URL = '/pc/banners';
/** Every address inside the shop starts so. */
export const SITE_PATH_PREFIX = '/pc/';

/** A product's texts editors may change; price, fitment and options are not among them. */
export const productTextFields = ['name', 'summary', 'description', 'imageAlt', 'included'] as const;
