import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingGroup, TrainingItem } from '@spotzcity/shared/training';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actorWith, signedInUser } from '../../../test/factories.ts';
import { dataOf } from '../../../test/replies.ts';
import { TINY_PNG, multipart } from '../../../test/multipart.ts';
import { rolePermissions, trainingItems, users } from '../../db/schema/index.ts';
import { DEMO_TRAINING, seedTraining, simplePdf } from '../../db/seed/training.ts';
import { FILE_TYPES } from '../../platform/file-types.ts';
import { LINK_EXPIRED } from '../../platform/signed-urls.ts';

let t: TestApp;
let uploader: string; // a Super Admin: TRAINING_VIDEO_UPLOAD
let viewer: string; // a Buyer Admin: TRAINING_VIEW only
let outsider: string; // a role without any training permission

const KB = 1024;

beforeAll(async () => {
  // Modules up to 50 KB and videos up to 3 MB (more than the 2 MB JSON body limit: uploads stream).
  t = await createTestApp({ UPLOAD_MAX_MODULE_MB: String(50 / 1024), UPLOAD_MAX_VIDEO_MB: '3' });
  uploader = (await signedInUser(t.app, t.database.db, 'ROLE_SUPER_ADMIN')).token;
  viewer = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  outsider = (await actorWith(t.app, t.database.db, ['PASSWORD_RESET'])).token;
});
afterAll(() => t.close());

/* Samples: the first bytes of each format, padded. */
const pad = (head: Buffer | string, size = 2 * KB) => {
  const start = Buffer.isBuffer(head) ? head : Buffer.from(head, 'latin1');
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 0x20)]);
};
const box = (type: string, brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(type + brand, 'latin1')]);
/** Bytes that differ at every offset, so a range's content can be checked exactly. */
const patterned = (size: number, seed = 7) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 8)) & 0xff;
  return bytes;
};
const mp4 = (size = 4 * KB) => Buffer.concat([box('ftyp', 'isom'), patterned(size - 12)]);

const SAMPLES = {
  mp4: mp4(),
  mov: pad(box('ftyp', 'qt  ')),
  m4v: pad(box('ftyp', 'M4V ')),
  avi: pad(
    Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 1, 0, 0]), Buffer.from('AVI LIST')]),
  ),
  mpg: pad(Buffer.from([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1])),
  dv: pad(Buffer.from([0x1f, 0x07, 0x00, 0x3f, 0x78, 0x78])),
  m3u: Buffer.from('#EXTM3U\n#EXTINF:10,Intro\nintro.mp4\n'),
  webm: pad(
    Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
    ]),
  ),
  pdf: pad('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  docx: pad(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])),
  ppt: pad(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  csv: Buffer.from('Vendor Name,Spend\nAcme,1200.50\n'),
  txt: Buffer.from('Checklist\n- Register suppliers\n'),
  png: TINY_PNG,
};

type Sent = { status: number; body: { message: string; data: TrainingItem; errors?: unknown } };

async function upload(
  token: string,
  type: 'video' | 'module',
  file: { name: string; data: Buffer } | undefined,
  fields: Record<string, string> = { category: 'Onboarding' },
): Promise<Sent> {
  const body = multipart(
    fields,
    file
      ? { file: { filename: file.name, contentType: 'application/octet-stream', data: file.data } }
      : {},
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/training/${type}`,
    payload: body.payload,
    headers: { ...body.headers, ...t.auth(token) },
  });
  return { status: res.statusCode, body: res.json() };
}

async function list(token: string, type: 'video' | 'module', body: object = { type }) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/training/list/${type}`,
    payload: body,
    headers: t.auth(token),
  });
  return { status: res.statusCode, body: res.json<{ message: string; data: TrainingGroup[] }>() };
}

const itemsOf = (groups: TrainingGroup[]) => groups.flatMap((g) => g.data);

