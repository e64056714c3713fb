/**
 * The build cache that outlives `gatsby clean` (gatsby/cache.ts): content-addressed
 * entries, the wrapper in front of gatsby-plugin-sharp's worker, pruning.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildCacheDir, cacheEntries, stableKey } from '../../gatsby/cache';
import { cachedImageWorker, imageJobKey, installImageCache, type ImageJob } from '../../gatsby/framework/images/image-cache';
import { IMAGE_JOB_NAME, SHARP_WORKER_MODULE } from '../../gatsby/framework/internals';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
const versions = { format: '1', sharp: '0.34.5', plugin: '5.16.0' };

function job(outputDir: string, overrides: Partial<ImageJob['args']> = {}, digest = 'abc'): ImageJob {
  return {
    inputPaths: [{ path: '/content/blog/x/cover.png', contentDigest: digest }],
    outputDir,
    args: {
      operations: [
        { outputPath: '403de/cover.png', args: { width: 205, toFormat: 'png' } },
        { outputPath: 'd8e18/cover.webp', args: { width: 205, toFormat: 'webp' } },
      ],
      pluginOptions: { stripMetadata: true },
      ...overrides,
    },
  };
}

/** A stand-in for sharp: writes each operation's output, counting calls. */
function fakeWorker() {
  const calls: ImageJob[] = [];
  const run = async (j: ImageJob) => {
    calls.push(j);
    for (const op of j.args.operations) {
      const file = path.join(j.outputDir, op.outputPath);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(op.args)} from ${j.inputPaths[0]?.contentDigest}`);
    }
  };
  return { run, calls };
}

describe('build cache folder', () => {
  test('node_modules/.cache/iofomo-site by default (gatsby clean leaves it), SITE_BUILD_CACHE when set', () => {
    expect(buildCacheDir({}, '/site')).toBe('/site/node_modules/.cache/iofomo-site');
    expect(buildCacheDir({ SITE_BUILD_CACHE: 'ci-cache' }, '/site')).toBe('/site/ci-cache');
    expect(buildCacheDir({ SITE_BUILD_CACHE: '/abs' }, '/site')).toBe('/abs');
  });

  test('keys do not depend on object key order, and do on every value', () => {
    expect(stableKey({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(stableKey({ b: [2, { d: 4, c: 3 }], a: 1 }));
    expect(stableKey({ a: 1 })).not.toBe(stableKey({ a: 2 }));
  });
});

describe('image jobs', () => {
  test('the key names the input bytes, operations, plugin options and versions, not the output folder', () => {
    const base = imageJobKey(job('/public/static/one'), versions);
    expect(imageJobKey(job('/elsewhere/static/two'), versions)).toBe(base);
    expect(imageJobKey(job('/public/static/one', {}, 'other-bytes'), versions)).not.toBe(base);
    expect(imageJobKey(job('/public/static/one', { pluginOptions: { stripMetadata: false } }), versions)).not.toBe(base);
    expect(imageJobKey(job('/public/static/one', { operations: [{ outputPath: '403de/cover.png', args: { width: 410, toFormat: 'png' } }] }), versions)).not.toBe(base);
    expect(imageJobKey(job('/public/static/one'), { ...versions, sharp: '0.35.0' })).not.toBe(base);
  });

  test('a second job with the same inputs is a copy of the first one’s files, into its own folder', async () => {
    const cache = tmp();
    const { run, calls } = fakeWorker();
    const stats = { hits: 0, misses: 0 };
    const worker = cachedImageWorker(run, cacheEntries(cache), versions, stats);
    const first = path.join(tmp(), 'static', 'aaa');
    await worker(job(first));
    const second = path.join(tmp(), 'static', 'bbb');
    await worker(job(second));
    expect(calls).toHaveLength(1);
    expect(stats).toEqual({ hits: 1, misses: 1 });
    for (const file of ['403de/cover.png', 'd8e18/cover.webp']) expect(readFileSync(path.join(second, file), 'utf8')).toBe(readFileSync(path.join(first, file), 'utf8'));
    // Changed bytes: processed again.
    await worker(job(path.join(tmp(), 'c'), {}, 'new-bytes'));
    expect(calls).toHaveLength(2);
  });

  test('an incomplete entry (a file lost) is processed again and rewritten; lazy jobs pass through', async () => {
    const cache = tmp();
    const { run, calls } = fakeWorker();
    const worker = cachedImageWorker(run, cacheEntries(cache), versions);
    await worker(job(path.join(tmp(), 'a')));
    const [entry] = readdirSync(cache);
    const lost = path.join(cache, entry as string, 'd8e18/cover.webp');
    rmSync(lost);
    const out = path.join(tmp(), 'b');
    await worker(job(out));
    expect(calls).toHaveLength(2);
    expect(existsSync(path.join(cache, entry as string, 'd8e18/cover.webp'))).toBe(true);
    await worker(job(path.join(tmp(), 'c'), { isLazy: true }));
    expect(calls).toHaveLength(3);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  test('a damaged entry (a file’s bytes changed on disk) is detected, processed again and rewritten, without clean:all', async () => {
    const cache = tmp();
    const { run, calls } = fakeWorker();
    const worker = cachedImageWorker(run, cacheEntries(cache), versions);
    const first = path.join(tmp(), 'a');
    await worker(job(first));
    const [entry] = readdirSync(cache);
    const damaged = path.join(cache, entry as string, '403de/cover.png');
    writeFileSync(damaged, 'half a PNG');
    const out = path.join(tmp(), 'b');
    await worker(job(out));
    expect(calls).toHaveLength(2); // not copied from the damaged entry
    expect(readFileSync(path.join(out, '403de/cover.png'), 'utf8')).toBe(readFileSync(path.join(first, '403de/cover.png'), 'utf8'));
    expect(readFileSync(damaged, 'utf8')).toBe(readFileSync(path.join(first, '403de/cover.png'), 'utf8')); // stored again
    await worker(job(path.join(tmp(), 'c')));
    expect(calls).toHaveLength(2); // and a hit again
  });

  test('a failing job stores nothing and fails as before', async () => {
    const cache = tmp();
    const worker = cachedImageWorker(async () => Promise.reject(new Error('corrupt PNG')), cacheEntries(cache), versions);
    await expect(worker(job(tmp()))).rejects.toThrow('corrupt PNG');
    expect(readdirSync(cache)).toEqual([]);
  });

  test('entries untouched for 30 days and leftover temporary folders are pruned; a hit keeps its entry', async () => {
    const cache = tmp();
    const { run } = fakeWorker();
    const entries = cacheEntries(cache);
    const worker = cachedImageWorker(run, entries, versions);
    await worker(job(tmp(), {}, 'old'));
    await worker(job(tmp(), {}, 'used'));
    mkdirSync(path.join(cache, 'x.123.tmp'));
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    for (const name of readdirSync(cache)) utimesSync(path.join(cache, name), longAgo, longAgo);
    await worker(job(tmp(), {}, 'used'));
    expect(entries.prune()).toBe(2);
    expect(readdirSync(cache)).toEqual([imageJobKey(job('', {}, 'used'), versions)]);
  });
});

describe('installing the cache in front of gatsby-plugin-sharp', () => {
  // That Gatsby's job manager really calls the wrapper is the canary's to check, through the
  // manager's own import() in a child process: gatsby-internals.test.ts, "gatsby-plugin-sharp's worker".
  test('installing twice wraps the worker once and returns the same counts', () => {
    const requireFromProject = createRequire(path.resolve(__dirname, '../../package.json'));
    const worker = requireFromProject(SHARP_WORKER_MODULE) as Record<string, unknown>;
    const original = worker[IMAGE_JOB_NAME];
    const stats = installImageCache(requireFromProject, tmp());
    expect(stats).toEqual({ hits: 0, misses: 0 });
    const wrapped = worker[IMAGE_JOB_NAME];
    expect(wrapped).not.toBe(original);
    expect(installImageCache(requireFromProject, tmp())).toBe(stats);
    expect(worker[IMAGE_JOB_NAME]).toBe(wrapped);
  });
});
