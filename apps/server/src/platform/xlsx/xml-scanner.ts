/**
 * A small pull scanner for the XML of workbook parts (reader.ts). It knows elements,
 * attributes, text, comments, CDATA and processing instructions; a DOCTYPE or entity declaration
 * is refused (zip-guard.ts refuses them first), so the only references are the five predefined
 * entities and character references. Text is fed in decoded chunks; whatever construct a chunk
 * cuts in two waits for the next one.
 *
 * It does per character only what the sheet needs, which makes it several times faster than a
 * general SAX parser on the hundreds of megabytes of XML a million-row sheet unzips to.
 */
import { ZIP_MESSAGES, ZipProblem } from './zip-guard.ts';

export interface XmlHandler {
  /** `name` without its namespace prefix; `tag` and [from, to) hold the raw attributes. */
  open(name: string, tag: string, from: number, to: number): void;
  /** A start tag that closes itself (`<c r="A1"/>`) calls close right after open. */
  close(name: string): void;
  /** Text (entities decoded, line ends normalised) is passed only while `wantsText` is true. */
  text(value: string): void;
  wantsText: boolean;
}

// Character codes the scanner and the sheet parser's short path (sheet-parser.ts) look for.
export const GT = 62; // >
export const SLASH = 47;
export const DQ = 34;
export const SQ = 39;
const BANG = 33;
const QUESTION = 63;
const COLON = 58;
const CR = 13;