/** Every file under the storage root's training folder. */
function storedFiles() {
  const root = path.join(t.dataDir, 'files', 'training');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function countRows(type: 'video' | 'module') {
  return (await t.database.db.select().from(trainingItems).where(eq(trainingItems.type, type)))
    .length;
}

const ENDPOINTS = [
  ['POST', '/api/training/module'],
  ['POST', '/api/training/video'],
  ['POST', '/api/training/video/url'],
  ['GET', '/api/training/categories/module'],
  ['GET', '/api/training/categories/video'],
  ['POST', '/api/training/list/video'],
  ['POST', '/api/training/list/module'],
  ['PUT', '/api/training/delete'],
] as const;

describe('access', () => {
  it.each(ENDPOINTS)('%s %s answers 401 Unauthorized without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each([
    ['POST', '/api/training/module'],
    ['POST', '/api/training/video'],
    ['POST', '/api/training/video/url'],
    ['PUT', '/api/training/delete'],
  ] as const)('%s %s answers 403 without TRAINING_VIDEO_UPLOAD', async (method, url) => {
    const before = storedFiles().length;
    const body = multipart(
      { category: 'Onboarding' },
      {
        file: { filename: 'a.pdf', contentType: 'application/pdf', data: SAMPLES.pdf },
      },
    );
    const res = await t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...t.auth(viewer) },
    });
    expect(res.statusCode).toBe(403);
    expect(storedFiles()).toHaveLength(before);
  });

  it.each(ENDPOINTS.filter(([, url]) => url.includes('/list/') || url.includes('/categories/')))(
    '%s %s answers 403 without TRAINING_VIEW or TRAINING_VIDEO_UPLOAD',
    async (method, url) => {
      const res = await t.app.inject({ method, url, payload: {}, headers: t.auth(outsider) });
      expect(res.statusCode).toBe(403);
    },
  );
});

