import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bookings } from '../../src/server/db/schema.ts';
const db = drizzle.mock ? drizzle.mock() : (drizzle as any)({ connection: undefined });
const build = () => db.select().from(bookings).where(and(eq(bookings.token, 'abc'), eq(bookings.merchantId, '00000000-0000-0000-0000-000000000000'))).for('update').toSQL();
const upd = () => db.update(bookings).set({ status: 20, holdsTable: true, updatedAt: new Date() }).where(eq(bookings.id, '00000000-0000-0000-0000-000000000000')).returning().toSQL();
for (const [name, f] of [['select', build], ['update', upd]] as const) {
  for (let i = 0; i < 2000; i++) f();
  const t = performance.now(); for (let i = 0; i < 20000; i++) f(); console.log(name, ((performance.now() - t) / 20000 * 1000).toFixed(1), 'us');
}
const plain = () => db.select().from(bookings).where(eq(bookings.token, 'abc')).toSQL();
const narrow = () => db.select({ id: bookings.id }).from(bookings).where(eq(bookings.token, 'abc')).toSQL();
for (const [name, f] of [['plain', plain], ['narrow', narrow]] as const) {
  for (let i = 0; i < 2000; i++) f();
  const t = performance.now(); for (let i = 0; i < 20000; i++) f(); console.log(name, ((performance.now() - t) / 20000 * 1000).toFixed(1), 'us');
}
