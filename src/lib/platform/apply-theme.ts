/** Puts a merchant's colours on an open page (the merchant-independent pages theme themselves at runtime). */
import type { Theme } from '../../shared/api/merchant.ts';
import { themeStyle, themeVars } from '../../shared/merchant-theme.ts';

/** Sets the theme's custom properties on body and the theme-color meta, as Base.astro does at build time. */
export function applyTheme(theme: Theme | null | undefined, doc: Document | undefined = globalThis.document): void {
  if (!doc?.body || !theme) return;
  const vars = themeVars(theme);
  for (const declaration of themeStyle(vars).split(';')) {
    const [name, value] = declaration.split(':');
    if (name && value) doc.body.style.setProperty(name, value);
  }
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', vars.primary);
}
