/**
 * The floor's part of a merchant definition (shared/contract/README.md): tables with their online flag, priority and
 * place on the plan, a zone's combinations of tables, and the turn time by party size; each fault named by its path.
 */
import { z } from 'zod';
import {
  DEFAULT_TABLE_PRIORITY,
  LIST_MAX,
  NAME_MAX,
  PLAN_PERCENT_BOUNDS,
  SETTING_BOUNDS,
  TABLE_PRIORITY_BOUNDS,
  TABLE_SEATS_BOUNDS,
  TABLE_SHAPES,
} from '../../shared/definition-bounds.ts';
import { duplicateIndexes, intIn, requiredText } from './definition-fields.ts';

const percent = z
  .number('a number from 0 to 100')
  .min(PLAN_PERCENT_BOUNDS[0], `at least ${PLAN_PERCENT_BOUNDS[0]}`)
  .max(PLAN_PERCENT_BOUNDS[1], `at most ${PLAN_PERCENT_BOUNDS[1]}`);

/** A table of a zone: seats, whether diners may be given it online, its priority, its place on the plan. */
export const tableSchema = z
  .strictObject({
    name: requiredText(NAME_MAX.table),
    minSeats: intIn(TABLE_SEATS_BOUNDS[0], TABLE_SEATS_BOUNDS[1]),
    maxSeats: intIn(TABLE_SEATS_BOUNDS[0], TABLE_SEATS_BOUNDS[1]),
    online: z.boolean().default(true),
    priority: intIn(TABLE_PRIORITY_BOUNDS[0], TABLE_PRIORITY_BOUNDS[1]).default(DEFAULT_TABLE_PRIORITY),
    plan: z.strictObject({ x: percent, y: percent, shape: z.enum(TABLE_SHAPES, `one of ${TABLE_SHAPES.join(', ')}`) }).optional(),
  })
  .superRefine((table, ctx) => {
    if (table.minSeats > table.maxSeats) {
      ctx.addIssue({ code: 'custom', path: ['minSeats'], message: 'must not exceed maxSeats' });
    }
  });

/** Tables of the zone joined for one party, by name, and the party sizes they seat together. */
export const combinationSchema = z.strictObject({
  tables: z.array(requiredText(NAME_MAX.table)).min(2, 'at least 2 tables').max(LIST_MAX.combinedTables, `at most ${LIST_MAX.combinedTables} tables`),
  minSeats: intIn(TABLE_SEATS_BOUNDS[0], TABLE_SEATS_BOUNDS[1]),
  maxSeats: intIn(TABLE_SEATS_BOUNDS[0], TABLE_SEATS_BOUNDS[1]),
});

/** A zone's list of combinations. */
export const combinationsSchema = z.array(combinationSchema).max(LIST_MAX.combinations, `at most ${LIST_MAX.combinations} combinations`).default([]);

/** Issues of a zone's combinations against its tables, each with its path inside the zone. */
export function combinationIssues(
  tables: ReadonlyArray<{ name: string; maxSeats: number }>,
  combinations: ReadonlyArray<z.infer<typeof combinationSchema>>,
): Array<{ path: Array<string | number>; message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  const seatsByName = new Map(tables.map((table) => [table.name, table.maxSeats]));
  const sets: string[] = [];
  combinations.forEach((combination, at) => {
    const path = (...rest: Array<string | number>) => ['combinations', at, ...rest];
    combination.tables.forEach((name, index) => {
      if (!seatsByName.has(name)) issues.push({ path: path('tables', index), message: 'not a table of this zone' });
    });
    for (const index of duplicateIndexes(combination.tables)) {
      issues.push({ path: path('tables', index), message: 'each table may appear only once in a combination' });
    }
    if (combination.minSeats > combination.maxSeats) issues.push({ path: path('minSeats'), message: 'must not exceed maxSeats' });
    // Its seats are checked against its tables only once they are at least two distinct tables of the zone.
    const known = [...new Set(combination.tables)].filter((name) => seatsByName.has(name));
    const seats = known.reduce((sum, name) => sum + seatsByName.get(name)!, 0);
    if (known.length >= 2 && known.length === combination.tables.length && combination.maxSeats > seats) {
      issues.push({ path: path('maxSeats'), message: `at most ${seats}, the seats of its tables together` });
    }
    sets.push([...new Set(combination.tables)].sort().join('\u0000'));
  });
  for (const index of duplicateIndexes(sets)) {
    issues.push({ path: ['combinations', index, 'tables'], message: 'the same tables are already combined' });
  }
  return issues;
}

/** settings.durationByPartySize: ascending party sizes, each with the minutes its table(s) are held. */
export const durationByPartySizeSchema = z
  .array(
    z.strictObject({
      upTo: intIn(TABLE_SEATS_BOUNDS[0], TABLE_SEATS_BOUNDS[1]),
      minutes: intIn(SETTING_BOUNDS.bookingDurationMinutes[0], SETTING_BOUNDS.bookingDurationMinutes[1]),
    }),
  )
  .max(LIST_MAX.durationSteps, `at most ${LIST_MAX.durationSteps} steps`)
  .superRefine((steps, ctx) => {
    for (let i = 1; i < steps.length; i++) {
      if (steps[i]!.upTo <= steps[i - 1]!.upTo) {
        ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'must be greater than the previous step\u2019s upTo' });
      }
    }
  });
