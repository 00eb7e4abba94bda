import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { useHydrated } from '../../../src/islands/shared/use-hydrated.ts';

function Probe() {
  return createElement('span', null, useHydrated() ? 'hydrated' : 'skeleton');
}

describe('useHydrated', () => {
  test('is false when the island is rendered at build time, so no language-specific text is baked in', () => {
    expect(renderToString(createElement(Probe))).toBe('<span>skeleton</span>');
  });
});
