// Where a page's main-thread time goes, from a Chromium performance trace: the total
// of the renderer's tasks, the long ones (> 50 ms) and what Lighthouse counts as blocking time
// (each long task's time over 50 ms), with the trace's thread time (CPU time, which moves less
// with the machine's load than wall time) beside the wall time. Compares builds of the web app
// in the same minutes, one run of each in turn:
//
//   npm run build && node scripts/trace-dashboard.mjs                       this build
//   node scripts/trace-dashboard.mjs before=/tmp/before/web-dist after=apps/web/dist
//
// TRACE_RUNS (default 5) runs per build, TRACE_CPU (default 4) the CPU slowdown Lighthouse's
// mobile profile uses, TRACE_PATH the page (default the Spend Dashboard, signed in).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from './built-server.mjs';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.TRACE_RUNS ?? 5);
const CPU = Number(process.env.TRACE_CPU ?? 4);
const PAGE = process.env.TRACE_PATH ?? '/home/supplierSpend/report/spend';
/** TRACE_PROFILE=1: also a JavaScript CPU profile, its functions by self time (an unminified build names them). */
const PROFILE = Boolean(process.env.TRACE_PROFILE);
const EMAIL = 'buyer.admin@acme.example';
const PASSWORD = 'Demo@2020';

const variants = process.argv.slice(2).map((arg) => {
  const [name, dist] = arg.split('=');
  return { name, dist: path.resolve(dist) };
});
if (variants.length === 0)
  variants.push({ name: 'this build', dist: path.join(ROOT, 'apps/web/dist') });

async function startServer(webDist) {
  const server = await startBuiltServer({ webDist });
  const { url } = server;
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const token = (await res.json()).accessToken;
  return { ...server, token };
}

async function readStream(cdp, handle) {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return JSON.parse(text);
}

/** The renderer main thread's top-level tasks and the time of a few kinds of work. */
function summarise(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const tasksOf = (pid, tid) =>
    events
      .filter(
        (e) =>
          e.pid === pid &&
          e.tid === tid &&
          e.ph === 'X' &&
          (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
      )
      .sort((a, b) => a.ts - b.ts);
  let best = null;
  for (const m of mains) {
    const tasks = tasksOf(m.pid, m.tid);
    const total = tasks.reduce((s, t) => s + t.dur, 0);
    if (!best || total > best.total) best = { pid: m.pid, tid: m.tid, tasks, total };
  }
  // Top level only: a task inside another is counted in it.
  const top = [];
  let end = -1;
  for (const t of best.tasks) {
    if (t.ts >= end) {
      top.push(t);
      end = t.ts + t.dur;
    }
  }
  const ms = (us) => us / 1000;
  const kinds = {};
  for (const e of events) {
    if (e.pid !== best.pid || e.tid !== best.tid || e.ph !== 'X') continue;
    if (
      [
        'FunctionCall',
        'EvaluateScript',
        'v8.compile',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'ParseAuthorStyleSheet',
        'MajorGC',
        'MinorGC',
        'V8.GC_SCAVENGER',
        'MajorGC',
      ].includes(e.name)
    ) {
      kinds[e.name] = (kinds[e.name] ?? 0) + ms(e.dur);
    }
  }
  // TRACE_LONG_MS: what counts as long (50 ms; 12.5 ms finds what is long at 4x).
  const long = top.filter((t) => t.dur > Number(process.env.TRACE_LONG_MS ?? 50) * 1000);
  return {
    tasks: ms(top.reduce((s, t) => s + t.dur, 0)),
    cpu: ms(top.reduce((s, t) => s + (t.tdur ?? 0), 0)),
    longTasks: long.length,
    longMs: ms(long.reduce((s, t) => s + t.dur, 0)),
    blocking: ms(top.reduce((s, t) => s + Math.max(0, t.dur - 50_000), 0)),
    // As Lighthouse's simulated throttling estimates it from an unthrottled trace: each task
    // 4x as long, its time over 50 ms blocking (TRACE_CPU=1).
    simulated: ms(top.reduce((s, t) => s + Math.max(0, 4 * t.dur - 50_000), 0)),
    longest: ms(Math.max(0, ...top.map((t) => t.dur))),
    long: long.map((t) => ({ ts: t.ts, dur: t.dur })),
    kinds,
  };
}

function printProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  });
  const rows = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TRACE_TOP ?? 40));
  console.table(rows.map(([fn, ms]) => ({ fn, ms: Math.round(ms) })));
  const byFile = new Map();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = f.url.replace(/^.*\//, '') || f.functionName;
    byFile.set(key, (byFile.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  });
  console.table(
    [...byFile.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([file, ms]) => ({ file, ms: Math.round(ms) })),
  );
  // Inclusive time of a few functions of interest (TRACE_FNS=a,b,c).
  const wanted = (process.env.TRACE_FNS ?? '').split(',').filter(Boolean);
  if (wanted.length) {
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map(wanted.map((w) => [w, 0]));
    profile.samples.forEach((id, i) => {
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const name = byId.get(cur).callFrame.functionName;
        if (incl.has(name) && !seen.has(name)) {
          seen.add(name);
          incl.set(name, incl.get(name) + (dt[i + 1] ?? 0) / 1000);
        }
      }
    });
    console.table([...incl.entries()].map(([fn, ms]) => ({ fn, inclusive: Math.round(ms) })));
  }
}

