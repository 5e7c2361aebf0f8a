import { describe, expect, test } from 'vitest';
import { siteInputsHash } from '../../server/modules/publishing/inputs.ts';
import { editPage, LANDING, LONG_MS, page, projectCopy, publish, startServer, status, statusWhen, stopServersAfterEach, TOKEN, type Server } from './publishing-servers.ts';

/**
 * Publishing with two server processes on one PostgreSQL and one disk (docs/contracts/going-live.md §3):
 * a publication through either is taken up by the other, built once, and pages answer throughout.
 * PGlite cannot be shared by two processes: on it these are skipped.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

stopServersAfterEach();

describe.skipIf(!onPostgres)('two processes publishing the content while the site is served (needs PostgreSQL: two processes cannot share PGlite)', () => {
  test(
    'two processes on one PostgreSQL end on the same version, built once',
    async () => {
      const { project, empty } = await projectCopy();
      const env = { SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN, CONTENT_FOLLOW_SECONDS: '1', DEMO_DATA: '0' };
      const a = await startServer(project, env);
      const b = await startServer(project, env);
      editPage(project, 'pages/en/faq.md', (text) => `${text.trimEnd()} A new answer: the shop opens on Sundays.\n`);
      const version = siteInputsHash(project);

      // Published through one of them (as behind a load balancer): the other takes it up.
      await publish(a);
      const onA = await statusWhen(a, (s) => !s.building && s.version === version);
      const onB = await statusWhen(b, (s) => !s.building && s.version === version);
      expect(onA.lastError).toBeUndefined();
      expect(onB.lastError).toBeUndefined();
      // A built it; B found it built on the same disk.
      const by = (server: Server) => onB.publishes.filter((p) => p.builder.endsWith(`:${server.child.pid}`)).map((p) => [p.trigger, p.result, p.built, p.version]);
      expect(by(a)).toEqual([['publish', 'published', true, version]]);
      expect(by(b)).toEqual([['follow', 'published', false, version]]);
      for (const p of ['/pc/faq', '/pc/home']) {
        const [fromA, fromB] = [await page(a, p), await page(b, p)];
        expect(fromA.status).toBe(200);
        expect(fromB).toEqual(fromA);
      }
      expect((await page(b, '/pc/faq')).body).toContain('A new answer: the shop opens on Sundays.');
    },
    2 * LONG_MS,
  );

  test(
    'two processes on one disk: while one publishes five times in a row, every page the other is asked for answers 200, and both end on the last version',
    async () => {
      const { project, empty } = await projectCopy();
      const env = { SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN, CONTENT_FOLLOW_SECONDS: '1', DEMO_DATA: '0' };
      const a = await startServer(project, env);
      const b = await startServer(project, env);
      const first = siteInputsHash(project);
      await publish(a);
      await statusWhen(b, (s) => s.version === first);

      // B is asked for pages without a pause, from three loops, through all of A's publications.
      const paths = [...LANDING, '/pc/products/auto-brake-pads', '/pc/ms/products/auto-brake-pads'];
      const seen: { path: string; status: number }[] = [];
      let stop = false;
      const loops = [0, 1, 2].map(async (n) => {
        for (let i = n; !stop; i++) {
          const p = paths[i % paths.length]!;
          const res = await fetch(b.base + p);
          await res.arrayBuffer();
          seen.push({ path: p, status: res.status });
        }
      });
      const versions: string[] = [];
      try {
        for (let n = 1; n <= 5; n++) {
          editPage(project, 'pages/en/faq.md', (text) => `${text.trimEnd()} Edition ${n} of the answers.\n`);
          versions.push(siteInputsHash(project));
          await publish(a);
          const wanted = versions.at(-1)!;
          const ended = await statusWhen(a, (s) => !s.building && (s.version === wanted || s.publishes.some((p) => p.version === wanted && p.result === 'failed')));
          expect(ended.version, `A's publication ${n}: ${JSON.stringify(ended.lastError)}`).toBe(wanted);
        }
        await statusWhen(b, (s) => s.version === versions.at(-1));
        // A few more rounds on the last version.
        const after = seen.length;
        while (seen.length < after + 30) await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        stop = true;
        await Promise.all(loops);
      }
      expect(seen.length).toBeGreaterThan(100);
      expect(seen.filter((s) => s.status !== 200).map((s) => `${s.path}: ${s.status}`)).toEqual([]);

      // Both serve the same site: A's last version, taken up by B as A built it.
      const onB = await status(b);
      expect(onB.lastError).toBeUndefined();
      const mine = onB.publishes.filter((p) => p.builder.endsWith(`:${b.child.pid}`));
      expect(mine.every((p) => p.trigger === 'follow' && !p.built)).toBe(true);
      for (const p of ['/pc/faq', '/pc/home']) {
        const [fromA, fromB] = [await page(a, p), await page(b, p)];
        expect(fromA.status).toBe(200);
        expect(fromB).toEqual(fromA);
      }
      expect((await page(b, '/pc/faq')).body).toContain('Edition 5 of the answers.');
    },
    6 * LONG_MS,
  );
});
