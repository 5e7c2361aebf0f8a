// @ts-check
// The import rules between the project's folders (README, "Architecture"), as an ESLint rule:
// every relative import is resolved to a project path and checked against the importer's folder.
import path from 'node:path';

/**
 * A folder's rules. `deny` lists path prefixes (or tests) the folder may not import;
 * `only`, when present, lists the only prefixes it may import.
 * @typedef {{ name: string, test: (file: string) => boolean, only?: string[], deny: Array<string | ((target: string, file: string) => boolean)>, why: string }} Zone
 */

/** The module a file under server/modules/ belongs to ("orders" for server/modules/orders/service.ts), or null. */
const moduleOf = (/** @type {string} */ file) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const isSchema = (/** @type {string} */ file) => /^server\/.*\/schema\.ts$/.test(file);
/**
 * A table's schema may be imported by the files beside it, the read models, and another schema
 * (a foreign key names the table it points at; it writes nothing).
 */
const foreignSchema = (/** @type {string} */ target, /** @type {string} */ file) =>
  isSchema(target) && path.posix.dirname(target) !== path.posix.dirname(file) && !file.startsWith('server/queries/') && !isSchema(file);

/** @type {Zone[]} */
export const zones = [
  { name: 'contract rules', test: (f) => f.startsWith('contract/rules/'), only: ['contract/rules/'], deny: [], why: 'the shared rules are pure: they load no call schema (no zod)' },
  { name: 'contract', test: (f) => f.startsWith('contract/'), only: ['contract/'], deny: [], why: 'the contract imports neither the site nor the server' },
  { name: 'site', test: (f) => f.startsWith('src/'), deny: ['server/', 'dev/', 'scripts/', 'bench/', 'tests/'], why: 'the site never imports server code' },
  {
    name: 'doubles',
    test: (f) => f.startsWith('dev/'),
    deny: ['src/', 'tests/', 'scripts/', 'bench/'],
    why: 'the doubles stand in for outside services beside the server: they use the server\'s infrastructure, never the site or the tests',
  },
  {
    name: 'modules',
    test: (f) => f.startsWith('server/modules/'),
    deny: [
      'src/', 'server/flows/', 'server/queries/', 'server/routes/', 'server/http/', 'server/app.ts', 'server/db/schema.ts',
      (target) => target.startsWith('server/jobs/') && target !== 'server/jobs/queue.ts',
      // Another module's tables: through its service only.
      (target, file) => foreignSchema(target, file) && moduleOf(target) !== moduleOf(file),
    ],
    why: 'a module imports neither flows, queries, routes nor http, and writes only its own tables',
  },
  {
    name: 'flows',
    test: (f) => f.startsWith('server/flows/'),
    deny: ['src/', 'server/queries/', 'server/routes/', 'server/http/', 'server/app.ts', isSchema],
    why: 'a flow works through the modules\' services, never their tables, and knows nothing of http',
  },
  {
    name: 'queries',
    test: (f) => f.startsWith('server/queries/'),
    deny: ['src/', 'server/flows/', 'server/routes/', 'server/http/', 'server/app.ts'],
    why: 'a query only reads',
  },
  {
    name: 'routes',
    test: (f) => f.startsWith('server/routes/'),
    deny: ['src/', 'server/app.ts', isSchema],
    why: 'routes mount calls onto flows and queries, never onto tables',
  },
  {
    name: 'http',
    test: (f) => f.startsWith('server/http/'),
    deny: ['src/', 'server/flows/', 'server/queries/', 'server/routes/', (target) => target.startsWith('server/modules/') && target !== 'server/modules/errors.ts'],
    why: 'http is the envelope at the edge: it knows the domain error, nothing else of the domain',
  },
  {
    name: 'operations',
    test: (f) => f.startsWith('server/ops/'),
    deny: ['src/', 'server/flows/', 'server/queries/', 'server/routes/', 'server/http/', 'server/app.ts', 'server/jobs/', isSchema],
    why: 'the log, metrics and checks are read by everything; they read the database and content, never the domain\'s flows or tables',
  },
  {
    name: 'infrastructure',
    test: (f) => /^server\/(providers|storage|db|i18n)\//.test(f),
    deny: ['src/', 'server/flows/', 'server/queries/', 'server/routes/', 'server/http/', 'server/app.ts'],
    why: 'providers, storage and the database know nothing of flows, queries, routes or http',
  },
  {
    name: 'pages',
    test: (f) => f.startsWith('server/pages/'),
    deny: ['src/', 'server/flows/', 'server/routes/', 'server/http/', 'server/app.ts', 'server/jobs/', isSchema],
    why: 'what the server fills into built pages only reads, through queries, and knows nothing of flows, routes or http',
  },
  {
    name: 'jobs',
    test: (f) => f.startsWith('server/jobs/'),
    deny: ['src/', 'server/routes/', 'server/http/', 'server/app.ts'],
    why: 'jobs run flows and modules like routes do, without http',
  },
  {
    name: 'server',
    test: (f) => f.startsWith('server/'),
    deny: ['src/', 'scripts/', 'tests/', 'bench/'],
    why: 'the server never imports site code',
  },
];

