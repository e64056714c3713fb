// npm run bench:exports — what Markdown versions and share cards cost per page, outside Gatsby.
//
// Generates N synthetic Chinese posts and docs (scripts/lib/synthetic.mjs, as bench:build's scale runs),
// renders every file's Markdown version (gatsby/markdown/markdown-version.ts) and draws every page's share card
// (gatsby/exports/share-cards.ts) into a temporary folder with an empty card cache, then draws them
// again (all from the cache). Prints wall and CPU time per Markdown version and per card (CPU counts every
// thread of this process: resvg rasterises in libuv's pool) and the size of the PNGs.
//   --n 200 (files)  --keep (keep the temporary folder)
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../gatsby/content/loader';
import { cardPlanner, writeShareCards } from '../gatsby/exports/share-cards';
import { renderMarkdownVersion } from '../gatsby/markdown/markdown-version';

// The bench helpers are plain .mjs (no types): imported by a computed name.
const lib = (await import(['./lib', 'mjs'].join('.'))) as { arg: (name: string, fallback: unknown) => unknown; ROOT: string; table: (headers: string[], rows: unknown[][]) => void };
const { generateContent } = (await import(['../scripts/lib/synthetic', 'mjs'].join('.'))) as { generateContent: (dir: string, count: number, options: { authorsFile: string }) => void };
const { arg, ROOT, table } = lib;

const n = Number(arg('n', 200));
const keep = arg('keep', false) === true;
const dir = mkdtempSync(path.join(os.tmpdir(), 'iofomo-bench-exports-'));
generateContent(path.join(dir, 'content'), n, { authorsFile: path.join(ROOT, 'content/authors.json') });
const { posts, docs } = loadContent(dir);
const pages = [
  ...posts.map((p) => ({ path: p.path, file: p.file, title: p.frontmatter.title, body: p.body, kind: 'post' as const, labels: p.frontmatter.tags })),
  ...docs.map((d) => ({ path: d.path, file: d.file, title: d.frontmatter.title, body: d.body, kind: 'doc' as const, labels: ['bench'] })),
];

function measure<T>(run: () => Promise<T>): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return run().then((result) => {
    const used = process.cpuUsage(cpu);
    return { result, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  });
}

const markdownVersions = await measure(async () => {
  let bytes = 0;
  for (const page of pages) bytes += (await renderMarkdownVersion(page.body, { file: page.file, title: page.title, basePath: '', imageUrl: (src) => src })).length;
  return bytes;
});

const planner = cardPlanner({ siteName: 'iofomo', host: 'www.iofomo.com', markFile: path.join(ROOT, 'static/favicon.svg') });
const cards = pages.map((page) => planner.plan(page.path, page.file, { kind: page.kind, title: page.title, labels: page.labels }));
const options = { publicDir: path.join(dir, 'public'), cacheDir: path.join(dir, 'cache') };
const cold = await measure(() => writeShareCards(cards, planner, options));
rmSync(path.join(dir, 'public'), { recursive: true, force: true });
const warm = await measure(() => writeShareCards(cards, planner, options));
const pngs = readdirSync(path.join(dir, 'public/static/og')).map((name) => statSync(path.join(dir, 'public/static/og', name)).size);

const per = (ms: number, count: number) => (ms / count).toFixed(1);
console.log(`${pages.length} 个页面（${posts.length} 篇文章 + ${docs.length} 篇文档），${os.availableParallelism()} 核，1 分钟负载 ${os.loadavg()[0]?.toFixed(1)}\n`);
table(
  ['步骤', '数量', '墙钟 ms（每个）', 'CPU ms（每个）', '输出'],
  [
    ['Markdown 版本', pages.length, per(markdownVersions.wallMs, pages.length), per(markdownVersions.cpuMs, pages.length), `平均 ${(markdownVersions.result / pages.length / 1024).toFixed(1)} KB`],
    [
      `分享卡片（冷，载入 ${cold.result.fontSlices} 个字体分片）`,
      cold.result.rendered,
      per(cold.wallMs, cold.result.rendered),
      per(cold.cpuMs, cold.result.rendered),
      `PNG 平均 ${(pngs.reduce((a, b) => a + b, 0) / pngs.length / 1024).toFixed(1)} KB`,
    ],
    ['分享卡片（全部来自缓存）', warm.result.cached, per(warm.wallMs, warm.result.cards), per(warm.cpuMs, warm.result.cards), `新画 ${warm.result.rendered} 张`],
  ],
);
if (keep) console.log(`\n保留：${dir}`);
else rmSync(dir, { recursive: true, force: true });
