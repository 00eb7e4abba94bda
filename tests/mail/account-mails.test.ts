import { parse } from 'parse5';
import { describe, expect, test } from 'vitest';
import { accountExistsMessage } from '../../src/server/mail/messages/account-exists.ts';
import { passwordResetMessage } from '../../src/server/mail/messages/password-reset.ts';

/** Every element name and attribute of a parsed HTML document, depth first. */
function elements(html: string): Array<{ name: string; attrs: Record<string, string> }> {
  const found: Array<{ name: string; attrs: Record<string, string> }> = [];
  const walk = (node: { nodeName: string; attrs?: Array<{ name: string; value: string }>; childNodes?: unknown[] }) => {
    if (node.attrs) found.push({ name: node.nodeName, attrs: Object.fromEntries(node.attrs.map((attr) => [attr.name, attr.value])) });
    for (const child of node.childNodes ?? []) walk(child as typeof node);
  };
  walk(parse(html) as unknown as Parameters<typeof walk>[0]);
  return found;
}

const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
const brand = { name: `Chez ${hostile}`, primary: '#123456', background: '#fafafa' };

const mails = [
  [
    'password reset',
    passwordResetMessage({
      lang: 'fr',
      link: `https://site.example/auth/reset_password?token=abc&x=${encodeURIComponent(hostile)}`,
      firstname: hostile,
      brand,
      validMinutes: 60,
    }),
  ],
  [
    'account exists',
    accountExistsMessage({
      lang: 'en',
      firstname: hostile,
      brand,
      loginUrl: 'https://site.example/auth/login',
      forgotUrl: 'https://site.example/auth/forgot_password',
    }),
  ],
] as const;

describe('account mails render every name they carry as text', () => {
  test.each(mails)('the %s mail has no script, no event handler, and shows the brand as text', (_name, mail) => {
    const found = elements(mail.html);
    expect(found.filter((element) => element.name === 'script')).toEqual([]);
    expect(found.flatMap((element) => Object.keys(element.attrs)).filter((attr) => attr.startsWith('on'))).toEqual([]);
    expect(found.filter((element) => element.name === 'img')).toEqual([]);
    expect(mail.html).toContain('Chez &quot;&gt;&lt;script&gt;');
    expect(found.filter((element) => element.name === 'a').every((link) => link.attrs.href?.startsWith('https://site.example/'))).toBe(true);
  });

  test.each(mails)('the %s mail is a whole document in the brand colours, its buttons in the primary colour', (_name, mail) => {
    const found = elements(mail.html);
    expect(found.find((element) => element.name === 'html')?.attrs.lang).toMatch(/^(fr|en)$/);
    expect(found.find((element) => element.name === 'body')?.attrs.style).toContain('background:#fafafa');
    expect(found.some((element) => element.name === 'a' && element.attrs.style?.includes('#123456'))).toBe(true);
  });
});