/**
 * Money is at the bottom: the payments module (the ledger) imports no other domain module, so
 * refunds and orders call into it, never the other way.
 */
const moneyAbove = (/** @type {string} */ file, /** @type {string} */ target) =>
  moduleOf(file) === 'payments' && moduleOf(target) !== null && moduleOf(target) !== 'payments';

/** Why `file` may not import `target`, or null when it may. */
export function refusal(/** @type {string} */ file, /** @type {string} */ target) {
  if (moneyAbove(file, target)) {
    return `${file} may not import ${target}: money is at the bottom: server/modules/payments/ imports no other module (refunds and orders call into payments, never the other way)`;
  }
  if (isSchema(target) && foreignSchema(target, file) && file.startsWith('server/') && !file.startsWith('server/db/')) {
    const owner = path.posix.dirname(target);
    return `${file} may not import ${target}: a table's schema is imported only by its own folder (${owner}/) and server/queries/`;
  }
  if (file.startsWith('server/') && target.startsWith('src/')) return `${file} may not import ${target}: the server never imports site code`;
  if (file.startsWith('server/') && target.startsWith('dev/')) {
    return `${file} may not import ${target}: a production start loads no double; dev/ hands its doubles to the server from outside (dev/start.ts, the tests)`;
  }
  for (const zone of zones) {
    if (!zone.test(file)) continue;
    const outside = zone.only && !zone.only.some((prefix) => target.startsWith(prefix));
    const denied = zone.deny.some((rule) => (typeof rule === 'string' ? target.startsWith(rule) : rule(target, file)));
    // The first zone a file belongs to decides, so server/modules/ is not also judged as server/.
    return outside || denied ? `${file} may not import ${target}: ${zone.why}` : null;
  }
  return null;
}

/** The contract's files the site may take values from: the pure rules and the paths, none of which loads zod. */
const zodFree = (/** @type {string} */ target) => target.startsWith('contract/rules/') || target === 'contract/paths.ts' || target.startsWith('contract/paths/') || target === 'contract/codes.ts';

/** Why `file` may not take values (rather than types) from `target`, or null when it may. */
export function valueRefusal(/** @type {string} */ file, /** @type {string} */ target) {
  if (!file.startsWith('src/') || !target.startsWith('contract/') || zodFree(target)) return null;
  return `${file} may take only types from ${target}: the contract's calls carry zod, which pages do not ship; values come from contract/rules/ and contract/paths.ts`;
}

