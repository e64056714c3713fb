/**
 * What the benchmarks compute, not whether they print: bench:html-diff's verdict on two builds
 * (the check that a change left readers' pages alone), and the pure helpers of bench/lib.mjs that
 * turn measurements into figures (medians, the attribution of a chunk's bytes to packages through
 * its source map, chunk names, the variables a package.json script sets, the tables).
 *
 * The benchmarks themselves measure Gatsby, nginx and Chromium for minutes; they are run by hand
 * (docs/testing.md), not here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { missingCharacters, parseFontFaces } from '../../gatsby/exports/font-slices';
import { writeTinySite } from './support/tiny-site';

const ROOT = path.resolve(__dirname, '../..');

let work = '';
let site = '';
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'bench-'));
  site = path.join(work, 'site');
  writeTinySite(site);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `body` in Node as an ES module with `names` imported from bench/lib.mjs; what it prints as JSON. */
function withLib<T>(names: string[], body: string): T {
  const code = `import { ${names.join(', ')} } from ${JSON.stringify(path.join(ROOT, 'bench/lib.mjs'))};\n${body}`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as T;
}

describe('bench:html-diff', () => {
  /** Runs the script on two folders: its exit status and output. */
  const htmlDiff = (a: string, b: string) => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'bench/html-diff.mjs'), a, b], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  };

  test('calls two builds that differ only in hashed script names the same, and names the page that differs', () => {
    const other = path.join(work, 'other');
    cpSync(site, other, { recursive: true });
    const script = 'app-0123456789abcdef0123.js';
    const renamed = 'app-fedcba9876543210fedc.js';
    cpSync(path.join(site, script), path.join(other, renamed));
    rmSync(path.join(other, script));
    rmSync(path.join(other, `${script}.map`));
    for (const page of ['index.html', '404.html']) writeFileSync(path.join(other, page), readFileSync(path.join(site, page), 'utf8').replace(script, renamed));
    const same = htmlDiff(site, other);
    expect([same.status, /除 JavaScript 外完全相同/.test(same.out)]).toEqual([0, true]);

    writeFileSync(path.join(other, 'index.html'), readFileSync(path.join(other, 'index.html'), 'utf8').replace('小站点', '另一个站点'));
    const differs = htmlDiff(site, other);
    expect(differs.status).toBe(1);
    expect(differs.out).toMatch(/✗ 1 个文件不同：\n {2}- index\.html/);
  });
});

