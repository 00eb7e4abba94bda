/** The route link of the tracking page: a maps search for the restaurant's name, address and city. */

/** What the search is made of. */
export interface MapsPlace {
  name: string;
  address: { address: string; city: string };
}

/** https://www.google.com/maps/search/?api=1&query=name+address+city (Google's documented, key-less search URL). */
export function mapsSearchUrl(place: MapsPlace): string {
  const query = [place.name, place.address.address, place.address.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query }).toString()}`;
}
