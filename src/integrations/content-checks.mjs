// @ts-check
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent, problemLine } from '../../contract/rules/content-checks.ts';

/**
 * The project's files on disk, as the content checks read them.
 * @param {string} root the project's folder
 * @returns {import('../../contract/rules/content-checks.ts').SiteFiles}
 */
export function projectFiles(root) {
  return {
    list(dir) {
      /** @type {import('node:fs').Dirent[]} */
      let entries;
      try {
        entries = readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true });
      } catch {
        return [];
      }
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    },
    read(file) {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch {
        return null;
      }
    },
    size(file) {
      try {
        const s = statSync(path.join(root, file));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The content's problems, one line each, for the folder `root`; none when it may be built.
 * @param {string} root
 */
export function contentProblemLines(root) {
  return checkContent(projectFiles(root)).map(problemLine);
}

/**
 * Stops a build of the site whose content would let readers down (a missing language, a link
 * to no page, an unknown agreement, an image without alternative text, an FAQ out of step,
 * HTML in a text, front matter that is not YAML, a file over its size limit),
 * before anything is built, with one line per problem naming the file, field and language.
 * In development the same lines are warnings.
 * @type {import('astro').AstroIntegration}
 */
export const contentChecksIntegration = {
  name: 'servauto:content-checks',
  hooks: {
    'astro:config:setup': ({ command, config, logger }) => {
      const lines = contentProblemLines(fileURLToPath(config.root));
      if (lines.length === 0) return;
      if (command !== 'build') {
        for (const line of lines) logger.warn(line);
        return;
      }
      // The lines as they are, for a person and for the publishing that reads them back.
      for (const line of lines) console.error(line);
      throw new Error(`The content has ${lines.length === 1 ? 'a problem' : `${lines.length} problems`} (listed above): the site is not built.`);
    },
  },
};
