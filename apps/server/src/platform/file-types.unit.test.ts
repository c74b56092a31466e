import { describe, expect, it } from 'vitest';
import { MODULE_FORMATS, VIDEO_FORMATS } from '@spotzcity/shared/training';
import { FILE_TYPES } from './file-types.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('FILE_TYPES', () => {
  it('knows the content of every extension an upload accepts', () => {
    for (const format of [...VIDEO_FORMATS, ...MODULE_FORMATS]) {
      for (const ext of format.extensions) expect(FILE_TYPES[ext], ext).toBeDefined();
    }
  });

  it.each([
    ['mp4', bytes(0, 0, 0, 0x20, 'ftypmp42', 0, 0, 0, 0)],
    ['mov', bytes(0, 0, 0, 8, 'wide', 0, 0, 0, 0)],
    ['avi', bytes('RIFF', 1, 2, 3, 4, 'AVI LIST')],
    ['mpeg', bytes(0, 0, 1, 0xb3, 0x14, 0)],
    ['dv', bytes(0x1f, 0x07, 0x00, 0xbf)],
    ['m3u8', bytes(0xef, 0xbb, 0xbf, '#EXTM3U\n')],
    ['webm', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 'webm')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['pptx', bytes('PK', 3, 4, 20, 0)],
    ['rtf', bytes('{\\rtf1\\ansi')],
    ['csv', bytes('a,b\r\n1,2\r\n')],
    ['txt', bytes('Caf', 0xe9, ' au lait\tok\n')],
  ])('recognises %s', (ext, head) => {
    expect(FILE_TYPES[ext]?.matches(head)).toBe(true);
  });

  it.each([
    ['mp4', bytes('RIFF', 1, 2, 3, 4, 'AVI ')],
    ['webm', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 'matroska')],
    ['pdf', bytes('PDF-1.7')],
    ['txt', bytes('PK', 3, 4, 'x')],
    ['csv', bytes('a,b', 0, 0, 'c')],
    ['jpg', bytes(0x89, 'PNG')],
    ['m3u', bytes('intro.mp4\n')],
  ])('refuses other content named .%s', (ext, head) => {
    expect(FILE_TYPES[ext]?.matches(head)).toBe(false);
  });
});
