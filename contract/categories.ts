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

/** The list route of a category; anything unknown falls back to maintenance, as the footer does. */
export function categoryRoute(className: string | null | undefined): string {
  const wanted = (className ?? '').trim().toLowerCase();
  const found = categories.find((c) => c.className.toLowerCase() === wanted);
  return `products/${(found ?? categories[0]).slug}`;
}
