/** Navigation links to a workshop, the same from the API and on the prerendered page. */
export function directionLinks(lat: number, lng: number) {
  return {
    wazeUrl: `https://waze.com/ul?ll=${lat},${lng}&navigate=yes`,
    googleMapsUrl: `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`,
  };
}
