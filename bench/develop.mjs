#!/usr/bin/env node
// npm run bench:develop — the editor's loop, in a temporary copy of the project.
//
// 1. `gatsby clean`, then `gatsby develop` (127.0.0.1, --port, default a free port): seconds until the
//    server is ready (it printed "You can now view …" and finished "Building development
//    bundle"), until a doc page answers (its HTML and its page-data.json both 200; develop runs
//    a page's queries when it is first asked for), and until Chromium (playwright-core +
//    /usr/bin/chromium) has rendered it;
// 2. with that tab open, three edits, each timed from the moment the file is written until the
//    tab shows the new text, without a reload (a marker set in the page must survive):
//      - a paragraph appended to the doc's .mdx,
//      - the footer's copyright in src/config/site.ts,
//      - a line added to a component (src/components/layout/Footer.tsx);
//    every edited file is restored right after (also on failure or Ctrl-C), and the tab must
//    lose the text again before the next edit;
// 3. develop stopped and started again without cleaning: ready / doc page with a warm .cache.
// Each edit is measured --repeat times (default 3); medians and every run are printed, with the
// slowest develop phases from Gatsby's log and the process tree's peak memory and CPU.
// develop runs as in an editor's terminal, not as under CI (see editorEnv).
// Nothing in the repo is touched: the copy gets its own .cache, public and build cache (empty at
// the first start, so "clean" starts with nothing cached).
//
// Options: --port <p>  --doc /docs/desktop/wing/Introduce  --repeat 3  --no-warm  --keep
//          --timeout-s 300 (per start)  --json <file> (default .bench/develop.json)
//          --gatsby <cli.js> (default node_modules/gatsby/cli.js)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { arg, portArg, CHROMIUM, CHROMIUM_FLAGS, copyProject, median, ROOT, scriptEnv, table, treeStats } from './lib.mjs';

const port = await portArg('port');
const docPath = String(arg('doc', '/docs/desktop/wing/Introduce'));
const repeat = Math.max(1, Number(arg('repeat', 3)) || 1);
const warm = arg('no-warm', false) !== true;
const keep = arg('keep', false) === true;
const startTimeoutMs = Number(arg('timeout-s', 300)) * 1000;
const jsonOut = path.resolve(String(arg('json', path.join(ROOT, '.bench', 'develop.json'))));
/** The gatsby CLI run (--gatsby: another one; the smoke test in __tests__/unit/bench.test.ts passes a stand-in). */
const GATSBY = path.resolve(String(arg('gatsby', path.join(ROOT, 'node_modules', 'gatsby', 'cli.js'))));
const base = `http://127.0.0.1:${port}`;

if (!existsSync(GATSBY)) throw new Error('找不到 node_modules/gatsby：请先 npm install');
if (!docPath.startsWith('/docs/')) throw new Error(`--doc 必须是文档页的路径（/docs/…），收到 ${docPath}`);

const { work, site } = copyProject('iofomo-bench-develop-');
const docFile = path.join(site, 'content', 'docs', `${decodeURIComponent(docPath.slice('/docs/'.length))}.mdx`);
if (!existsSync(docFile)) throw new Error(`找不到 ${docPath} 的源文件 ${path.relative(site, docFile)}`);
const pageDataUrl = `${base}/page-data${encodeURI(decodeURIComponent(docPath))}/page-data.json`;

// ---------- edits, always undone ----------

/** Original text of every file an edit changed and has not restored yet. */
const pending = new Map();
function restoreAll() {
  for (const [file, text] of pending) writeFileSync(file, text);
  pending.clear();
}

/** The three edits: a file and a pure function of its text that makes `token` appear on the doc page. */
const EDITS = [
  {
    name: '改 .mdx（追加一段）',
    file: docFile,
    apply: (text, token) => `${text.trimEnd()}\n\n${token} 性能测试追加的一段：编辑器保存之后，打开的页面不刷新就显示出来。\n`,
  },
  {
    name: '改 src/config/site.ts（页脚版权）',
    file: path.join(site, 'src', 'config', 'site.ts'),
    apply: (text, token) => text.replace(/(copyright:\s*`[^`]*)`/, `$1 ${token}\``),
  },
  {
    name: '改组件 Footer.tsx（加一行）',
    file: path.join(site, 'src', 'components', 'layout', 'Footer.tsx'),
    apply: (text, token) => text.replace(/<\/footer>/, `  <p>${token}</p>\n    </footer>`),
  },
];

