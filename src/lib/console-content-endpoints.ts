import type * as content from '../../contract/content.ts';
import { endpoint } from './endpoints.ts';
import * as paths from '../../contract/paths/console.ts';

/** The console's content call (see endpoints.ts). */
export const consoleContentStatus = endpoint<typeof content.consoleContentStatus>(paths.consoleContentStatus);
