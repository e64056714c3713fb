#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse 12 (default config = mobile preset, simulated throttling)
// on the five page types, served from a snapshot of the production build by nginx on loopback.
//
// Lighthouse drives Debian's Chromium (/usr/bin/chromium, headless) started here with its
// debugging port on 127.0.0.1; both ports are free ones the kernel picks unless given.
// Prints category scores, LCP/TBT/CLS (median of --runs N, default 1), every audit that is not
// passing (with its id), and console errors, calling out React hydration errors #418/#423/#425.
//
// Options: --runs N  --root <dir> (default public/)  --port <nginx port>  --cdp-port <p>
//          --pages /a,/b  --out <dir> (Lighthouse JSON reports, default .bench/lighthouse/)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { arg, portArg, waitForQuietBuildDir, CHROMIUM, CHROMIUM_FLAGS, ensureBuild, median, pagesFromArgs, ROOT, serveSnapshot, table, waitForServer } from './lib.mjs';

const runs = Math.max(1, Math.min(20, Number(arg('runs', 1)) || 1));
const root = path.resolve(String(arg('root', path.join(ROOT, 'public'))));
const port = await portArg('port');
/** 0: Chromium binds a free port and names it in <profile>/DevToolsActivePort. */
const cdpPortAsked = arg('cdp-port') === undefined ? 0 : await portArg('cdp-port');
const outDir = path.resolve(String(arg('out', path.join(ROOT, '.bench', 'lighthouse'))));
const pages = pagesFromArgs();
const HYDRATION = /Minified React error #(418|423|425)/;

async function startChromium() {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'iofomo-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--headless', `--remote-debugging-port=${cdpPortAsked}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, '--no-default-browser-check', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    if (stderr.length < 4000) stderr += d;
  });
  const until = Date.now() + 20000;
  const portFile = path.join(profile, 'DevToolsActivePort');
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Chromium 退出了（${child.exitCode}）：${stderr}`);
    const cdpPort = cdpPortAsked || (existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0);
    try {
      if (!cdpPort) throw new Error('no port yet');
      const res = await fetch(`http://127.0.0.1:${cdpPort}/json/version`);
      if (res.ok) {
        const { Browser } = await res.json();
        return {
          version: Browser,
          port: cdpPort,
          async stop() {
            if (child.exitCode === null) {
              const exited = new Promise((r) => child.once('exit', r));
              child.kill('SIGTERM');
              await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
            }
            try {
              rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
            } catch {
              /* Chromium still writing its profile: leave the temp dir */
            }
          },
        };
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`Chromium 没有在 20 s 内打开调试端口${cdpPortAsked ? ` ${cdpPortAsked}` : ''}：${stderr}`);
}

const score = (lhr, id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
const num = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

/** Audits in the four categories that do not pass (score < 1; informative/manual/n.a. skipped). */
function failures(lhr) {
  const out = [];
  for (const [catId, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['manual', 'notApplicable', 'informative'].includes(audit.scoreDisplayMode)) continue;
      // Metrics are summarised in the table; list only metrics that lose points in performance.
      if (ref.group === 'metrics' && audit.score >= 0.9) continue;
      out.push({ category: catId, id: ref.id, weight: ref.weight, score: audit.score, title: audit.title, value: audit.displayValue ?? '' });
    }
  }
  return out;
}

function consoleErrors(lhr) {
  const items = lhr.audits['errors-in-console']?.details?.items ?? [];
  return items.map((i) => `${i.sourceLocation?.url ? `${i.sourceLocation.url.replace(/^https?:\/\/[^/]+/, '')}: ` : ''}${i.description ?? ''}`);
}

