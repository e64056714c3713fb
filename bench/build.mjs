#!/usr/bin/env node
// npm run bench:build — build time and memory, in a temporary copy of the project.
//
// Never touches the repo's public/ or .cache/: the project (without node_modules, public, .cache,
// .git, .e2e, .bench) is copied to a temp dir with node_modules symlinked, and every build runs
// there. Three kinds of run:
//   cold   `gatsby clean` + `gatsby build` of the real content
//   warm   `gatsby build` again after appending a paragraph to one post
//   cached `gatsby clean` + `gatsby build` once more: Gatsby's .cache is gone but the build cache
//          that outlives it (resized images, share cards: gatsby/cache.ts) is kept, as
//          on CI with its cache step or for an editor after `gatsby clean`
//          (every run uses a build cache folder of its own in the temp dir, empty at the start,
//          so "cold" really starts with nothing)
//   scale  for each N in --sizes: N synthetic Chinese files (half posts, half docs, linking to each
//          other, see scripts/lib/synthetic.mjs) in a temp content dir, `gatsby clean` + `gatsby build`
//          with SITE_CONTENT_DIR pointing at it; with --media they also show pictures (a third of the
//          posts, as the real ones) and link files, which the build resizes and copies
// Each build is what `npm run build` does: `gatsby build`, then the package.json "postbuild"
// script (timed on its own). Gatsby runs under `/usr/bin/time -v` (peak RSS of the largest single
// process, user+sys CPU of the whole tree) while /proc is sampled every 250 ms for the whole
// process tree (gatsby + its workers: the memory the machine actually needs). Every `success
// <phase> - Ns` line of Gatsby's log is stamped with the tree's CPU time at that moment, so each
// phase gets its wall seconds and the CPU seconds spent since the previous phase line: on a
// shared machine CPU seconds are the figure to compare. Wall time, CPU time, pages, pages/s,
// output size and every phase are printed per run; the logs are kept in .bench/build-logs/.
//
// Options: --sizes 500,2000,5000 (default 500)  --only cold,warm,cached,scale  --keep (keep the temp dir; with scale,
//          the last size's content, public/ and caches too)
//          --repeat N (cold and warm N times each, default 1; medians are printed)
//          --no-edit (scale: skip the one-edit rebuild that follows each scale build: a paragraph
//          appended to one post, `gatsby build` again with that build's caches; its log's counts of
//          what the post-build pass redid are printed)
//          --media (scale: pictures and linked files too)
//          --timeout-min 60 (per build)  --heap-mb <MB> (raise Node's ~4 GB heap limit for gatsby)
//          --profile <dir> (CPU profiles of Gatsby's worker processes, bench/profile-summary.mjs reads them)
//          --json <file> (default .bench/build.json)  --gatsby <cli.js> (default node_modules/gatsby/cli.js)
// A build that fails (e.g. JavaScript heap out of memory) is reported as a row with its time and
// peak memory; larger sizes are then skipped.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import v8 from 'node:v8';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { arg, copyProject, kb, median, memoryParts, ROOT, scriptEnv, table, treeStats } from './lib.mjs';
import { PHASE_LINE } from '../scripts/build-phases.mjs';
import { generateContent } from '../scripts/lib/synthetic.mjs';

const sizes = String(arg('sizes', '500'))
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0 && n <= 20000);
const only = new Set(String(arg('only', 'cold,warm,cached,scale')).split(','));
const keep = arg('keep', false) === true;
const timeoutMs = Number(arg('timeout-min', 60)) * 60000;
const jsonOut = path.resolve(String(arg('json', path.join(ROOT, '.bench', 'build.json'))));
const heapMb = Number(arg('heap-mb', 0));
const repeat = Math.max(1, Number(arg('repeat', 1)) || 1);
/** --no-edit: no one-edit rebuild after each scale build. */
const noEdit = arg('no-edit', false) === true;
const media = arg('media', false) === true;
const logDir = path.join(ROOT, '.bench', 'build-logs');
const POSTBUILD = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.postbuild ?? null;
/** Node's default heap limit here is ~4 GB; --heap-mb raises it to see what a larger site needs. */
/**
 * --profile <dir>: every Gatsby worker process (the page queries, then the HTML) writes a CPU
 * profile into <dir> (bench/profile-worker.cjs; read one with bench/profile-summary.mjs). Sampling
 * slows the workers a little: such a run's times are not figures.
 */
