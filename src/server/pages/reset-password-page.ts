/** The /auth/reset_password page: a plain form in the site's calm style, four languages (server-pages.json), no script at all. */
import { createHash } from 'node:crypto';
import { themeVars } from '../../shared/merchant-theme.ts';
import { LANGS, type Lang } from '../../shared/langs.ts';
import { pageTexts } from '../i18n/server-texts.ts';
import { escapeHtml as e } from '../../shared/escape-html.ts';

/** What the page shows. */
export interface ResetPageInput {
  lang: Lang;
  brand: { name: string; primary?: string; background?: string };
  /** The form for this token, or the 'link no longer works' notice. */
  view: { kind: 'form'; token: string; errors?: { password?: string[]; password_confirmation?: string[] } } | { kind: 'invalid'; forgotUrl: string };
  /** Origins the form's redirect may lead to (CSP form-action also governs the redirect after posting). */
  formOrigins: readonly string[];
}

/** The page and the Content-Security-Policy it must be served with. */
export interface RenderedPage {
  html: string;
  csp: string;
}

function styles(theme: ReturnType<typeof themeVars>): string {
  return `:root{--primary:${theme.primary};--background:${theme.background};--on-primary:${theme.onPrimary};--text:${theme.text};--accent:${theme.accent}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:var(--background);color:var(--text);font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.6;-webkit-font-smoothing:antialiased}
main{width:100%;max-width:480px;padding:40px 20px}
.brand{font-weight:650;font-size:1.05rem;margin:0 0 24px;color:var(--text)}
.card{background:color-mix(in srgb,var(--text) 4%,var(--background));border:1px solid color-mix(in srgb,var(--text) 12%,var(--background));border-radius:16px;padding:24px}
h1{font-size:1.4rem;line-height:1.2;margin:0 0 8px;font-weight:650;letter-spacing:-0.01em}
p{margin:0 0 16px}
.muted{color:color-mix(in srgb,var(--text) 72%,var(--background))}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=password]{width:100%;font:inherit;padding:12px 14px;border-radius:12px;border:1px solid color-mix(in srgb,var(--text) 25%,var(--background));background:#fff;color:#1c1917}
input[type=password]:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:#b42318;font-size:.9rem;margin:6px 0 0}
button,.button{display:inline-block;margin-top:24px;width:100%;text-align:center;font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:999px;background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
nav{margin-top:24px;font-size:.9rem;display:flex;gap:12px;flex-wrap:wrap;justify-content:center}
a{color:var(--accent);text-underline-offset:.2em}
a[aria-current]{font-weight:650;color:var(--text);text-decoration:none}`;
}

function fieldErrors(id: string, messages: string[] | undefined): string {
  if (!messages?.length) return '';
  return messages.map((message) => `<p class="error" id="${id}-error">${e(message)}</p>`).join('');
}

/** Renders the page; the CSP allows exactly its one style block and a form posting back to this server. */
export function renderResetPasswordPage(input: ResetPageInput): RenderedPage {
  const t = pageTexts(input.lang);
  const css = styles(themeVars({ primary: input.brand.primary ?? '', background: input.brand.background ?? '' }));
  const view = input.view;
  let body: string;
  let languages = '';
  if (view.kind === 'form') {
    const pwErr = view.errors?.password;
    const cfErr = view.errors?.password_confirmation;
    body = `<h1>${e(t('resetPassword.title'))}</h1>
<p class="muted">${e(t('resetPassword.intro'))}</p>
<form method="post" action="/auth/reset_password">
<input type="hidden" name="token" value="${e(view.token)}">
<input type="hidden" name="lang" value="${input.lang}">
<label for="password">${e(t('resetPassword.password'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="256"${pwErr ? ' aria-invalid="true" aria-describedby="password-error"' : ''}>
${fieldErrors('password', pwErr)}
<label for="password_confirmation">${e(t('resetPassword.confirm'))}</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required minlength="8" maxlength="256"${cfErr ? ' aria-invalid="true" aria-describedby="password_confirmation-error"' : ''}>
${fieldErrors('password_confirmation', cfErr)}
<button type="submit">${e(t('resetPassword.submit'))}</button>
</form>`;
    languages = `<nav aria-label="${e(t('resetPassword.language'))}">${LANGS.map((lang) =>
      lang === input.lang
        ? `<a aria-current="true" lang="${lang}" href="?token=${encodeURIComponent(view.token)}&amp;lang=${lang}">${pageTexts(lang)('languageName')}</a>`
        : `<a lang="${lang}" href="?token=${encodeURIComponent(view.token)}&amp;lang=${lang}">${pageTexts(lang)('languageName')}</a>`,
    ).join('')}</nav>`;
  } else {
    body = `<h1>${e(t('resetPassword.invalidTitle'))}</h1>
<p class="muted">${e(t('resetPassword.invalidText'))}</p>
<a class="button" href="${e(view.forgotUrl)}">${e(t('resetPassword.invalidLink'))}</a>`;
  }
  const html = `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${e(view.kind === 'form' ? t('resetPassword.title') : t('resetPassword.invalidTitle'))} – ${e(input.brand.name)}</title>
<style>${css}</style>
</head>
<body>
<main>
<p class="brand">${e(input.brand.name)}</p>
<div class="card">
${body}
</div>
${languages}
</main>
</body>
</html>
`;
  const styleHash = createHash('sha256').update(css).digest('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self' data:",
    `form-action 'self' ${input.formOrigins.join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
