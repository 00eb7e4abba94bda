/**
 * A merchant whose every text that reaches a page is an attack (script and end tags, quotes that would end an
 * attribute, event handlers, javascript: URLs, comment openers that change how a script element ends), each
 * carrying HOSTILE_MARKER so any of it found in a script file or an executed alert is recognised. The scripts quote
 * with backticks: a double quote would be written &quot; in an attribute and make the moved code a syntax error.
 */

/** In every hostile text: a built script file or a dialog holding it means merchant text ran. */
export const HOSTILE_MARKER = 'zx-hostile';

/** An attack in a text field, within `max` characters (the definition's limits), naming the field. */
function attack(field: string, max: number): string {
  const vectors = [
    `<script>alert(\`${HOSTILE_MARKER}-${field}\`)</script>`,
    `"'><img src=x onerror=alert(\`${HOSTILE_MARKER}-${field}\`)>`,
    `<!--<script></script><svg onload=alert(1)>`,
    `</title></textarea></style></script><iframe src="javascript:alert(1)"></iframe>`,
    `{{name}} $& \u2028 &amp; &lt;b&gt;`,
  ];
  return `Chez Z<script>x</script>${vectors.join(' ')}`.slice(0, max);
}

/** The hostile texts the import accepts, by field (within the contract's lengths). */
export const HOSTILE_TEXTS = {
  // The issue's own example comes first: it needs the logo (its alt holds the name).
  name: `Chez Z<script>x</script><script>alert(\`${HOSTILE_MARKER}-name\`)</script>"'><img src=x onerror=alert(1)>`,
  description: attack('description', 2000),
  bookingDescription: attack('booking', 2000),
  address: attack('address', 200),
  address2: `<!--<script>"'><b id="${HOSTILE_MARKER}-address2">`,
  zip: `<b id=${HOSTILE_MARKER}>`,
  city: attack('city', 100),
  region: attack('region', 100),
  zoneNames: [`S</script><script>alert(\`${HOSTILE_MARKER}-zone\`)</script>`, `T<!--<script>"'><b id=${HOSTILE_MARKER}-zone>`],
  url: `https://x.example/"><script>alert("${HOSTILE_MARKER}-url")</script>`,
  logo: `https://img.example/logo.png?a="><script>alert("${HOSTILE_MARKER}-logo")</script>`,
  banner: `https://img.example/banner.png#"onerror="alert('${HOSTILE_MARKER}-banner')`,
  zoneImage: `https://img.example/zone.png?"><img src=x onerror=alert("${HOSTILE_MARKER}-zone-image")>`,
} as const;

/** What only a listing can carry (the import refuses each of these): the pages must still be safe with them. */
export const HOSTILE_LISTING_ONLY = {
  url: `javascript:alert("${HOSTILE_MARKER}-url")`,
  phone: `+33 1"><script>alert("${HOSTILE_MARKER}-phone")</script>`,
  logo: `javascript:alert("${HOSTILE_MARKER}-logo")`,
  banner: `//evil.example/banner.png"><script>alert("${HOSTILE_MARKER}-banner")</script>`,
  zoneImage: `data:text/html,<script>alert("${HOSTILE_MARKER}-zone-image")</script>`,
  theme: { primary: `red;}</style><script>alert("${HOSTILE_MARKER}-theme")</script>`, background: `#fff" onload="alert(1)` },
} as const;

/** A merchant definition (the provider contract) for `slug` with every page-reaching text hostile; images are https URLs. */
export function hostileMerchantDefinition(slug: string): Record<string, unknown> {
  const open = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  return {
    slug,
    name: HOSTILE_TEXTS.name,
    timezone: 'Europe/Paris',
    address: {
      address: HOSTILE_TEXTS.address,
      address2: HOSTILE_TEXTS.address2,
      zip: HOSTILE_TEXTS.zip,
      city: HOSTILE_TEXTS.city,
      region: HOSTILE_TEXTS.region,
    },
    phone: '+33142000099',
    url: HOSTILE_TEXTS.url,
    description: HOSTILE_TEXTS.description,
    bookingDescription: HOSTILE_TEXTS.bookingDescription,
    logo: HOSTILE_TEXTS.logo,
    banner: HOSTILE_TEXTS.banner,
    theme: { primary: '#9b2c2c', background: '#fffaf3' },
    bookingEnabled: true,
    settings: {
      minClientsPerBookings: 1,
      maxClientsPerBookings: 8,
      keepTableDuration: 15,
      bookingDurationMinutes: 90,
      slotIntervalMinutes: 15,
      minLeadMinutes: 60,
      maxCoversPerSlot: 20,
      autoConfirm: false,
      showZone: true,
    },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: open })),
    closedDays: [],
    zones: [
      { name: HOSTILE_TEXTS.zoneNames[0], image: HOSTILE_TEXTS.zoneImage, tables: [{ name: 'S1', minSeats: 1, maxSeats: 8 }] },
      { name: HOSTILE_TEXTS.zoneNames[1], tables: [{ name: 'T1', minSeats: 1, maxSeats: 8 }] },
    ],
  };
}
