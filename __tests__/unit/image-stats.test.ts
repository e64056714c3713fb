/**
 * The image-transparency cache in front of gatsby-plugin-sharp's stats() (gatsby/framework/images/image-stats.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonCache } from '../../gatsby/cache';
import { cachedStats, remarkImagesWithCachedStats, type ImageStats, type StatsArgs } from '../../gatsby/framework/images/image-stats';

const image = (digest: string): StatsArgs => ({ file: { internal: { contentDigest: digest } } });

describe('cachedStats', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'image-stats-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('asks sharp once per image content: again for other bytes, never for the same bytes under another name', async () => {
    const stats = jest.fn(async ({ file }: StatsArgs) => ({ isTransparent: file.internal.contentDigest === 'alpha' }));
    const cached = cachedStats(stats, jsonCache<ImageStats>(dir), 'v1');
    expect(await cached(image('alpha'))).toEqual({ isTransparent: true });
    expect(await cached(image('opaque'))).toEqual({ isTransparent: false });
    // The same image again (another page, another render, a render for search): no decode.
    expect(await Promise.all([cached(image('alpha')), cached(image('opaque')), cached(image('alpha'))])).toEqual([{ isTransparent: true }, { isTransparent: false }, { isTransparent: true }]);
    expect(stats).toHaveBeenCalledTimes(2);
  });

  it('two renders at once share one decode', async () => {
    let finish: (value: ImageStats) => void = () => undefined;
    const stats = jest.fn(() => new Promise<ImageStats>((resolve) => (finish = resolve)));
    const cached = cachedStats(stats, jsonCache<ImageStats>(dir), 'v1');
    const both = Promise.all([cached(image('a')), cached(image('a'))]);
    finish({ isTransparent: false });
    expect(await both).toEqual([{ isTransparent: false }, { isTransparent: false }]);
    expect(stats).toHaveBeenCalledTimes(1);
  });

  it('keeps answers across processes (a restart, gatsby clean) in the store, one file per image, and only under the same version', async () => {
    const first = jest.fn(async () => ({ isTransparent: true }));
    await cachedStats(first, jsonCache<ImageStats>(dir), 'v1')(image('alpha'));
    expect(readdirSync(dir)).toHaveLength(1);
    const restarted = jest.fn(async () => ({ isTransparent: false }));
    expect(await cachedStats(restarted, jsonCache<ImageStats>(dir), 'v1')(image('alpha'))).toEqual({ isTransparent: true });
    expect(restarted).not.toHaveBeenCalled();
    // Another sharp (or format): decoded again.
    expect(await cachedStats(restarted, jsonCache<ImageStats>(dir), 'v2')(image('alpha'))).toEqual({ isTransparent: false });
    expect(restarted).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next render asks again (and gatsby-plugin-sharp reports the problem again)', async () => {
    const stats = jest.fn<Promise<ImageStats | null>, [StatsArgs]>().mockResolvedValueOnce(null).mockResolvedValueOnce({ isTransparent: false });
    const cached = cachedStats(stats, jsonCache<ImageStats>(dir), 'v1');
    expect(await cached(image('broken'))).toBeNull();
    expect(readdirSync(dir)).toHaveLength(0);
    expect(await cached(image('broken'))).toEqual({ isTransparent: false });
    expect(stats).toHaveBeenCalledTimes(2);
  });
});

describe('remarkImagesWithCachedStats', () => {
  /** A require over fake modules: gatsby-remark-images copies stats when it loads, as the real one does. */
  function fakeRequire(stats: (args: StatsArgs) => Promise<ImageStats | null>, loaded: string[] = []) {
    const sharp: Record<string | symbol, unknown> = { stats };
    const cache: Record<string, unknown> = Object.fromEntries(loaded.map((name) => [`/m/${name}`, {}]));
    const load = (name: string): unknown => {
      if (name === 'gatsby-plugin-sharp') return sharp;
      if (name === 'sharp/package.json') return { version: '0.34.5' };
      if (name === 'gatsby-remark-images') {
        cache['/m/gatsby-remark-images'] = {};
        return { statsItCalls: sharp.stats };
      }
      throw new Error(name);
    };
    return Object.assign(load, { cache, resolve: (name: string) => `/m/${name}` }) as unknown as NodeJS.Require;
  }

  it('gatsby-remark-images loads with the cached stats()', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'image-stats-'));
    const stats = jest.fn(async () => ({ isTransparent: false }));
    const require = fakeRequire(stats);
    const plugin = remarkImagesWithCachedStats(require, dir) as { statsItCalls: (args: StatsArgs) => Promise<ImageStats | null> };
    await plugin.statsItCalls(image('x'));
    await plugin.statsItCalls(image('x'));
    expect(stats).toHaveBeenCalledTimes(1);
    // Installed once: asking again returns the same plugin without wrapping twice.
    expect((remarkImagesWithCachedStats(require, dir) as { statsItCalls: unknown }).statsItCalls).toBe(plugin.statsItCalls);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses when gatsby-remark-images was loaded first (it would keep the uncached stats)', () => {
    expect(() => remarkImagesWithCachedStats(fakeRequire(async () => null, ['gatsby-remark-images']), os.tmpdir())).toThrow(/已被载入/);
  });
});
