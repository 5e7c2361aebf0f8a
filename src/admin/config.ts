/**
 * The content editor's configuration (Decap CMS), served at /pc/admin/config.yml. Built from
 * the same rules as the content schemas (contract/rules/content-fields.ts), so the editor
 * refuses what the build would refuse. Only texts are editable: a product's price, fitment and
 * options are not fields here, and Decap keeps the fields it is not told about as they are.
 */
import { categories } from '../../contract/rules/categories.ts';
import {
  BANNER_ID,
  BANNER_IMAGE_FOLDER,
  EDITOR_LOCALES,
  BANNER_IMAGE_URL,
  CONTENT_SETTINGS,
  editablePages,
  PAGE_DESCRIPTION_MAX,
  PAGE_DESCRIPTION_MIN,
  PAGE_TITLE_MIN,
} from '../../contract/rules/content-fields.ts';
import { defaultLocale, locales } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import { CONTENT_SID, noticeKinds } from '../../contract/rules/notice-kinds.ts';
import { ATOME_LEAST_SEN } from '../../contract/rules/pay-later.ts';
import { en } from '../i18n/en.ts';
import { ms } from '../i18n/ms.ts';
import { zhCn } from '../i18n/zh-cn.ts';
import { WORKING_COPY_BACKEND } from './working-copy.ts';

export type ContentSettings = Partial<Record<(typeof CONTENT_SETTINGS)[number], string>>;

export const GIT_BACKENDS = ['github', 'gitlab', 'gitea'] as const;
export const DEFAULT_PROXY_PORT = 8081;

type Field = Record<string, unknown>;

const languageNames: Record<(typeof locales)[number], string> = { en: 'English', 'zh-cn': '中文', ms: 'Bahasa Melayu' };

/** A text in the three languages, as the JSON files hold it: { en, zh-cn, ms }, each required. */
function localizedField(name: string, label: string, widget: 'string' | 'text' = 'string', extra: Field = {}): Field {
  return {
    name,
    label,
    widget: 'object',
    collapsed: false,
    ...extra,
    fields: locales.map((locale) => ({ name: locale, label: languageNames[locale], widget, required: true })),
  };
}

/** A length rule as Decap's pattern: the string widget has no length limit of its own. */
const lengthPattern = (min: number, max: number) => [`^[\\s\\S]{${min},${max}}$`, `Between ${min} and ${max} characters.`] as const;

/**
 * One entry per page (content/pages/<locale>/<page>.md), its three languages edited side by
 * side: Decap's "multiple_folders" layout, English on the left (the default, the pane's
 * language can be switched), Malay beside it, Chinese the third. Pages are the site's: none is
 * added or removed here, each keeps its file name (faq, about, privacy, return, terms).
 */
function pageCollection(): Field {
  return {
    name: 'pages',
    label: 'Pages',
    label_singular: 'Page',
    description: 'FAQ, About and the policies, in English, Malay and Chinese side by side.',
    folder: 'content/pages',
    extension: 'md',
    format: 'frontmatter',
    i18n: true,
    create: false,
    delete: false,
    slug: '{{slug}}',
    identifier_field: 'title',
    summary: '{{title}}',
    fields: [
      { name: 'title', label: 'Title', widget: 'string', required: PAGE_TITLE_MIN > 0, i18n: true },
      {
        name: 'description',
        label: 'Description (search engines and link previews)',
        widget: 'text',
        required: PAGE_DESCRIPTION_MIN > 0,
        pattern: lengthPattern(PAGE_DESCRIPTION_MIN, PAGE_DESCRIPTION_MAX),
        i18n: true,
      },
      {
        name: 'body',
        label: 'Text (on the FAQ, each "## Question?" heading is one question, in the same order in every language)',
        widget: 'markdown',
        required: true,
        i18n: true,
        buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list'],
        editor_components: [],
      },
    ],
  };
}

/** The pages' files in one language's folder: content/pages/<locale>/<page>.md. */
export const pageFiles = (locale: string) => editablePages.map((page) => `content/pages/${locale}/${page.name}.md`);

