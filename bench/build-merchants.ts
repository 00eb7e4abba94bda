/**
 * Many varied, realistic merchants in the shape GET /api/booking/merchants lists them (src/shared/api/merchant-listing.ts),
 * from a seeded generator so every run builds the same site, and the media files their /media paths point at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListingImage, ListingShift, ListingZone, MerchantListing } from '../src/shared/api/merchant-listing.ts';

/** A small seeded pseudo-random generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFIXES = ['Le', 'La', 'Chez', 'Trattoria', 'Osteria', 'Bistrot', 'Café', 'Brasserie', 'Casa', 'El', 'The', 'Taverna', "L'", 'Au', 'Maison'];
const NOUNS = [
  'Petit Zinc',
  'Marmite',
  'Nonna',
  'Comptoir',
  'Sakura',
  'Olivier',
  'Hélène',
  'Jardin',
  'Pêcheur',
  'Four à Bois',
  'Tapas Bar',
  'Épicerie',
  'Grand Cerf',
  'Lotus',
  'Vigneron',
  'Bouchon',
  'Ramen-ya',
  'Forno',
  'Cantine',
  'Cocotte',
  'Table d’Anna',
  'Mistral',
];
const SUFFIXES = ['', '', '', ' & Fils', ' du Port', ' des Halles', ' 1924', ' Gourmand', ' di Mare', ' Saint-Martin'];
const STREETS = [
  'rue des Martyrs',
  'avenue Jean-Jaurès',
  'via Roma',
  'calle Mayor',
  'boulevard Voltaire',
  'place du Marché',
  'quai des Chartrons',
  'rue de la République',
];
const CITIES: Array<{ city: string; zip: string; timezone: string; phone: string; digits: number }> = [
  { city: 'Paris', zip: '75018', timezone: 'Europe/Paris', phone: '+331', digits: 8 },
  { city: 'Lyon', zip: '69002', timezone: 'Europe/Paris', phone: '+334', digits: 8 },
  { city: 'Bordeaux', zip: '33000', timezone: 'Europe/Paris', phone: '+335', digits: 8 },
  { city: 'Roma', zip: '00184', timezone: 'Europe/Rome', phone: '+3906', digits: 8 },
  { city: 'Madrid', zip: '28013', timezone: 'Europe/Madrid', phone: '+3491', digits: 7 },
  { city: 'Bruxelles', zip: '1000', timezone: 'Europe/Brussels', phone: '+322', digits: 7 },
  { city: 'Genève', zip: '1204', timezone: 'Europe/Zurich', phone: '+4122', digits: 7 },
  { city: 'Montréal', zip: 'H2X 1Y4', timezone: 'America/Toronto', phone: '+1514', digits: 7 },
];
const SENTENCES = [
  'Un vrai bistrot de quartier : comptoir en zinc, ardoise du jour et vins de vignerons au verre.',
  'Cuisine de saison, produits du marché et pain cuit chaque matin.',
  'Pâtes fraîches faites maison, pizzas au feu de bois et tiramisu de la nonna.',
  'Bouillons mijotés douze heures, nouilles tirées à la main, gyoza grillés.',
  'Terrasse ombragée aux beaux jours, salle voûtée en hiver.',
  'Menu enfant, chaises hautes et accès pour fauteuils roulants.',
  'Groupes bienvenus : privatisation possible pour vos événements.',
  'Nous travaillons en circuit court avec des producteurs à moins de cent kilomètres.',
  'Carte végétarienne complète, options sans gluten sur demande.',
  'Happy hour de 18 h à 19 h 30, cocktails maison et planches à partager.',
  'Les réservations sont confirmées par l’équipe dans l’heure.',
  'Au-delà de huit convives, appelez-nous directement.',
];
const ZONE_NAMES = ['Salle', 'Terrasse', 'Mezzanine', 'Bar', 'Salon privé', 'Jardin', 'Comptoir', 'Véranda'];

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A media file the merchants point at: its path under the data folder's media/ and its content. */
export interface MediaFile {
  path: string;
  content: string;
}

/** The merchants and the media they need. */
export interface GeneratedMerchants {
  merchants: MerchantListing[];
  media: MediaFile[];
}

function svg(random: () => number, label: string, width: number, height: number): string {
  const colour = () =>
    `#${Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
  // Some shapes, so files differ in size as photos would (scaled down: the build copies, it does not decode).
  const shapes = Array.from({ length: 5 + Math.floor(random() * 60) }, () => {
    const [x, y, r] = [random() * width, random() * height, 4 + random() * 60].map((value) => value.toFixed(1));
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" opacity="0.6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes}</svg>\n`;
}

