/** A real OpenID Connect provider (oidc-provider) on the loopback interface, standing in for Google. */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/** A person who can sign in at the stand-in, by login name. */
export interface OidcPerson {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** The running provider. */
export interface OidcGoogle {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People by the login typed into the provider's form. */
  people: Map<string, OidcPerson>;
  /** Starts answering, once the relying party's callback URL is known. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

/** Listens on a free port now (so its issuer URL is known) and answers once start() is called. */
export async function listenOidcGoogle(): Promise<OidcGoogle> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'google-test-client';
  const clientSecret = 'google-test-secret-0123456789abcdef';
  const people = new Map<string, OidcPerson>();
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
        cookies: { keys: ['oidc-test-cookie-key'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        async findAccount(_ctx, id) {
          const person = people.get(id);
          if (!person) return undefined;
          return {
            accountId: id,
            async claims() {
              return {
                sub: id,
                email: person.email,
                email_verified: person.emailVerified,
                given_name: person.givenName,
                family_name: person.familyName,
                name: `${person.givenName} ${person.familyName}`,
              };
            },
          };
        },
      });
      server.on('request', provider.callback());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
