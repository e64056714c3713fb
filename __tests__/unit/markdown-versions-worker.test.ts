/**
 * The build's Markdown versions on a worker thread (gatsby/exports/markdown-versions-worker.ts): their texts come
 * back in the sources' order and are written to public/, a second run takes them from the cache,
 * and an image a page names that does not exist comes back as the message that stops the build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOnWorkerThread } from '../../gatsby/worker-thread';
import type { MarkdownVersionsJob, MarkdownVersionsJobResult } from '../../gatsby/exports/markdown-versions-worker';
import type { MarkdownVersionSource } from '../../gatsby/exports/markdown-versions';

const ENTRY = 'gatsby/exports/markdown-versions-worker.ts';
const site = { origin: 'https://example.com', basePath: '', title: '站点', description: '描述' };

describe('Markdown versions on a worker thread', () => {
  let dir: string;
  let publicDir: string;
  let source: (name: string, body: string) => MarkdownVersionSource;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'markdown-versions-worker-'));
    publicDir = path.join(dir, 'public');
    mkdirSync(path.join(dir, 'content'), { recursive: true });
    source = (name, body) => {
      const absolutePath = path.join(dir, 'content', `${name}.mdx`);
      writeFileSync(absolutePath, `---\ntitle: ${name}\n---\n${body}`);
      return { path: `/docs/tool/${name}`, file: `content/docs/tool/${name}.mdx`, absolutePath, title: name, body, firstLine: 4 };
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each Markdown version, hands the texts back in order, and renders and writes again only what changed', async () => {
    // A body of its own: nothing of an earlier run is in the cache (.cache/markdown-versions, keyed by the inputs).
    const nonce = `${process.pid}-${Date.now()}`;
    const job: MarkdownVersionsJob = { publicDir, site, sources: [source('b', `## 第二篇\n\n编号 ${nonce}。`), source('a', `## 第一篇\n\n**粗体** ${nonce}。`)] };
    const first = await runOnWorkerThread<MarkdownVersionsJobResult>(ENTRY, job);
    expect(first.imageError).toBeUndefined();
    expect(first.rendered).toBe(2);
    expect(first.written).toBe(2);
    expect(first.markdownVersions.map(([page]) => page)).toEqual(['/docs/tool/b', '/docs/tool/a']);
    expect(first.markdownVersions[1]?.[1]).toContain(`**粗体** ${nonce}`);
    expect(readFileSync(path.join(publicDir, 'docs/tool/a.md'), 'utf8')).toBe(first.markdownVersions[1]?.[1]);
    // The second run renders nothing and writes nothing: each file already holds its Markdown version.
    const again = await runOnWorkerThread<MarkdownVersionsJobResult>(ENTRY, job);
    expect(again).toEqual({ ...first, rendered: 0, written: 0 });
  }, 60_000);

  it('names the page and the image that does not exist', async () => {
    const job: MarkdownVersionsJob = { publicDir, site, sources: [source('c', `![图](./img/missing-${Date.now()}.png)`)] };
    const result = await runOnWorkerThread<MarkdownVersionsJobResult>(ENTRY, job);
    expect(result.imageError).toMatch(/^content\/docs\/tool\/c\.mdx：图片 \.\/img\/missing-\d+\.png 不存在$/);
  }, 60_000);
});
