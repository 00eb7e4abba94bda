/**
 * Social sign-in with openid-client: Google through OpenID Connect discovery, Facebook through its OAuth 2.0
 * endpoints. Authorisation code flow with PKCE and state (and a nonce for OIDC); the user is found or created
 * by verified email, then bound to the browser's userToken for authCheck.
 */
import * as oidc from 'openid-client';
import type { Database } from '../db/database.ts';
import { saveSocialLoginState, takeSocialLoginState } from '../db/sign-in-store.ts';
import { findAccountByEmail, findUserByIdentity, insertUser, linkIdentity, type UserRow } from '../db/user-store.ts';
import { normalEmail } from './email-address.ts';
import { bindUserToken, USER_TOKEN_PATTERN } from './login-handoff.ts';
import { sameSiteUrl } from './return-url.ts';
import { hashToken, randomToken } from './tokens.ts';

/** The providers a diner can sign in with. */
export type SocialProvider = 'google' | 'facebook';

/** Google (or any OpenID Connect provider found by discovery from its issuer). */
export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Facebook (or any OAuth 2.0 provider with these three endpoints). */
export interface FacebookSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Returns id, email, first_name, last_name for the access token. */
  userinfoUrl: string;
}

/** Which providers are set up; apple is only reported to the browser. */
export interface SocialSettings {
  google?: GoogleSettings;
  facebook?: FacebookSettings;
  apple?: boolean;
}

/** What the social login needs. */
export interface SocialLoginDeps {
  db: Database;
  now: () => Date;
  settings: SocialSettings;
  /** This server's public address: the callbacks are `${publicUrl}/login/{provider}/callback`. */
  publicUrl: string;
  /** Origins a browser may be sent back to; the first is the site's, paths are taken on it. */
  origins: readonly string[];
}

/** Why a sign-in did not finish. */
export type SocialFailure = 'access_denied' | 'invalid_request' | 'invalid_state' | 'email_required' | 'provider_error';

/** How a callback ended: where to send the browser, and whether the user is bound. */
export type SocialOutcome = { ok: true; redirect: string; userId: string } | { ok: false; redirect?: string; error: SocialFailure; cause?: unknown };

/** How long the provider's page may take before the sign-in is abandoned. */
export const STATE_TTL_SECONDS = 600;

const SCOPES: Record<SocialProvider, string> = { google: 'openid email profile', facebook: 'email public_profile' };

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
};

/** A profile as the provider told it. */
interface Profile {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Creates the social login flows. */
export function createSocialLogin(deps: SocialLoginDeps) {
  const { db, settings } = deps;
  const configs = new Map<SocialProvider, Promise<oidc.Configuration>>();

  function enabled(provider: string): provider is SocialProvider {
    return (provider === 'google' || provider === 'facebook') && settings[provider] !== undefined;
  }

  /** The login_methods answer. */
  function methods(): { facebook: boolean; google: boolean; apple: boolean } {
    return { facebook: !!settings.facebook, google: !!settings.google, apple: settings.apple === true };
  }

  async function buildConfig(provider: SocialProvider): Promise<oidc.Configuration> {
    if (provider === 'google') {
      const google = settings.google!;
      // Plain HTTP only towards a provider on this machine (the test stand-ins).
      const execute = isLoopback(google.issuer) ? [oidc.allowInsecureRequests] : [];
      return oidc.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, { execute, timeout: 10 });
    }
    const facebook = settings.facebook!;
    const config = new oidc.Configuration(
      {
        issuer: new URL(facebook.authorizationUrl).origin,
        authorization_endpoint: facebook.authorizationUrl,
        token_endpoint: facebook.tokenUrl,
      },
      facebook.clientId,
      facebook.clientSecret,
    );
    if (isLoopback(facebook.tokenUrl)) oidc.allowInsecureRequests(config);
    return config;
  }

  function configOf(provider: SocialProvider): Promise<oidc.Configuration> {
    let config = configs.get(provider);
    if (!config) {
      config = buildConfig(provider);
      // A failed discovery is tried again on the next sign-in rather than remembered.
      config.catch(() => configs.delete(provider));
      configs.set(provider, config);
    }
    return config;
  }

  const callbackUrl = (provider: SocialProvider) => `${deps.publicUrl}/login/${provider}/callback`;