const profileArg = arg('profile', '');
const profileDir = typeof profileArg === 'string' && profileArg ? path.resolve(profileArg) : null;
const nodeOptions = [process.env.NODE_OPTIONS ?? '', heapMb > 0 ? `--max-old-space-size=${heapMb}` : '', profileDir ? `--require ${path.join(ROOT, 'bench', 'profile-worker.cjs')}` : ''].filter(Boolean).join(' ');
const heapEnv = nodeOptions ? { NODE_OPTIONS: nodeOptions, ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}) } : {};
/** The gatsby CLI run (--gatsby: another one, e.g. a patched or newer Gatsby to compare). */
const GATSBY = path.resolve(String(arg('gatsby', path.join(ROOT, 'node_modules', 'gatsby', 'cli.js'))));
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

if (!existsSync(GATSBY)) throw new Error('找不到 node_modules/gatsby：请先 npm install');

// ---------- running gatsby ----------

function parseTime(file) {
  if (!file || !existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  const num = (re) => Number(re.exec(text)?.[1] ?? NaN);
  return {
    maxRssSingle: num(/Maximum resident set size \(kbytes\): (\d+)/) * 1024,
    userS: num(/User time \(seconds\): ([\d.]+)/),
    sysS: num(/System time \(seconds\): ([\d.]+)/),
  };
}

const fileLabel = (label) => label.replace(/[^\w.=-]+/g, '-').replace(/^-|-$/g, '');

/**
 * Runs `gatsby <args>` (or, with `shell`, a shell command) in `cwd`; returns wall time, memory,
 * CPU, the phases with their CPU seconds, and the log.
 */
function gatsby(cwd, args, { env = {}, label, shell = null }) {
  mkdirSync(logDir, { recursive: true });
  const log = path.join(logDir, `${fileLabel(label)}.log`);
  const timeFile = path.join(cwd, '..', `time-${fileLabel(label)}.txt`);
  writeFileSync(log, '');
  const inner = shell ? ['/bin/sh', '-c', shell] : [process.execPath, GATSBY, ...args];
  const command = TIME ? TIME : inner[0];
  const argv = TIME ? ['-v', '-o', timeFile, ...inner] : inner.slice(1);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, argv, {
      cwd,
      detached: true, // own process group: a timeout can stop gatsby and all its workers
      env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', GATSBY_TELEMETRY_DISABLED: '1', SITE_BUILD_CACHE: path.join(cwd, '..', 'build-cache'), ...scriptEnv('build'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peak = 0;
    let peakAt = 0;
    let peakProcesses = 0;
    let peakParts = [];
    let cpuSeen = 0;
    // The largest tree RSS since the last phase line: that phase's peak (it ends with its line).
    let sincePhase = 0;
    const sample = () => {
      const { total, cpu, processes, pids } = treeStats(child.pid);
      if (total > sincePhase) sincePhase = total;
      if (total > peak) {
        peak = total;
        peakAt = Number(process.hrtime.bigint() - started) / 1e9;
        peakParts = memoryParts(pids);
      }
      if (processes > peakProcesses) peakProcesses = processes;
      // Children that exited and were reaped move into their parent's cutime: never go back.
      if (cpu > cpuSeen) cpuSeen = cpu;
      return cpuSeen;
    };
    // Each phase line, stamped with the tree's CPU seconds and the wall clock when it arrived.
    const stamps = [];
    let pending = '';
    const stampPhases = (chunk) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = PHASE_LINE.exec(line);
        if (!m) continue;
        stamps.push({ name: m[1].replace(/\s+/g, ' ').trim(), s: Number(m[2]), cpu: sample(), at: Number(process.hrtime.bigint() - started) / 1e9, peak: sincePhase });
        sincePhase = 0;
      }
    };
    const sampler = setInterval(sample, 250);
    const timer = setTimeout(() => {
      console.log(`  ⚠ 超过 ${timeoutMs / 60000} 分钟，停止这次构建（进程组 ${child.pid}）`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    const write = (d) => appendFileSync(log, d);
    child.stdout.on('data', (d) => {
      write(d);
      stampPhases(d);
    });
    child.stderr.on('data', write);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      clearTimeout(timer);
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      const text = readFileSync(log, 'utf8');
      const failure = code === 0 ? null : /heap out of memory/i.test(text) ? 'JS 堆内存不足（OOM）' : `退出码 ${code}`;
      const times = parseTime(TIME ? timeFile : null);
      // CPU per phase: the tree's CPU spent between the previous phase line and this one.
      let before = 0;
      const phaseCpu = stamps.map((p) => {
        const row = { name: p.name, s: p.s, cpuS: Math.max(0, p.cpu - before), at: p.at, peak: p.peak };
        before = Math.max(before, p.cpu);
        return row;
      });
      // The phase the peak fell in: the first phase line stamped after it (its end).
      const peakPhase = stamps.find((st) => st.at >= peakAt)?.name ?? '（最后一行之后）';
      resolve({
        wallS,
        peakTreeRss: peak,
        peakPhase,
        peakProcesses,
        peakParts,
        ...times,
        phaseCpu,
        log: text,
        logFile: log,
        failure,
        tail: text
          .split('\n')
          .filter((l) => l.trim())
          .slice(-25)
          .join('\n'),
      });
    });
  });
}

