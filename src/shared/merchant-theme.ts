/** A merchant's colours made safe and readable, as CSS variables: the static pages, the islands and the server's own pages and mails share them. */
import { readableAccent, readableTextOn, safeHex } from './colour.ts';
import type { ListingTheme } from './api/merchant-listing.ts';

/** The default colours, used when a merchant's theme is missing or not a hex colour. */
export const DEFAULT_THEME: ListingTheme = { primary: '#2f5d50', background: '#faf8f5' };

/** The CSS custom properties of a merchant's theme, each a safe #rrggbb value. */
export interface ThemeVars {
  primary: string;
  background: string;
  onPrimary: string;
  text: string;
  accent: string;
}

/** Derives readable colours from the merchant's theme: text on primary, body text, accent on background. */
export function themeVars(theme: ListingTheme | undefined): ThemeVars {
  const primary = safeHex(theme?.primary ?? '', DEFAULT_THEME.primary);
  const background = safeHex(theme?.background ?? '', DEFAULT_THEME.background);
  return {
    primary,
    background,
    onPrimary: readableTextOn(primary),
    text: readableTextOn(background),
    // 5:1 rather than 4.5:1 leaves room for the slightly tinted card surfaces links also sit on.
    accent: readableAccent(primary, background, 5),
  };
}

/** The theme as a CSS declaration list for a style attribute (values are validated hex only). */
export function themeStyle(vars: ThemeVars): string {
  return `--primary:${vars.primary};--background:${vars.background};--on-primary:${vars.onPrimary};--text:${vars.text};--accent:${vars.accent}`;
}
