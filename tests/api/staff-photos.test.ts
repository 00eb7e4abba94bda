import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk } from './api-helpers.ts';
import { importRoleMerchant, type RoleMerchant } from './role-merchant.ts';

// Staff upload the restaurant's photos: POST /api/pro/{slug}/photos?kind=logo|banner|zone with the image's bytes.
const t = useTestServer({ demo: false });
let m: RoleMerchant;
let other: RoleMerchant;

beforeAll(async () => {
  m = await importRoleMerchant(t, 'photos');
  other = await importRoleMerchant(t, 'photos-other');
}, 60_000);

const upload = (kind: string, body: Buffer, contentType: string, bearer = m.bearer.manager, slug = m.slug) =>
  t.post(`/api/pro/${slug}/photos?kind=${kind}`, body, { bearer, headers: { 'content-type': contentType } });

/** A photo `width` x `height` with some detail, so encoders have something to keep. */
function picture(width: number, height: number, channels: 3 | 4 = 3) {
  const background = channels === 4 ? { r: 200, g: 80, b: 20, alpha: 0.5 } : { r: 200, g: 80, b: 20 };
  return sharp({ create: { width, height, channels, background } }).composite([
    { input: { create: { width: Math.ceil(width / 2), height: Math.ceil(height / 3), channels: 3, background: '#2050c0' } }, left: 0, top: 0 },
  ]);
}

/** The files of an uploaded photo, read back: name, format, width and height, and whether any metadata is left. */
async function filesOf(image: string) {
  const [, , folder, name] = image.split('/');
  const stem = name!.split('.')[0]!;
  const dir = path.join(t.mediaDir, folder!);
  const names = (await readdir(dir)).filter((file) => file.startsWith(`${stem}.`)).sort();
  return Promise.all(
    names.map(async (file) => {
      const meta = await sharp(path.join(dir, file)).metadata();
      return { file, format: meta.format, width: meta.width, height: meta.height, exif: meta.exif !== undefined, alpha: meta.hasAlpha };
    }),
  );
}