describe('POST /api/training/module', () => {
  it('stores a module, answers the item and lists it under its category', async () => {
    const res = await upload(
      uploader,
      'module',
      { name: 'Supplier Guide.pdf', data: SAMPLES.pdf },
      {
        category: '  Supplier   Guides ',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Training record added successfully');
    expect(res.body.data).toMatchObject({
      type: 'module',
      source: 'file',
      fileName: 'Supplier Guide.pdf',
      category: 'Supplier Guides',
      contentType: 'application/pdf',
      size: SAMPLES.pdf.length,
      embedUrl: null,
    });
    expect(res.body.data.url).toMatch(/^\/api\/training\/media\/\d+\?u=\d+&t=[\w-]+&e=\d+&s=/);
    expect(res.body.data.downloadUrl).toBe(`${res.body.data.url}&download=1`);

    // Viewers of any organisation see the same, platform-wide material.
    const listed = await list(viewer, 'module');
    expect(listed.status).toBe(200);
    const group = listed.body.data.find((g) => g.category === 'Supplier Guides');
    expect(group?.data.map((i) => i.id)).toContain(res.body.data.id);
  });

  it.each([
    ['Plan.docx', SAMPLES.docx],
    ['Deck.ppt', SAMPLES.ppt],
    ['Sample Spend.csv', SAMPLES.csv],
    ['Checklist.txt', SAMPLES.txt],
    ['Org chart.png', SAMPLES.png],
  ])('accepts %s by its content', async (name, data) => {
    const res = await upload(uploader, 'module', { name, data }, { category: 'Formats' });
    expect(res.status).toBe(200);
    expect(res.body.data.fileName).toBe(name);
  });

  it('refuses a file type modules do not take', async () => {
    const res = await upload(uploader, 'module', { name: 'intro.mp4', data: SAMPLES.mp4 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'file',
        message:
          'Modules must be PDF, Word, Excel, PowerPoint, OpenDocument, RTF, text, CSV or image (PNG, JPEG, GIF, WebP) files.',
      },
    ]);
  });

  it('refuses a file whose content is not what its name says, leaving nothing stored', async () => {
    const before = storedFiles().length;
    const rows = await countRows('module');
    for (const [name, data] of [
      ['Guide.pdf', SAMPLES.txt],
      ['Sheet.xlsx', SAMPLES.pdf],
      ['Picture.png', SAMPLES.pdf],
      ['notes.txt', SAMPLES.png],
    ] as const) {
      const res = await upload(uploader, 'module', { name, data });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^"${name}" is not a valid .* file\\.$`));
    }
    expect(storedFiles()).toHaveLength(before);
    expect(await countRows('module')).toBe(rows);
  });

  it('asks for the category and the file', async () => {
    const before = storedFiles().length;
    const noCategory = await upload(uploader, 'module', { name: 'a.pdf', data: SAMPLES.pdf }, {});
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.errors).toEqual([{ field: 'category', message: 'Required' }]);
    const longCategory = await upload(
      uploader,
      'module',
      { name: 'a.pdf', data: SAMPLES.pdf },
      {
        category: 'x'.repeat(51),
      },
    );
    expect(longCategory.body.errors).toEqual([
      { field: 'category', message: 'Must be 50 characters or less' },
    ]);
    const noFile = await upload(uploader, 'module', undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual([{ field: 'file', message: 'Choose a file to upload.' }]);
    const empty = await upload(uploader, 'module', { name: 'a.pdf', data: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    expect(storedFiles()).toHaveLength(before);
  });

  it('answers 422 Payload Mismatch to a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/training/module',
      payload: { category: 'x' },
      headers: t.auth(uploader),
    });
    expect(res.statusCode).toBe(422);
  });

  it('answers 413 for a module over the limit, with no record and no orphan file', async () => {
    const before = storedFiles().length;
    const rows = await countRows('module');
    const res = await upload(uploader, 'module', {
      name: 'Huge.pdf',
      data: pad('%PDF-1.7\n', 80 * KB),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than the 50 KB limit.');
    expect(storedFiles()).toHaveLength(before);
    expect(await countRows('module')).toBe(rows);
  });

  it('keeps nothing of an upload cut off in the middle', async () => {
    const before = storedFiles().length;
    const rows = await countRows('module');
    const body = multipart(
      { category: 'Cut' },
      {
        file: {
          filename: 'cut.pdf',
          contentType: 'application/pdf',
          data: pad('%PDF-1.4\n', 30 * KB),
        },
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/training/module',
      payload: body.payload.subarray(0, body.payload.length - 20 * KB),
      headers: { ...body.headers, ...t.auth(uploader) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload was interrupted. Please try again.');
    expect(storedFiles()).toHaveLength(before);
    expect(await countRows('module')).toBe(rows);
  });

  it('files a category under the spelling it already has', async () => {
    await upload(
      uploader,
      'module',
      { name: 'a.csv', data: SAMPLES.csv },
      { category: 'Data Sheets' },
    );
    const second = await upload(
      uploader,
      'module',
      { name: 'b.csv', data: SAMPLES.csv },
      {
        category: 'data  sheets',
      },
    );
    expect(second.body.data.category).toBe('Data Sheets');
    const listed = await list(viewer, 'module');
    const sheets = listed.body.data.filter((g) => g.category.toLowerCase() === 'data sheets');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.data.map((i) => i.fileName)).toEqual(['a.csv', 'b.csv']);
  });
});

describe('POST /api/training/video', () => {
  it.each([
    ['Intro.mp4', 'video/mp4', SAMPLES.mp4],
    ['Intro.MOV', 'video/quicktime', SAMPLES.mov],
    ['Intro.m4v', 'video/x-m4v', SAMPLES.m4v],
    ['Intro.avi', 'video/x-msvideo', SAMPLES.avi],
    ['Intro.mpg', 'video/mpeg', SAMPLES.mpg],
    ['Intro.dv', 'video/x-dv', SAMPLES.dv],
    ['Playlist.m3u', 'audio/x-mpegurl', SAMPLES.m3u],
    ['Intro.webm', 'video/webm', SAMPLES.webm],
  ])('accepts %s as %s', async (name, contentType, data) => {
    const res = await upload(uploader, 'video', { name, data }, { category: 'Formats' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'video',
      source: 'file',
      fileName: name,
      contentType,
    });
  });

  it('refuses a renamed file and a format videos do not take', async () => {
    const renamed = await upload(uploader, 'video', { name: 'Intro.mp4', data: SAMPLES.pdf });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('"Intro.mp4" is not a valid MP4 file.');
    const avi = await upload(uploader, 'video', { name: 'Intro.avi', data: SAMPLES.mp4 });
    expect(avi.body.message).toBe('"Intro.avi" is not a valid AVI file.');
    const pdf = await upload(uploader, 'video', { name: 'Guide.pdf', data: SAMPLES.pdf });
    expect(pdf.body.message).toBe(
      'Videos must be MP4, M4V, QuickTime (MOV), AVI, DV, MPEG, M3U or WebM files.',
    );
  });

  it('streams a video larger than the JSON body limit to storage', async () => {
    const data = mp4(2.5 * 1024 * KB);
    const res = await upload(uploader, 'video', { name: 'Long.mp4', data }, { category: 'Big' });
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(data.length);
    const played = await t.app.inject({ url: res.body.data.url });
    expect(played.rawPayload.equals(data)).toBe(true);
  });

  it('answers 413 for a video over the limit, with no record and no orphan file', async () => {
    const before = storedFiles().length;
    const rows = await countRows('video');
    const res = await upload(uploader, 'video', { name: 'Huge.mp4', data: mp4(3.5 * 1024 * KB) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than the 3 MB limit.');
    expect(storedFiles()).toHaveLength(before);
    expect(await countRows('video')).toBe(rows);
  });

  it('refuses a bad category sent before the file without storing the file', async () => {
    const before = storedFiles().length;
    const res = await upload(
      uploader,
      'video',
      { name: 'a.mp4', data: SAMPLES.mp4 },
      {
        category: ' ',
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'category', message: 'Required' }]);
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('video playback and module downloads', () => {
  let video: TrainingItem;
  let data: Buffer;
  beforeAll(async () => {
    data = mp4(64 * KB);
    video = (
      await upload(
        uploader,
        'video',
        { name: 'Sourcing “101”.mp4', data },
        {
          category: 'Playback',
        },
      )
    ).body.data;
  });

  it('streams the whole video inline with its original name', async () => {
    const res = await t.app.inject({ url: video.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(data.length);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Sourcing _101_.mp4"; filename*=UTF-8''Sourcing%20%E2%80%9C101%E2%80%9D.mp4`,
    );
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=65000-', 65000, 64 * KB - 1],
    ['bytes=-500', 64 * KB - 500, 64 * KB - 1],
    ['bytes=60000-999999', 60000, 64 * KB - 1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await t.app.inject({ url: video.url, headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=70000-', 'bytes=500-100', 'bytes=-0', 'bytes=abc'])(
    'answers %s with 416',
    async (range) => {
      const res = await t.app.inject({ url: video.url, headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${data.length}`);
    },
  );

  it('answers a HEAD request with the size and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: video.url });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(data.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('downloads a module as an attachment with its original name', async () => {
    const module = (
      await upload(uploader, 'module', { name: 'Résumé checklist.csv', data: SAMPLES.csv })
    ).body.data;
    const res = await t.app.inject({ url: module.downloadUrl ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ checklist.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9%20checklist.csv`,
    );
    expect(res.body).toBe(SAMPLES.csv.toString());
  });

  it('opens files only with a valid, current signature for that file', async () => {
    const url = new URL(video.url, 'http://x');
    const other = (await upload(uploader, 'module', { name: 'x.txt', data: SAMPLES.txt })).body
      .data;
    const attempts = [
      url.pathname, // no signature
      `${url.pathname}?${url.searchParams.toString().replace(/s=[^&]+/, 's=AAAA')}`,
      `${url.pathname}?${url.searchParams.toString().replace(/e=\d+/, 'e=9999999999')}`,
      `${new URL(other.url, 'http://x').pathname}?${url.searchParams}`, // another file's path
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ url: attempt });
      expect(res.statusCode, attempt).toBe(403);
    }
  });

  it('stops a signed URL once its user changes password or loses the permission', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    const [mine] = itemsOf((await list(token, 'video')).body.data).filter(
      (i) => i.source === 'file',
    );
    expect((await t.app.inject({ method: 'HEAD', url: mine!.url })).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'HEAD', url: mine!.url })).statusCode).toBe(403);

    const auditor = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const [theirs] = itemsOf((await list(auditor.token, 'video')).body.data);
    await t.database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleCode, 'ROLE_BUYER_USER'),
          eq(rolePermissions.permissionCode, 'TRAINING_VIEW'),
        ),
      );
    try {
      expect((await t.app.inject({ method: 'HEAD', url: theirs!.url })).statusCode).toBe(403);
    } finally {
      await t.database.db
        .insert(rolePermissions)
        .values({ roleCode: 'ROLE_BUYER_USER', permissionCode: 'TRAINING_VIEW' });
    }
  });

  it('ends the signed URLs of a session when it signs out, and only that session’s', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    const otherSession = t.app.tokens.sign(user);
    const fileOf = async (bearer: string) =>
      itemsOf((await list(bearer, 'video')).body.data).find((i) => i.id === video.id)!;
    const mine = await fileOf(token);
    const kept = await fileOf(otherSession);
    expect(mine.url).not.toBe(kept.url);
    const ranged = await t.app.inject({ url: mine.url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(data.subarray(0, 100))).toBe(true);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: t.auth(token),
    });
    expect(logout.statusCode).toBe(200);
    for (const url of [mine.url, mine.downloadUrl!]) {
      const res = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(LINK_EXPIRED);
    }
    // The user's other session is still signed in: its URLs still play.
    const other = await t.app.inject({ url: kept.url, headers: { range: 'bytes=0-99' } });
    expect(other.statusCode).toBe(206);
  });

  it('refuses a URL moved to another user, organisation or session', async () => {
    const a = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    const b = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    expect(b.org.id).not.toBe(a.org.id);
    const [mine] = itemsOf((await list(a.token, 'video')).body.data).filter(
      (i) => i.source === 'file',
    );
    const [theirs] = itemsOf((await list(b.token, 'video')).body.data).filter(
      (i) => i.id === mine!.id,
    );
    const params = new URL(mine!.url, 'http://x').searchParams;
    const others = new URL(theirs!.url, 'http://x').searchParams;
    const moved = (change: Record<string, string>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(change)) next.set(k, v);
      return `${new URL(mine!.url, 'http://x').pathname}?${next}`;
    };
    const attempts = [
      moved({ u: String(b.user.id) }), // another organisation's user, same signature
      moved({ t: others.get('t')! }), // another session's token id
      moved({ u: String(b.user.id), t: others.get('t')! }),
      moved({ t: 'x' }), // not a token id at all
      moved({ t: '' }),
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'HEAD', url: attempt });
      expect(res.statusCode, attempt).toBe(403);
    }
    expect((await t.app.inject({ method: 'HEAD', url: mine!.url })).statusCode).toBe(200);
  });

  it('refuses an expired signature, and one whose token has expired', async () => {
    const { user } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    const principal = (expiresAt: Date) =>
      ({
        id: user.id,
        tokenVersion: user.tokenVersion,
        token: { id: 'a-token-id-of-22-chars', expiresAt },
      }) as Parameters<typeof t.app.signedUrls.sign>[1];
    const path = `/api/training/media/${video.id}`;
    const later = new Date(Date.now() + 24 * 3600_000);
    const valid = t.app.signedUrls.sign(path, principal(later));
    expect((await t.app.inject({ method: 'HEAD', url: valid })).statusCode).toBe(200);
    const old = t.app.signedUrls.sign(path, principal(later), Date.now() - 8 * 3600_000);
    // Signed now, but for a token that expired a second ago: the URL ends with it.
    const tokenGone = t.app.signedUrls.sign(path, principal(new Date(Date.now() - 1000)));
    for (const url of [old, tokenGone]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LINK_EXPIRED);
    }
  });
});

