import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries, { astroScripts } from '../../scripts/lint/boundaries.mjs';

// The lint step's folder rules (README, "Architecture"): what each folder may import.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve('/shop');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const at = (file: string, from: string) => ({
  code: `import { x } from '${from}';`,
  filename: path.join(root, file),
  options: [{ root }],
});
const refused = (file: string, from: string, why: RegExp) => ({ ...at(file, from), errors: [{ message: why }] });
/** Writes of the payments module's tables, as a file would make them. */
const money = {
  insert: "import { paymentReturns } from './schema.ts';\nawait tx.insert(paymentReturns).values(row);",
  namespace: "import * as schema from './schema.ts';\nawait tx.update(schema.payments).set({ state });",
};
const moneyOnly = (file: string, table: string) => new RegExp(`^${file} may not write ${table}: money .* is written only by server/modules/payments/`);

tester.run('import-boundaries', boundaries.rules['import-boundaries'], {
  valid: [
    at('server/flows/place-order.ts', '../modules/orders/service.ts'),
    at('dev/doubles/index.ts', '../../server/doubles.ts'),
    at('dev/start.ts', '../server/main.ts'),
    at('tests/api/harness.ts', '../../dev/doubles/index.ts'),
    at('server/modules/orders/service.ts', './schema.ts'),
    at('server/modules/refunds/service.ts', '../orders/service.ts'),
    at('server/modules/booking/service.ts', '../../jobs/queue.ts'),
    at('server/queries/my-orders.ts', '../modules/orders/schema.ts'),
    at('server/routes/orders.ts', '../flows/place-order.ts'),
    at('server/routes/orders.ts', '../queries/order-view.ts'),
    at('server/http/calls.ts', '../modules/errors.ts'),
    at('server/db/schema.ts', '../modules/orders/schema.ts'),
    // A foreign key names the table it points at.
    at('server/modules/notifications/schema.ts', '../orders/schema.ts'),
    at('src/islands/checkout/Checkout.tsx', '../../../contract/paths.ts'),
    at('src/lib/money.ts', '../../contract/rules/price.ts'),
    // Types of a call cost a page nothing; its zod schema would.
    { ...at('src/lib/order-endpoints.ts', '../../contract/orders.ts'), code: "import type * as orders from '../../contract/orders.ts';" },
    { ...at('src/lib/checkout.ts', '../../contract/orders.ts'), code: "import { type OrderAdd } from '../../contract/orders.ts';" },
    at('contract/orders.ts', './rules/order-total.ts'),
    at('tests/api/harness.ts', '../../server/modules/orders/schema.ts'),
    at('server/routes/orders.ts', 'hono'),
    // The payments module writes its own tables; a read model reads them.
    { ...at('server/modules/payments/returns.ts', './schema.ts'), code: money.insert },
    { ...at('server/modules/payments/service.ts', './schema.ts'), code: money.namespace },
    { ...at('server/queries/attention.ts', '../modules/payments/schema.ts'), code: "import { paymentReturns } from '../modules/payments/schema.ts';\nawait db.select().from(paymentReturns);" },
    { ...at('server/flows/refunds/payout.ts', '../../modules/payments/returns.ts'), code: "await tx.update(refunds).set({});\nlog.info(`updated payments of ${orderNo}`);" },
    // Money at the bottom: refunds call into payments; payments takes the domain error only.
    at('server/modules/refunds/service.ts', '../payments/owed.ts'),
    at('server/modules/payments/service.ts', '../errors.ts'),
    at('server/modules/payments/ledger.ts', './owed.ts'),
  ],
  invalid: [
    refused('src/lib/api.ts', '../../server/app.ts', /the site never imports server code/),
    refused('server/flows/console/orders.ts', '../../../src/lib/couriers.ts', /the server never imports site code/),
    refused('contract/console.ts', '../src/lib/couriers.ts', /the contract imports neither/),
    // The doubles are handed to the server from outside: server/ imports none of them, not even a type, nor loads one later.
    refused('server/main.ts', '../dev/doubles/index.ts', /^server\/main.ts may not import dev\/doubles\/index.ts: a production start loads no double/),
    refused('server/providers/payment/index.ts', '../../../dev/doubles/sandbox/provider.ts', /a production start loads no double/),
    { ...at('server/app.ts', '../dev/doubles/curlec/index.ts'), code: "import type { CurlecDouble } from '../dev/doubles/curlec/index.ts';", errors: [{ message: /a production start loads no double/ }] },
    { ...at('server/main.ts', '../dev/start.ts'), code: "await import('../dev/start.ts');", errors: [{ message: /a production start loads no double/ }] },
    refused('dev/doubles/sandbox/pages.ts', '../../../src/lib/couriers.ts', /the doubles stand in for outside services/),
    refused('src/lib/api.ts', '../../dev/doubles/index.ts', /the site never imports server code/),
    refused('src/islands/checkout/Checkout.tsx', '../../../contract/orders.ts', /may take only types from contract\/orders.ts: the contract's calls carry zod/),
    refused('contract/rules/order-total.ts', '../orders.ts', /the shared rules are pure/),
    refused('contract/qr.ts', '../server/storage/index.ts', /the contract imports neither/),
    refused('server/flows/my-orders/change-time.ts', '../../modules/booking/schema.ts', /imported only by its own folder \(server\/modules\/booking\/\)/),
    refused('server/routes/orders.ts', '../modules/orders/schema.ts', /imported only by its own folder/),
    refused('server/modules/orders/service.ts', '../refunds/schema.ts', /imported only by its own folder/),
    refused('server/modules/orders/routes.ts', '../../flows/place-order.ts', /a module imports neither flows/),
    refused('server/modules/auth/service.ts', '../../http/errors.ts', /a module imports neither flows, queries, routes nor http/),
    refused('server/modules/booking/service.ts', '../../jobs/worker.ts', /a module imports/),
    refused('server/flows/pay-order.ts', '../http/errors.ts', /knows nothing of http/),
    refused('server/flows/cancel.ts', '../queries/order-view.ts', /knows nothing of http|never their tables/),
    refused('server/queries/console.ts', '../flows/place-order.ts', /a query only reads/),
    refused('server/http/calls.ts', '../modules/orders/service.ts', /knows the domain error, nothing else/),
    refused('server/providers/payment/stripe/provider.ts', '../../../flows/record-payment.ts', /know nothing of flows/),
    // Money is at the bottom: payments imports neither refunds nor orders (nor any other module), not even a foreign key's table.
    refused('server/modules/payments/ledger.ts', '../refunds/service.ts', /money is at the bottom: server\/modules\/payments\/ imports no other module/),
    refused('server/modules/payments/service.ts', '../orders/states.ts', /money is at the bottom/),
    refused('server/modules/payments/schema.ts', '../refunds/schema.ts', /money is at the bottom/),
    { ...at('server/modules/payments/ledger.ts', '../refunds/service.ts'), code: "import type { RefundRow } from '../refunds/service.ts';", errors: [{ message: /money is at the bottom/ }] },
    // Money is written only by the payments module: by its tables' names, however imported, or in SQL.
    { ...at('server/flows/refunds/approve.ts', '../../db/client.ts'), code: 'await tx.execute(sql`insert into money_owed (claim_id) values (${id})`);', errors: [{ message: moneyOnly('server/flows/refunds/approve.ts', 'money_owed') }] },
    { ...at('server/queries/attention.ts', '../modules/payments/schema.ts'), code: money.insert.replaceAll('./schema.ts', '../modules/payments/schema.ts'), errors: [{ message: moneyOnly('server/queries/attention.ts', 'payment_returns') }] },
    { ...at('server/queries/orders.ts', '../modules/payments/schema.ts'), code: money.namespace.replaceAll('./schema.ts', '../modules/payments/schema.ts'), errors: [{ message: moneyOnly('server/queries/orders.ts', 'payments') }] },
    { ...at('server/db/repair.ts', './schema.ts'), code: "import { paymentEvents as events } from './schema.ts';\nawait db.delete(events);", errors: [{ message: moneyOnly('server/db/repair.ts', 'payment_events') }] },
    { ...at('server/flows/refunds/payout.ts', '../../db/client.ts'), code: 'await tx.execute(sql`update payment_returns set state = ${state} where id = ${id}`);', errors: [{ message: moneyOnly('server/flows/refunds/payout.ts', 'payment_returns') }] },
    { ...at('server/ops/repair.ts', '../db/client.ts'), code: "await db.execute(sql.raw('INSERT INTO \"payments\" (id) VALUES (1)'));", errors: [{ message: moneyOnly('server/ops/repair.ts', 'payments') }] },
  ],
});

describe('Astro files, as the lint step reads them', () => {
  const page = [
    '---',
    "import Shell from '../../layouts/Shell.astro';",
    "import { paths } from '../../../contract/paths.ts';",
    '---',
    '<Shell>',
    '  <script slot="head" type="application/ld+json" set:html={json} />',
    '  <p>{paths.userInfo}</p>',
    '</Shell>',
    '<script>',
    "  import { boot } from '../../lib/boot.ts';",
    '  boot();',
    '</script>',
  ].join('\n');
  const blocks = astroScripts.preprocess!(page, 'page.astro') as { text: string; filename: string }[];

  it('checks the imports of the frontmatter and of each script, at their own lines', () => {
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.text.split('\n')[1]).toBe("import Shell from '../../layouts/Shell.astro';");
    expect(blocks[1]!.text.split('\n')[9]).toBe("  import { boot } from '../../lib/boot.ts';");
  });

  it('leaves out data blocks such as JSON-LD', () => {
    expect(blocks.map((b) => b.text).join('')).not.toContain('ld+json');
  });
});
