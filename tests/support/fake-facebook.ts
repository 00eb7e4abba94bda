/**
 * A small OAuth 2.0 authorisation server on the loopback interface, standing in for Facebook: its dialog,
 * token and /me endpoints, with PKCE (S256) checked and codes good once. The edge of the world in tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The Facebook user the stand-in considers signed in. */
export interface FacebookPerson {
  id: string;
  email?: string;
  first_name: string;
  last_name: string;
}

/** The running stand-in. */
export interface FakeFacebook {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who is signed in at "Facebook"; undefined makes the dialog answer access_denied. */
  person: FacebookPerson | undefined;
  /** Token requests received, for assertions. */
  tokenRequests: URLSearchParams[];
  /** Starts answering, once the relying party's callback URL is known. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

/** Listens on a free port now and answers once start() is called. */
export async function listenFakeFacebook(): Promise<FakeFacebook> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const codes = new Map<string, { challenge: string; redirectUri: string; person: FacebookPerson }>();
  const tokens = new Map<string, FacebookPerson>();
  const fb: FakeFacebook = {
    authorizationUrl: `${base}/v19.0/dialog/oauth`,
    tokenUrl: `${base}/v19.0/oauth/access_token`,
    userinfoUrl: `${base}/me?fields=id,email,first_name,last_name`,
    clientId: 'facebook-test-app',
    clientSecret: 'facebook-test-secret-abcdef0123456789',
    person: undefined,
    tokenRequests: [],
    start(registeredRedirect) {
      server.on('request', (request, response) => void handle(request, response));
      async function handle(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
        const url = new URL(request.url ?? '/', base);
        if (request.method === 'GET' && url.pathname === '/v19.0/dialog/oauth') {
          const q = url.searchParams;
          if (q.get('client_id') !== fb.clientId || q.get('redirect_uri') !== registeredRedirect)
            return json(response, 400, { error: 'bad client or redirect_uri' });
          if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('state')) {
            return json(response, 400, { error: 'code flow with PKCE S256 and state expected' });
          }
          const back = new URL(registeredRedirect);
          back.searchParams.set('state', q.get('state')!);
          if (!fb.person) {
            back.searchParams.set('error', 'access_denied');
          } else {
            const code = randomBytes(16).toString('hex');
            codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: registeredRedirect, person: fb.person });
            back.searchParams.set('code', code);
          }
          response.writeHead(302, { location: back.href });
          return response.end();
        }
        if (request.method === 'POST' && url.pathname === '/v19.0/oauth/access_token') {
          const form = new URLSearchParams(await readBody(request));
          fb.tokenRequests.push(form);
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          if (form.get('client_id') !== fb.clientId || form.get('client_secret') !== fb.clientSecret) return json(response, 401, { error: 'invalid_client' });
          if (!grant || grant.redirectUri !== form.get('redirect_uri')) return json(response, 400, { error: 'invalid_grant' });
          const challenge = createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url');
          if (challenge !== grant.challenge) return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          const accessToken = randomBytes(24).toString('hex');
          tokens.set(accessToken, grant.person);
          return json(response, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5_183_944 });
        }
        if (request.method === 'GET' && url.pathname === '/me') {
          const person = tokens.get((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
          if (!person) return json(response, 401, { error: { message: 'Invalid OAuth access token.' } });
          return json(response, 200, person);
        }
        return json(response, 404, { error: 'not found' });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fb;
}