function bannerCollection(): Field {
  return {
    name: 'home',
    label: 'Home page',
    files: [
      {
        name: 'banners',
        label: 'Banners',
        file: 'content/home/banners.json',
        format: 'json',
        fields: [
          {
            name: 'banners',
            label: 'Banners',
            label_singular: 'Banner',
            widget: 'list',
            summary: '{{fields.title.en}}',
            fields: [
              { name: 'id', label: 'Id (lowercase words and hyphens)', widget: 'string', required: true, pattern: [BANNER_ID.source, 'Lowercase letters, digits and hyphens only.'] },
              { name: 'image', label: 'Image (1200 × 400)', widget: 'image', required: true, media_folder: `/${BANNER_IMAGE_FOLDER}`, public_folder: BANNER_IMAGE_URL, choose_url: false },
              { name: 'width', label: 'Image width (px)', widget: 'number', value_type: 'int', min: 1, default: 1200, required: true },
              { name: 'height', label: 'Image height (px)', widget: 'number', value_type: 'int', min: 1, default: 400, required: true },
              {
                name: 'link',
                label: 'Leads to the category',
                widget: 'select',
                required: true,
                options: categories.map((c) => ({ label: c.className, value: categoryLink(c.slug) })),
              },
              { name: 'models', widget: 'hidden', default: [] },
              localizedField('title', 'Caption'),
              localizedField('subtitle', 'Caption, second line', 'text'),
              localizedField('alt', 'Image description (for screen readers)'),
            ],
          },
        ],
      },
    ],
  };
}

export const categoryLink = (slug: string) => `/pc/products/${slug}`;

/** One collection per category folder: a product's texts only, never price, fitment or options. Named as the shop names the category (Tyres, Tayar, 轮胎). */
function productCollections(): Field[] {
  return categories.map((c) => ({
    name: `products-${c.slug}`,
    label: `Products: ${en.categories[c.className]}`,
    label_singular: 'Product',
    description: `${ms.categories[c.className]} · ${zhCn.categories[c.className]}: the products' names and texts in English, Malay and Chinese (prices, fitment and options are not edited here).`,
    folder: `content/catalog/${c.slug}`,
    extension: 'json',
    format: 'json',
    identifier_field: 'id',
    summary: '{{name.en}}',
    create: false,
    delete: false,
    fields: [
      localizedField('name', 'Name'),
      localizedField('summary', 'One line for lists'),
      localizedField('description', 'Description', 'text'),
      localizedField('imageAlt', 'Image description (for screen readers)'),
      {
        name: 'included',
        label: 'Highlights: what the price includes',
        label_singular: 'Highlight',
        widget: 'list',
        min: 1,
        summary: '{{fields.en}}',
        fields: locales.map((locale) => ({ name: locale, label: languageNames[locale], widget: 'string', required: true })),
      },
    ],
  }));
}

function backend(settings: ContentSettings): { backend: Field; publish_mode?: string } {
  const mode = settings.CONTENT_BACKEND?.trim() || 'local';
  if (mode === 'local') {
    const port = Number(settings.CONTENT_PROXY_PORT || DEFAULT_PROXY_PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`CONTENT_PROXY_PORT: "${settings.CONTENT_PROXY_PORT}" is not a port`);
    const url = `http://127.0.0.1:${port}/api/v1`;
    // The working copy, through decap-server on this machine (`npm run content`): no account, so no login page.
    return { backend: { name: WORKING_COPY_BACKEND, proxy_url: url, branch: settings.CONTENT_BRANCH || 'main' } };
  }
  if (!(GIT_BACKENDS as readonly string[]).includes(mode)) throw new Error(`CONTENT_BACKEND: "${mode}" is not one of local, ${GIT_BACKENDS.join(', ')}`);
  const repo = settings.CONTENT_REPO?.trim();
  if (!repo || !/^[\w.-]+(\/[\w.-]+)+$/.test(repo)) throw new Error(`CONTENT_REPO: the repository as owner/name is needed with CONTENT_BACKEND=${mode}`);
  const git: Field = { name: mode, repo, branch: settings.CONTENT_BRANCH?.trim() || 'main', squash_merges: true };
  if (settings.CONTENT_API_ROOT) git.api_root = settings.CONTENT_API_ROOT;
  if (settings.CONTENT_BASE_URL) git.base_url = settings.CONTENT_BASE_URL;
  // GitLab and Gitea log editors in with an OAuth application of the host (PKCE, no server of
  // ours); GitHub through an OAuth server at CONTENT_BASE_URL.
  if (settings.CONTENT_APP_ID && mode === 'gitlab') Object.assign(git, { app_id: settings.CONTENT_APP_ID, auth_type: 'pkce' });
  if (settings.CONTENT_APP_ID && mode === 'gitea') git.app_id = settings.CONTENT_APP_ID;
  // Draft → in review → ready; publishing merges the entry's branch into the site's branch.
  return { backend: git, publish_mode: 'editorial_workflow' };
}