/**
 * Gatsby prints `success <phase> - 1.234s`; phases that repeat (e.g. query runs) are summed.
 * Returns [{ name, s, cpuS, peak }] in the order they first finished (peak: the tree's largest RSS
 * sampled between the line before and this one).
 */
function phaseTotals(phaseCpu) {
  const totals = new Map();
  for (const p of phaseCpu) {
    const t = totals.get(p.name) ?? { name: p.name, s: 0, cpuS: 0, peak: 0 };
    t.s += p.s;
    t.cpuS += p.cpuS;
    t.peak = Math.max(t.peak, p.peak ?? 0);
    totals.set(p.name, t);
  }
  return [...totals.values()];
}

const slowest = (phases, top = 5) =>
  [...phases]
    .sort((a, b) => b.s - a.s)
    .slice(0, top)
    .map((p) => `${p.name} ${p.s.toFixed(1)}s`);

function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else visit(full, entry.name);
  }
}

/** What the build produced: page count, output size, the JS every page loads, page-data sizes. */
function output(publicDir) {
  let pages = 0;
  let bytes = 0;
  let html = 0;
  let htmlFiles = 0;
  let docData = { n: 0, bytes: 0 };
  walk(publicDir, (file, name) => {
    const size = statSync(file).size;
    if (!name.endsWith('.map')) bytes += size;
    if (name === 'page-data.json') {
      pages++;
      if (file.includes(`${path.sep}page-data${path.sep}docs${path.sep}`)) docData = { n: docData.n + 1, bytes: docData.bytes + size };
    }
    if (name.endsWith('.html')) {
      html += size;
      htmlFiles++;
    }
  });
  // Gatsby inlines window.___chunkMapping (every page component's chunks) into every HTML file.
  let chunkMapping = 0;
  try {
    const home = readFileSync(path.join(publicDir, 'index.html'), 'utf8');
    chunkMapping = Buffer.byteLength(/window\.___chunkMapping=([\s\S]*?)<\/script>/.exec(home)?.[1] ?? '');
  } catch {
    /* no home page */
  }
  // The scripts on every page: webpack-runtime + app carry a map entry for every page component,
  // which grows with the number of MDX files.
  // A warm build leaves the previous build's hashed files in public/: take the current ones.
  let shared = [];
  try {
    const stats = JSON.parse(readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8'));
    shared = [...new Set(Object.values(stats.assetsByChunkName ?? {}).flat())].filter((f) => /^(app|webpack-runtime)-[0-9a-f]+\.js$/.test(f));
  } catch {
    /* no stats file */
  }
  if (!shared.length) {
    const newest = (re) =>
      readdirSync(publicDir)
        .filter((f) => re.test(f))
        .sort((a, b) => statSync(path.join(publicDir, b)).mtimeMs - statSync(path.join(publicDir, a)).mtimeMs)[0];
    shared = [newest(/^app-[0-9a-f]+\.js$/), newest(/^webpack-runtime-[0-9a-f]+\.js$/)].filter(Boolean);
  }
  const sharedGzip = shared.reduce((n, f) => n + gzipSync(readFileSync(path.join(publicDir, f)), { level: 6 }).length, 0);
  return { pages, bytes, html, htmlAvg: htmlFiles ? html / htmlFiles : 0, chunkMapping, sharedGzip, docDataAvg: docData.n ? docData.bytes / docData.n : 0 };
}

// ---------- main ----------

const { work, site } = copyProject('iofomo-bench-build-');
const cleanup = () => {
  if (!keep) rmSync(work, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  cleanup();
  process.exit(130);
});

const cpus = os.cpus();
console.log(`机器：${cpus.length} 核 ${cpus[0]?.model ?? ''}，内存 ${(os.totalmem() / 2 ** 30).toFixed(1)} GB，Node ${process.version}`);
console.log(`临时副本：${site}（node_modules → ${path.join(ROOT, 'node_modules')}）`);
console.log(
  `内存测量：${TIME ? '/usr/bin/time -v（最大单进程 RSS）+ ' : ''}/proc 采样（进程树 RSS 总和，每 250 ms）；Node 堆上限 ${heapMb > 0 ? `${heapMb} MB（--heap-mb）` : `默认（约 ${Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20)} MB）`}\n`,
);
if (profileDir) console.log(`CPU 剖析：Gatsby 的每个工作进程写到 ${profileDir}（node bench/profile-summary.mjs <文件> --last <页面查询的秒数>；采样让工作进程稍慢，这次的时间不作数）\n`);

