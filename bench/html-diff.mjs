#!/usr/bin/env node
// npm run bench:html-diff — are two builds the same site for readers?
//
//   node bench/html-diff.mjs <publicA> <publicB>       compare two existing build folders
//   node bench/html-diff.mjs --base <git-ref> [--head <git-ref>] [--prefix /fomosite] [--keep]
//        builds <base> (and <head>, default: this working tree) with `npm run build` in two
//        temporary copies (node_modules symlinked, SITE_STRICT=1), compares, removes them unless --keep
//
// Every file of both folders is paired by its path with content hashes normalised
// (app-<20 hex>.js → app-#.js). Then:
//   - HTML, JSON (page-data, app-data), XML (feeds, sitemap), txt, _headers, _redirects: the
//     text must be identical once hashed names are normalised: webpack's content hashes in file
//     names, the compilation hash, the CSP sha256 values (they hash inline scripts, which name
//     the hashed files) and Gatsby's node ids in page contexts (derived from the build folder);
//   - images and other binary files must be byte-identical;
//   - JavaScript (and its source maps) is the code that changed on purpose: only its size is
//     reported (raw and gzip, per file and total), like bench:weight.
// Prints a table, then the first difference of each differing file with some context, and exits
// 1 when anything but JavaScript differs.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { arg, kb, ROOT, table } from './lib.mjs';

const HASHED_NAME = /([\w.~%-]+?)-[0-9a-f]{20}(\.js(?:\.map)?|\.css(?:\.map)?)/g;
const COMPILATION_HASH = /((?:webpackCompilationHash|___webpackCompilationHash)["']?\s*[:=]\s*["'])[0-9a-f]+/g;
const CSP_HASH = /'sha256-[A-Za-z0-9+/]+=*'/g;
/** Gatsby node ids (page contexts in page-data) are derived from the files' absolute paths. */
const NODE_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const TEXT = /\.(html|json|xml|txt|svg|webmanifest)$|(^|\/)_(headers|redirects)$/;
const CODE = /\.(js|mjs|css)(\.map)?$/;

export function normalize(text) {
  return text.replace(HASHED_NAME, '$1-#$2').replace(COMPILATION_HASH, '$1#').replace(CSP_HASH, "'sha256-#'").replace(NODE_ID, '#');
}

const normalizePath = (rel) => rel.replace(HASHED_NAME, '$1-#$2');

function files(dir, base = dir, out = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, base, out);
    else if (entry.isFile()) {
      const rel = path.relative(base, full).split(path.sep).join('/');
      const key = normalizePath(rel);
      // Two files can normalise to one name (a warm build keeps the previous build's chunks):
      // keep both under distinct keys so neither hides the other.
      out.set(out.has(key) ? `${key} (${rel})` : key, full);
    }
  }
  return out;
}

function firstDifference(a, b, context = 90) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const line = a.slice(0, i).split('\n').length;
  const show = (s) => s.slice(Math.max(0, i - context), i + context).replace(/\n/g, '⏎');
  return { at: i, line, a: show(a), b: show(b) };
}

export function compare(dirA, dirB) {
  const a = files(dirA);
  const b = files(dirB);
  const kinds = new Map();
  const bump = (kind, field, n = 1) => {
    const k = kinds.get(kind) ?? { files: 0, same: 0, differ: 0, onlyA: 0, onlyB: 0, bytesA: 0, bytesB: 0, gzipA: 0, gzipB: 0 };
    k[field] += n;
    kinds.set(kind, k);
  };
  const kindOf = (rel) => (rel.endsWith('.html') ? 'HTML' : CODE.test(rel) ? (rel.endsWith('.map') ? 'source map' : rel.endsWith('.css') ? 'CSS' : 'JavaScript') : TEXT.test(rel) ? 'JSON/XML/文本' : '图片与其他');
  const differences = [];
  const jsSizes = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const kind = kindOf(key);
    bump(kind, 'files');
    const fa = a.get(key);
    const fb = b.get(key);
    if (!fa || !fb) {
      bump(kind, fa ? 'onlyA' : 'onlyB');
      if (kind !== 'JavaScript' && kind !== 'source map') differences.push({ key, kind, only: fa ? 'A' : 'B' });
      continue;
    }
    const ba = readFileSync(fa);
    const bb = readFileSync(fb);
    if (kind === 'JavaScript' || kind === 'source map' || kind === 'CSS') {
      bump(kind, 'bytesA', ba.length);
      bump(kind, 'bytesB', bb.length);
      if (kind !== 'source map') {
        const ga = gzipSync(ba, { level: 6 }).length;
        const gb = gzipSync(bb, { level: 6 }).length;
        bump(kind, 'gzipA', ga);
        bump(kind, 'gzipB', gb);
        jsSizes.push({ key, rawA: ba.length, rawB: bb.length, gzipA: ga, gzipB: gb });
      }
      bump(kind, ba.equals(bb) ? 'same' : 'differ');
      continue;
    }
    const same = TEXT.test(key) ? normalize(ba.toString('utf8')) === normalize(bb.toString('utf8')) : ba.equals(bb);
    bump(kind, same ? 'same' : 'differ');
    if (!same) differences.push({ key, kind, ...(TEXT.test(key) ? firstDifference(normalize(ba.toString('utf8')), normalize(bb.toString('utf8'))) : { binary: `${ba.length} → ${bb.length} 字节` }) });
  }
  return { kinds, differences, jsSizes };
}

