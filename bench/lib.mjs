// Shared helpers for the bench/ scripts: the pages measured, serving a build snapshot with nginx,
// launching Debian's Chromium, source-map attribution of JS chunks, and plain-text tables.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx, stopNginx } from '../scripts/nginx.mjs';

/** Debian's Chromium and its flags: the same as the e2e tests' (scripts/chromium.cjs). */
export { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.cjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The five page types the page-weight benches measure (docs/performance.md). */
export const PAGES = [
  { name: '首页', path: '/' },
  { name: '博客列表', path: '/blog' },
  { name: '文章（代码）', path: '/blog/binder' },
  { name: '文档（代码+图）', path: '/docs/desktop/wing/Introduce' },
  { name: '标签页', path: '/blog/tags/android' },
];

export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  return value === undefined || value.startsWith('--') ? true : value;
}

/** A TCP port on 127.0.0.1 that nothing listens on at this moment (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The port given as --<name>, or else a free one: no benchmark binds a fixed port, so two
 * checkouts (or a test run and a benchmark) never collide.
 */
export async function portArg(name) {
  const given = arg(name);
  if (given === undefined) return freePort();
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) throw new Error(`--${name} 必须是 1024–65535 之间的端口（收到 ${given}）`);
  return port;
}

export function pagesFromArgs() {
  const list = arg('pages');
  if (typeof list !== 'string') return PAGES;
  return list.split(',').map((p) => ({ name: PAGES.find((known) => known.path === p)?.name ?? '页面', path: p }));
}

/**
 * Makes sure a production build exists in `root` (default public/). Only when public/ is missing
 * (a fresh clone) does it run `npm run build`; an existing build is never rebuilt or touched.
 */
export function ensureBuild(root) {
  if (existsSync(path.join(root, 'index.html'))) return;
  if (path.resolve(root) !== path.join(ROOT, 'public')) throw new Error(`${root} 里没有 index.html`);
  console.log('public/ 里没有构建产物：先运行 npm run build ……');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

/** PIDs of `gatsby build` processes running in `dir` (someone rebuilding public/ right now). */
export function gatsbyBuildsIn(dir) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!cmd.some((a) => /gatsby(\/cli\.js)?$/.test(a)) || !cmd.includes('build')) continue;
      if (readlinkSync(`/proc/${entry}/cwd`) === path.resolve(dir)) pids.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return pids;
}

/** Waits (at most `maxMs`) while a `gatsby build` runs in the repo, so the snapshot is a whole build. */
export async function waitForQuietBuildDir(maxMs = 15 * 60000) {
  const until = Date.now() + maxMs;
  let told = false;
  while (gatsbyBuildsIn(ROOT).length && Date.now() < until) {
    if (!told) console.log(`仓库里正在运行 gatsby build（pid ${gatsbyBuildsIn(ROOT).join(', ')}）：等它结束再复制 public/ ……`);
    told = true;
    await new Promise((r) => setTimeout(r, 5000));
  }
  if (gatsbyBuildsIn(ROOT).length) console.log('⚠ gatsby build 仍在运行：复制到的 public/ 可能不完整');
}

/**
 * Copies the build into a temp dir (so a concurrent `gatsby build` in the repo cannot change files
 * mid-measurement) and serves the copy with nginx on loopback. Returns { base, dir, stop }.
 */
export function serveSnapshot(root, port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'iofomo-bench-site-'));
  chmodSync(dir, 0o755); // nginx workers run as an unprivileged user
  cpSync(root, dir, { recursive: true });
  const { url } = startNginx({ siteRoot: dir, port });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopServer(port);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  return { base: url, dir, stop };
}

/** Stops the loopback nginx on `port` and removes its folder (.e2e/nginx-<port>/: ports are not reused). */
export function stopServer(port) {
  stopNginx({ port });
  rmSync(path.join(ROOT, '.e2e', `nginx-${port}`), { recursive: true, force: true });
}

