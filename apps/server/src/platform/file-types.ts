/**
 * What an uploaded file really is, by its first bytes, for every extension an upload accepts:
 * the name says which format to expect, the content has to be that format. The MIME type a file
 * is served with comes from here, never from the browser's claim.
 */
import { sniffImage } from './uploads.ts';

export interface FileType {
  mime: string;
  /** True when the first bytes (up to HEAD_BYTES) are this format. */
  matches(head: Buffer): boolean;
}

/** How many leading bytes the checks look at. */
export const HEAD_BYTES = 4096;

const ascii = (b: Buffer, start: number, end: number) => b.toString('latin1', start, end);
const startsWith = (b: Buffer, bytes: number[], offset = 0) =>
  b.length >= offset + bytes.length && bytes.every((v, i) => b[offset + i] === v);
const withoutBom = (b: Buffer) => (startsWith(b, [0xef, 0xbb, 0xbf]) ? b.subarray(3) : b);

/** ISO base media (MP4, M4V, QuickTime): a box type at offset 4; old QuickTime starts with moov/mdat. */
const isoMedia = (b: Buffer) =>
  b.length >= 12 &&
  ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(b, 4, 8));
const avi = (b: Buffer) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'AVI ';
/** MPEG-1/2 program stream (pack header) or elementary video stream (sequence header). */
const mpeg = (b: Buffer) => startsWith(b, [0, 0, 1, 0xba]) || startsWith(b, [0, 0, 1, 0xb3]);
/** Raw DV: the first DIF block is a header block (section type 0, sequence 0). */
const dv = (b: Buffer) => startsWith(b, [0x1f, 0x07, 0x00]);
const m3u = (b: Buffer) => ascii(withoutBom(b), 0, 7) === '#EXTM3U';
/** EBML header whose DocType is "webm". */
const webm = (b: Buffer) =>
  startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) && b.subarray(0, 64).includes('webm', 0, 'latin1');

const pdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-', 0, 'latin1');
/** Legacy Office (Word 97–2003, Excel, PowerPoint): an OLE2 compound file. */
const ole = (b: Buffer) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** OOXML and OpenDocument files are zip archives (a local file header first). */
const zip = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const rtf = (b: Buffer) => ascii(b, 0, 5) === '{\\rtf';
const image = (ext: string) => (b: Buffer) => sniffImage(b)?.ext === ext;
/**
 * Plain text (any ASCII-compatible encoding): no control bytes other than tab, line breaks, form
 * feed and escape, and not a binary format that happens to have a text-like start.
 */
const text = (b: Buffer) =>
  b.length > 0 &&
  !zip(b) &&
  !ole(b) &&
  !b.some((c) => c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b) || c === 0x7f);

const type = (mime: string, matches: (b: Buffer) => boolean): FileType => ({ mime, matches });
const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';

/** Every extension an upload may carry, with the content it must have. */
export const FILE_TYPES: Record<string, FileType> = {
  // Videos
  mp4: type('video/mp4', isoMedia),
  m4v: type('video/x-m4v', isoMedia),
  mov: type('video/quicktime', isoMedia),
  qt: type('video/quicktime', isoMedia),
  avi: type('video/x-msvideo', avi),
  dv: type('video/x-dv', dv),
  dif: type('video/x-dv', dv),
  mpeg: type('video/mpeg', mpeg),
  mpg: type('video/mpeg', mpeg),
  mpe: type('video/mpeg', mpeg),
  m1v: type('video/mpeg', mpeg),
  m2v: type('video/mpeg', mpeg),
  m3u: type('audio/x-mpegurl', m3u),
  m3u8: type('application/vnd.apple.mpegurl', m3u),
  webm: type('video/webm', webm),
  // Documents
  pdf: type('application/pdf', pdf),
  doc: type('application/msword', ole),
  dot: type('application/msword', ole),
  xls: type('application/vnd.ms-excel', ole),
  xlt: type('application/vnd.ms-excel', ole),
  ppt: type('application/vnd.ms-powerpoint', ole),
  pps: type('application/vnd.ms-powerpoint', ole),
  pot: type('application/vnd.ms-powerpoint', ole),
  docx: type(`${OOXML}.wordprocessingml.document`, zip),
  dotx: type(`${OOXML}.wordprocessingml.template`, zip),
  xlsx: type(`${OOXML}.spreadsheetml.sheet`, zip),
  xltx: type(`${OOXML}.spreadsheetml.template`, zip),
  pptx: type(`${OOXML}.presentationml.presentation`, zip),
  ppsx: type(`${OOXML}.presentationml.slideshow`, zip),
  potx: type(`${OOXML}.presentationml.template`, zip),
  odt: type(`${ODF}.text`, zip),
  ods: type(`${ODF}.spreadsheet`, zip),
  odp: type(`${ODF}.presentation`, zip),
  rtf: type('application/rtf', rtf),
  txt: type('text/plain; charset=utf-8', text),
  csv: type('text/csv; charset=utf-8', text),
  // Images (no SVG: it can carry scripts)
  png: type('image/png', image('png')),
  jpg: type('image/jpeg', image('jpg')),
  jpeg: type('image/jpeg', image('jpg')),
  gif: type('image/gif', image('gif')),
  webp: type('image/webp', image('webp')),
};