describe('bench/lib.mjs', () => {
  it('takes the median of the values measured, skipping runs that gave none', () => {
    expect(withLib(['median'], 'console.log(JSON.stringify([median([3, 1, 2]), median([4, 1, 3, 2]), median([null, NaN, 5, undefined]), median([])]));')).toEqual([2, 2.5, 5, null]);
  });

  it('attributes the bytes of a chunk to packages and site folders through its source map, in UTF-8 bytes', () => {
    const dir = path.join(work, 'chunk');
    mkdirSync(dir, { recursive: true });
    // Two segments on one line: columns 0–3 from react, 4–7 from src/lib (两个汉字 take 3 bytes each).
    writeFileSync(path.join(dir, 'app.js'), 'aaaa中文bb');
    const sources = ['webpack://site/./node_modules/react/index.js', 'webpack://site/./src/lib/x.ts'];
    writeFileSync(path.join(dir, 'app.js.map'), JSON.stringify({ version: 3, sources, names: [], mappings: 'AAAA,ICAA' }));
    const file = path.join(dir, 'app.js');
    expect(withLib(['chunkComposition'], `console.log(JSON.stringify([chunkComposition(${JSON.stringify(file)}), chunkComposition(${JSON.stringify(path.join(dir, 'none.js'))})]));`)).toEqual([
      [
        { family: 'react', bytes: 6 },
        { family: 'src/lib', bytes: 6 },
      ],
      null,
    ]);
  });

  it('groups module paths into packages and site folders, and names chunks without their hash', () => {
    const sources = [
      'webpack://iofomo/./node_modules/@emotion/react/dist/emotion-react.browser.esm.js',
      'webpack://iofomo/./node_modules/react-dom/cjs/react-dom-server.browser.production.min.js',
      'webpack://iofomo/./node_modules/react-dom/cjs/react-dom.production.min.js',
      './node_modules/prismjs/components/prism-java.js',
      './content/blog/2023-10-10-binder/index.mdx',
      './src/components/search/SearchBox.tsx',
      './src/lib/routes.ts',
    ];
    const chunks = ['/app-0123456789abcdef0123.js', '/component---src-templates-post-tsx-0123456789abcdef0123.js', '/webpack-runtime.js'];
    expect(withLib(['moduleFamily', 'chunkLabel'], `console.log(JSON.stringify([${JSON.stringify(sources)}.map(moduleFamily), ${JSON.stringify(chunks)}.map(chunkLabel)]));`)).toEqual([
      ['@emotion/react', 'react-dom/server', 'react-dom', 'prismjs/components', 'content (MDX)', 'src/components/search', 'src/lib'],
      ['app', 'component---src-templates-post-tsx', 'webpack-runtime'],
    ]);
  });

  it('aligns table columns by display width (CJK counts two) and right-aligns numeric ones', () => {
    const printed = withLib<string>(
      ['table'],
      `
      const lines = []; console.log = (line) => lines.push(line);
      table(['页面', '字节', '说明'], [['首页 /', '12.5', '中文'], ['文章', 3, null]]);
      process.stdout.write(JSON.stringify(lines.join('\\n')));`,
    );
    expect(printed.split('\n')).toEqual(['| 页面   | 字节 | 说明 |', '|--------|-----:|------|', '| 首页 / | 12.5 | 中文 |', '| 文章   |    3 | —    |']);
  });

  it("reads the variables set before a script's command from the measured copy's package.json, not the repository's", () => {
    // A copy runs `npm run develop` as its own package.json defines it.
    const project = path.join(work, 'before-copy');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ scripts: { develop: 'OLD_FLAG=1 MALLOC_ARENA_MAX=4 gatsby develop --verbose X=2' } }));
    const [copy, own, explicit] = withLib<Array<Record<string, string>>>(
      ['scriptEnv', 'ROOT'],
      `console.log(JSON.stringify([scriptEnv('develop', ${JSON.stringify(project)}), scriptEnv('develop'), scriptEnv('develop', ROOT)]));`,
    );
    expect(copy).toEqual({ OLD_FLAG: '1', MALLOC_ARENA_MAX: '4' });
    // Without a project: the repository's own script.
    expect(own).toEqual(explicit);
    expect(own).not.toHaveProperty('OLD_FLAG');
  });
});