// ---------- running gatsby develop ----------

let develop = null;

function stopDevelop() {
  if (!develop) return;
  try {
    process.kill(-develop.child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  develop = null;
}

function cleanup() {
  restoreAll();
  stopDevelop();
  if (!keep) rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function status(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * The environment of an editor's terminal: without CI. Under CI (CI=1 and the like) Gatsby's
 * develop turns off Query on Demand and gatsby-plugin-sharp its lazy images, so it would run every
 * page's queries and every image job before it is ready, which is not what `npm run develop`
 * does on an editor's machine.
 */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID', 'GITHUB_ACTIONS', 'GATSBY_CI'];
const editorEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CI_VARIABLES.includes(name)));

/** Starts `gatsby develop` in the copy; resolves once the doc page and its data answer. */
async function startDevelop(label) {
  const logFile = path.join(work, `develop-${label}.log`);
  writeFileSync(logFile, '');
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const child = spawn(process.execPath, [GATSBY, 'develop', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: site,
    detached: true, // own process group: stopping it stops the workers too
    // A build cache (build/cache.ts) of the copy's own, empty at the first start.
    env: { ...editorEnv, NO_COLOR: '1', FORCE_COLOR: '0', GATSBY_TELEMETRY_DISABLED: '1', SITE_BUILD_CACHE: path.join(work, 'build-cache'), ...scriptEnv('develop') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { child, log: '', readyS: null, exited: null, peakRss: 0, cpuS: 0 };
  develop = state;
  const onData = (d) => {
    // Plain text: without a terminal Gatsby still moves the cursor.
    const text = d.toString('utf8').replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
    state.log += text;
    writeFileSync(logFile, state.log);
    // Gatsby says "You can now view" before the development bundle is built: ready is both.
    if (state.readyS === null && /You can now view/.test(state.log) && /^success Building development bundle/m.test(state.log)) state.readyS = seconds();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code) => (state.exited = code));
  const sampler = setInterval(() => {
    const { total, cpu } = treeStats(child.pid);
    state.peakRss = Math.max(state.peakRss, total);
    state.cpuS = Math.max(state.cpuS, cpu);
  }, 250);
  state.stopSampling = () => clearInterval(sampler);

  let docS = null;
  while (docS === null) {
    if (state.exited !== null) throw new Error(`gatsby develop 退出了（${state.exited}）：\n${state.log.split('\n').slice(-20).join('\n')}`);
    if (performance.now() - started > startTimeoutMs) throw new Error(`gatsby develop ${startTimeoutMs / 1000} s 内没有就绪（日志 ${logFile}）`);
    if (state.readyS !== null && (await status(`${base}${docPath}`)) === 200 && (await status(pageDataUrl)) === 200) docS = seconds();
    else await sleep(100);
  }
  return { ...state, docS, logFile, seconds };
}

/** Gatsby's `success <phase> - Ns` lines, slowest first. */
function slowPhases(log, top = 6) {
  const totals = new Map();
  for (const m of log.matchAll(/^success (.+?) - ([\d.]+)s/gm)) totals.set(m[1].trim(), (totals.get(m[1].trim()) ?? 0) + Number(m[2]));
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, s]) => `${name} ${s.toFixed(1)}s`);
}

// ---------- the measurements ----------

/** Writes the edit, times until the open tab shows `token` (no reload), then undoes it. */
async function timeEdit(page, edit) {
  const original = readFileSync(edit.file, 'utf8');
  const token = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const changed = edit.apply(original, token);
  if (changed === original) throw new Error(`${path.relative(site, edit.file)}：找不到要修改的位置`);
  await page.evaluate(() => {
    window.__benchNoReload = true;
  });
  pending.set(edit.file, original);
  const t0 = performance.now();
  writeFileSync(edit.file, changed);
  try {
    await page.waitForFunction((t) => document.body?.innerText.includes(t), token, { polling: 'raf', timeout: 60000 });
    const s = (performance.now() - t0) / 1000;
    const reloaded = !(await page.evaluate(() => window.__benchNoReload === true));
    return { s, reloaded };
  } finally {
    writeFileSync(edit.file, original);
    pending.delete(edit.file);
    await page.waitForFunction((t) => !document.body?.innerText.includes(t), token, { polling: 'raf', timeout: 60000 }).catch(() => {});
  }
}

const results = { date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, doc: docPath, port, cold: null, edits: [], warm: null };
let browser = null;
try {
  console.log(`机器：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node ${process.version}，1 分钟负载 ${os.loadavg()[0].toFixed(1)}`);
  console.log(`临时副本：${site}；文档页 ${docPath}（${path.relative(site, docFile)}）；端口 ${port}\n`);
  spawnSync(process.execPath, [GATSBY, 'clean'], { cwd: site, stdio: 'ignore' });

  process.stdout.write('gatsby develop（clean 后）…');
  const cold = await startDevelop('cold');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  const page = await browser.newPage();
  await page.goto(`${base}${docPath}`, { waitUntil: 'domcontentloaded', timeout: 120000 });
  await page.waitForSelector('main h1, article h1, h1', { timeout: 120000 });
  const renderedS = cold.seconds();
  results.cold = { readyS: cold.readyS, docS: cold.docS, renderedS, phases: slowPhases(cold.log) };
  console.log(` 就绪 ${cold.readyS.toFixed(1)} s，文档页可访问 ${cold.docS.toFixed(1)} s，浏览器渲染完成 ${renderedS.toFixed(1)} s`);
  console.log(`    最慢的阶段：${results.cold.phases.join('；')}`);

  for (const edit of EDITS) {
    const runs = [];
    for (let i = 0; i < repeat; i++) {
      runs.push(await timeEdit(page, edit));
      await sleep(500);
    }
    const row = { name: edit.name, runs, medianS: median(runs.map((r) => r.s)), reloads: runs.filter((r) => r.reloaded).length };
    results.edits.push(row);
    console.log(`${edit.name}：${runs.map((r) => r.s.toFixed(2)).join(' / ')} s${row.reloads ? `（其中 ${row.reloads} 次整页刷新）` : ''}`);
  }
  cold.stopSampling();
  results.cold.peakRss = cold.peakRss;
  results.cold.cpuS = cold.cpuS;
  await browser.close();
  browser = null;
  stopDevelop();
  await sleep(1500);

  if (warm) {
    process.stdout.write('gatsby develop（保留 .cache 再启动）…');
    const again = await startDevelop('warm');
    again.stopSampling();
    results.warm = { readyS: again.readyS, docS: again.docS, phases: slowPhases(again.log), peakRss: again.peakRss };
    console.log(` 就绪 ${again.readyS.toFixed(1)} s，文档页可访问 ${again.docS.toFixed(1)} s`);
    stopDevelop();
  }

  console.log('\n## 开发服务器');
  const f = (s) => (s === null || s === undefined ? '—' : s.toFixed(2));
  table(
    ['测量', '秒（中位数）', '各次', '说明'],
    [
      ['就绪（clean 后："You can now view" 且开发包已构建）', f(results.cold.readyS), '', ''],
      ['文档页可访问（HTML 与 page-data 均 200）', f(results.cold.docS), '', docPath],
      ['浏览器里渲染完成', f(results.cold.renderedS), '', 'Chromium'],
      ...results.edits.map((e) => [`${e.name} → 页面显示`, f(e.medianS), e.runs.map((r) => f(r.s)).join(' / '), e.reloads ? `${e.reloads} 次整页刷新` : '无刷新']),
      ...(results.warm ? [['再次启动就绪（保留 .cache）', f(results.warm.readyS), '', ''], ['再次启动后文档页可访问', f(results.warm.docS), '', '']] : []),
    ],
  );
  console.log(`\n进程树峰值 ${(results.cold.peakRss / 2 ** 20).toFixed(0)} MB，CPU ${results.cold.cpuS.toFixed(1)} s（首次启动到编辑结束）`);
  if (results.warm) console.log(`再次启动最慢的阶段：${results.warm.phases.join('；')}`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  cleanup();
  mkdirSync(path.dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  console.log(`\n明细：${path.relative(process.cwd(), jsonOut)}${keep ? `；临时目录保留在 ${work}` : ''}`);
}