/** Waits (bounded) until the server answers. */
export async function waitForServer(base, timeoutMs = 10000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx 没有在 ${timeoutMs} ms 内响应 ${base}/`);
}

/**
 * The environment variables a package.json script sets before its command ("MALLOC_ARENA_MAX=2
 * gatsby build" → { MALLOC_ARENA_MAX: '2' }): the benchmarks run gatsby as `npm run build` and
 * `npm run develop` do. `project` is the directory whose package.json is read (the copy being
 * measured).
 */
export function scriptEnv(name, project = ROOT) {
  const script = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).scripts?.[name] ?? '';
  const env = {};
  for (const m of script.matchAll(/(?:^|\s)([A-Z_][A-Z0-9_]*)=(\S+)(?=\s)/g)) {
    if (
      script
        .slice(0, m.index)
        .trim()
        .split(/\s+/)
        .every((w) => !w || /^[A-Z_][A-Z0-9_]*=/.test(w))
    )
      env[m[1]] = m[2];
  }
  return env;
}

// ---------- a throw-away copy of the project ----------

const COPY_SKIP = new Set(['node_modules', 'public', '.cache', '.git', '.e2e', '.bench']);

/**
 * The project (without node_modules, public, .cache, .git, .e2e, .bench) copied to a new temp
 * dir, node_modules symlinked: benchmarks build and edit there, never in the repo.
 */
export function copyProject(prefix) {
  const work = mkdtempSync(path.join(os.tmpdir(), prefix));
  const site = path.join(work, 'site');
  cpSync(ROOT, site, { recursive: true, filter: (src) => !COPY_SKIP.has(path.relative(ROOT, src).split(path.sep)[0]) });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  return { work, site };
}

// ---------- a process tree's memory and CPU (/proc) ----------

export { treeStats } from '../scripts/lib/process-tree.mjs';

/**
 * What each of `pids` holds now: RSS split into anonymous memory (heaps) and mapped files (LMDB,
 * code), with a short name from its command line. Read only when a new peak is seen.
 */
export function memoryParts(pids) {
  const parts = [];
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kbOf = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const name = argv
        .slice(0, 3)
        .map((a) => path.basename(a))
        .join(' ');
      parts.push({ pid, name, rss: kbOf('VmRSS'), anon: kbOf('RssAnon'), file: kbOf('RssFile') + kbOf('RssShmem') });
    } catch {
      /* exited meanwhile */
    }
  }
  return parts.sort((a, b) => b.rss - a.rss);
}

// ---------- formatting ----------

export const kb = (bytes) => (bytes / 1024).toFixed(1);
export const median = (values) => {
  const sorted = [...values].filter((v) => v !== null && v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Display width: CJK and full-width characters take two columns. */
function width(text) {
  let w = 0;
  for (const ch of String(text)) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}

function pad(text, size, right) {
  const gap = ' '.repeat(Math.max(0, size - width(text)));
  return right ? gap + text : text + gap;
}

/** Prints rows (arrays of strings) under headers; numeric-looking cells are right-aligned. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))));
  const sizes = headers.map((_, i) => Math.max(...cells.map((r) => width(r[i] ?? ''))));
  const numeric = headers.map((_, i) => rows.every((r) => /^[-+]?[\d.,]+( ?[a-zA-Z%]+)?$|^—$|^$/.test(String(r[i] ?? '—'))));
  const line = (r) => '| ' + r.map((c, i) => pad(c, sizes[i], numeric[i])).join(' | ') + ' |';
  const out = [line(cells[0]), '|' + sizes.map((s, i) => (numeric[i] ? '-'.repeat(s + 1) + ':' : '-'.repeat(s + 2))).join('|') + '|', ...cells.slice(1).map(line)];
  console.log(out.join('\n'));
}

// ---------- source maps: which packages/modules make up a chunk ----------

const B64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((ch, i) => [ch, i]));

function decodeVlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64[ch];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Groups a webpack source path into a readable module family: a package name or a src/ folder. */
export function moduleFamily(source) {
  const s = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = s.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (pkg === 'react-dom' && /server/.test(rest.slice(1).join('/'))) return 'react-dom/server';
    if (pkg === 'prismjs' && rest[1] === 'components') return 'prismjs/components';
    return pkg;
  }
  if (s.startsWith('content/')) return 'content (MDX)';
  const m = /^(src\/(?:components\/[^/]+|[^/]+))/.exec(s);
  if (m) return m[1];
  return s.split('/').slice(0, 2).join('/') || s;
}

/**
 * Attributes the minified bytes of a JS file to module families using its .map (segment lengths
 * on each generated line). Returns [{ family, bytes }] sorted by size, or null without a map.
 */
export function chunkComposition(jsFile) {
  const mapFile = `${jsFile}.map`;
  if (!existsSync(mapFile) || !existsSync(jsFile)) return null;
  let map;
  try {
    map = JSON.parse(readFileSync(mapFile, 'utf8'));
  } catch {
    return null;
  }
  const code = readFileSync(jsFile, 'utf8').split('\n');
  const totals = new Map();
  const lines = map.mappings.split(';');
  let source = 0;
  for (let li = 0; li < lines.length; li++) {
    const lineLength = (code[li] ?? '').length; // source-map columns count UTF-16 units
    const segments = lines[li] ? lines[li].split(',').map(decodeVlq) : [];
    let column = 0;
    const starts = [];
    for (const seg of segments) {
      column += seg[0];
      if (seg.length >= 4) {
        source += seg[1];
        starts.push([column, source]);
      } else {
        starts.push([column, -1]);
      }
    }
    for (let i = 0; i < starts.length; i++) {
      const [col, src] = starts[i];
      const end = i + 1 < starts.length ? starts[i + 1][0] : lineLength;
      const family = src >= 0 ? moduleFamily(map.sources[src] ?? '?') : '(webpack glue)';
      totals.set(family, (totals.get(family) ?? 0) + Math.max(0, end - col));
    }
  }
  // Scale code units to the file's real byte size (Chinese strings take 3 bytes in UTF-8).
  const units = [...totals.values()].reduce((a, b) => a + b, 0) || 1;
  const scale = Buffer.byteLength(code.join('\n')) / units;
  return [...totals].map(([family, n]) => ({ family, bytes: Math.round(n * scale) })).sort((a, b) => b.bytes - a.bytes);
}

/** "app-3bbf…js" → "app"; content-hashed split chunks keep their id. */
export function chunkLabel(urlPath) {
  const file = decodeURIComponent(urlPath.split('/').pop() ?? urlPath);
  return file.replace(/-[0-9a-f]{20}\.js$/, '').replace(/\.js$/, '');
}
