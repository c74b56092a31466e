/**
 * Training (spec 01 points 2, 3, 5, 7): videos and modules grouped by category, the formats each
 * upload accepts, the video-link rules and how a YouTube or Vimeo link is embedded. Used by the
 * server's routes and by the web's upload dialog and player.
 */
import { z } from 'zod';
import { recordId, requiredText } from './validation.ts';

/**
 * The WHATWG URL parser that browsers and Node both have; declared here because this package is
 * compiled without DOM or Node types.
 */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  username: string;
  password: string;
  searchParams: { get(name: string): string | null };
}
declare const URL: new (input: string) => ParsedUrl;

export const TRAINING_TYPES = ['video', 'module'] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];

export const TRAINING_LIMITS = { categoryMax: 50, urlMax: 2000, fileNameMax: 255 } as const;

export const TRAINING_MESSAGES = {
  added: 'Training record added successfully',
  deleted: 'Training record deleted successfully',
  notFound: 'This training record no longer exists.',
  fileRequired: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
  invalidUrl: 'Enter a valid link starting with http:// or https://',
  urlWithCredentials: 'Links with a user name or password are not accepted.',
  typeMismatch: (type: TrainingType) => `type must be ${type} on this path`,
  invalidType: 'type must be video or module',
  badVideo: 'Videos must be MP4, M4V, QuickTime (MOV), AVI, DV, MPEG, M3U or WebM files.',
  badModule:
    'Modules must be PDF, Word, Excel, PowerPoint, OpenDocument, RTF, text, CSV or image (PNG, JPEG, GIF, WebP) files.',
  contentMismatch: (fileName: string, format: string) =>
    `"${fileName}" is not a valid ${format} file.`,
  interrupted: 'The upload was interrupted. Please try again.',
} as const;

/**
 * What each upload accepts: the extensions (the drop area filters on them) and, per extension,
 * the format name used in messages. The server also checks every file's content by its bytes.
 */
export interface TrainingFormat {
  label: string;
  extensions: readonly string[];
}

export const VIDEO_FORMATS: readonly TrainingFormat[] = [
  { label: 'MP4', extensions: ['mp4'] },
  { label: 'M4V', extensions: ['m4v'] },
  { label: 'QuickTime', extensions: ['mov', 'qt'] },
  { label: 'AVI', extensions: ['avi'] },
  { label: 'DV', extensions: ['dv', 'dif'] },
  { label: 'MPEG', extensions: ['mpeg', 'mpg', 'mpe', 'm1v', 'm2v'] },
  { label: 'M3U playlist', extensions: ['m3u', 'm3u8'] },
  { label: 'WebM', extensions: ['webm'] },
];

export const MODULE_FORMATS: readonly TrainingFormat[] = [
  { label: 'PDF', extensions: ['pdf'] },
  { label: 'Word', extensions: ['doc', 'docx', 'dot', 'dotx'] },
  { label: 'Excel', extensions: ['xls', 'xlsx', 'xlt', 'xltx'] },
  { label: 'PowerPoint', extensions: ['ppt', 'pptx', 'pps', 'ppsx', 'pot', 'potx'] },
  { label: 'OpenDocument', extensions: ['odt', 'ods', 'odp'] },
  { label: 'RTF', extensions: ['rtf'] },
  { label: 'text', extensions: ['txt'] },
  { label: 'CSV', extensions: ['csv'] },
  { label: 'image', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] },
];

export const TRAINING_FORMATS: Record<TrainingType, readonly TrainingFormat[]> = {
  video: VIDEO_FORMATS,
  module: MODULE_FORMATS,
};

/** `.mp4,.m4v,…`: the accept list of a file input or drop area. */
export const acceptList = (type: TrainingType) =>
  TRAINING_FORMATS[type].flatMap((f) => f.extensions.map((e) => `.${e}`)).join(',');

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** The format a file name's extension belongs to, or undefined when the type does not take it. */
export const formatOfFile = (type: TrainingType, fileName: string) => {
  const ext = extensionOf(fileName);
  return TRAINING_FORMATS[type].find((f) => f.extensions.includes(ext));
};

/** Trims and collapses inner white space: "  Supplier   onboarding " → "Supplier onboarding". */
export const normaliseCategory = (value: string) => value.trim().replace(/\s+/g, ' ');