describe('POST /api/training/video/url', () => {
  const addLink = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/training/video/url',
      payload,
      headers: t.auth(token),
    });

  it('adds a YouTube link that plays embedded and a direct link that plays in the player', async () => {
    const youtube = await addLink(uploader, {
      category: 'Webinars',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(dataOf(youtube, 'Training record added successfully')).toMatchObject({
      type: 'video',
      source: 'link',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      downloadUrl: null,
      fileName: 'YouTube video',
      category: 'Webinars',
    });
    const direct = await addLink(uploader, {
      category: 'webinars',
      url: 'https://cdn.example.com/media/Supplier%20Day.mp4',
    });
    expect(direct.json().data).toMatchObject({
      embedUrl: null,
      fileName: 'Supplier Day.mp4',
      category: 'Webinars',
    });
    const group = (await list(viewer, 'video')).body.data.find((g) => g.category === 'Webinars');
    expect(group?.data.map((i) => i.fileName)).toEqual(['YouTube video', 'Supplier Day.mp4']);

    // A link has no stored file to stream.
    const media = await t.app.inject({ url: `/api/training/media/${youtube.json().data.id}` });
    expect(media.statusCode).toBe(403);
  });

  it('validates the link and the category', async () => {
    const before = await countRows('video');
    const bad = await addLink(uploader, { category: 'Webinars', url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'url', message: 'Enter a valid link starting with http:// or https://' },
    ]);
    const empty = await addLink(uploader, {});
    expect(empty.json().errors).toEqual([
      { field: 'category', message: 'Required' },
      { field: 'url', message: 'Required' },
    ]);
    expect(await countRows('video')).toBe(before);
  });
});

