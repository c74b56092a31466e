import { describe, expect, it } from 'vitest';
import { SharedStrings } from './shared-strings.ts';
import { ZIP_MESSAGES, ZipProblem } from './zip-guard.ts';

describe('SharedStrings', () => {
  it.each([
    ['Latin-1 text', ['Vendor', '', null, 'Café & Co', 'IL']],
    ['text beyond Latin-1', ['Vendor', 'Zoë 東京', null, '', '😀 emoji']],
  ])('gives back every item of %s, here and in a thread that shares its memory', (_, items) => {
    const table = new SharedStrings();
    for (const text of items) table.add(text);
    table.finish();
    const packed = table.packed();
    expect(packed.text).toBeInstanceOf(SharedArrayBuffer);
    expect(packed.ends.buffer).toBeInstanceOf(SharedArrayBuffer);
    // What a checking thread gets: the same memory, after structured cloning.
    const shared = SharedStrings.from(structuredClone(packed));
    for (const strings of [table, shared]) {
      expect(items.map((_, i) => strings.get(i))).toEqual(items);
      expect(strings.get(items.length)).toBeUndefined();
      expect(strings.get(-1)).toBeUndefined();
    }
  });

  it('gives the right text again, also for indexes that share a slot of its recent texts', () => {
    const table = new SharedStrings();
    for (let i = 0; i < 20_000; i += 1) table.add(i % 3 === 0 ? null : `text ${i}`);
    table.finish();
    for (const round of [1, 2]) {
      for (const i of [5, 5 + 8192, 5, 5 + 2 * 8192, 3, 3 + 8192, 19_999]) {
        expect(table.get(i), `round ${round}, index ${i}`).toBe(i % 3 === 0 ? null : `text ${i}`);
      }
    }
  });

  it('keeps every text when one beyond Latin-1 comes after megabytes of Latin-1', () => {
    const table = new SharedStrings();
    const texts = Array.from({ length: 3000 }, (_, i) => `${i} ${'é'.repeat(1000)}`);
    for (const text of texts) table.add(text);
    table.add('東京');
    table.add('after');
    table.finish();
    expect(table.packed().wide).toBe(true);
    for (const i of [0, 1048, 1049, 2999]) expect(table.get(i)).toBe(texts[i]);
    expect(table.get(3000)).toBe('東京');
    expect(table.get(3001)).toBe('after');
  });

  it('takes memory as it is written, not what its limits would allow', () => {
    const table = new SharedStrings({ maxChars: 2 ** 30, maxStrings: 2 ** 28 });
    for (let i = 0; i < 1000; i += 1) table.add(`vendor ${i}`);
    table.finish();
    expect(table.packed().text.byteLength).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(table.packed().ends.length).toBe(1000);
  });

  it('refuses the item that passes its characters or its number of items, naming the limit', () => {
    const refusal = (add: (table: SharedStrings) => void) => {
      const table = new SharedStrings({ maxChars: 100, maxStrings: 10 });
      try {
        add(table);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const tooLong = refusal((table) => {
      for (let i = 0; i < 5; i += 1) table.add('x'.repeat(20));
      table.add('y');
    });
    expect(tooLong).toBeInstanceOf(ZipProblem);
    expect(tooLong).toMatchObject({
      kind: 'too-large',
      message: ZIP_MESSAGES.sharedTextTooLong(100),
    });
    expect((tooLong as Error).message).toContain('100 characters');
    const tooMany = refusal((table) => {
      for (let i = 0; i < 11; i += 1) table.add(i % 2 ? null : '');
    });
    expect(tooMany).toMatchObject({
      kind: 'too-large',
      message: ZIP_MESSAGES.tooManySharedStrings(10),
    });
    expect(
      refusal((table) => {
        for (let i = 0; i < 5; i += 1) table.add('x'.repeat(20));
        for (let i = 0; i < 5; i += 1) table.add(null);
      }),
    ).toBeUndefined();
  });
});