export function printComparison({ kinds, differences, jsSizes }, labels = ['A', 'B']) {
  const order = ['HTML', 'JSON/XML/文本', '图片与其他', 'JavaScript', 'CSS', 'source map'];
  table(
    ['文件', '数量', '相同', '不同', `只在 ${labels[0]}`, `只在 ${labels[1]}`, '比较方式'],
    order
      .filter((k) => kinds.has(k))
      .map((k) => {
        const r = kinds.get(k);
        const how = k === 'HTML' || k === 'JSON/XML/文本' ? '文本，哈希归一' : k === '图片与其他' ? '逐字节' : '只比大小';
        return [k, r.files, r.same, r.differ, r.onlyA, r.onlyB, how];
      }),
  );
  const js = kinds.get('JavaScript');
  if (js) {
    console.log(`\nJavaScript 合计：原始 ${kb(js.bytesA)} → ${kb(js.bytesB)} KB，gzip ${kb(js.gzipA)} → ${kb(js.gzipB)} KB（${(((js.gzipB - js.gzipA) / js.gzipA) * 100).toFixed(2)}%）`);
    const changed = jsSizes.filter((s) => s.gzipA !== s.gzipB).sort((x, y) => Math.abs(y.gzipB - y.gzipA) - Math.abs(x.gzipB - x.gzipA));
    if (changed.length) {
      table(
        ['JS 文件（哈希归一）', `原始 ${labels[0]}`, `原始 ${labels[1]}`, `gzip ${labels[0]}`, `gzip ${labels[1]}`, 'gzip 差'],
        changed.slice(0, 12).map((s) => [s.key, s.rawA, s.rawB, s.gzipA, s.gzipB, `${s.gzipB - s.gzipA > 0 ? '+' : ''}${s.gzipB - s.gzipA}`]),
      );
    }
  }
  if (!differences.length) {
    console.log('\n✓ 除 JavaScript 外完全相同（HTML、page-data、订阅、站点地图、图片……）');
    return true;
  }
  console.log(`\n✗ ${differences.length} 个文件不同：`);
  for (const d of differences.slice(0, 20)) {
    if (d.only) console.log(`  - ${d.key}：只在 ${labels[d.only === 'A' ? 0 : 1]} 里`);
    else if (d.binary) console.log(`  - ${d.key}：${d.binary}`);
    else console.log(`  - ${d.key}（第 ${d.line} 行，第 ${d.at} 个字符）\n      ${labels[0]}: …${d.a}…\n      ${labels[1]}: …${d.b}…`);
  }
  if (differences.length > 20) console.log(`  ……另有 ${differences.length - 20} 个`);
  return false;
}

const SKIP = new Set(['node_modules', 'public', '.cache', '.git', '.e2e', '.bench']);

/** A copy of a git ref (or of the working tree when ref is null) with node_modules symlinked. */
function checkout(ref, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  if (ref) {
    const archive = execFileSync('git', ['archive', '--format=tar', ref], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dest], { input: archive });
  } else {
    cpSync(ROOT, dest, { recursive: true, filter: (src) => !SKIP.has(path.relative(ROOT, src).split(path.sep)[0]) });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dest, 'node_modules'));
}

function build(dir, label, prefix) {
  const env = { ...process.env, CI: '1', NO_COLOR: '1', GATSBY_TELEMETRY_DISABLED: '1', SITE_STRICT: '1', ...(prefix ? { SITE_BASE_URL: prefix } : {}) };
  process.stdout.write(`构建 ${label}（${dir}）…`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build', '--', ...(prefix ? ['--prefix-paths'] : [])], { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.log(' ✗');
    console.log(`${r.stdout}\n${r.stderr}`.split('\n').slice(-30).join('\n'));
    throw new Error(`${label} 构建失败`);
  }
  console.log(` ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return path.join(dir, 'public');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'html-diff.mjs')) {
  const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')));
  let dirs;
  let labels;
  const base = arg('base');
  if (typeof base === 'string') {
    const head = arg('head');
    const prefix = typeof arg('prefix') === 'string' ? arg('prefix') : '';
    const work = mkdtempSync(path.join(os.tmpdir(), 'iofomo-html-diff-'));
    if (arg('keep', false) !== true) process.once('exit', () => rmSync(work, { recursive: true, force: true }));
    const headLabel = typeof head === 'string' ? head : '工作区';
    const siteA = path.join(work, 'base');
    const siteB = path.join(work, 'head');
    checkout(base, siteA);
    checkout(typeof head === 'string' ? head : null, siteB);
    dirs = [build(siteA, base, prefix), build(siteB, headLabel, prefix)];
    labels = [base, headLabel];
  } else if (positional.length === 2) {
    dirs = positional.map((p) => path.resolve(p));
    labels = ['A', 'B'];
    for (const d of dirs) if (!existsSync(path.join(d, 'index.html'))) throw new Error(`${d} 里没有 index.html`);
  } else {
    console.error('用法：node bench/html-diff.mjs <publicA> <publicB>  或  node bench/html-diff.mjs --base <git-ref> [--head <git-ref>] [--prefix /fomosite]');
    process.exit(2);
  }
  console.log(`比较 ${labels[0]}: ${dirs[0]}\n  与 ${labels[1]}: ${dirs[1]}\n`);
  const ok = printComparison(compare(dirs[0], dirs[1]), labels);
  process.exitCode = ok ? 0 : 1;
}
