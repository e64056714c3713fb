/**
 * Smoke tests of the benchmark scripts (issue 25 item 6): each bench/ script runs once in a tiny
 * mode — a few pages, one page, a one-second load — and must exit normally and print the line
 * that carries its figures. What they measure is not checked here, only that they still run:
 * nobody notices a broken benchmark until the day its figures are needed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TINY_ROUTES, writeTinySite } from './support/tiny-site';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const STAND_IN = path.join(__dirname, 'support/gatsby-stand-in.mjs');

let work = '';
let site = '';
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'bench-smoke-'));
  chmodSync(work, 0o755); // bench:serve serves the site in place: nginx's workers must reach it
  site = path.join(work, 'site');
  writeTinySite(site);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a bench script (node for .mjs, tsx for .mts) in the repository; its output and status. */
function bench(script: string, args: string[], timeoutMs = 120_000): { status: number | null; out: string } {
  const command = script.endsWith('.mts') ? TSX : process.execPath;
  const run = spawnSync(command, [path.join(ROOT, 'bench', script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: run.status, out: `${run.stdout}${run.stderr}${run.error ? String(run.error) : ''}` };
}

/** Exit status 0 and the figure line in the output (the output's end is shown when either is missing). */
function expectRan(run: { status: number | null; out: string }, figureLine: RegExp): void {
  const ok = run.status === 0 && figureLine.test(run.out);
  expect(ok ? 'ran' : `status ${run.status}, output:\n${run.out.slice(-3000)}`).toBe('ran');
}

describe('benchmark scripts run in a tiny mode and print their figures', () => {
  test('bench:serve — one second of wrk over Chinese tag routes, percent-encoded on the request line', () => {
    // Only non-ASCII routes: wrk checks the first request it is given, whichever route that is.
    const routes = path.join(work, 'routes.txt');
    writeFileSync(routes, `${TINY_ROUTES.filter((r) => /[^\x21-\x7e]/.test(r)).join('\n')}\n`);
    const run = bench('serve.mjs', ['--root', site, '--routes', routes, '--duration', '1', '--connections', '2', '--threads', '1']);
    expectRan(run, /requests\/s +\d+/);
    expect(run.out).toMatch(/非 2xx 响应 +0\n/);
  }, 60_000);

  test('bench:weight — one page, no quiet period', () => {
    const run = bench('weight.mjs', ['--root', site, '--pages', '/', '--quiet', '0', '--json', path.join(work, 'weight.json')]);
    expectRan(run, /\| 首页 \/ +\| +1 \| +[\d.]+ \| +[\d.]+ \|/);
  }, 120_000);

  test('bench:lighthouse — one page, one run', () => {
    const run = bench('lighthouse.mjs', ['--root', site, '--pages', '/', '--runs', '1', '--out', path.join(work, 'lighthouse')], 180_000);
    expectRan(run, /\| 首页 \/ +\| +\d+ \| +\d+ \| +\d+ \| +\d+ \|/);
  }, 180_000);

  test('bench:html-diff — two builds that differ only in hashed script names, then in a page', () => {
    const other = path.join(work, 'other');
    cpSync(site, other, { recursive: true });
    const script = 'app-0123456789abcdef0123.js';
    const renamed = 'app-fedcba9876543210fedc.js';
    cpSync(path.join(site, script), path.join(other, renamed));
    rmSync(path.join(other, script));
    rmSync(path.join(other, `${script}.map`));
    for (const page of ['index.html', '404.html']) writeFileSync(path.join(other, page), readFileSync(path.join(site, page), 'utf8').replace(script, renamed));
    expectRan(bench('html-diff.mjs', [site, other]), /除 JavaScript 外完全相同/);

    writeFileSync(path.join(other, 'index.html'), readFileSync(path.join(other, 'index.html'), 'utf8').replace('小站点', '另一个站点'));
    const differs = bench('html-diff.mjs', [site, other]);
    expect(differs.status).toBe(1);
    expect(differs.out).toMatch(/✗ \d+ 个文件不同：\n {2}- index\.html/);
  }, 60_000);

  test('bench:search — a synthetic corpus of 20 pages (the real content’s files are built by the search tests)', () => {
    const run = bench('search.mts', ['--only', 'synthetic', '--sizes', '20']);
    expectRan(run, /## synthetic corpus: 20 pages .*\nfirst query [\d.]+ KB median, [\d.]+ KB max; later [\d.]+ KB median, [\d.]+ KB max\nquery \(Node\) p50 [\d.]+ ms +p95 [\d.]+ ms/);
    expect(run.out).toMatch(/\| synthetic corpus \| iofomo \| 20 \| [\d.]+ KB \/ [\d.]+ KB \|/);
  }, 120_000);

  // bench:build and bench:develop measure Gatsby itself: a real run is minutes of CPU. They run
  // here against support/gatsby-stand-in.mjs, which answers their gatsby commands the way they
  // read them, so all of their own code runs; Gatsby's builds are npm test's own.
  test('bench:build — a cold, a warm and a scale run of 4 synthetic files (Gatsby stand-in)', () => {
    const run = bench('build.mjs', ['--only', 'cold,warm,scale', '--sizes', '4', '--gatsby', STAND_IN, '--json', path.join(work, 'build.json')]);
    expectRan(run, /\| scale N=4 +\| +4 \| +4 \| +[\d.]+ \| +\d+ \|.*\| ok +\|/);
    expect(run.out).toMatch(/\| warm（改一篇文章） +\| +\d+ \| +\d+ \|.*\| ok +\|/);
  }, 120_000);

  test('bench:develop — the build cache filled, start, the three edits shown without a reload, restart (Gatsby stand-in)', () => {
    // One .mdx edit, and one second for search files the stand-in does not write.
    const run = bench('develop.mjs', ['--repeat', '1', '--edits', '1', '--search-wait-s', '1', '--keep-build-cache', '--gatsby', STAND_IN, '--json', path.join(work, 'develop.json')]);
    expectRan(run, /\| 改组件 Footer\.tsx → 页面显示 +\| +[\d.]+ \| ≤ 1\.0 \|/);
    expect(run.out).toMatch(/\| 保留 \.cache 再启动 → 浏览器渲染出文档页 +\| +[\d.]+ \| ≤ 8 +\|/);
    expect(run.out).toMatch(/\[改动后\] 先启动一次，填好构建缓存（不计）… 好了/);
    expect(run.out).toMatch(/\| 其中 clean 后第一次改 \.mdx → 搜索文件含新内容 +\| +— \| ≤ 2 +\|/);
    expect(run.out).toMatch(/clean：只 gatsby clean，保留构建缓存/);
  }, 180_000);

  test.each([
    ['', '空白 Gatsby 站点'],
    ['tuned', '空白站点 \\+ 本站的开发设置'],
  ])('bench:develop --floor %s — an empty Gatsby site started beside the project, both columns filled (Gatsby stand-in)', (variant, label) => {
    const run = bench('develop.mjs', ['--floor', ...(variant ? [variant] : []), '--repeat', '1', '--edits', '1', '--search-wait-s', '1', '--gatsby', STAND_IN, '--json', path.join(work, 'develop-floor.json')]);
    expectRan(run, new RegExp(`\\| 测量（秒，中位数） +\\| ${label} +\\| 本站 +\\| 目标 +\\|`));
    expect(run.out).toMatch(/\| 保留 \.cache 再启动 → 浏览器渲染出文档页 +\| +[\d.]+ +\| +[\d.]+ \| ≤ 8 +\|/);
    expect(run.out).toMatch(/\| clean 后启动 → 浏览器渲染出文档页 +\| +[\d.]+ +\| +[\d.]+ \| ≤ 15 +\|/);
    // The empty site has nothing to edit; the project's edits are still measured.
    expect(run.out).toMatch(/\| 改组件 Footer\.tsx → 页面显示 +\| +— +\| +[\d.]+ \| ≤ 1\.0 \|/);
    expect(run.out).toMatch(new RegExp(`\\[${label} 1/1\\] gatsby develop（保留 \\.cache 再启动）… 就绪`));
  }, 180_000);

  test('bench:travel — twins and share cards of 4 synthetic pages', () => {
    expectRan(bench('travel.mts', ['--n', '4']), /\| Markdown 版本 +\| +4 \| +[\d.]+ \| +[\d.]+ \|/);
  }, 120_000);
});

describe('scriptEnv (bench/lib.mjs)', () => {
  /** scriptEnv(name, project?) evaluated in Node (the benchmarks are ES modules), as JSON. */
  const scriptEnv = (...args: string[]) => {
    const code = `import { scriptEnv } from ${JSON.stringify(path.join(ROOT, 'bench/lib.mjs'))}; console.log(JSON.stringify(scriptEnv(...${JSON.stringify(args)})));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as Record<string, string>;
  };

  it("reads the variables set before a script's command from the measured copy's package.json, not the repository's", () => {
    // A --before commit's copy runs `npm run develop` as that commit defined it.
    const project = path.join(work, 'before-copy');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ scripts: { develop: 'OLD_FLAG=1 MALLOC_ARENA_MAX=4 gatsby develop --verbose X=2' } }));
    expect(scriptEnv('develop', project)).toEqual({ OLD_FLAG: '1', MALLOC_ARENA_MAX: '4' });
    // Without a project: the repository's own script.
    expect(scriptEnv('develop')).toEqual(scriptEnv('develop', ROOT));
    expect(scriptEnv('develop')).not.toHaveProperty('OLD_FLAG');
  });
});
