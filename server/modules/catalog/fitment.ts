import type { Fitment } from '../vehicles/content.ts';
import type { FitRule } from './content.ts';

/** What the shop knows of the chosen car: nothing, the model only, or the exact variant. */
export type CarFacts = { bodyType: string; fitment: Fitment; name: string } | null;

export type FitVerdict =
  | { status: 'fits' }
  /** No car chosen, or its variant was skipped: the customer must check. */
  | { status: 'unknown' }
  | { status: 'noFit'; reason: NoFitReason };

/** Why a product does not fit, with what to tell the customer. */
export type NoFitReason =
  | { key: 'fit.wiperLengths'; params: { needed: string; made: string } }
  | { key: 'fit.tyreSize'; params: { needed: string } }
  | { key: 'fit.brakePadsFront' }
  | { key: 'fit.brakePadsRear' }
  | { key: 'fit.noRearDisc' }
  | { key: 'fit.oilGrade'; params: { needed: string } }
  | { key: 'fit.electric' }
  | { key: 'fit.bodyType'; params: { needed: string } }
  /** The variant was skipped, and none of the model's variants takes the product, each for its own reason. */
  | { key: 'fit.noVariant' };

/** Does a product with `rule` fit the car? Pure: tested against real cars' facts. */
export function fitVerdict(rule: FitRule, car: CarFacts): FitVerdict {
  if (rule.kind === 'universal') return { status: 'fits' };
  if (!car) return { status: 'unknown' };
  const f = car.fitment;
  switch (rule.kind) {
    case 'wiper': {
      const needed = [f.wipers.driver, f.wipers.passenger];
      return needed.every((l) => rule.lengths.includes(l))
        ? { status: 'fits' }
        : {
            status: 'noFit',
            reason: {
              key: 'fit.wiperLengths',
              params: { needed: needed.map((l) => `${l}″`).join(' + '), made: rangeOf(rule.lengths) },
            },
          };
    }
    case 'tyre':
      return f.tyres.some((size) => Object.hasOwn(rule.sizes, size))
        ? { status: 'fits' }
        : { status: 'noFit', reason: { key: 'fit.tyreSize', params: { needed: f.tyres.join(', ') } } };
    case 'brakePads': {
      const code = f.brakePads[rule.axle];
      if (code === null) return { status: 'noFit', reason: { key: 'fit.noRearDisc' } };
      if (Object.hasOwn(rule.codes, code)) return { status: 'fits' };
      return { status: 'noFit', reason: { key: rule.axle === 'front' ? 'fit.brakePadsFront' : 'fit.brakePadsRear' } };
    }
    case 'oil':
      if (f.oil === null) return { status: 'noFit', reason: { key: 'fit.electric' } };
      return rule.grades.includes(f.oil.grade)
        ? { status: 'fits' }
        : { status: 'noFit', reason: { key: 'fit.oilGrade', params: { needed: f.oil.grade } } };
    case 'bodyTypes':
      return (rule.bodyTypes as string[]).includes(car.bodyType)
        ? { status: 'fits' }
        : { status: 'noFit', reason: { key: 'fit.bodyType', params: { needed: car.bodyType } } };
  }
}

/**
 * The fit for a car whose variant was skipped, from the variants it may be (the model's, or
 * those of the year chosen): it does not fit only when it fits none of them, so a part is never
 * refused for a variant the customer may drive; otherwise the customer must choose the variant.
 */
export function modelFitVerdict(rule: FitRule, variants: readonly NonNullable<CarFacts>[]): FitVerdict {
  if (rule.kind === 'universal') return { status: 'fits' };
  const verdicts = variants.map((car) => fitVerdict(rule, car));
  if (verdicts.length === 0 || verdicts.some((v) => v.status !== 'noFit')) return { status: 'unknown' };
  const reasons = verdicts.map((v) => (v as Extract<FitVerdict, { status: 'noFit' }>).reason);
  if (rule.kind === 'tyre') {
    const sizes = [...new Set(variants.flatMap((car) => car.fitment.tyres))];
    return { status: 'noFit', reason: { key: 'fit.tyreSize', params: { needed: sizes.join(', ') } } };
  }
  const same = reasons.every((r) => JSON.stringify(r) === JSON.stringify(reasons[0]));
  return { status: 'noFit', reason: same ? reasons[0]! : { key: 'fit.noVariant' } };
}

/** "14–26″" for a list of lengths. */
export function rangeOf(lengths: number[]): string {
  const sorted = [...lengths].sort((a, b) => a - b);
  return sorted.length === 1 ? `${sorted[0]}″` : `${sorted[0]}–${sorted.at(-1)}″`;
}