/**
 * What a build redid, in its own words: Gatsby's page counts for queries and HTML, and the lines in
 * which the post-build steps say how much they took from their caches.
 */
function workCounts(log) {
  const clean = stripVTControlCharacters(log);
  const lines = clean.split('\n');
  const gatsbyCounts = lines.filter((l) => /^success (run queries in workers|Building static HTML for pages|Writing page-data)/.test(l)).map((l) => l.replace(/^success /, ''));
  const ours = lines.filter((l) => /^info (搜索：|分享卡片：|已写出 \d+ 个 Markdown|已把 |相关文章)/.test(l)).map((l) => l.replace(/^info /, ''));
  return [...gatsbyCounts, ...ours];
}

const rows = [];
async function measure(kind, label, { clean, env = {}, files }) {
  const load = os.loadavg()[0];
  if (clean) {
    const c = await gatsby(site, ['clean'], { env, label: `${label}-clean` });
    if (c.failure) throw new Error(`gatsby clean 失败：${c.tail}`);
  }
  // Cold and scale runs start with an empty build cache too (each --repeat round's cold run
  // would otherwise find the images and cards of the round before); 'cached', 'warm' and the one-edit rebuild keep it.
  if (kind === 'cold' || kind === 'scale') rmSync(path.join(site, '..', 'build-cache'), { recursive: true, force: true });
  process.stdout.write(`${kind} ${label} …`);
  const r = await gatsby(site, ['build'], { env: { ...env, ...heapEnv }, label });
  // What `npm run build` runs next (package.json "postbuild"), timed on its own.
  const post = !r.failure && POSTBUILD ? await gatsby(site, [], { env, label: `${label}-postbuild`, shell: POSTBUILD }) : null;
  const failure = r.failure ?? (post?.failure ? `postbuild ${post.failure}` : null);
  const out = failure ? { pages: null, bytes: null, html: null, htmlAvg: null, chunkMapping: null, sharedGzip: null, docDataAvg: null } : output(path.join(site, 'public'));
  const plannedPages = Number(/已生成 (\d+) 个内容页面/.exec(r.log)?.[1] ?? NaN);
  const phases = phaseTotals(r.phaseCpu);
  const gatsbyCpuS = (r.userS ?? NaN) + (r.sysS ?? NaN);
  const postCpuS = post ? (post.userS ?? NaN) + (post.sysS ?? NaN) : 0;
  const row = {
    kind,
    label,
    files,
    ...out,
    plannedPages,
    failure,
    gatsbyWallS: r.wallS,
    gatsbyCpuS,
    postbuildWallS: post?.wallS ?? 0,
    postbuildCpuS: postCpuS,
    wallS: r.wallS + (post?.wallS ?? 0),
    cpuS: gatsbyCpuS + postCpuS,
    maxRssSingle: r.maxRssSingle ?? null,
    peakTreeRss: Math.max(r.peakTreeRss, post?.peakTreeRss ?? 0),
    peakPhase: r.peakPhase,
    peakProcesses: r.peakProcesses,
    loadBefore: load,
    loadAfter: os.loadavg()[0],
    phases,
    counts: workCounts(r.log),
    log: r.logFile,
  };
  rows.push(row);
  if (failure) {
    const tail = post?.failure ? post.tail : r.tail;
    console.log(
      ` ✗ 失败：${failure}，${row.wallS.toFixed(1)} s 后；进程树峰值 ${(row.peakTreeRss / 2 ** 20).toFixed(0)} MB（日志 ${r.logFile}）\n${tail
        .split('\n')
        .slice(-8)
        .map((l) => `    | ${l.slice(0, 200)}`)
        .join('\n')}`,
    );
  } else {
    console.log(
      ` ${row.wallS.toFixed(1)} s（gatsby build ${r.wallS.toFixed(1)} s + postbuild ${row.postbuildWallS.toFixed(1)} s），CPU ${row.cpuS.toFixed(1)} s，${out.pages} 页，进程树峰值 ${(row.peakTreeRss / 2 ** 20).toFixed(0)} MB（在“${row.peakPhase}”阶段；1 分钟负载 ${load.toFixed(1)} → ${row.loadAfter.toFixed(1)}）`,
    );
  }
  console.log(`    最慢的阶段：${slowest(phases).join('；') || '—'}`);
  const peakParts = r.peakTreeRss >= (post?.peakTreeRss ?? 0) ? r.peakParts : post.peakParts;
  const mbOf = (bytes) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    `    峰值时的进程（RSS = 匿名内存 + 映射文件，MB）：${
      peakParts
        .filter((p) => p.rss >= 20 * 2 ** 20)
        .map((p) => `${p.name} ${mbOf(p.rss)} = ${mbOf(p.anon)} + ${mbOf(p.file)}`)
        .join('；') || '—'
    }`,
  );
  return row;
}

