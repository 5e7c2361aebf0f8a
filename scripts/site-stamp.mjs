import path from 'node:path';
import { siteInputsHash, STAMP_NAME } from '../server/modules/publishing/inputs.ts';

/** What the built site depends on, and its hash: server/modules/publishing/inputs.ts (the server republishes by it too). */
export { siteInputsHash };

export const STAMP_FILE = path.join('dist', STAMP_NAME);
