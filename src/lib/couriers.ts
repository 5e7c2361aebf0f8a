/**
 * The couriers Malaysian shops mostly post with, and where a customer follows a parcel on
 * each one's own site. Staff type the company when they ship, so it is matched by its
 * common spellings ("Poslaju", "J&T Express", "NinjaVan", "GDEX"…).
 */
export interface Courier {
  id: string;
  name: string;
  /** Spellings, lower case with spaces, dashes and dots removed. */
  aliases: readonly string[];
  trackingUrl: (no: string) => string;
}

const q = encodeURIComponent;

export const couriers: readonly Courier[] = [
  { id: 'poslaju', name: 'Pos Laju', aliases: ['poslaju', 'posmalaysia', 'pos', 'poslajumalaysia'], trackingUrl: (no) => `https://tracking.pos.com.my/tracking/${q(no)}` },
  { id: 'jnt', name: 'J&T Express', aliases: ['j&t', 'j&texpress', 'jnt', 'jntexpress', 'jt', 'jtexpress'], trackingUrl: (no) => `https://www.jtexpress.my/tracking/${q(no)}` },
  {
    id: 'dhl-ecommerce',
    name: 'DHL eCommerce',
    aliases: ['dhlecommerce', 'dhl', 'dhlecom', 'dhlexpress'],
    trackingUrl: (no) => `https://www.dhl.com/my-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id=${q(no)}`,
  },
  { id: 'ninjavan', name: 'Ninja Van', aliases: ['ninjavan', 'ninja'], trackingUrl: (no) => `https://www.ninjavan.co/en-my/tracking?id=${q(no)}` },
  {
    id: 'citylink',
    name: 'City-Link Express',
    aliases: ['citylink', 'citylinkexpress'],
    trackingUrl: (no) => `https://www.citylinkexpress.com/tracking-result/?track0=${q(no)}`,
  },
  { id: 'gdex', name: 'GDEX', aliases: ['gdex', 'gdexpress', 'gdexexpress'], trackingUrl: (no) => `https://gdexpress.com/tracking/?consignmentno=${q(no)}` },
];

const squash = (name: string) => name.toLowerCase().replace(/[\s.\-_]+/g, '');

/** The courier a typed company name means, or null for one not in the table. */
export function findCourier(company: string | null | undefined): Courier | null {
  const key = squash(company ?? '');
  if (!key) return null;
  return couriers.find((c) => c.aliases.includes(key) || c.id === key) ?? null;
}

/** The courier's own tracking page for a parcel, or null when the company is unknown or there is no number. */
export function trackingLink(company: string | null | undefined, expressNo: string | null | undefined): { courier: string; url: string } | null {
  const courier = findCourier(company);
  const no = (expressNo ?? '').trim();
  if (!courier || !no) return null;
  return { courier: courier.name, url: courier.trackingUrl(no) };
}