/**
 * The WhatsApp templates (content/messages/whatsapp.json): per kind of order notice and language,
 * the Content SID Twilio gave the template once Meta approved it. Each kind's hint is the body to
 * submit (docs/integrations.md, "WhatsApp"); kinds are the shop's, none added or removed here.
 */
function messagesCollection(): Field {
  return {
    name: 'messages',
    label: 'Messages',
    files: [
      {
        name: 'whatsapp',
        label: 'WhatsApp templates',
        file: 'content/messages/whatsapp.json',
        format: 'json',
        fields: noticeKinds.map((kind) => ({
          name: kind,
          label: message('en', `whatsapp.${kind}`),
          widget: 'object',
          collapsed: true,
          hint: `Body: *<brand> · ${message('en', `whatsapp.${kind}`)}*, then {{1}} (what happened) and {{2}} (the link), each on its own paragraph.`,
          fields: locales.map((locale) => ({
            name: locale,
            label: languageNames[locale],
            widget: 'string',
            required: true,
            pattern: [CONTENT_SID.source, 'A Content SID: HX and 32 hexadecimal digits (lowercase).'],
          })),
        })),
      },
    ],
  };
}

/**
 * The order rules an editor may change (content/orders/): the least amount Atome is offered
 * for (payments.json), in sen as the file holds it, never below what Curlec takes.
 */
function ordersCollection(): Field {
  return {
    name: 'orders',
    label: 'Orders',
    files: [
      {
        name: 'payments',
        label: 'Payments',
        file: 'content/orders/payments.json',
        format: 'json',
        fields: [
          {
            name: 'atomeMinSen',
            label: 'Atome: the least amount to pay, in sen',
            widget: 'number',
            value_type: 'int',
            min: ATOME_LEAST_SEN,
            step: 100,
            required: true,
            hint: `In sen: 1000 is RM 10.00. Atome (pay later in 3 payments, through Curlec) is offered, and "or 3 payments" shown, from this amount up; Curlec takes Atome from RM 10.00, so no less than ${ATOME_LEAST_SEN}.`,
          },
        ],
      },
    ],
  };
}

/** The whole configuration, from the settings (the environment at build time). */
export function adminConfig(settings: ContentSettings = {}) {
  const site = settings.CONTENT_SITE_URL?.replace(/\/$/, '');
  return {
    ...backend(settings),
    ...(site ? { site_url: `${site}/pc/home`, display_url: `${site}/pc/home` } : {}),
    locale: 'en',
    media_folder: BANNER_IMAGE_FOLDER,
    public_folder: BANNER_IMAGE_URL,
    i18n: { structure: 'multiple_folders', locales: [...EDITOR_LOCALES], default_locale: defaultLocale },
    collections: [pageCollection(), bannerCollection(), ...productCollections(), ordersCollection(), messagesCollection()],
  };
}

export type AdminConfig = ReturnType<typeof adminConfig>;

/** The settings from an environment (only the content ones are read). */
export function contentSettings(env: Record<string, string | undefined>): ContentSettings {
  return Object.fromEntries(CONTENT_SETTINGS.filter((k) => env[k] !== undefined).map((k) => [k, env[k]]));
}