/** XML's white space (NaN, past the text, is none). */
export const isXmlSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** What ends an element's name after it. */
export const isNameEnd = (c: number) => isXmlSpace(c) || c === GT || c === SLASH;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g;
const BARE_AMPERSAND = /&(?!#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z]+;)/;

export class MalformedXml extends Error {}

/** Text content as an XML parser reports it: references replaced, CR LF and CR made LF. */
export function decodeXmlText(raw: string): string {
  const text = raw.indexOf('\r') === -1 ? raw : raw.replace(/\r\n?/g, '\n');
  if (text.indexOf('&') === -1) return text;
  if (BARE_AMPERSAND.test(text)) throw new MalformedXml('bare ampersand');
  return text.replace(REFERENCE, (whole, ref: string) => {
    if (ref.charCodeAt(0) === 35) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff)) throw new MalformedXml(`bad reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value === undefined) throw new MalformedXml(`undeclared entity ${whole}`);
    return value;
  });
}

/** The value of attribute `name` in tag[from, to), entities decoded; undefined when absent. */
export function attribute(tag: string, from: number, to: number, name: string): string | undefined {
  let i = from;
  while (i < to) {
    let c = tag.charCodeAt(i);
    while (isXmlSpace(c)) c = tag.charCodeAt(++i);
    if (i >= to || c === SLASH) return undefined;
    const eq = tag.indexOf('=', i);
    if (eq === -1 || eq >= to) throw new MalformedXml('attribute without a value');
    let q = eq + 1;
    c = tag.charCodeAt(q);
    while (isXmlSpace(c)) c = tag.charCodeAt(++q);
    if (c !== DQ && c !== SQ) throw new MalformedXml('unquoted attribute');
    const end = tag.indexOf(c === DQ ? '"' : "'", q + 1);
    if (end === -1 || end >= to) throw new MalformedXml('unterminated attribute');
    const after = i + name.length;
    if (
      tag.startsWith(name, i) &&
      (after === eq || (after < eq && tag.slice(after, eq).trim() === ''))
    ) {
      return decodeXmlText(tag.slice(q + 1, end));
    }
    i = end + 1;
  }
  return undefined;
}

export class XmlScanner {
  private rest = '';

  /** `started`: the text fed is a piece of a part whose root element is already open. */
  constructor(
    private readonly handler: XmlHandler,
    private started = false,
  ) {}

  /** Whether all the text written so far was scanned (no construct waits for more). */
  idle(): boolean {
    return this.rest === '';
  }

  /** Scans what it can of `chunk` (after what the previous chunk left). */
  write(chunk: string) {
    const buf = this.rest.length > 0 ? this.rest + chunk : chunk;
    const h = this.handler;
    let pos = 0;
    const length = buf.length;
    let nextDq = -2;
    let nextSq = -2;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        // Text may continue in the next chunk. Pass on what is whole now — a text node may be far
        // longer than a chunk, and keeping it whole would copy it once per chunk — holding back
        // only a reference that may be cut (`&am|p;`) or a CR whose LF comes next.
        if (!h.wantsText) pos = length;
        else {
          let end = length;
          const amp = buf.lastIndexOf('&');
          if (amp >= pos && buf.indexOf(';', amp) === -1) end = amp;
          if (end > pos && buf.charCodeAt(end - 1) === CR) end -= 1;
          if (end > pos) h.text(decodeXmlText(buf.slice(pos, end)));
          pos = end;
        }
        break;
      }
      if (lt > pos && h.wantsText) h.text(decodeXmlText(buf.slice(pos, lt)));
      const c1 = buf.charCodeAt(lt + 1);
      if (Number.isNaN(c1)) {
        pos = lt;
        break;
      }
      if (c1 === SLASH) {
        const gt = buf.indexOf('>', lt + 2);
        if (gt === -1) {
          pos = lt;
          break;
        }
        h.close(localName(buf.slice(lt + 2, gt).trimEnd()));
        pos = gt + 1;
        continue;
      }
      if (c1 === QUESTION) {
        const end = buf.indexOf('?>', lt + 2);
        if (end === -1) {
          pos = lt;
          break;
        }
        pos = end + 2;
        continue;
      }
      if (c1 === BANG) {
        if (buf.length < lt + 9) {
          pos = lt;
          break;
        }
        if (buf.startsWith('<!--', lt)) {
          const end = buf.indexOf('-->', lt + 4);
          if (end === -1) {
            pos = lt;
            break;
          }
          pos = end + 3;
          continue;
        }
        if (buf.startsWith('<![CDATA[', lt)) {
          const end = buf.indexOf(']]>', lt + 9);
          if (end === -1) {
            pos = lt;
            break;
          }
          if (h.wantsText) h.text(buf.slice(lt + 9, end).replace(/\r\n?/g, '\n'));
          pos = end + 3;
          continue;
        }
        // <!DOCTYPE, <!ENTITY, …: never accepted in a workbook.
        throw new ZipProblem('entities', ZIP_MESSAGES.entities);
      }
      // A start tag: its end is the first '>' outside quoted attribute values. The next quote of
      // either kind is remembered (-1: none left in this chunk), so each is searched for once.
      let i = lt + 1;
      let c = buf.charCodeAt(i);
      while (i < length && !isNameEnd(c)) c = buf.charCodeAt(++i);
      const nameEnd = i;
      let gt = -1;
      for (;;) {
        gt = buf.indexOf('>', i);
        if (gt === -1) break;
        if (nextDq !== -1 && nextDq < i) nextDq = buf.indexOf('"', i);
        if (nextSq !== -1 && nextSq < i) nextSq = buf.indexOf("'", i);
        const dq = nextDq !== -1 && nextDq < gt ? nextDq : length;
        const sq = nextSq !== -1 && nextSq < gt ? nextSq : length;
        if (dq === length && sq === length) break;
        const open = dq < sq ? dq : sq;
        const close = buf.indexOf(dq < sq ? '"' : "'", open + 1);
        if (close === -1) {
          gt = -1;
          break;
        }
        i = close + 1;
      }
      if (gt === -1) {
        pos = lt;
        break;
      }
      i = gt;
      const selfClosing = buf.charCodeAt(i - 1) === SLASH;
      const name = localName(buf.slice(lt + 1, nameEnd));
      if (name === '') throw new MalformedXml('empty tag name');
      this.started = true;
      h.open(name, buf, nameEnd, selfClosing ? i - 1 : i);
      if (selfClosing) h.close(name);
      pos = i + 1;
    }
    this.rest = pos < length ? buf.slice(pos) : '';
    // A construct that never ends (a runaway comment or tag) must not grow without bound.
    if (this.rest.length > 16 * 1024 * 1024) throw new MalformedXml('unterminated markup');
  }

  /** After the last chunk: anything left over other than text is a truncated part. */
  end() {
    if (this.rest.indexOf('<') !== -1) throw new MalformedXml('truncated XML');
    if (!this.started) throw new MalformedXml('no root element');
  }
}

function localName(qualified: string): string {
  let colon = -1;
  for (let i = 0; i < qualified.length; i += 1) {
    if (qualified.charCodeAt(i) === COLON) colon = i;
  }
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}
