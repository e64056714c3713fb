/**
 * The build's search thread (gatsby/search/post-build-worker.ts) takes the pages its cache lacks
 * from the page data, once the build says it is written, and renders none of them twice: it does
 * not answer before that message, for a first build as for an edit, and then renders only what
 * its cache lacks. Run on a small site of its own: a temporary root, content and caches.
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWorkerThread } from '../../gatsby/worker-thread';
import type { SearchWorkerResult } from '../../gatsby/search/post-build-worker';

const ROOT = path.resolve(__dirname, '../..');
const ENTRY = 'gatsby/search/post-build-worker.ts';
const PAGES = 3;

/**
 * The worker's answer, or an error if it has not answered in time: a thread waiting for a message
 * that never comes fails the test, and is then sent one so that it ends (jest would wait for it).
 */
async function answer(started: ReturnType<typeof startWorkerThread<SearchWorkerResult>>, ms = 30_000): Promise<SearchWorkerResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      started.post('late');
      reject(new Error(`the search thread did not answer in ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([started.outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The worker's answer when the build tells it, a moment after it started, that the page data is
 * written; `told` says whether it was told before it answered (a thread that waits always was).
 */
async function answerOnceTold(started: ReturnType<typeof startWorkerThread<SearchWorkerResult>>): Promise<{ told: boolean; result: SearchWorkerResult }> {
  let told = false;
  setTimeout(() => {
    told = true;
    started.post('page data written');
  }, 300);
  const result = await answer(started);
  return { told, result };
}

describe('the build’s search thread', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'search-worker-'));
    const content = path.join(dir, 'content');
    mkdirSync(path.join(content, 'blog'), { recursive: true });
    copyFileSync(path.join(ROOT, 'content', 'authors.json'), path.join(content, 'authors.json'));
    for (let i = 0; i < PAGES; i += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
      const folder = path.join(content, 'blog', `${date}-p${i}`);
      mkdirSync(folder);
      writeFileSync(
        path.join(folder, 'index.mdx'),
        `---\ntitle: 第 ${i} 篇\nslug: p${i}\ndate: ${date}\ntags: [android]\nauthors: [tiony.bo]\ndescription: 测试用的第 ${i} 篇\n---\n\n## 小节\n\n应用多开的第 ${i} 段正文。\n`,
      );
    }
    // The thread's content and build cache (its manifest and tokens are in root's .cache).
    env = { ...process.env, SITE_CONTENT_DIR: content, SITE_BUILD_CACHE: path.join(dir, 'build-cache') };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for the page data before taking any page, for a first build and for an edit', async () => {
    const data = { publicDir: path.join(dir, 'public'), root: dir };
    // A first build: every page is missing. The thread answers only once it hears that the page
    // data is written (there is none here, so it then renders each page from source).
    const { told, result: cold } = await answerOnceTold(startWorkerThread<SearchWorkerResult>(ENTRY, data, { env }));
    expect(told).toBe(true);
    expect(cold.waitedForPageData).toBe(true);
    expect(cold.report?.rendered).toBe(PAGES);
    expect(cold.missing).toHaveLength(PAGES);

    // One post edited: the thread waits for the page data as well, then renders that page alone.
    appendFileSync(path.join(dir, 'content', 'blog', '2024-01-01-p0', 'index.mdx'), '\n追加的一段。\n');
    const { told: toldAfterEdit, result: edit } = await answerOnceTold(startWorkerThread<SearchWorkerResult>(ENTRY, data, { env }));
    expect(toldAfterEdit).toBe(true);
    expect(edit.waitedForPageData).toBe(true);
    expect(edit.report).toMatchObject({ rendered: 1, cached: PAGES - 1, pages: PAGES });
    expect(edit.missing).toEqual(['/blog/p0']);
  }, 90_000);
});
