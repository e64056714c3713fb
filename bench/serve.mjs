#!/usr/bin/env node
// npm run bench:serve — load test of the production nginx config (deploy/, scripts/nginx.mjs)
// serving public/ on loopback, with Debian's wrk (apt-get install -y wrk).
// wrk requests a random mix of the real routes of __tests__/routes.txt (bench/serve.lua) and the
// script prints requests/s, p50/p99 latency and the count of non-2xx responses.
//   node bench/serve.mjs [--duration 30] [--connections 32] [--threads 2] [--encoding gzip|br|identity]
//                        [--root public] [--routes __tests__/routes.txt] [--port <free>] [--workers 1]
// Bounded: at most 60 s, 256 connections, 4 threads; only 127.0.0.1, on a free port unless --port.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx } from '../scripts/nginx.mjs';
import { portArg, stopServer } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMITS = { duration: 60, connections: 256, threads: 4 };

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

function bounded(name, fallback, max, min = 1) {
  const value = Number(arg(name, fallback));
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} 必须是 ${min}–${max} 之间的整数（收到 ${arg(name, fallback)}）`);
  return value;
}

const duration = bounded('duration', 30, LIMITS.duration);
const threads = bounded('threads', 2, LIMITS.threads);
const connections = bounded('connections', 32, LIMITS.connections, threads);
const port = await portArg('port');
const workers = bounded('workers', 1, 8);
const encoding = arg('encoding', 'gzip');
if (!['gzip', 'br', 'identity'].includes(encoding)) throw new Error('--encoding 只能是 gzip、br 或 identity');
const siteRoot = path.resolve(arg('root', path.join(ROOT, 'public')));

const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
if (!wrk) {
  console.error('找不到 wrk：请先安装 Debian 的 wrk（apt-get install -y wrk）');
  process.exit(2);
}
if (!existsSync(path.join(siteRoot, 'index.html'))) {
  console.error(`${siteRoot} 里没有构建产物：先运行 npm run build`);
  process.exit(2);
}

/**
 * A route as it goes on the request line: routes.txt types Chinese tags as text (/blog/tags/IT人生)
 * and spaces as %20; wrk sends paths as they are, and rejects raw UTF-8 ("invalid URL"), so every
 * character outside printable ASCII is percent-encoded as UTF-8, as a browser sends it.
 */
function requestPath(route) {
  return route.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

const routesFile = path.resolve(arg('routes', path.join(ROOT, '__tests__/routes.txt')));
const routes = readFileSync(routesFile, 'utf8')
  .split('\n')
  .map((line) => line.trim().split(/\s+/)[0] ?? '')
  .filter((route) => route.startsWith('/'))
  .map(requestPath);
const workDir = path.join(ROOT, '.bench');
mkdirSync(workDir, { recursive: true });
const pathsDir = mkdtempSync(path.join(os.tmpdir(), 'iofomo-bench-serve-'));
const pathsFile = path.join(pathsDir, 'paths.txt');
writeFileSync(pathsFile, `${routes.join('\n')}\n`);

const { url } = startNginx({ siteRoot, port, workers, accessLog: false });
const base = `http://127.0.0.1:${port}`;
if (!url.startsWith(base)) throw new Error(`not loopback: ${url}`);
try {
  // Every route must answer 200 before measuring: a benchmark of 404 pages says nothing.
  const broken = [];
  for (const route of routes) {
    const response = await fetch(`${base}${route}`, { redirect: 'manual' });
    if (response.status !== 200) broken.push(`${route} → ${response.status}`);
    await response.arrayBuffer();
  }
  if (broken.length) throw new Error(`these routes do not answer 200:\n  ${broken.join('\n  ')}`);

  console.log(`wrk：${duration} s，${threads} 线程，${connections} 连接，${routes.length} 个路由随机混合，Accept-Encoding: ${encoding}，nginx ${workers} worker → ${base}`);
  const run = spawnSync(
    wrk,
    [
      '--threads',
      String(threads),
      '--connections',
      String(connections),
      '--duration',
      `${duration}s`,
      '--timeout',
      '5s',
      '--latency',
      '--script',
      path.join(ROOT, 'bench/serve.lua'),
      `${base}/`,
      '--',
      pathsFile,
      encoding,
    ],
    { encoding: 'utf8', timeout: (duration + 30) * 1000, killSignal: 'SIGKILL' },
  );
  if (run.error) throw run.error;
  const line = run.stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (run.status !== 0 || !line) throw new Error(`wrk failed (status ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const result = JSON.parse(line.slice('BENCH_JSON '.length));
  const ms = (us) => `${(us / 1000).toFixed(2)} ms`;
  const socketErrors = Object.values(result.socket_errors).reduce((a, b) => a + b, 0);
  console.log('');
  console.log(`  请求总数     ${result.requests}（${(result.bytes / 1048576).toFixed(1)} MiB）`);
  console.log(`  requests/s   ${result.requests_per_s.toFixed(0)}`);
  console.log(`  延迟 p50     ${ms(result.latency_us.p50)}`);
  console.log(`  延迟 p99     ${ms(result.latency_us.p99)}`);
  console.log(`  延迟 max     ${ms(result.latency_us.max)}`);
  console.log(`  非 2xx 响应  ${result.non2xx}`);
  console.log(`  套接字错误   ${socketErrors}`);
  writeFileSync(path.join(workDir, 'serve.json'), `${JSON.stringify({ date: new Date().toISOString(), duration, threads, connections, encoding, workers, routes: routes.length, ...result }, null, 2)}\n`);
  if (result.non2xx > 0 || socketErrors > 0) process.exitCode = 1;
} finally {
  stopServer(port);
  rmSync(pathsDir, { recursive: true, force: true });
}
