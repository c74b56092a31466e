/* global OffscreenCanvas, VideoEncoder, VideoFrame -- the page script runs in Chromium */
/**
 * Makes the small WebM (VP8) videos of the demo training material, in Chromium: frames drawn on a
 * canvas, encoded by WebCodecs, muxed into WebM here. Run from the repository root:
 *
 *   node scripts/make-demo-videos.mjs
 *
 * and commit the files it writes to apps/server/src/db/seed/assets/. Nothing is downloaded.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../apps/server/src/db/seed/assets');
const VIDEOS = [
  {
    file: 'welcome-to-training.webm',
    title: 'Welcome to SpotzCity',
    subtitle: 'Training for buyers and suppliers',
    hue: 243,
  },
  {
    file: 'supplier-diversity-101.webm',
    title: 'Supplier Diversity 101',
    subtitle: 'MBE · WBE · VBE · SDVBE · LGBTBE',
    hue: 199,
  },
];
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 12;
const SECONDS = 4;

/* ---------- a minimal WebM muxer (EBML) ---------- */

const id = (hex) => Buffer.from(hex, 'hex');
function vint(size) {
  for (let length = 1; length <= 8; length++) {
    if (size < 2 ** (7 * length) - 1) {
      const bytes = Buffer.alloc(length);
      let value = size;
      for (let i = length - 1; i >= 0; i--) {
        bytes[i] = value & 0xff;
        value = Math.floor(value / 256);
      }
      bytes[0] |= 1 << (8 - length);
      return bytes;
    }
  }
  throw new Error('element too large');
}
const element = (hex, ...children) => {
  const data = Buffer.concat(children);
  return Buffer.concat([id(hex), vint(data.length), data]);
};
const uint = (hex, value) => {
  const bytes = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return element(hex, Buffer.from(bytes));
};
const str = (hex, value) => element(hex, Buffer.from(value, 'utf8'));
const float = (hex, value) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(hex, b);
};

function mux(frames, width, height, durationMs) {
  const header = element(
    '1a45dfa3',
    uint('4286', 1),
    uint('42f7', 1),
    uint('42f2', 4),
    uint('42f3', 8),
    str('4282', 'webm'),
    uint('4287', 2),
    uint('4285', 2),
  );
  const info = element(
    '1549a966',
    uint('2ad7b1', 1_000_000),
    str('4d80', 'SpotzCity'),
    str('5741', 'SpotzCity'),
    float('4489', durationMs),
  );
  const tracks = element(
    '1654ae6b',
    element(
      'ae',
      uint('d7', 1),
      uint('73c5', 1),
      uint('9c', 0),
      str('86', 'V_VP8'),
      uint('83', 1),
      element('e0', uint('b0', width), uint('ba', height)),
    ),
  );
  const blocks = frames.map((f) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(Math.round(f.timestamp / 1000), 1);
    head[3] = f.key ? 0x80 : 0;
    return element('a3', head, f.data);
  });
  const cluster = element('1f43b675', uint('e7', 0), ...blocks);
  return Buffer.concat([header, element('18538067', info, tracks, cluster)]);
}

/* ---------- frames, drawn and encoded in the page ---------- */

async function encode(page, video) {
  return page.evaluate(
    async ({ video, WIDTH, HEIGHT, FPS, SECONDS }) => {
      const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
      const ctx = canvas.getContext('2d');
      const frames = [];
      const encoder = new VideoEncoder({
        output: (chunk) => {
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          frames.push({ key: chunk.type === 'key', timestamp: chunk.timestamp, data: [...data] });
        },
        error: (e) => {
          throw e;
        },
      });
      encoder.configure({
        codec: 'vp8',
        width: WIDTH,
        height: HEIGHT,
        bitrate: 90_000,
        framerate: FPS,
      });
      const total = FPS * SECONDS;
      for (let i = 0; i < total; i++) {
        const t = i / total;
        const bg = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
        bg.addColorStop(0, `hsl(${video.hue}, 60%, 18%)`);
        bg.addColorStop(1, `hsl(${video.hue + 30}, 70%, 32%)`);
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, WIDTH, HEIGHT);
        // Drifting circles give the encoder some motion to show.
        for (let c = 0; c < 3; c++) {
          ctx.beginPath();
          ctx.fillStyle = `hsla(${video.hue + 40 * c}, 80%, 65%, 0.25)`;
          const x = ((t * (1 + c * 0.5) + c * 0.3) % 1) * (WIDTH + 80) - 40;
          ctx.arc(x, 40 + c * 50, 26 + c * 8, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.fillStyle = '#ffffff';
        ctx.font = 'bold 22px sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(video.title, WIDTH / 2, 86);
        ctx.font = '13px sans-serif';
        ctx.fillStyle = 'rgba(255,255,255,0.8)';
        ctx.fillText(video.subtitle, WIDTH / 2, 110);
        ctx.fillStyle = 'rgba(255,255,255,0.2)';
        ctx.fillRect(40, 140, WIDTH - 80, 4);
        ctx.fillStyle = '#38bdf8';
        ctx.fillRect(40, 140, (WIDTH - 80) * ((i + 1) / total), 4);
        const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / FPS) });
        encoder.encode(frame, { keyFrame: i % (FPS * 2) === 0 });
        frame.close();
      }
      await encoder.flush();
      return frames;
    },
    { video, WIDTH, HEIGHT, FPS, SECONDS },
  );
}

// WebCodecs needs a secure context: a page served from localhost is one.
const server = createServer((_req, res) => res.end('<!doctype html><title>encode</title>'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const profile = mkdtempSync(path.join(tmpdir(), 'make-videos-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (const video of VIDEOS) {
    const frames = await encode(page, video);
    const webm = mux(
      frames.map((f) => ({ ...f, data: Buffer.from(f.data) })),
      WIDTH,
      HEIGHT,
      SECONDS * 1000,
    );
    writeFileSync(path.join(OUT, video.file), webm);
    console.log(`${video.file}: ${frames.length} frames, ${webm.length} bytes`);
  }
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
