import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Compiler } from 'webpack';
import { CollectWhenClosed } from '../../gatsby/framework/webpack/collect';
import { collectGarbage, heapKeeper } from '../../gatsby/memory';

const MB = 2 ** 20;

describe('keeping a build’s heaps near what they hold', () => {
  it('collectGarbage runs a full collection in a process started without --expose-gc', async () => {
    // An object only a WeakRef points to is gone after a full collection. Counting heap bytes
    // instead failed now and then: a collection V8 ran while the test allocated moved the baseline.
    let target: { payload: number[] } | null = { payload: new Array(10_000).fill(1) };
    const ref = new WeakRef(target);
    target = null;
    // A WeakRef's target lives until the end of the job that made or read it (ECMAScript's KeepDuringJob).
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  /** A heap that the test grows by hand; a collection brings it down to what is live. */
  const fakeHeap = (live: number) => {
    const heap = { total: live, used: live, collections: 0 };
    const keep = heapKeeper({
      factor: 1.5,
      slackBytes: 64 * MB,
      sample: () => ({ total: heap.total, used: heap.used }),
      collect: () => {
        heap.collections++;
        heap.used = live;
        heap.total = live + 10 * MB;
      },
    });
    return { heap, keep };
  };

  it('collects only once the heap has grown past 1.5 × what the last collection left, plus the slack', () => {
    const { heap, keep } = fakeHeap(100 * MB);
    // The loop starts at 100 MB: limit 1.5 × 100 + 64 = 214 MB.
    for (const total of [100, 120, 180, 214]) {
      heap.total = heap.used = total * MB;
      expect(keep()).toBe(false);
    }
    heap.total = heap.used = 215 * MB;
    expect(keep()).toBe(true);
    expect(heap.collections).toBe(1);
    // After it: 110 MB committed, 100 MB live; the next limit is 1.5 × 100 + 64 again.
    heap.total = heap.used = 200 * MB;
    expect(keep()).toBe(false);
    expect(heap.collections).toBe(1);
  });

  it('starts from the heap as it finds it: no collection at the first item of a loop that begins with a large heap', () => {
    const { heap, keep } = fakeHeap(100 * MB);
    heap.total = 900 * MB;
    heap.used = 300 * MB;
    expect(keep()).toBe(false);
    heap.total = 901 * MB;
    expect(keep()).toBe(true);
  });

  it('waits for the slack again when V8 has not given the space back after a collection (no collection per item)', () => {
    let total = 500 * MB;
    let collections = 0;
    const keep = heapKeeper({ factor: 1.5, slackBytes: 64 * MB, sample: () => ({ total, used: 100 * MB }), collect: () => collections++ });
    keep();
    total = 600 * MB;
    expect(keep()).toBe(true);
    for (let i = 0; i < 100; i++) {
      total += MB / 2;
      keep();
    }
    expect(collections).toBe(1); // 50 MB more, under the 64 MB slack
    total += 20 * MB;
    expect(keep()).toBe(true);
  });
});

describe('the build’s main thread is collected once its production compilers are closed', () => {
  const compile = (dir: string, plugin: CollectWhenClosed) =>
    new Promise<Compiler>((resolve, reject) => {
      const compiler = webpack({ mode: 'production', context: dir, entry: './index.js', output: { path: path.join(dir, 'out') }, plugins: [plugin], infrastructureLogging: { level: 'none' } });
      compiler.run((error) => (error ? reject(error) : resolve(compiler)));
    });
  const close = (compiler: Compiler) => new Promise((resolve) => compiler.close(resolve));
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('one collection, after both compilers (browser bundle and HTML renderer) have shut down, however often each is closed (real webpack compilers)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'collect-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.js'), 'console.log(42);\n');
    let collections = 0;
    try {
      const javascript = await compile(dir, new CollectWhenClosed(() => collections++));
      const html = await compile(dir, new CollectWhenClosed(() => collections++));
      await close(html);
      await tick();
      expect(collections).toBe(0);
      await close(javascript);
      await tick();
      expect(collections).toBe(1);
      // Gatsby's build closes the HTML renderer's compiler a second time, with the browser bundle's.
      await close(html);
      await tick();
      expect(collections).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
