import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import AuthHeader from '../../../src/islands/auth/parts/AuthHeader.tsx';
import type { Merchant } from '../../../src/shared/api/merchant.ts';

const imageSources = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]);

function headerWithLogo(path: string): string {
  const merchant = { name: 'Chez "Z"', logo: { path } } as unknown as Merchant;
  return renderToStaticMarkup(createElement(AuthHeader, { merchant, closeFallback: () => '/' }));
}

describe('the sign-in bar shows a merchant logo only from this site or https', () => {
  test.each([
    ['/media/logo.png', '/media/logo.png'],
    ['https://cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['javascript:alert(1)', '/favicon.svg'],
    ['//evil.example/track.gif', '/favicon.svg'],
    ['http://evil.example/track.gif', '/favicon.svg'],
    ['data:image/svg+xml,<svg onload=alert(1)>', '/favicon.svg'],
  ])('logo %s shows %s', (path, shown) => {
    expect(imageSources(headerWithLogo(path))).toEqual([shown]);
  });
});