ensureBuild(root);
if (root === path.join(ROOT, 'public')) await waitForQuietBuildDir();
mkdirSync(outDir, { recursive: true });
const server = serveSnapshot(root, port);
let chromium;
const results = pages.map((page) => ({ ...page, runs: [] }));
try {
  await waitForServer(server.base);
  chromium = await startChromium();
  console.log(`Lighthouse 12 · 默认配置（移动端、模拟 4G + 4× CPU 降速）· ${chromium.version} · ${server.base} · 每页 ${runs} 次`);
  const load = os.loadavg()[0];
  console.log(`机器：${os.cpus().length} 核，Node ${process.version}，开始时 1 分钟负载 ${load.toFixed(1)}${load > os.cpus().length ? '（⚠ 机器正忙：TBT/性能分会偏差，请在空闲时重跑或用 --runs 取中位数）' : ''}\n`);
  for (let run = 1; run <= runs; run++) {
    for (const result of results) {
      const url = server.base + encodeURI(result.path);
      const t0 = Date.now();
      const rr = await lighthouse(url, { port: chromium.port, hostname: '127.0.0.1', output: 'json', logLevel: 'error' });
      const lhr = rr.lhr;
      if (lhr.runtimeError) console.log(`  ⚠ ${result.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const slug = (result.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home').slice(0, 60);
      writeFileSync(path.join(outDir, `${slug}-run${run}.json`), rr.report);
      const errors = consoleErrors(lhr);
      result.runs.push({
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        fcp: num(lhr, 'first-contentful-paint'),
        lcp: num(lhr, 'largest-contentful-paint'),
        tbt: num(lhr, 'total-blocking-time'),
        cls: num(lhr, 'cumulative-layout-shift'),
        si: num(lhr, 'speed-index'),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        failures: failures(lhr),
        errors,
        hydration: errors.filter((e) => HYDRATION.test(e)),
      });
      console.log(`  第 ${run}/${runs} 次 ${result.path}：性能 ${score(lhr, 'performance')}，${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  }

  const m = (r, key) => median(r.runs.map((x) => x[key]));
  const fmtMs = (v) => (v === null ? null : `${Math.round(v)} ms`);
  console.log(`\n## 结果${runs > 1 ? `（${runs} 次的中位数）` : ''}`);
  table(
    ['页面', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', '水合错误'],
    results.map((r) => [
      `${r.name} ${r.path}`,
      m(r, 'performance'),
      m(r, 'accessibility'),
      m(r, 'bestPractices'),
      m(r, 'seo'),
      fmtMs(m(r, 'fcp')),
      fmtMs(m(r, 'lcp')),
      fmtMs(m(r, 'tbt')),
      m(r, 'cls') === null ? null : m(r, 'cls').toFixed(3),
      fmtMs(m(r, 'si')),
      Math.max(...r.runs.map((x) => x.hydration.length)),
    ]),
  );
  console.log(`benchmarkIndex（本机 CPU 基准，中位数）：${Math.round(median(results.flatMap((r) => r.runs.map((x) => x.benchmarkIndex))) ?? 0)}；结束时 1 分钟负载 ${os.loadavg()[0].toFixed(1)}`);

  console.log('\n## 未通过的审计（audit id；数值取最后一次出现时的值，括号内为出现次数/运行次数）');
  for (const r of results) {
    const seen = new Map();
    for (const x of r.runs)
      for (const f of x.failures) {
        const key = `${f.category} ${f.id}`;
        const prev = seen.get(key);
        seen.set(key, { ...f, count: (prev?.count ?? 0) + 1 });
      }
    const list = [...seen.values()].sort((a, b) => a.category.localeCompare(b.category) || b.weight - a.weight);
    console.log(`${r.path}：${list.length ? '' : '无'}`);
    for (const f of list) console.log(`  [${f.category}] ${f.id}${f.weight ? ` (权重 ${f.weight})` : ''} — ${f.title}${f.value ? `：${f.value}` : ''}（${f.count}/${r.runs.length}）`);
    const errors = [...new Set(r.runs.flatMap((x) => x.errors))];
    if (errors.length) console.log(`  控制台错误：\n    ${errors.map((e) => e.slice(0, 200)).join('\n    ')}`);
    const hydration = [...new Set(r.runs.flatMap((x) => x.hydration))];
    if (hydration.length) console.log(`  ⚠ 水合错误（React #418/#423/#425）：${hydration.length} 种`);
  }
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ date: new Date().toISOString(), root, runs, results }, null, 2));
  console.log(`\nLighthouse 报告（JSON）：${path.relative(process.cwd(), outDir)}/`);
} finally {
  await chromium?.stop();
  server.stop();
}
