/** Training rules: categories, video links, accepted formats and how links are embedded. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptList,
  deleteRequestSchema,
  extensionOf,
  formatOfFile,
  linkDisplayName,
  listRequestSchema,
  uploadFieldsSchema,
  videoEmbed,
  videoUrlSchema,
} from './training.ts';
import { toFieldErrors } from './validation.ts';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

describe('category', () => {
  it.each(['', '   ', undefined])('is required (%j)', (category) => {
    expect(errorsOf(uploadFieldsSchema, { category })).toEqual([
      { field: 'category', message: 'Required' },
    ]);
  });

  it('is at most 50 characters', () => {
    expect(errorsOf(uploadFieldsSchema, { category: 'x'.repeat(51) })).toEqual([
      { field: 'category', message: 'Must be 50 characters or less' },
    ]);
    expect(errorsOf(uploadFieldsSchema, { category: 'x'.repeat(50) })).toEqual([]);
  });

  it('trims and collapses inner white space', () => {
    expect(uploadFieldsSchema.parse({ category: '  Supplier   onboarding ' }).category).toBe(
      'Supplier onboarding',
    );
  });
});

describe('video link', () => {
  it.each([
    'https://www.youtube.com/watch?v=abcdefghijk',
    'http://intranet.example.com/videos/intro.mp4',
  ])('accepts %s', (url) => {
    expect(errorsOf(videoUrlSchema, { category: 'Intro', url })).toEqual([]);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/a.mp4', 'not a link', 'file:///etc/passwd'])(
    'refuses %s',
    (url) => {
      expect(errorsOf(videoUrlSchema, { category: 'Intro', url })).toEqual([
        { field: 'url', message: 'Enter a valid link starting with http:// or https://' },
      ]);
    },
  );

  it('refuses links that carry credentials', () => {
    expect(
      errorsOf(videoUrlSchema, { category: 'Intro', url: 'https://u:p@example.com/a.mp4' }),
    ).toEqual([{ field: 'url', message: 'Links with a user name or password are not accepted.' }]);
  });

  it('requires both fields', () => {
    expect(errorsOf(videoUrlSchema, {})).toEqual([
      { field: 'category', message: 'Required' },
      { field: 'url', message: 'Required' },
    ]);
  });
});

describe('videoEmbed', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ?t=90',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://vimeo.com/76979871/0a1b2c3d4e',
      'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e',
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://player.vimeo.com/video/76979871?h=abc123',
      'https://player.vimeo.com/video/76979871?h=abc123',
    ],
  ])('embeds %s as %s', (link, url) => {
    expect(videoEmbed(link)?.url).toBe(url);
  });

  it.each([
    'https://example.com/intro.mp4',
    'https://www.youtube.com/watch?v=short',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/about',
  ])('plays %s directly', (link) => {
    expect(videoEmbed(link)).toBeNull();
  });

  it('names links by their site or file', () => {
    expect(linkDisplayName('https://youtu.be/dQw4w9WgXcQ')).toBe('YouTube video');
    expect(linkDisplayName('https://vimeo.com/76979871')).toBe('Vimeo video');
    expect(linkDisplayName('https://cdn.example.com/media/Supplier%20Day.mp4')).toBe(
      'Supplier Day.mp4',
    );
    expect(linkDisplayName('https://cdn.example.com/')).toBe('cdn.example.com');
  });
});

describe('formats', () => {
  it('lists the spec video formats and WebM in the accept list', () => {
    const accept = acceptList('video').split(',');
    for (const ext of ['.mp4', '.avi', '.dv', '.m3u', '.m4v', '.mov', '.mpeg', '.mpg', '.webm']) {
      expect(accept).toContain(ext);
    }
    expect(accept).not.toContain('.pdf');
  });

  it('lists documents, images, text and csv for modules', () => {
    const accept = acceptList('module').split(',');
    for (const ext of ['.pdf', '.pptx', '.ppt', '.docx', '.xlsx', '.csv', '.txt', '.png']) {
      expect(accept).toContain(ext);
    }
    expect(accept).not.toContain('.mp4');
    expect(accept).not.toContain('.svg');
  });

  it('finds the format of a file name, case-insensitively', () => {
    expect(extensionOf('Intro.MOV')).toBe('mov');
    expect(extensionOf('.hidden')).toBe('');
    expect(formatOfFile('video', 'Intro.MOV')?.label).toBe('QuickTime');
    expect(formatOfFile('module', 'Intro.MOV')).toBeUndefined();
    expect(formatOfFile('module', 'plan.xlsx')?.label).toBe('Excel');
  });
});

describe('list and delete bodies', () => {
  it('takes an optional type of video or module', () => {
    expect(errorsOf(listRequestSchema, {})).toEqual([]);
    expect(errorsOf(listRequestSchema, { type: 'video' })).toEqual([]);
    expect(errorsOf(listRequestSchema, { type: 'audio' })).toEqual([
      { field: 'type', message: 'type must be video or module' },
    ]);
  });

  it('needs an id and a type to delete', () => {
    expect(errorsOf(deleteRequestSchema, { id: 3, type: 'module' })).toEqual([]);
    expect(errorsOf(deleteRequestSchema, {})).toEqual([
      { field: 'id', message: 'Required' },
      { field: 'type', message: 'type must be video or module' },
    ]);
  });
});
