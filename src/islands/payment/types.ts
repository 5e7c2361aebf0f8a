import type { ResponseOf } from '../../../contract/call.ts';
import type { orderFind } from '../../../contract/orders.ts';

export type OrderDetailDto = ResponseOf<typeof orderFind>;
