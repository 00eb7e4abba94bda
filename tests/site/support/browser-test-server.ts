/** The real server for a browser-side test file: started once, with the API client pointed at it and fresh storage before each test. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api-client.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { installStorage } from './browser-storage.ts';

/** Registers the hooks; the returned function gives the running server. */
export function useBrowserTestServer(): () => TestServer {
  let server: TestServer | undefined;
  const current = (): TestServer => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    installStorage();
    setApiBaseUrl(current().url);
  });
  return current;
}
