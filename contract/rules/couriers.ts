/**
 * The couriers Malaysian shops mostly post with, and where a customer follows a parcel on
 * each one's own site. Staff type the company when they ship, so it is matched by its
 * common spellings ("Poslaju", "J&T Express", "NinjaVan", "GDEX"…).
 */
export interface Courier {
  id: string;
  name: string;
  /** The spellings it is known by, matched against the name in lower case without spaces, dashes or dots. */
  spelling: RegExp;
  /** Its tracking page, to which the parcel's number is appended. */
  tracking: string;
}

export const couriers: readonly Courier[] = [
  { id: 'poslaju', name: 'Pos Laju', spelling: /^pos(laju)?(malaysia)?$/, tracking: 'https://tracking.pos.com.my/tracking/' },
  { id: 'jnt', name: 'J&T Express', spelling: /^j(&|n)?t(express)?$/, tracking: 'https://www.jtexpress.my/tracking/' },
  { id: 'dhl-ecommerce', name: 'DHL eCommerce', spelling: /^dhl(ecom(merce)?|express)?$/, tracking: 'https://www.dhl.com/my-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id=' },
  { id: 'ninjavan', name: 'Ninja Van', spelling: /^ninja(van)?$/, tracking: 'https://www.ninjavan.co/en-my/tracking?id=' },
  { id: 'citylink', name: 'City-Link Express', spelling: /^citylink(express)?$/, tracking: 'https://www.citylinkexpress.com/tracking-result/?track0=' },
  { id: 'gdex', name: 'GDEX', spelling: /^gd(ex)?(express)?$/, tracking: 'https://gdexpress.com/tracking/?consignmentno=' },
];

const squash = (name: string) => name.toLowerCase().replace(/[\s.\-_]+/g, '');

/** The courier a typed company name means, or null for one not in the table. */
export function findCourier(company: string | null | undefined): Courier | null {
  const key = squash(company ?? '');
  if (!key) return null;
  return couriers.find((c) => c.spelling.test(key)) ?? null;
}

/** The courier's own tracking page for a parcel, or null when the company is unknown or there is no number. */
export function trackingLink(company: string | null | undefined, expressNo: string | null | undefined): { courier: string; url: string } | null {
  const courier = findCourier(company);
  const no = (expressNo ?? '').trim();
  if (!courier || !no) return null;
  return { courier: courier.name, url: courier.tracking + encodeURIComponent(no) };
}
