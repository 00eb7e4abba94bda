import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Photo } from '../../../src/islands/shared/Photo.tsx';
import { photoSources, widthsFor } from '../../../src/shared/photo-variants.ts';

describe('the photos staff upload, as the page finds them from the one path a definition keeps', () => {
  test('an uploaded photo’s path gives its AVIF and WebP srcsets with width descriptors, and its fallback', () => {
    expect(photoSources('/media/chez-a/zone-0123456789ab.96-192.jpg')).toEqual({
      sources: [
        { type: 'image/avif', srcset: '/media/chez-a/zone-0123456789ab.96.avif 96w, /media/chez-a/zone-0123456789ab.192.avif 192w' },
        { type: 'image/webp', srcset: '/media/chez-a/zone-0123456789ab.96.webp 96w, /media/chez-a/zone-0123456789ab.192.webp 192w' },
      ],
      fallback: { src: '/media/chez-a/zone-0123456789ab.96-192.jpg', srcset: '/media/chez-a/zone-0123456789ab.96-192.jpg 192w', width: 192 },
    });
  });

  test('an imported image, an https URL or a look-alike is no uploaded photo', () => {
    for (const path of [
      '/media/chez-a/logo-0123456789ab.svg',
      'https://cdn.example/banner.jpg',
      '/media/chez-a/menu-0123456789ab.96.jpg',
      '/media/../x/logo-0123456789ab.96.jpg',
    ]) {
      expect(photoSources(path), path).toBeNull();
    }
  });

  test('the widths made are the kind’s that fit, never enlarged', () => {
    expect(widthsFor('banner', 4000)).toEqual([640, 1280, 1920]);
    expect(widthsFor('banner', 1500)).toEqual([640, 1280]);
    expect(widthsFor('logo', 50)).toEqual([50]);
  });

  test('a zone’s image in the island: a <picture> for an uploaded photo, a plain <img> otherwise', () => {
    const uploaded = renderToStaticMarkup(createElement(Photo, { src: '/media/chez-a/zone-0123456789ab.96.jpg', sizes: '96px', alt: '', loading: 'lazy' }));
    expect(uploaded).toBe(
      '<picture><source type="image/avif" srcSet="/media/chez-a/zone-0123456789ab.96.avif 96w" sizes="96px"/>' +
        '<source type="image/webp" srcSet="/media/chez-a/zone-0123456789ab.96.webp 96w" sizes="96px"/>' +
        '<img src="/media/chez-a/zone-0123456789ab.96.jpg" srcSet="/media/chez-a/zone-0123456789ab.96.jpg 96w" sizes="96px" alt="" loading="lazy"/></picture>',
    );
    expect(renderToStaticMarkup(createElement(Photo, { src: '/media/chez-a/salle.jpg', sizes: '96px', alt: '', loading: 'lazy' }))).toBe(
      '<img src="/media/chez-a/salle.jpg" alt="" loading="lazy"/>',
    );
  });
});
