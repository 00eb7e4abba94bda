import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../src/shared/colour.ts';
import { DEFAULT_THEME, themeStyle, themeVars } from '../../src/shared/merchant-theme.ts';

describe('themeVars', () => {
  test.each([[{ primary: '#9b2c2c', background: '#fffaf3' }], [{ primary: '#f4c430', background: '#fff' }], [{ primary: '#ffd1dc', background: '#1b1b1b' }]])(
    'derives readable text, on-primary and accent colours from %j',
    (theme) => {
      const vars = themeVars(theme);
      expect(contrastRatio(vars.text, vars.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars.onPrimary, vars.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars.accent, vars.background)).toBeGreaterThanOrEqual(5);
    },
  );

  test.each([[{ primary: 'red;}</style><script>', background: 'url(x)' }], [undefined]])('falls back to the default colours for %j', (theme) => {
    const vars = themeVars(theme);
    expect(vars.primary).toBe(DEFAULT_THEME.primary);
    expect(vars.background).toBe(DEFAULT_THEME.background);
  });

  test('writes only hex values into the style attribute', () => {
    const style = themeStyle(themeVars({ primary: '#abc', background: 'javascript:alert(1)' }));
    expect(style).toMatch(/^(--[a-z-]+:#[0-9a-f]{6};?)+$/);
  });
});
