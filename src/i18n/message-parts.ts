/**
 * The catalogue of each language comes in parts (src/i18n/messages/{lang}/{part}.json), so a page's islands
 * download only the messages they show: every island gets `core`, `account`, `tracking`, `staff` (the staff pages, at /pro) and `settings` (the restaurant's settings) load on demand
 * (needMessages), and `static` holds what only the prerendered pages show (t.ts), never sent to the browser.
 * The server's own parts (server-*.json) are not listed here: src/server/i18n/server-texts.ts alone reads them.
 */
export const MESSAGE_PARTS = ['core', 'account', 'tracking', 'staff', 'settings', 'static'] as const;

/** One part of a language's catalogue. */
export type MessagePart = (typeof MESSAGE_PARTS)[number];

/** A part the islands may load. */
export type IslandMessagePart = Exclude<MessagePart, 'static'>;

/** The parts the islands may load. */
export const ISLAND_MESSAGE_PARTS: readonly IslandMessagePart[] = ['core', 'account', 'tracking', 'staff', 'settings'];

/** Whether a value names a part the islands may load. */
export function isIslandMessagePart(value: string): value is IslandMessagePart {
  return (ISLAND_MESSAGE_PARTS as readonly string[]).includes(value);
}
