/** The seven service categories by className, and their list routes (spec §2). */
export const categories = [
  { className: 'Maintenance', slug: 'auto-maintenance' },
  { className: 'Tires Service', slug: 'auto-tires-service' },
  { className: 'Tinting Films', slug: 'auto-tinting-films' },
  { className: 'Wiper Blade', slug: 'auto-wiper-blade' },
  { className: 'Dash Cams', slug: 'auto-dash-cams' },
  { className: 'Brake Pads', slug: 'auto-brake-pads' },
  { className: 'Car Mats', slug: 'auto-car-mats' },
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
