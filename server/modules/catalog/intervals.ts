import type { ServiceInterval } from '../../../contract/rules/service-due.ts';
import type { ProductContent } from './content.ts';

/** How often a service product is done again on a model: the model's own interval when its maker asks for one. Null: not a service. */
export function serviceInterval(p: Pick<ProductContent, 'intervalMonths' | 'intervalKm' | 'intervalByModel'>, modelId: string): ServiceInterval | null {
  const own = p.intervalByModel?.[modelId];
  if (own) return { months: own.intervalMonths, km: own.intervalKm };
  return p.intervalMonths && p.intervalKm ? { months: p.intervalMonths, km: p.intervalKm } : null;
}