export const categorySchema = requiredText(TRAINING_LIMITS.categoryMax).transform(
  normaliseCategory,
);

/** An http or https link without embedded credentials. */
export const videoLinkSchema = requiredText(TRAINING_LIMITS.urlMax).superRefine((value, ctx) => {
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.invalidUrl });
    return;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.invalidUrl });
  } else if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.urlWithCredentials });
  }
});

/** `POST /api/training/video/url`. */
export const videoUrlSchema = z.object({ category: categorySchema, url: videoLinkSchema });
export type VideoUrlInput = z.infer<typeof videoUrlSchema>;

/** The text fields of a multipart upload (`POST /api/training/video` and `/module`). */
export const uploadFieldsSchema = z.object({ category: categorySchema });

const trainingType = z.enum(TRAINING_TYPES, { error: TRAINING_MESSAGES.invalidType });

/** Body of `/api/training/list/video` and `/list/module`: `type` may repeat the path's type. */
export const listRequestSchema = z.object({ type: trainingType.optional() });

/** `PUT /api/training/delete`. */
export const deleteRequestSchema = z.object({
  id: recordId(),
  type: z.enum(TRAINING_TYPES, { error: TRAINING_MESSAGES.invalidType }),
});
export type DeleteRequest = z.infer<typeof deleteRequestSchema>;

export const trainingItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRAINING_TYPES),
  /** `file` (uploaded) or `link` (a video added by URL). */
  source: z.enum(['file', 'link']),
  /** Where to play or open it: a signed media URL for files, the link itself for links. */
  url: z.string(),
  /** The same file as an attachment (original name); null for links. */
  downloadUrl: z.string().nullable(),
  /** YouTube/Vimeo player address for links to those sites, otherwise null. */
  embedUrl: z.string().nullable(),
  fileName: z.string(),
  category: z.string(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TrainingItem = z.infer<typeof trainingItemSchema>;

export const trainingGroupSchema = z.object({
  category: z.string(),
  data: z.array(trainingItemSchema),
});
export type TrainingGroup = z.infer<typeof trainingGroupSchema>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Seconds from a YouTube `t`/`start` value such as `90`, `90s` or `1m30s`. */
function youtubeStart(value: string | null) {
  if (!value) return undefined;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match || !match[0]) return undefined;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : undefined;
}

/**
 * The embeddable player of a YouTube or Vimeo link (YouTube through its privacy-enhanced
 * youtube-nocookie.com host), or null for any other link, which plays in the video element.
 */
export function videoEmbed(link: string): { provider: 'youtube' | 'vimeo'; url: string } | null {
  let url: ParsedUrl;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);

  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = parts[0];
  else if (
    host === 'youtube.com' ||
    host === 'youtube-nocookie.com' ||
    host === 'music.youtube.com'
  ) {
    if (parts[0] === 'watch') youtubeId = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) youtubeId = parts[1];
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    const start = youtubeStart(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return {
      provider: 'youtube',
      url: `https://www.youtube-nocookie.com/embed/${youtubeId}${start ? `?start=${start}` : ''}`,
    };
  }

  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123,
    // player.vimeo.com/video/123?h=abcdef
    const index = parts.findIndex((p) => /^\d+$/.test(p));
    const id = index >= 0 ? parts[index] : undefined;
    if (id) {
      const next = parts[index + 1];
      const hash =
        url.searchParams.get('h') ?? (next && /^[0-9a-f]+$/i.test(next) ? next : undefined);
      return {
        provider: 'vimeo',
        url: `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`,
      };
    }
  }
  return null;
}

/** The name a link is listed under: "YouTube video", "Vimeo video" or the file in its path. */
export function linkDisplayName(link: string): string {
  const embed = videoEmbed(link);
  if (embed) return embed.provider === 'youtube' ? 'YouTube video' : 'Vimeo video';
  try {
    const url = new URL(link);
    const last = url.pathname.split('/').filter(Boolean).pop();
    const name = last ? decodeURIComponent(last) : '';
    return (name || url.hostname).slice(0, TRAINING_LIMITS.fileNameMax);
  } catch {
    return link.slice(0, TRAINING_LIMITS.fileNameMax);
  }
}