/** Every phase of the runs of one kind: wall and CPU seconds per run (a column per run). */
function phaseTable(kindRows) {
  const names = [];
  for (const r of kindRows) for (const p of r.phases) if (!names.includes(p.name)) names.push(p.name);
  const cell = (r, name) => {
    const p = r.phases.find((q) => q.name === name);
    return p ? `${p.s.toFixed(1)} / ${p.cpuS.toFixed(1)} / ${p.peak ? (p.peak / 2 ** 20).toFixed(0) : '—'}` : '—';
  };
  const lines = names.map((name) => [name, ...kindRows.map((r) => cell(r, name))]);
  lines.push(['postbuild（package.json）', ...kindRows.map((r) => `${r.postbuildWallS.toFixed(1)} / ${r.postbuildCpuS.toFixed(1)}`)]);
  lines.push(['合计（gatsby build + postbuild）', ...kindRows.map((r) => `${r.wallS.toFixed(1)} / ${r.cpuS.toFixed(1)}`)]);
  table(['阶段（墙钟 s / CPU s / 进程树峰值 MB）', ...kindRows.map((r) => r.label)], lines);
}

const mb = (b) => (b === null || Number.isNaN(b) ? null : (b / 2 ** 20).toFixed(0));
function report() {
  console.log('\n## 构建耗时与内存');
  table(
    ['运行', '内容文件', '页面', '墙钟 s', 'CPU s', '页面/s', '单进程峰值 MB', '进程树峰值 MB', 'public MB', 'HTML 平均 KB', '内联 chunkMapping KB', 'app+runtime gzip KB', '文档 page-data 平均 KB', '结果'],
    rows.map((r) => [
      r.label,
      r.files,
      r.pages ?? (Number.isNaN(r.plannedPages) ? null : `(${r.plannedPages})`),
      r.wallS.toFixed(1),
      Number.isNaN(r.cpuS) ? null : r.cpuS.toFixed(0),
      r.pages ? (r.pages / r.wallS).toFixed(1) : null,
      mb(r.maxRssSingle),
      mb(r.peakTreeRss),
      r.bytes === null ? null : (r.bytes / 2 ** 20).toFixed(1),
      r.htmlAvg === null ? null : kb(r.htmlAvg),
      r.chunkMapping === null ? null : kb(r.chunkMapping),
      r.sharedGzip === null ? null : kb(r.sharedGzip),
      r.docDataAvg === null ? null : kb(r.docDataAvg),
      r.failure ? `✗ ${r.failure}` : 'ok',
    ]),
  );
  for (const kind of ['cold', 'warm', 'cached', 'scale']) {
    const kindRows = rows.filter((r) => r.kind === kind && !r.failure);
    if (!kindRows.length) continue;
    console.log(`\n## ${kind}：各阶段（Gatsby 日志里的 success 行；CPU 为上一行之后整个进程树用掉的 CPU 秒）`);
    phaseTable(kindRows);
    if (kindRows.length > 1 && kind !== 'scale') {
      console.log(
        `中位数：墙钟 ${median(kindRows.map((r) => r.wallS)).toFixed(1)} s，CPU ${median(kindRows.map((r) => r.cpuS)).toFixed(1)} s，进程树峰值 ${(median(kindRows.map((r) => r.peakTreeRss)) / 2 ** 20).toFixed(0)} MB`,
      );
    }
  }
  const scale = rows.filter((r) => r.kind === 'scale' && !r.failure);
  if (scale.length > 1) {
    const [a, b] = [scale[0], scale[scale.length - 1]];
    console.log(
      `\n增长（${a.files} → ${b.files} 个文件，×${(b.files / a.files).toFixed(1)}）：墙钟 ×${(b.wallS / a.wallS).toFixed(2)}，页面/s ${(a.pages / a.wallS).toFixed(1)} → ${(b.pages / b.wallS).toFixed(1)}，进程树峰值 ×${(b.peakTreeRss / a.peakTreeRss).toFixed(2)}，app+runtime ×${(b.sharedGzip / a.sharedGzip).toFixed(2)}，每页内联 chunkMapping ×${(b.chunkMapping / a.chunkMapping).toFixed(2)}`,
    );
  }
  const over = rows.filter((r) => r.peakTreeRss > 4 * 2 ** 30);
  if (over.length) console.log(`⚠ 超过 4 GB（进程树）：${over.map((r) => r.label).join(' ')}`);
  mkdirSync(path.dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), cpus: cpus.length, node: process.version, rows }, null, 2));
  console.log(`\n明细：${path.relative(process.cwd(), jsonOut)}；日志：${path.relative(process.cwd(), logDir)}/${keep ? `；临时目录保留在 ${work}` : ''}`);
}

