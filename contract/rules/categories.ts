/**
 * The seven service categories by className, and their list routes (docs/contracts/shop.md §2). `maxQuantity`:
 * how many units one car can take in one order: up to four tyres; everything else is sold
 * per car already (a service, a whole-car tint, a set of blades, an axle set of pads).
 */
export const categories = [
  { className: 'Maintenance', slug: 'auto-maintenance', maxQuantity: 1 },
  { className: 'Tires Service', slug: 'auto-tires-service', maxQuantity: 4 },
  { className: 'Tinting Films', slug: 'auto-tinting-films', maxQuantity: 1 },
  { className: 'Wiper Blade', slug: 'auto-wiper-blade', maxQuantity: 1 },
  { className: 'Dash Cams', slug: 'auto-dash-cams', maxQuantity: 1 },
  { className: 'Brake Pads', slug: 'auto-brake-pads', maxQuantity: 1 },
  { className: 'Car Mats', slug: 'auto-car-mats', maxQuantity: 1 },
] as const;

export type CategoryClassName = (typeof categories)[number]['className'];

/** A category by its className ("Wiper Blade") or route slug ("auto-wiper-blade"), any case. */
export function findCategory(nameOrSlug: string | null | undefined) {
  const wanted = (nameOrSlug ?? '').trim().toLowerCase();
  return categories.find((c) => c.slug === wanted || c.className.toLowerCase() === wanted);
}

/** The list route of a category; anything unknown falls back to maintenance, as the footer does. */
export function categoryRoute(className: string | null | undefined): string {
  return `products/${(findCategory(className) ?? categories[0]).slug}`;
}
