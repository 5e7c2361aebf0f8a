// @ts-check
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * The content editor's script (src/admin/cms.ts: Decap CMS and the previews) is bundled on its
 * own, after the site, into dist/_astro/admin/. Bundled with the site it shared the bundler's
 * runtime helpers with every shop page, which then grew by the helpers Decap needs; apart, no
 * shop page can load any of it. The admin page names `ADMIN_SCRIPT`, replaced by the hashed file.
 */
export const ADMIN_SCRIPT = '/pc/_astro/admin/cms.js';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Decap CMS imports Node's `path`, which a browser lacks: its modules get the few functions they
 * use from src/admin/path.ts.
 * @type {import('vite').Plugin}
 */
const decapPath = {
  name: 'servauto:decap-path',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id !== 'path' || !importer || !/[\\/]node_modules[\\/]decap-cms-/.test(importer)) return null;
    return path.join(projectRoot, 'src/admin/path.ts');
  },
};

/** @type {import('astro').AstroIntegration} */
export const adminBundleIntegration = {
  name: 'servauto:admin-bundle',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const root = fileURLToPath(dir);
      const result = await build({
        configFile: false,
        root: projectRoot,
        base: '/pc/_astro/admin/',
        logLevel: 'warn',
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        plugins: [decapPath],
        build: {
          outDir: path.join(root, '_astro', 'admin'),
          emptyOutDir: true,
          chunkSizeWarningLimit: 8192,
          rolldownOptions: {
            input: { cms: path.join(projectRoot, 'src/admin/cms.ts') },
            onwarn(warning, warn) {
              // Decap's dependencies use eval; that is theirs, and the editor is staff-only.
              if (warning.code !== 'EVAL') warn(warning);
            },
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
      const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry);
      if (!entry) throw new Error('The content editor was not bundled');
      const page = path.join(root, 'admin', 'index.html');
      const html = await readFile(page, 'utf8');
      if (!html.includes(ADMIN_SCRIPT)) throw new Error(`dist/admin/index.html does not name ${ADMIN_SCRIPT}`);
      await writeFile(page, html.replace(ADMIN_SCRIPT, `/pc/_astro/admin/${entry.fileName}`));
    },
  },
};
