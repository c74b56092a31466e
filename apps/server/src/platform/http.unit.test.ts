import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './http.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, whichever they are', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say "[[[[" \\', b: '[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",[[1]]]`, 2)).toBe(true);
  });

  it('stops at the first level too deep, and leaves text that is not JSON to the parser', () => {
    expect(nestsDeeperThan(`${'['.repeat(17)}"unterminated`, 16)).toBe(true);
    expect(nestsDeeperThan('{"a":"unterminated [[[[', 1)).toBe(false);
    expect(nestsDeeperThan('', 1)).toBe(false);
  });
});
