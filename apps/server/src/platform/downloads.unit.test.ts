import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './downloads.ts';
import { cleanFileName, formatBytes } from './uploads.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=10-19', { start: 10, end: 19 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=95-500', { start: 95, end: 99 }],
    [' Bytes = 1 - 2 ', { start: 1, end: 2 }],
  ])('reads %s', (header, range) => {
    expect(parseRange(header, 100)).toEqual(range);
  });

  it.each([undefined, '', 'items=0-1', 'bytes=0-1,5-6'])(
    'sends the whole file for %j',
    (header) => {
      expect(parseRange(header, 100)).toBeUndefined();
    },
  );

  it.each(['bytes=100-', 'bytes=200-300', 'bytes=5-4', 'bytes=-0', 'bytes=-', 'bytes=x-1'])(
    'answers unsatisfiable for %s',
    (header) => {
      expect(parseRange(header, 100)).toBe('unsatisfiable');
    },
  );
});

describe('contentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(contentDisposition('attachment', 'Plan 2024.pdf')).toBe(
      `attachment; filename="Plan 2024.pdf"; filename*=UTF-8''Plan%202024.pdf`,
    );
  });

  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('inline', 'Überblick "A" (1)*.pdf')).toBe(
      `inline; filename="_berblick _A_ (1)*.pdf"; filename*=UTF-8''%C3%9Cberblick%20%22A%22%20%281%29%2A.pdf`,
    );
  });
});

describe('upload names and sizes', () => {
  it('drops folders and control characters from a file name', () => {
    expect(cleanFileName('C:\\fakepath\\Plan.pdf')).toBe('Plan.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\r\n.txt')).toBe('ab.txt');
    expect(cleanFileName('   ')).toBe('file');
  });

  it('shortens a long name but keeps its extension', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.pptx`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pptx')).toBe(true);
  });

  it('writes limits as people read them', () => {
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(50 * 1024)).toBe('50 KB');
  });
});
