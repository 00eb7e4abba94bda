/** Social sign-in on the login host: GET /login/{facebook,google}?redirect=&userToken= and their callbacks. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccountContext } from './account-context.ts';

const COOKIE = 'couvert_login_state';

/** The value of one cookie of a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Registers the social sign-in routes. */
export async function socialRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const secure = ctx.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  const setStateCookie = (reply: FastifyReply, state: string, maxAge: number) =>
    reply.header('set-cookie', `${COOKIE}=${state}; Path=/login; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`);

  const plain = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>('/login/:provider', { schema: { hide: true } }, async (request, reply) => {
    const { provider } = request.params;
    if (!ctx.social.enabled(provider)) return plain(reply, 404, `Sign-in with ${provider} is not enabled.`);
    let started;
    try {
      started = await ctx.social.start(provider, request.query);
    } catch (error) {
      request.log.error({ err: error }, `${provider} sign-in could not start`);
      return plain(reply, 502, `Sign-in with ${provider} is unavailable right now. Please try again later.`);
    }
    if (!started.ok) return plain(reply, 400, 'redirect must be a page of this site and userToken a random string of 16 to 256 characters.');
    setStateCookie(reply, started.state, 600);
    return reply.header('cache-control', 'no-store').redirect(started.url, 302);
  });

  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    '/login/:provider/callback',
    { schema: { hide: true } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!ctx.social.enabled(provider)) return plain(reply, 404, `Sign-in with ${provider} is not enabled.`);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const outcome = await ctx.social.finish(provider, query, cookieValue(request.headers.cookie, COOKIE));
      setStateCookie(reply, '', 0);
      reply.header('cache-control', 'no-store');
      if (outcome.ok) return reply.redirect(outcome.redirect, 302);
      if (outcome.cause) request.log.warn({ err: outcome.cause }, `${provider} sign-in failed`);
      if (!outcome.redirect) return plain(reply, 400, 'This sign-in link has expired or was already used. Please start again.');
      const back = new URL(outcome.redirect);
      back.searchParams.set('auth_error', outcome.error);
      return reply.redirect(back.href, 302);
    },
  );
}
