// `npm run serve`: the server (API + the site already built in dist/), as a production process
// runs it: no build, the server's Node flags.
import { relaunchWithServerFlags } from './server-flags.mjs';

if (!relaunchWithServerFlags()) await import('../server/main.ts');