/** The payments module's tables (money), by the name its schema exports, with their SQL names. */
export const moneyTables = /** @type {Record<string, string>} */ ({ payments: 'payments', paymentEvents: 'payment_events', paymentReturns: 'payment_returns', moneyOwed: 'money_owed' });
/** The files a money table can be imported from: its schema, and the list of every table. */
const moneySchemas = ['server/modules/payments/schema.ts', 'server/db/schema.ts'];
/** SQL that writes a money table, written by hand. */
const moneySql = new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from)\s+"?(${Object.values(moneyTables).join('|')})"?(?!\w)`, 'i');

/** Why `file` may not write the money table `table` (its SQL name), or null when it may. */
export function moneyWriteRefusal(/** @type {string} */ file, /** @type {string} */ table) {
  if (!file.startsWith('server/') || file.startsWith('server/modules/payments/')) return null;
  return `${file} may not write ${table}: money (payments, their events and returns, money owed) is written only by server/modules/payments/, through its named functions`;
}

/**
 * Whether an import or export brings in types only (`import type`, or every name marked `type`).
 * @param {any} node
 */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((/** @type {any} */ n) => n.importKind === 'type' || n.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders import only what the README\'s Architecture section allows' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = /** @type {{ root?: string } | undefined} */ (context.options[0])?.root ?? context.cwd;
    const file = path.relative(root, context.physicalFilename).split(path.sep).join('/');
    if (file.startsWith('..')) return {};
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.physicalFilename), source.value)).split(path.sep).join('/');
      const why = refusal(file, target) ?? (typeOnly(node) ? null : valueRefusal(file, target));
      if (why) context.report({ node: source, message: why });
      if (node.type === 'ImportDeclaration' && moneySchemas.includes(target)) noteMoneyTables(node);
    };
    // Money tables by their local names (`payments`, `schema.paymentReturns`): a query builder's
    // insert, update or delete of one outside the payments module is refused, as is SQL that does.
    /** @type {Map<string, string>} */
    const tables = new Map();
    /** @type {Set<string>} */
    const namespaces = new Set();
    /** @param {import('estree').ImportDeclaration} node */
    const noteMoneyTables = (node) => {
      for (const spec of node.specifiers) {
        if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name);
        else if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier' && Object.hasOwn(moneyTables, spec.imported.name)) {
          tables.set(spec.local.name, moneyTables[spec.imported.name] ?? '');
        }
      }
    };
    /** @param {import('estree').Node | undefined} arg */
    const tableOf = (arg) => {
      if (arg?.type === 'Identifier') return tables.get(arg.name) ?? null;
      if (arg?.type === 'MemberExpression' && arg.object.type === 'Identifier' && namespaces.has(arg.object.name) && arg.property.type === 'Identifier') {
        return Object.hasOwn(moneyTables, arg.property.name) ? (moneyTables[arg.property.name] ?? null) : null;
      }
      return null;
    };
    /** @param {import('estree').Node} node @param {string | null | undefined} table */
    const refuseWrite = (node, table) => {
      const why = table ? moneyWriteRefusal(file, table) : null;
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      /** @param {import('estree').CallExpression} node */
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !['insert', 'update', 'delete'].includes(callee.property.name)) return;
        refuseWrite(node, tableOf(/** @type {import('estree').Node | undefined} */ (node.arguments[0])));
      },
      /** @param {import('estree').TemplateLiteral} node */
      TemplateLiteral(node) {
        refuseWrite(node, moneySql.exec(node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '))?.[1]);
      },
      /** @param {import('estree').Literal} node */
      Literal(node) {
        if (typeof node.value === 'string') refuseWrite(node, moneySql.exec(node.value)?.[1]);
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };

/**
 * .astro files as ESLint sees them: the frontmatter and each <script> as a TypeScript block, so
 * their imports are checked like any other file's (nothing else of the template is linted).
 * @type {import('eslint').Linter.Processor}
 */
export const astroScripts = {
  preprocess(text) {
    /** @type {{ text: string, filename: string }[]} */
    const blocks = [];
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    // Each block keeps its place: the lines before it become blank, so reports point at the right line.
    const padded = (/** @type {number} */ at, /** @type {string} */ code) => '\n'.repeat(text.slice(0, at).split('\n').length - 1) + code;
    if (front) blocks.push({ text: padded(front.index + 4, front[1] ?? ''), filename: 'frontmatter.ts' });
    for (const tag of text.matchAll(/<script\b([^>]*?)(\/?)>/g)) {
      // Self-closing tags and data blocks (JSON-LD) hold no code.
      if (tag[2] === '/' || /\btype=["'](?!module)/.test(tag[1] ?? '')) continue;
      const start = (tag.index ?? 0) + tag[0].length;
      const end = text.indexOf('</script>', start);
      if (end < 0) continue;
      blocks.push({ text: padded(start, text.slice(start, end)), filename: `script${blocks.length}.ts` });
    }
    return blocks;
  },
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};
