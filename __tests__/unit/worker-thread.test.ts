/**
 * gatsby/worker-thread.ts: a TypeScript entry of the site, bundled with esbuild and run on a worker
 * thread, hands back its result, or its error with name and message (a content error stays one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOnWorkerThread, startWorkerThread } from '../../gatsby/worker-thread';

const HELPER = path.resolve(__dirname, '../../gatsby/worker-thread.ts');

describe('runOnWorkerThread', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'worker-'));
    // Entries as the site writes them: TypeScript, importing the site's own modules.
    writeFileSync(
      path.join(dir, 'sum-entry.ts'),
      `import { isMainThread } from 'node:worker_threads';\nimport { workerTask } from ${JSON.stringify(HELPER)};\nworkerTask(({ numbers }: { numbers: number[] }) => ({ sum: numbers.reduce((a, b) => a + b, 0), onWorker: !isMainThread }));\n`,
    );
    writeFileSync(
      path.join(dir, 'failing-entry.ts'),
      `import { workerTask } from ${JSON.stringify(HELPER)};\nclass ContentProblem extends Error { name = 'ContentProblem'; }\nworkerTask(async () => { throw new ContentProblem('content/blog/x/index.mdx:3:1: 缺少标题'); });\n`,
    );
    writeFileSync(
      path.join(dir, 'waiting-entry.ts'),
      `import { messageFromParent, workerTask } from ${JSON.stringify(HELPER)};\nworkerTask(async ({ first }: { first: string }) => ({ first, then: await messageFromParent() }));\n`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the entry on another thread with the data given and resolves with what it returns', async () => {
    await expect(runOnWorkerThread(path.join(dir, 'sum-entry.ts'), { numbers: [1, 2, 39] })).resolves.toEqual({ sum: 42, onWorker: true });
  }, 30_000);

  it('delivers a message posted after the start to an entry that waits for it, and drops one posted after the answer', async () => {
    const worker = startWorkerThread<{ first: string; then: unknown }>(path.join(dir, 'waiting-entry.ts'), { first: 'started' });
    let settled = false;
    void worker.outcome.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    worker.post('page-data-written');
    const late = new Promise((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000).unref());
    await expect(Promise.race([worker.outcome, late])).resolves.toEqual({ first: 'started', then: 'page-data-written' });
    expect(() => worker.post('too late')).not.toThrow();
  }, 30_000);

  it('rejects with the error the entry threw, its name and message intact', async () => {
    const failure = runOnWorkerThread(path.join(dir, 'failing-entry.ts'), {});
    await expect(failure).rejects.toThrow('content/blog/x/index.mdx:3:1: 缺少标题');
    await expect(failure).rejects.toMatchObject({ name: 'ContentProblem' });
  }, 30_000);
});
