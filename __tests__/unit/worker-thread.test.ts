/**
 * gatsby/worker-thread.ts: a TypeScript entry of the site, bundled with esbuild and run on a worker
 * thread, hands back its result, or its error with name and message (a content error stays one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOnWorkerThread } from '../../gatsby/worker-thread';

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
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the entry on another thread with the data given and resolves with what it returns', async () => {
    await expect(runOnWorkerThread(path.join(dir, 'sum-entry.ts'), { numbers: [1, 2, 39] })).resolves.toEqual({ sum: 42, onWorker: true });
  }, 30_000);

  it('rejects with the error the entry threw, its name and message intact', async () => {
    const failure = runOnWorkerThread(path.join(dir, 'failing-entry.ts'), {});
    await expect(failure).rejects.toThrow('content/blog/x/index.mdx:3:1: 缺少标题');
    await expect(failure).rejects.toMatchObject({ name: 'ContentProblem' });
  }, 30_000);
});