describe('categories and lists', () => {
  it('lists the categories of each type only', async () => {
    await upload(
      uploader,
      'module',
      { name: 'c.pdf', data: SAMPLES.pdf },
      { category: 'Only Modules' },
    );
    await upload(
      uploader,
      'video',
      { name: 'c.mp4', data: SAMPLES.mp4 },
      { category: 'Only Videos' },
    );
    for (const method of ['GET', 'POST'] as const) {
      const modules = await t.app.inject({
        method,
        url: '/api/training/categories/module',
        headers: t.auth(viewer),
      });
      expect(modules.statusCode).toBe(200);
      expect(modules.json().data).toContain('Only Modules');
      expect(modules.json().data).not.toContain('Only Videos');
      const videos = await t.app.inject({
        method,
        url: '/api/training/categories/video',
        headers: t.auth(viewer),
      });
      expect(videos.json().data).toContain('Only Videos');
      expect(videos.json().data).not.toContain('Only Modules');
      const sorted = [...videos.json().data].sort((a: string, b: string) =>
        a.localeCompare(b, 'en', { sensitivity: 'base' }),
      );
      expect(videos.json().data).toEqual(sorted);
    }
  });

  it('lists only videos on /list/video and only modules on /list/module', async () => {
    const videos = await list(viewer, 'video');
    expect(videos.body.message).toBe('Fetched List Successfully');
    expect(itemsOf(videos.body.data).every((i) => i.type === 'video')).toBe(true);
    expect(videos.body.data.map((g) => g.category)).toContain('Only Videos');
    expect(videos.body.data.map((g) => g.category)).not.toContain('Only Modules');
    const modules = await list(viewer, 'module', {});
    expect(itemsOf(modules.body.data).every((i) => i.type === 'module')).toBe(true);
    expect(modules.body.data.map((g) => g.category)).toContain('Only Modules');
    const get = await t.app.inject({ url: '/api/training/list/module', headers: t.auth(viewer) });
    expect(get.json().data).toEqual(modules.body.data);
  });

  it('refuses a list type that contradicts the path or is unknown', async () => {
    const wrong = await list(viewer, 'video', { type: 'module' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('type must be video on this path');
    const unknown = await list(viewer, 'module', { type: 'audio' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('type must be video or module');
  });
});

describe('PUT /api/training/delete', () => {
  const remove = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/training/delete', payload, headers: t.auth(token) });

  it('deletes a module and removes its file from storage', async () => {
    const item = (await upload(uploader, 'module', { name: 'gone.pdf', data: SAMPLES.pdf })).body
      .data;
    const [row] = await t.database.db
      .select()
      .from(trainingItems)
      .where(eq(trainingItems.id, item.id));
    expect(await t.app.storage.size(row!.storageKey!)).toBe(SAMPLES.pdf.length);

    const res = await remove(uploader, { id: item.id, type: 'module' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Training record deleted successfully',
      data: { id: item.id, type: 'module' },
    });
    expect(await t.app.storage.size(row!.storageKey!)).toBeUndefined();
    expect(itemsOf((await list(viewer, 'module')).body.data).map((i) => i.id)).not.toContain(
      item.id,
    );
    expect((await t.app.inject({ url: item.url })).statusCode).toBe(404);
    expect((await remove(uploader, { id: item.id, type: 'module' })).statusCode).toBe(404);
  });

  it('deletes a video link', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/training/video/url',
      payload: { category: 'Links', url: 'https://vimeo.com/76979871' },
      headers: t.auth(uploader),
    });
    const res = await remove(uploader, { id: link.json().data.id, type: 'video' });
    expect(res.statusCode).toBe(200);
    const videos = itemsOf((await list(viewer, 'video')).body.data);
    expect(videos.map((i) => i.id)).not.toContain(link.json().data.id);
  });

  it('answers 404 for the wrong type and changes nothing', async () => {
    const item = (await upload(uploader, 'video', { name: 'kept.mp4', data: SAMPLES.mp4 })).body
      .data;
    const res = await remove(uploader, { id: item.id, type: 'module' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This training record no longer exists.');
    expect((await t.app.inject({ method: 'HEAD', url: item.url })).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const res = await remove(uploader, { id: 'x', type: 'file' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'id', message: 'Required' },
      { field: 'type', message: 'type must be video or module' },
    ]);
  });
});

describe('demo training material', () => {
  it('passes the same content checks as uploads', () => {
    for (const item of DEMO_TRAINING) {
      const ext = item.fileName.split('.').pop() ?? '';
      expect(FILE_TYPES[ext]?.matches(item.data().subarray(0, 4096)), item.fileName).toBe(true);
      expect(FILE_TYPES[ext]?.mime).toBe(item.contentType);
    }
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = simplePdf('Title (draft)', ['a line', 'another \\ line']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) =>
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
    );
  });

  it('is listed by category and plays like any upload', async () => {
    await seedTraining(t.database.db, t.app.storage);
    const videos = (await list(viewer, 'video')).body.data;
    const started = videos.find((g) => g.category === 'Getting Started')?.data[0];
    expect(started?.fileName).toBe('Welcome to SpotzCity Training.webm');
    const range = await t.app.inject({ url: started!.url, headers: { range: 'bytes=0-3' } });
    expect(range.statusCode).toBe(206);
    expect([...range.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const modules = (await list(viewer, 'module')).body.data;
    expect(modules.find((g) => g.category === 'Sample Data Sheets')?.data[0]?.fileName).toBe(
      'Sample Spend Data Sheet.csv',
    );
  });
});