/** What a profile sample was doing: the first rule its stack matches, leaf first. */
function categorise(stack) {
  const names = stack.map((f) => f.functionName);
  const has = (...ns) => names.some((n) => ns.includes(n));
  const leaf = stack[0];
  if (leaf.functionName === '(idle)') return null;
  if (leaf.functionName === '(garbage collector)') return 'gc';
  if (leaf.functionName === '(program)') return 'program (native)';
  if (has('setScaleParam', 'calculateNodeStyling', 'resizeTextarea'))
    return 'forced layout (Avatar, TextArea)';
  if (
    stack.some(
      (f) =>
        /export-bar/.test(f.url) &&
        ['setOption', 'init', 'resize', 'dispose'].includes(f.functionName),
    )
  )
    return 'echarts';
  if (
    has(
      'useStyleRegister',
      'useCSSVarRegister',
      'useCacheToken',
      'injectCSS$1',
      'useToken',
      'useGlobalCache',
    )
  )
    return 'antd css-in-js';
  if (has('renderWithHooks', 'beginWork', 'completeWork', 'reconcileChildFibersImpl'))
    return 'react render';
  if (has('commitRoot', 'commitRootImpl', 'flushPassiveEffects', 'commitHookEffectListMount'))
    return 'react commit/effects';
  if (has('EvaluateScript') || stack.length === 1)
    return `script ${leaf.url.replace(/^.*\//, '') || leaf.functionName}`;
  const root = stack[stack.length - 1];
  return `other ${root.url.replace(/^.*\//, '')}:${root.functionName}`;
}

function printCategories(profile, longTasks) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map();
  const catOf = (id) => {
    if (!cache.has(id)) {
      const stack = [];
      for (let cur = id; cur !== undefined; cur = parent.get(cur))
        stack.push(byId.get(cur).callFrame);
      cache.set(id, categorise(stack.filter((f) => f.functionName !== '(root)')));
    }
    return cache.get(id);
  };
  const total = new Map();
  const inLong = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const c = catOf(id);
    if (!c) return;
    total.set(c, (total.get(c) ?? 0) + ms);
    const l = longTasks.find((task) => t >= task.ts && t < task.ts + task.dur);
    if (l) {
      inLong.set(c, (inLong.get(c) ?? 0) + ms);
      l.what ??= new Map();
      l.what.set(c, (l.what.get(c) ?? 0) + ms);
    }
  });
  console.table(
    [...total.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([what, ms]) => ({
        what,
        ms: Math.round(ms),
        'in long tasks': Math.round(inLong.get(what) ?? 0),
      })),
  );
  const t0 = longTasks[0]?.ts ?? 0;
  for (const l of longTasks) {
    const parts = [...(l.what ?? new Map()).entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `long task +${Math.round((l.ts - t0) / 1000)} ms, ${Math.round(l.dur / 1000)} ms: ` +
        parts.map(([w, ms]) => `${w} ${Math.round(ms)}`).join(', '),
    );
  }
}

async function measure(browser, server) {
  // TRACE_MOBILE=1: Lighthouse's phone (412 x 823 at 1.75), else a 1440 x 900 window.
  const context = await browser.newContext(
    process.env.TRACE_MOBILE
      ? {
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        }
      : { viewport: { width: 1440, height: 900 } },
  );
  await context.addInitScript((t) => localStorage.setItem('accessToken', t), server.token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8',
    transferMode: 'ReturnAsStream',
  });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const started = Date.now();
  await page.goto(`${server.url}${PAGE}`);
  await page.waitForLoadState('networkidle');
  // Every card answered and every chart drawn.
  await page.waitForFunction(
    () => globalThis.document.querySelectorAll('.ant-skeleton, [data-skeleton]').length === 0,
    null,
    {
      timeout: 120_000,
    },
  );
  await page.waitForTimeout(3000);
  const loaded = Date.now() - started;
  const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  if (profile) printProfile(profile);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  const trace = await readStream(cdp, stream);
  await context.close();
  const summary = summarise(trace);
  if (profile) printCategories(profile, summary.long);
  return { ...summary, loaded };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const servers = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const v of variants) servers.push(await startServer(v.dist));
  const results = variants.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < variants.length; i++) {
      const r = await measure(browser, servers[i]);
      results[i].push(r);
      console.log(
        `${variants[i].name} run ${run + 1}: tasks ${Math.round(r.tasks)} ms, cpu ${Math.round(r.cpu)} ms, ` +
          `long ${r.longTasks} (${Math.round(r.longMs)} ms, longest ${Math.round(r.longest)}), blocking ${Math.round(r.blocking)} ms` +
          (CPU === 1 ? `, at 4x ${Math.round(r.simulated)} ms` : ''),
      );
    }
  }
  const rows = variants.map((v, i) => {
    const rs = results[i];
    const kinds = {};
    for (const k of Object.keys(rs[0].kinds))
      kinds[k] = Math.round(median(rs.map((r) => r.kinds[k] ?? 0)));
    return {
      build: v.name,
      'main thread (ms)': Math.round(median(rs.map((r) => r.tasks))),
      'CPU (ms)': Math.round(median(rs.map((r) => r.cpu))),
      'long tasks': median(rs.map((r) => r.longTasks)),
      'long (ms)': Math.round(median(rs.map((r) => r.longMs))),
      'longest (ms)': Math.round(median(rs.map((r) => r.longest))),
      'blocking (ms)': Math.round(median(rs.map((r) => r.blocking))),
      ...(CPU === 1
        ? { 'blocking at 4x (ms)': Math.round(median(rs.map((r) => r.simulated))) }
        : {}),
      ...kinds,
    };
  });
  console.log(`\nmedians of ${RUNS} runs, CPU slowdown ${CPU}x, ${PAGE}`);
  console.table(rows);
} finally {
  await browser.close();
  for (const s of servers) s.stop();
}
