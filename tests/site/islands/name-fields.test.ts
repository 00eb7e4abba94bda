import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import NameFields, { type NameFieldsProps } from '../../../src/islands/auth/parts/NameFields.tsx';

const ids = { firstname: 'x-firstname', lastname: 'x-lastname' };
const noop = () => {};

function render(props: Partial<NameFieldsProps> = {}): string {
  return renderToStaticMarkup(
    createElement(NameFields, {
      screen: 'register',
      ids,
      values: { firstname: 'Ada', lastname: 'Lovelace' },
      onChange: { firstname: noop, lastname: noop },
      errors: {},
      t: (key: string) => `<${key}>`,
      ...props,
    }),
  );
}

/** The attributes of the input with this id. */
function input(html: string, id: string): string {
  const found = html.match(new RegExp(`<input id="${id}"[^>]*>`));
  if (!found) throw new Error(`no input ${id}`);
  return found[0];
}

describe('the name fields of the contact forms', () => {
  test('sit side by side, each labelled for its input, marked required and filled in by the browser as given and family name', () => {
    const html = render();
    expect(html.startsWith('<div class="au-row">')).toBe(true);
    expect(html).toContain('<label class="au-label" for="x-firstname">');
    expect(html).toContain('<label class="au-label" for="x-lastname">');
    expect(input(html, 'x-firstname')).toMatch(/aria-required="true".*autoComplete="given-name".*maxLength="100".*name="firstname".*value="Ada"/);
    expect(input(html, 'x-lastname')).toMatch(/aria-required="true".*autoComplete="family-name".*maxLength="100".*name="lastname".*value="Lovelace"/);
  });

  test('are labelled in every language, the first name first', () => {
    const html = render({ screen: 'noAuth' });
    expect(html.indexOf('>Prénom<')).toBeLessThan(html.indexOf('>Nom<'));
    expect(html.indexOf('>First name<')).toBeLessThan(html.indexOf('>Last name<'));
    expect(html.indexOf('>First name<')).toBeGreaterThan(-1);
  });

  test('put the caret in the first name as the page loads only when asked', () => {
    expect(render()).not.toContain('autofocus');
    const html = render({ focusFirst: true });
    expect(input(html, 'x-firstname')).toContain('autofocus=""');
    expect(input(html, 'x-lastname')).not.toContain('autofocus');
  });

  test("tie a field's error message to its input and only flag a field without one", () => {
    const html = render({ errors: { firstname: { text: 'Trop long' }, lastname: {} } });
    expect(input(html, 'x-firstname')).toMatch(/aria-invalid="true" aria-describedby="x-firstname-error"/);
    expect(html).toContain('<p class="au-error" id="x-firstname-error">Trop long</p>');
    expect(input(html, 'x-lastname')).toMatch(/aria-invalid="true"/);
    expect(input(html, 'x-lastname')).not.toContain('aria-describedby');
  });
});
