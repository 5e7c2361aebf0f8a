// The shop with the doubles of the outside services (the sandbox gateway, the Curlec double with
// CURLEC_DOUBLE=1, the MyInvois double): what `npm start` and the test servers run. A production
// start is server/main.ts alone (`npm run serve`), which loads none of them.
import { installDoubles } from '../server/doubles.ts';
import { log } from '../server/ops/log.ts';
import { createDoubles } from './doubles/index.ts';

if (process.env.NODE_ENV === 'production') {
  log.error('Refusing to start with NODE_ENV=production: dev/start.ts serves the doubles of development and tests; a production start is npm run serve (server/main.ts)');
  process.exit(1);
}
installDoubles(createDoubles(process.env));
await import('../server/main.ts');
