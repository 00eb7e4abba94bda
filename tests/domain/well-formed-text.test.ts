import { describe, expect, test } from 'vitest';
import { DomainError } from '../../src/server/domain/errors.ts';
import { parseMerchantDefinition } from '../../src/server/domain/merchant-definition.ts';
import { illFormedTextPath } from '../../src/server/domain/well-formed-text.ts';
import { fixtureMerchant } from '../api/api-helpers.ts';

const LONE = '\ud800';

describe('illFormedTextPath finds the first text that is not well-formed Unicode', () => {
  test.each([
    ['a well-formed document', { a: ['b', { c: 'é 🍝' }], d: 1, e: null }, undefined],
    ['a lone high surrogate', { a: ['b', { c: `x${LONE}` }] }, ['a', 1, 'c']],
    ['a lone low surrogate at the root', '\udc00', []],
    ['a key', { a: { [`k${LONE}`]: 1 } }, ['a', `k${LONE}`]],
    ['the first of two, in document order', { a: 'ok', b: LONE, c: [LONE] }, ['b']],
  ])('%s', (_name, value, path) => {
    expect(illFormedTextPath(value)).toEqual(path);
  });

  test('a document nested a hundred thousand levels deep is walked without overflowing the stack', () => {
    let deep: unknown = LONE;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(illFormedTextPath(deep)).toHaveLength(100_000);
  });
});

describe('a merchant definition with a lone surrogate in any field is refused, naming the field', () => {
  const paths: Array<[string, (definition: any) => void]> = [
    ['name', (d) => (d.name = `Chez ${LONE}`)],
    ['address.address', (d) => (d.address.address = `1 rue ${LONE}`)],
    ['address.city', (d) => (d.address.city = LONE)],
    ['zones.0.name', (d) => (d.zones[0].name = `Salle ${LONE}`)],
    ['zones.0.tables.0.name', (d) => (d.zones[0].tables[0].name = LONE)],
    ['timezone', (d) => (d.timezone = LONE)],
  ];
  test.each(paths)('%s', (path, spoil) => {
    const definition = fixtureMerchant('unicode-check');
    spoil(definition);
    let thrown: unknown;
    try {
      parseMerchantDefinition(definition);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).details).toEqual({ issues: [{ path, message: 'not well-formed Unicode (a lone surrogate)' }] });
  });
});
