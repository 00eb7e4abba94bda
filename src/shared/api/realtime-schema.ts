/** The live channel's calls, as zod (the types are in realtime.ts). */
import { z } from 'zod';
import { success } from './common-schema.ts';

/** GET /api/realtime/config: the options for `new Pusher(key, options)` (no wsHost in embedded mode: the site's own host). */
export const realtimeConfigResponseSchema = success({
  key: z.string(),
  cluster: z.string(),
  wsHost: z.string().optional(),
  wsPort: z.number().int().optional(),
  wssPort: z.number().int().optional(),
  forceTLS: z.boolean(),
  enabledTransports: z.array(z.string()),
});

/** POST /broadcasting/auth: Pusher's signature of a private channel subscription. */
export const channelAuthResponseSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
