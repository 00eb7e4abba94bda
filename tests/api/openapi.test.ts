import { describe, expect, test } from 'vitest';
import { registeredRoutes } from '../support/api-calls.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });

/** `GET /api/pro/:slug/bookings` as OpenAPI writes it: method and `/api/pro/{slug}/bookings`. */
const openApiOf = (route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return { method: method.toLowerCase(), path: url.replace(/:([A-Za-z_]+)/g, '{$1}') };
};

describe('the OpenAPI document at /api/openapi.json (rendered at /api/docs)', () => {
  test('covers every staff call, under the staff tag, each with a summary', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    const staffRoutes = registeredRoutes(t.server.app).filter((route) => route.split(' ')[1]!.startsWith('/api/pro/'));
    expect(staffRoutes.length).toBeGreaterThanOrEqual(20);
    for (const route of staffRoutes) {
      const { method, path } = openApiOf(route);
      const operation = document.paths[path]?.[method];
      expect(operation, route).toBeDefined();
      expect(operation.tags, route).toEqual(['staff']);
      expect(operation.summary, route).toMatch(/\S/);
    }
  });

  test('asks a staff bearer of every staff call but signing in and asking for a reset link', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    expect(document.components.securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const open = ['post /api/pro/auth/login', 'post /api/pro/auth/forgot'];
    for (const route of registeredRoutes(t.server.app).filter((candidate) => candidate.split(' ')[1]!.startsWith('/api/pro/'))) {
      const { method, path } = openApiOf(route);
      if (open.includes(`${method} ${path}`)) continue;
      expect(document.paths[path][method].security, route).toEqual([{ staffToken: [] }]);
    }
  });

  test('describes the closing call\u2019s three kinds and the catch-up\u2019s since', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    const closing = document.paths['/api/pro/{slug}/closings'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(closing)).toMatch(/"day".*"shift".*"range"/s);
    const changes = document.paths['/api/pro/{slug}/bookings/changes'].get.parameters;
    expect(changes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'since', in: 'query', required: true })]));
  });

  test('gives every operation an operationId, tags, security (empty when public), a success schema and, but for the probes, its 4xx', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    const operationIds = new Set<string>();
    let count = 0;
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const name = `${method} ${path}`;
        count += 1;
        expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(operationIds.has(operation.operationId), `${name}: operationId repeated`).toBe(false);
        operationIds.add(operation.operationId);
        expect(operation.tags?.length, name).toBeGreaterThan(0);
        expect(Array.isArray(operation.security), name).toBe(true);
        const statuses = Object.keys(operation.responses ?? {});
        const success = operation.responses['200'] ?? operation.responses['201'];
        expect(success?.content?.['application/json']?.schema, name).toBeDefined();
        if (!path.startsWith('/api/health/'))
          expect(
            statuses.some((status) => /^4\d\d$/.test(status)),
            name,
          ).toBe(true);
      }
    }
    expect(count).toBeGreaterThanOrEqual(55);
  });

  test('documents the diner calls behind the bearer and the two form-encoded calls as forms', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    expect(document.paths['/api/booking/validate'].post.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/booking/booking_slots/get'].post.security).toEqual([]);
    for (const path of ['/oauth/token', '/broadcasting/auth']) {
      expect(Object.keys(document.paths[path].post.requestBody.content), path).toContain('application/x-www-form-urlencoded');
    }
  });
});
