/** The real server for a browser-side test file: started once, with the API client pointed at it and fresh storage before each test. */
import { beforeEach } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import type { TestServer, TestServerOptions } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import { installStorage } from './browser-storage.ts';

/** Registers the hooks of useTestServer (listening, for the browser's fetch) and, before each test, fresh storage and the API base URL. */
export function useBrowserTestServer(options: TestServerOptions = {}): TestServer {
  const server = useTestServer({ ...options, listen: true });
  beforeEach(() => {
    installStorage();
    setApiBaseUrl(server.url);
  });
  return server;
}