  /**
   * Starts a sign-in: remembers state, PKCE verifier, nonce, redirect and userToken, and returns the
   * provider's authorisation URL and the state (the route binds it to the browser with a cookie).
   */
  async function start(
    provider: SocialProvider,
    query: { redirect?: unknown; userToken?: unknown },
  ): Promise<{ ok: true; url: string; state: string } | { ok: false; error: 'invalid_request' }> {
    const redirect = sameSiteUrl(query.redirect, deps.origins);
    const userToken = typeof query.userToken === 'string' && USER_TOKEN_PATTERN.test(query.userToken) ? query.userToken : undefined;
    if (!redirect || !userToken) return { ok: false, error: 'invalid_request' };
    const config = await configOf(provider);
    const now = deps.now();
    const state = randomToken();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = provider === 'google' ? randomToken() : '';
    await saveSocialLoginState(
      db,
      {
        stateHash: hashToken(state),
        provider,
        codeVerifier,
        nonce,
        redirectUrl: redirect,
        userTokenHash: hashToken(userToken),
        expiresAt: new Date(now.getTime() + STATE_TTL_SECONDS * 1000),
      },
      now,
    );
    const parameters: Record<string, string> = {
      redirect_uri: callbackUrl(provider),
      scope: SCOPES[provider],
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (nonce) parameters.nonce = nonce;
    return { ok: true, url: oidc.buildAuthorizationUrl(config, parameters).href, state };
  }

  async function profileOf(
    provider: SocialProvider,
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<Profile> {
    if (provider === 'google') {
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let info: Record<string, unknown> = { ...claims };
      if (!claims.email) info = { ...info, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        subject: claims.sub,
        email: str(info.email) || undefined,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstname: str(info.given_name),
        lastname: str(info.family_name),
      };
    }
    const response = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(settings.facebook!.userinfoUrl), 'GET');
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const me = (await response.json()) as Record<string, unknown>;
    const subject = str(me.id) || (typeof me.id === 'number' ? String(me.id) : '');
    if (!subject) throw new Error('userinfo without id');
    // Facebook hands out only confirmed addresses.
    return { subject, email: str(me.email) || undefined, emailVerified: true, firstname: str(me.first_name), lastname: str(me.last_name) };
  }

  async function userFor(provider: SocialProvider, profile: Profile): Promise<UserRow | undefined> {
    const known = await findUserByIdentity(db, provider, profile.subject);
    if (known) return known;
    const email = profile.email && profile.emailVerified ? normalEmail(profile.email) : undefined;
    if (!email) return undefined;
    let user = await findAccountByEmail(db, email);
    if (!user) {
      const now = deps.now();
      user =
        (await insertUser(db, {
          firstname: profile.firstname.slice(0, 100),
          lastname: profile.lastname.slice(0, 100),
          email,
          onboarding: true,
          createdAt: now,
          updatedAt: now,
        })) ?? (await findAccountByEmail(db, email));
    }
    if (user) await linkIdentity(db, { userId: user.id, provider, subject: profile.subject, email });
    return user;
  }

  /** Finishes a sign-in at the callback: checks state (and the browser's cookie), swaps the code, binds the user. */
  async function finish(provider: SocialProvider, query: URLSearchParams, cookieState: string | undefined): Promise<SocialOutcome> {
    const state = query.get('state') ?? '';
    const now = deps.now();
    const pending = state ? await takeSocialLoginState(db, hashToken(state)) : undefined;
    if (!pending || pending.provider !== provider || pending.expiresAt < now || cookieState !== state) {
      return { ok: false, redirect: pending?.redirectUrl, error: 'invalid_state' };
    }
    const redirect = pending.redirectUrl;
    if (query.get('error')) return { ok: false, redirect, error: query.get('error') === 'access_denied' ? 'access_denied' : 'provider_error' };
    try {
      const config = await configOf(provider);
      const current = new URL(callbackUrl(provider));
      current.search = query.toString();
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        ...(pending.nonce ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
      });
      const user = await userFor(provider, await profileOf(provider, config, tokens));
      if (!user) return { ok: false, redirect, error: 'email_required' };
      await bindUserToken(db, pending.userTokenHash, user.id, deps.now());
      return { ok: true, redirect, userId: user.id };
    } catch (cause) {
      return { ok: false, redirect, error: 'provider_error', cause };
    }
  }

  return { enabled, methods, start, finish };
}

/** The social login flows. */
export type SocialLogin = ReturnType<typeof createSocialLogin>;