describe('POST /api/pro/{slug}/photos', () => {
  test('a phone’s JPEG lying on its side (EXIF orientation 6, with GPS) is stood up, stripped, and made in AVIF and WebP at the banner’s widths with a JPEG', async () => {
    // 2400 x 1600 stored, orientation 6: shown 1600 wide and 2400 tall.
    const jpeg = await picture(2400, 1600)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect([sent.orientation, sent.exif?.includes('Phone')]).toEqual([6, true]);
    const answer = expectOk(await upload('banner', jpeg, 'image/jpeg'));
    expect(answer.body).toEqual({ success: true, image: expect.stringMatching(new RegExp(`^/media/${m.slug}/banner-[0-9a-f]{12}\\.640-1280\\.jpg$`)) });
    const files = await filesOf(answer.body.image);
    expect(files.map(({ format, width }) => [format, width])).toEqual([
      ['heif', 1280],
      ['webp', 1280],
      ['jpeg', 1280],
      ['heif', 640],
      ['webp', 640],
    ]);
    for (const file of files) {
      expect(file.height! > file.width!, `${file.file} stands upright`).toBe(true);
      expect(file.exif, `${file.file} has no EXIF (GPS)`).toBe(false);
    }
    expect(files.filter((file) => file.file.endsWith('.avif'))).toHaveLength(2);
  });

  test('a PNG with transparency keeps it: its fallback is a PNG; the logo’s widths, never enlarged', async () => {
    const png = await picture(200, 200, 4).png().toBuffer();
    const answer = expectOk(await upload('logo', png, 'image/png'));
    expect(answer.body.image).toMatch(/\/logo-[0-9a-f]{12}\.96-192\.png$/);
    const files = await filesOf(answer.body.image);
    expect(files.map(({ file, width, alpha }) => [file.split('.').slice(1).join('.'), width, alpha])).toEqual([
      ['192.avif', 192, true],
      ['192.webp', 192, true],
      ['96-192.png', 192, true],
      ['96.avif', 96, true],
      ['96.webp', 96, true],
    ]);
  });

  test('the format is read from the bytes: a WebP sent as application/octet-stream, an AVIF sent as image/heic', async () => {
    const webp = await picture(400, 300).webp().toBuffer();
    expect(expectOk(await upload('zone', webp, 'application/octet-stream')).body.image).toMatch(/\/zone-[0-9a-f]{12}\.96-192-288\.jpg$/);
    const avif = await picture(120, 80).avif().toBuffer();
    const answer = expectOk(await upload('zone', avif, 'image/heic'));
    // Smaller than every zone width but the first: the widths that fit.
    expect(answer.body.image).toMatch(/\/zone-[0-9a-f]{12}\.96\.jpg$/);
    expect((await filesOf(answer.body.image)).map(({ format, width }) => [format, width])).toEqual([
      ['heif', 96],
      ['jpeg', 96],
      ['webp', 96],
    ]);
  });

  test('the same photo twice is one set of files under the same name', async () => {
    const jpeg = await picture(300, 300).jpeg().toBuffer();
    const first = expectOk(await upload('logo', jpeg, 'image/jpeg')).body.image;
    expect(expectOk(await upload('logo', jpeg, 'image/jpeg', m.bearer.owner)).body.image).toBe(first);
  });

  test('text sent as image/jpeg is 422 invalid_image, with a message naming the formats to send', async () => {
    const answer = await upload('logo', Buffer.from('this is not a photo at all, only words'), 'image/jpeg');
    expectError(answer, 422, 'invalid_image');
    expect(answer.body.message).toMatch(/JPEG, PNG or WebP/);
  });

  test('an HEVC-coded HEIC (what iPhones write), which sharp’s prebuilt libvips cannot decode, is 415 unsupported_image_format', async () => {
    // sharp's prebuilt libvips cannot encode HEVC either: an HEIC file's header (ftyp heic) over a payload it cannot read.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64, 7)]);
    const answer = await upload('banner', heic, 'image/heic');
    expectError(answer, 415, 'unsupported_image_format');
    expect(answer.body.message).toMatch(/JPEG, PNG or WebP/);
  });

  test('a GIF is 415 unsupported_image_format', async () => {
    const gif = await picture(40, 40).gif().toBuffer();
    expectError(await upload('logo', gif, 'application/octet-stream'), 415, 'unsupported_image_format');
  });

  test('a small file of too many pixels is 413 image_too_large', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(15 * 1024 * 1024);
    expectError(await upload('banner', huge, 'image/png'), 413, 'image_too_large');
  });

  test('a 30 MB body is 413 image_too_large, and the server answers the next call', async () => {
    expectError(await upload('banner', Buffer.alloc(30 * 1024 * 1024, 1), 'image/jpeg'), 413, 'image_too_large');
    expectOk(await upload('logo', await picture(100, 100).jpeg().toBuffer(), 'image/jpeg'));
  });

  test('a body of another type (JSON) is 415 unsupported_image_format', async () => {
    const answer = await t.post(`/api/pro/${m.slug}/photos?kind=logo`, { image: 'x' }, { bearer: m.bearer.manager });
    expectError(answer, 415, 'unsupported_image_format');
  });

  test('a host is 403 forbidden, another merchant’s staff 404 merchant_not_found, no bearer 401', async () => {
    const jpeg = await picture(100, 100).jpeg().toBuffer();
    expectError(await upload('logo', jpeg, 'image/jpeg', m.bearer.host), 403, 'forbidden');
    expectError(await upload('logo', jpeg, 'image/jpeg', other.bearer.owner), 404, 'merchant_not_found');
    expectError(await t.post(`/api/pro/${m.slug}/photos?kind=logo`, jpeg, { headers: { 'content-type': 'image/jpeg' } }), 401, 'unauthenticated');
  });

  test('a definition saved with the answer keeps it, reads it back, lists it, and exports it; a re-import keeps it', async () => {
    const banner = expectOk(await upload('banner', await picture(1400, 700).jpeg().toBuffer(), 'image/jpeg')).body.image as string;
    const zone = expectOk(await upload('zone', await picture(300, 200).webp().toBuffer(), 'image/webp')).body.image as string;
    const { definition, revision } = expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.owner })).body;
    const changed = { ...definition, banner, zones: definition.zones.map((each: Record<string, unknown>) => ({ ...each, image: zone })) };
    expectOk(await t.put(`/api/pro/${m.slug}/definition`, { definition: changed, revision }, { bearer: m.bearer.manager }));
    const after = expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.owner })).body;
    expect(after.definition.banner).toBe(banner);
    expect(after.definition.zones[0].image).toBe(zone);
    const listed = expectOk(await t.get('/api/booking/merchants')).body.merchants.find((each: { slug: string }) => each.slug === m.slug);
    expect(listed.banner).toEqual({ path: banner });
    // Saved again as read (an export's shape): unchanged.
    expectOk(await t.put(`/api/pro/${m.slug}/definition`, { definition: after.definition, revision: after.revision }, { bearer: m.bearer.owner }));
    expect(expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.owner })).body.definition.banner).toBe(banner);
  });

  test('another merchant may not name this merchant’s photo in its definition', async () => {
    const logo = expectOk(await upload('logo', await picture(100, 100).png().toBuffer(), 'image/png')).body.image as string;
    const { definition, revision } = expectOk(await t.get(`/api/pro/${other.slug}/definition`, { bearer: other.bearer.owner })).body;
    const answer = await t.put(`/api/pro/${other.slug}/definition`, { definition: { ...definition, logo }, revision }, { bearer: other.bearer.owner });
    expectError(answer, 422, 'validation_error');
  });
});
