/**
 * PGlite's answer to one statement (PostgreSQL's protocol messages, as `execProtocolRawStream` hands them over) read into
 * PGlite's Results by node-postgres's protocol parser (pg-protocol). PGlite's own reader, which its other calls run, copies
 * the bytes of every field before it decodes them and reaches its private fields through WeakMaps: about a tenth of the
 * server's CPU on PGlite under bookings (bench/results/write-path-issue-ab.md, session 24). The Results are those of
 * PGlite's `parseResults` for one statement: the same rows (parsed by the client's parsers), fields, command and counts.
 */
import type { Results } from '@electric-sql/pglite';
import type { BackendMessage, CommandCompleteMessage, DatabaseError, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** A client's parsers: a text value of a type to its JavaScript value. */
export type TypeParsers = Record<number, ((value: string, typeId: number) => unknown) | undefined>;

interface ResultField {
  name: string;
  dataTypeID: number;
}

/** A row's text values parsed by type, as an array or as an object keyed by field name. */
function rowOf(values: Array<string | null>, fields: ResultField[], parsers: TypeParsers, asArray: boolean): unknown {
  const parsed = values.map((value, index) => {
    if (value === null) return null;
    const typeId = fields[index]!.dataTypeID;
    const parse = parsers[typeId];
    return parse ? parse(value, typeId) : value;
  });
  if (asArray) return parsed;
  const row: Record<string, unknown> = {};
  fields.forEach((field, index) => (row[field.name] = parsed[index]));
  return row;
}

// The commands whose tag's count is of rows changed (PGlite's affectedRows).
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The counts a command tag carries ("SELECT 2", "UPDATE 3", "INSERT 0 5"; "CREATE TABLE" carries none). */
function completion(tag: string): { command: string; affectedRows: number; rowCount?: number } {
  const parts = tag.split(' ');
  const command = parts[0]!;
  const rowCount = Number.parseInt(parts.at(-1)!, 10);
  return { command, affectedRows: CHANGING.has(command) ? rowCount : 0, ...(Number.isNaN(rowCount) ? {} : { rowCount }) };
}

/** The result of the one statement `answer` (its chunks, in order) holds; throws PostgreSQL's error when it answered one. */
export function readResults<T>(answer: Uint8Array[], parsers: TypeParsers, rowMode: 'array' | 'object' | undefined): Results<T> {
  let fields: ResultField[] = [];
  const rows: unknown[] = [];
  let result: Results<T> | undefined;
  let error: DatabaseError | undefined;
  const parser = new Parser();
  const read = (message: BackendMessage) => {
    // As PGlite: nothing after an error counts.
    if (error) return;
    switch (message.name) {
      case 'rowDescription':
        fields = (message as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
        break;
      case 'dataRow':
        rows.push(rowOf((message as DataRowMessage).fields, fields, parsers, rowMode === 'array'));
        break;
      case 'commandComplete':
        result ??= { rows: rows as T[], fields, ...completion((message as CommandCompleteMessage).text) };
        break;
      case 'error':
        error = message as DatabaseError;
        break;
    }
  };
  // A message cut between two chunks is kept by the parser until the rest comes.
  for (const chunk of answer) parser.parse(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), read);
  if (error) throw error;
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}
