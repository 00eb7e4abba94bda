/**
 * More merchants for `npm run bench:api`'s write scenarios: copies of the three demo merchants, imported through the
 * provider's admin API, so the bookings of a run spread over a provider's many restaurants instead of filling the
 * demo's three within seconds (each booking takes a table; three merchants hold about 7,000 over 180 days).
 */
import { demoDefinitions } from '../src/server/services/demo-merchants.ts';

/** The admin token the bench's server is started with. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';

/**
 * Imports `copies` copies of each demo merchant (slugs `{slug}-{n}`), without their images and staff (a copy needs
 * neither to take bookings); answers the slugs imported.
 */
export async function importMerchantCopies(url: string, copies: number): Promise<string[]> {
  const demos = (await demoDefinitions()) as Array<Record<string, unknown>>;
  const slugs: string[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const demo of demos) {
      const slug = `${String(demo.slug)}-${copy}`;
      const { logo: _logo, banner: _banner, staff: _staff, ...rest } = demo;
      const zones = (rest.zones as Array<Record<string, unknown>>).map(({ image: _image, ...zone }) => zone);
      const response = await fetch(`${url}/api/admin/merchants/${slug}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
        body: JSON.stringify({ ...rest, slug, name: `${String(demo.name)} ${copy}`, zones }),
      });
      if (!response.ok) throw new Error(`importing ${slug}: ${response.status} ${await response.text()}`);
      slugs.push(slug);
    }
  }
  return slugs;
}