/** Appends a paragraph to one post of a blog folder (the first or the middle one by folder name). */
function editOnePost(blogDir, which) {
  const folders = readdirSync(blogDir)
    .filter((d) => existsSync(path.join(blogDir, d, 'index.mdx')))
    .sort();
  const post = path.join(blogDir, folders[which === 'middle' ? Math.floor(folders.length / 2) : 0], 'index.mdx');
  appendFileSync(post, `\n\n性能测试追加的一段：修改一篇文章之后重新构建，只有受影响的页面需要重新生成（${new Date().toISOString()}）。\n`);
  console.log(`  已修改 ${path.relative(site, post)}`);
}

try {
  const realFiles = (() => {
    let n = 0;
    walk(path.join(site, 'content'), (_, name) => (n += name.endsWith('.mdx') ? 1 : 0));
    return n;
  })();
  for (let run = 1; run <= repeat; run++) {
    const n = repeat > 1 ? ` #${run}` : '';
    const cold = only.has('cold') || only.has('warm') || only.has('cached') ? await measure('cold', `cold（clean 后）${n}`, { clean: true, files: realFiles }) : null;
    if (only.has('warm') && !cold?.failure) {
      editOnePost(path.join(site, 'content', 'blog'), 'first');
      await measure('warm', `warm（改一篇文章）${n}`, { clean: false, files: realFiles });
    }
    if (only.has('cached') && !cold?.failure) await measure('cached', `cached（clean 后，保留构建缓存）${n}`, { clean: true, files: realFiles });
  }
  if (only.has('scale')) {
    for (const n of sizes) {
      const dir = path.join(site, `bench-content-${n}`);
      const t0 = Date.now();
      const { posts, docs, bytes, pictures, attachments } = generateContent(dir, n, { authorsFile: path.join(site, 'content', 'authors.json'), media });
      const withMedia = media ? `，图片 ${pictures} 张、附件 ${attachments} 个` : '';
      console.log(`  生成 ${posts} 篇文章 + ${docs} 篇文档（${(bytes / 2 ** 20).toFixed(1)} MB${withMedia}，${Date.now() - t0} ms）→ ${path.relative(site, dir)}`);
      const row = await measure('scale', `scale N=${n}`, { clean: true, env: { SITE_CONTENT_DIR: dir }, files: n });
      // The one-edit rebuild: a paragraph added to one post, `gatsby build` again with the caches of the build just made.
      if (!row.failure && !noEdit) {
        editOnePost(path.join(dir, 'blog'), 'middle');
        const edit = await measure('scale-edit', `scale N=${n} 改一篇`, { clean: false, env: { SITE_CONTENT_DIR: dir }, files: n });
        for (const line of edit.counts ?? []) console.log(`    ${line}`);
      }
      // --keep: the last size's content, build and caches stay, for another one-edit build by hand.
      if (!keep || n !== sizes[sizes.length - 1]) {
        rmSync(dir, { recursive: true, force: true });
        rmSync(path.join(site, 'public'), { recursive: true, force: true });
      }
      if (row.failure) {
        const rest = sizes.filter((m) => m > n);
        if (rest.length) console.log(`  N=${n} 已失败：跳过更大的 ${rest.join(', ')}`);
        break;
      }
    }
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (rows.length) report();
  cleanup();
}
