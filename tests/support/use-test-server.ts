/** The one server fixture of the API-level test files: started before the file's tests, closed after them. */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/**
 * Registers beforeAll/afterAll hooks that start a test server (on PGlite, or on a fresh PostgreSQL database when
 * DATABASE_URL is set) and close it; returns a stand-in that reads through to the running server, so a file
 * declares `const t = useTestServer(options)` at its top and uses `t` in its hooks and tests. Options given as a
 * function are read when the server starts (for what another beforeAll prepares first, e.g. a fake provider).
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  let server: TestServer | undefined;
  const current = (): TestServer => {
    if (!server) throw new Error('the test server has not started (use it inside a hook or a test)');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get server() {
      return current().server;
    },
    get database() {
      return current().database;
    },
    get realtime() {
      return current().realtime;
    },
    get clock() {
      return current().clock;
    },
    get mediaDir() {
      return current().mediaDir;
    },
    get url() {
      return current().url;
    },
    get publicUrl() {
      return current().publicUrl;
    },
    post: (target, body, opts) => current().post(target, body, opts),
    put: (target, body, opts) => current().put(target, body, opts),
    get: (target, opts) => current().get(target, opts),
    signIn: (details) => current().signIn(details),
    importMerchant: (definition) => current().importMerchant(definition),
    close: () => current().close(),
  };
}