describe('scripts/lib/synthetic.mjs', () => {
  it('keeps out of generated titles exactly the characters the share cards’ font cannot draw (a card with one stops the build)', () => {
    // Every character of the real content's headings (where generated titles borrow from), and a symbol the font lacks.
    const headings = execFileSync('git', ['grep', '-h', '-E', '^#{2,3} ', '--', 'content'], { cwd: ROOT, encoding: 'utf8' });
    const chars = [...new Set([...headings.replace(/\s/g, ''), '⋮', '~', '•'])];
    const code = `import { cardFontDraws } from ${JSON.stringify(path.join(ROOT, 'scripts/lib/synthetic.mjs'))};\nconsole.log(JSON.stringify(${JSON.stringify(chars)}.filter((c) => !cardFontDraws(c))));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const slices = [400, 700].flatMap((weight) => parseFontFaces(readFileSync(path.join(ROOT, 'node_modules/@fontsource/noto-sans-sc', `${weight}.css`), 'utf8'), weight));
    expect(JSON.parse(run.stdout)).toEqual(missingCharacters(chars.join(''), slices));
    expect(JSON.parse(run.stdout)).toContain('⋮');
  });
});

describe('bench/profile-summary.mjs', () => {
  type Summary = { seconds: number; kinds: Record<string, number>; top: Array<[string, number]> };
  /** A profile of one second per sample: idle, the Markdown parser, the site's code, Gatsby's query runner, a collection, the serialiser, the parser again. */
  const profile = {
    startTime: 0,
    nodes: [
      { id: 1, callFrame: { functionName: '(idle)', url: '' } },
      { id: 2, callFrame: { functionName: 'go', url: '/s/node_modules/micromark/lib/create-tokenizer.js' } },
      { id: 3, callFrame: { functionName: 'renderMdx', url: '/s/.cache/compiled/gatsby-node.js' } },
      { id: 4, callFrame: { functionName: 'queryRunner', url: '/s/node_modules/gatsby/dist/query/query-runner.js' } },
      { id: 5, callFrame: { functionName: '(garbage collector)', url: '' } },
      { id: 6, callFrame: { functionName: 'toHtml', url: '/s/node_modules/hast-util-to-html/lib/index.js' } },
    ],
    samples: [1, 1, 2, 3, 4, 5, 6, 2, 2],
    timeDeltas: [1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6],
  };

  it('adds self time by kind of code, over the whole profile or only its last seconds (the query phase)', () => {
    const body = `const p = ${JSON.stringify(profile)};
      console.log(JSON.stringify([summarize(p), summarize(p, { lastSeconds: 3 })]));`;
    const code = `import { summarize } from ${JSON.stringify(path.join(ROOT, 'bench/profile-summary.mjs'))};\n${body}`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const [all, last] = JSON.parse(run.stdout) as [Summary, Summary];
    expect(all.seconds).toBe(9);
    expect(all.kinds).toEqual({ idle: 2000, 'Markdown libraries': 4000, "the site's build code": 1000, 'Gatsby, GraphQL, LMDB': 1000, 'garbage collection': 1000 });
    expect(all.top[0]).toEqual(['go micromark/lib/create-tokenizer.js', 3000]);
    expect(last.seconds).toBe(3);
    expect(last.kinds).toEqual({ 'Markdown libraries': 3000 });
  });
});

describe('bench/profile-worker.cjs', () => {
  it('makes a gatsby-worker child write its CPU profile, with the worker’s own functions, by the time the pool has ended', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'profile-worker-'));
    const workerModule = path.join(dir, 'worker.js');
    writeFileSync(workerModule, 'function spinForProfile(ms) { const end = Date.now() + ms; let n = 0; while (Date.now() < end) n += Math.sqrt(n + 1); return n > 0; }\nexports.spinForProfile = spinForProfile;\n');
    // The pool Gatsby starts its workers with (gatsby-worker, a dependency of gatsby's).
    type Pool = { single: { spinForProfile(ms: number): Promise<boolean> }; end(): Array<Promise<number | null>> };
    const fromGatsby = createRequire(path.join(path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('gatsby/package.json')), 'package.json'));
    const { WorkerPool } = fromGatsby('gatsby-worker') as { WorkerPool: new (workerPath: string, options: { numWorkers: number; env: Record<string, string> }) => Pool };
    const pool = new WorkerPool(workerModule, {
      numWorkers: 1,
      env: { NODE_OPTIONS: `--require ${path.join(ROOT, 'bench/profile-worker.cjs')}`, BENCH_PROFILE_DIR: path.join(dir, 'profiles') },
    });
    try {
      expect(await pool.single.spinForProfile(300)).toBe(true);
    } finally {
      await Promise.all(pool.end());
    }
    const files = readdirSync(path.join(dir, 'profiles'));
    expect(files).toEqual([expect.stringMatching(/^gatsby-worker-\d+\.cpuprofile$/)]);
    const profile = JSON.parse(readFileSync(path.join(dir, 'profiles', files[0] as string), 'utf8')) as { nodes: Array<{ callFrame: { functionName: string } }> };
    expect(profile.nodes.some((node) => node.callFrame.functionName === 'spinForProfile')).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