/** Generates `count` merchants (seeded: the same list every time) and the media files of their /media images. */
export function generateMerchants(count: number, seed = 20261121): GeneratedMerchants {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const merchants: MerchantListing[] = [];
  const media: MediaFile[] = [];
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  for (let index = 0; index < count; index += 1) {
    const name = `${pick(PREFIXES)}${random() < 0.9 ? ' ' : ''}${pick(NOUNS)}${pick(SUFFIXES)}`.replace("L' ", "L'");
    const slug = `${slugify(name).slice(0, 48)}-${index + 1}`;
    const place = pick(CITIES);
    const image = (kind: string, width: number, height: number): ListingImage | null => {
      const roll = random();
      if (roll < 0.15) return null;
      if (roll < 0.25) return { path: `https://images.example.com/${slug}/${kind}.jpg` };
      const file = `${slug}/${slug}-${kind}-${Math.floor(random() * 0xffffffff).toString(16)}.svg`;
      media.push({ path: file, content: svg(random, `${name} ${kind}`, width, height) });
      return { path: `/media/${file}` };
    };

    const shifts: ListingShift[] = [];
    const lunchOnly = random() < 0.15;
    for (let day = 1; day <= 7; day += 1) {
      const closed = random() < (day === 1 ? 0.6 : 0.1);
      const slots = closed
        ? []
        : [
            ...(random() < 0.85 ? [{ id: `${day}-0`, start: time(between(22, 25) * 30), end: time(between(27, 30) * 30) }] : []),
            ...(lunchOnly ? [] : [{ id: `${day}-1`, start: time(between(36, 39) * 30), end: time(between(42, 46) * 30) }]),
          ];
      shifts.push({ day, slots });
    }
    const zones: ListingZone[] = Array.from({ length: between(0, 4) }, (_, zone) => ({
      id: `${index + 1}-zone-${zone}`,
      name: ZONE_NAMES[(zone + index) % ZONE_NAMES.length]!,
      image: random() < 0.5 ? image(`zone-${zone}`, 320, 200) : null,
    }));
    const closedDays = Array.from({ length: between(0, 15) }, () => {
      const date = new Date(Date.UTC(2026, 10, 21) + between(1, 365) * 86_400_000);
      return date.toISOString().slice(0, 10);
    }).sort();
    const sentences = (low: number, high: number) => Array.from({ length: between(low, high) }, () => pick(SENTENCES)).join(' ');
    const primary = `#${Math.floor(random() * 0x7fffff)
      .toString(16)
      .padStart(6, '0')}`;
    const maxClients = between(4, 20);

    merchants.push({
      slug,
      name,
      timezone: place.timezone,
      address: {
        address: `${between(1, 180)} ${pick(STREETS)}`,
        address2: random() < 0.2 ? `Bâtiment ${pick(['A', 'B', 'C'])}` : '',
        zip: place.zip,
        city: place.city,
      },
      phone: `${place.phone}${String(between(2 * 10 ** (place.digits - 1), 10 ** place.digits - 1))}`,
      url: random() < 0.7 ? `https://www.${slug}.example.com/` : '',
      description: sentences(1, 6),
      bookingDescription: random() < 0.6 ? sentences(1, 3) : '',
      logo: image('logo', 120, 120),
      banner: image('banner', 1200, 400),
      theme: { primary, background: pick(['#ffffff', '#f7f3ec', '#fbf7f2', '#f4f6f8', '#fffaf0']) },
      bookingEnabled: random() < 0.95,
      settings: {
        minClientsPerBookings: 1,
        maxClientsPerBookings: maxClients,
        keepTableDuration: pick([10, 15, 20, 30]),
        showZone: zones.length > 1 && random() < 0.8,
      },
      shifts,
      closedDays: [...new Set(closedDays)],
      zones,
      updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    });
  }
  return { merchants, media };
}

/** Writes the media files under `dataDir`/media, as the server's image import would have. */
export async function writeMedia(dataDir: string, media: readonly MediaFile[]): Promise<void> {
  const folders = new Set(media.map((file) => path.dirname(path.join(dataDir, 'media', file.path))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  // A few at a time: enough to be quick, not so many as to run out of file handles.
  for (let start = 0; start < media.length; start += 256) {
    await Promise.all(media.slice(start, start + 256).map((file) => writeFile(path.join(dataDir, 'media', file.path), file.content)));
  }
}
