import type * as mobile from '../../contract/mobile.ts';
import { endpoint } from './endpoints.ts';

/**
 * The checkout's call for a van's windows. Its path is written here rather than taken from
 * contract/paths/orders.ts: that module travels in one chunk with the My Orders page, which would
 * carry the path too. tests/unit/site/endpoints.test.ts holds it to the contract's.
 */
export const storeMobileWindows = endpoint<typeof mobile.storeMobileWindows>('/store/mobile/windows');
