/**
 * The Worker engine's `util.format` / `console.log` formatting
 * (src/engines/worker/runtime/format.ts), against Node's own `util.format` as
 * the oracle: what a toy server logs must read the same in every engine.
 */
import { format as nodeFormat } from 'node:util';
import { describe, expect, test } from 'vitest';
import { format } from '../../../src/engines/worker/runtime/format.ts';

const cases: Array<[string, unknown[]]> = [
  ['plain strings', ['calendar:', 'ready,', 'MCP 2026-07-28']],
  ['%s %d %i %f', ['%s has %d events (%i whole, %f exact)', 'week', 3, 4.7, 1.5]],
  ['%j JSON', ['sent %j', { jsonrpc: '2.0', id: 1 }]],
  ['%% and a missing argument', ['100%% of %s and %s', 'one']],
  ['extra arguments are appended', ['a', 1, true, null, undefined]],
  ['a flat object', [{ id: 1, method: 'tools/list', ok: true }]],
  ['an array', [[1, 'two', { three: 3 }]]],
  ['a nested object', [{ a: { b: { c: {} } } }]],
  ['past the depth', [{ a: { b: { c: { d: 1 }, e: [1], f: [] } } }]],
  ['numbers', [0, -0, 1.5, NaN, Infinity]],
  ['a string after an object is unquoted', [{ x: 1 }, 'tail']],
  ['keys that need quotes', [{ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }]],
  ['empty containers', [{}, []]],
];

describe('format() reads like Node', () => {
  test.for(cases)('%s', ([, args]) => {
    expect(format(...args)).toBe(nodeFormat(...(args as [unknown, ...unknown[]])));
  });

  test('no arguments: the empty string', () => {
    expect(format()).toBe('');
  });
});
