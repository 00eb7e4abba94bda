/** Build-time variables Vite inlines into the site's browser code (absent when Node runs the same files). */
interface ImportMetaEnv {
  readonly PUBLIC_API_URL?: string;
  readonly PUBLIC_POSTHOG_KEY?: string;
  readonly PUBLIC_POSTHOG_HOST?: string;
  readonly PUBLIC_OAUTH_CLIENT_ID?: string;
  readonly PUBLIC_OAUTH_CLIENT_SECRET?: string;
  readonly PUBLIC_LOGIN_HOST?: string;
  readonly PUBLIC_COUNTRY_LOOKUP_URL?: string;
  readonly PUBLIC_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Stylesheets imported for their side effect by islands (Vite bundles them). */
declare module '*.css' {}
