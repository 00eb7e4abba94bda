import { beforeAll, describe, expect, test, vi } from 'vitest';
import { availabilityChannelName, UPDATE_AVAILABILITY_EVENT } from '../../src/shared/api/realtime.ts';
import { nextEvent, subscribed } from '../realtime/support.ts';
import { usePusherClients } from '../support/use-pusher-clients.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { expectOk, importStaffedMerchant, type Staffed } from './api-helpers.ts';

const t = useTestServer({ listen: true, demo: false });
const client = usePusherClients(t, 'test-key');
vi.setConfig({ testTimeout: 30_000 });
let a: Staffed;

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  a = await importStaffedMerchant(t, 'availability');
}, 60_000);

describe('the merchant\u2019s public availability channel', () => {
  test('tells any open booking page, signed in or not, of a closing made and removed: the day only, not the staff\u2019s note', async () => {
    const diner = client();
    const channel = availabilityChannelName(a.slug);
    await subscribed(diner, channel);
    const onClose = nextEvent(diner, channel, UPDATE_AVAILABILITY_EVENT, 8000);
    const made = expectOk(
      await t.post(`/api/pro/${a.slug}/closings`, { kind: 'shift', day: '2026-12-02', shift_id: '3-0', note: 'Mariage privé' }, { bearer: a.staff }),
    );
    expect(await onClose).toEqual({ day: '2026-12-02', action: 'created', updatedAt: expect.any(String) });
    const onReopen = nextEvent(diner, channel, UPDATE_AVAILABILITY_EVENT, 8000);
    const removed = await t.server.app.inject({
      method: 'DELETE',
      url: `/api/pro/${a.slug}/closings/${made.body.closing.id}`,
      headers: { authorization: `Bearer ${a.staff}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await onReopen).toMatchObject({ day: '2026-12-02', action: 'deleted' });
  });
});

describe('a definition save on the public availability channel', () => {
  test('a change of hours tells open booking pages to read their times again; a change of the name alone does not', async () => {
    const diner = client();
    const channel = availabilityChannelName(a.slug);
    await subscribed(diner, channel);
    // Imported without roles, the staffed merchant's one member is its owner.
    const owner = a.staff;
    const heard: unknown[] = [];
    diner.channel(channel)!.bind(UPDATE_AVAILABILITY_EVENT, (event: unknown) => heard.push(event));
    const read = async () => expectOk(await t.get(`/api/pro/${a.slug}/definition`, { bearer: owner })).body as { definition: any; revision: number };
    const first = await read();
    expectOk(
      await t.put(`/api/pro/${a.slug}/definition`, { definition: { ...first.definition, name: 'Renamed only' }, revision: first.revision }, { bearer: owner }),
    );
    const second = await read();
    const onHours = nextEvent(diner, channel, UPDATE_AVAILABILITY_EVENT, 8000);
    const shifts = [{ day: 1, slots: [{ start: '18:00', end: '22:00' }] }];
    expectOk(await t.put(`/api/pro/${a.slug}/definition`, { definition: { ...second.definition, shifts }, revision: second.revision }, { bearer: owner }));
    expect(await onHours).toEqual({ day: null, action: 'definition', updatedAt: expect.any(String) });
    // The rename was published before the hours, had it been: the one event heard is the hours'.
    expect(heard).toHaveLength(1);
  });
});
