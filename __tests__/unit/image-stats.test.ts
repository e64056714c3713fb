/**
 * The in-memory image-transparency answers in front of gatsby-plugin-sharp's stats() (gatsby/framework/images/image-stats.ts).
 */
import { cachedStats, remarkImagesWithCachedStats, type ImageStats, type StatsArgs } from '../../gatsby/framework/images/image-stats';

const image = (digest: string): StatsArgs => ({ file: { internal: { contentDigest: digest } } });

describe('cachedStats', () => {
  it('asks sharp once per image content: again for other bytes, never for the same bytes under another name', async () => {
    const stats = jest.fn(async ({ file }: StatsArgs) => ({ isTransparent: file.internal.contentDigest === 'alpha' }));
    const cached = cachedStats(stats);
    expect(await cached(image('alpha'))).toEqual({ isTransparent: true });
    expect(await cached(image('opaque'))).toEqual({ isTransparent: false });
    // The same image again (another page, another render, a render for search): no decode.
    expect(await Promise.all([cached(image('alpha')), cached(image('opaque')), cached(image('alpha'))])).toEqual([{ isTransparent: true }, { isTransparent: false }, { isTransparent: true }]);
    expect(stats).toHaveBeenCalledTimes(2);
  });

  it('two renders at once share one decode', async () => {
    let finish: (value: ImageStats) => void = () => undefined;
    const stats = jest.fn(() => new Promise<ImageStats>((resolve) => (finish = resolve)));
    const cached = cachedStats(stats);
    const both = Promise.all([cached(image('a')), cached(image('a'))]);
    finish({ isTransparent: false });
    expect(await both).toEqual([{ isTransparent: false }, { isTransparent: false }]);
    expect(stats).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next render asks again (and gatsby-plugin-sharp reports the problem again)', async () => {
    const stats = jest.fn<Promise<ImageStats | null>, [StatsArgs]>().mockResolvedValueOnce(null).mockResolvedValueOnce({ isTransparent: false });
    const cached = cachedStats(stats);
    expect(await cached(image('broken'))).toBeNull();
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
      if (name === 'gatsby-remark-images') {
        cache['/m/gatsby-remark-images'] = {};
        return { statsItCalls: sharp.stats };
      }
      throw new Error(name);
    };
    return Object.assign(load, { cache, resolve: (name: string) => `/m/${name}` }) as unknown as NodeJS.Require;
  }

  it('gatsby-remark-images loads with the cached stats()', async () => {
    const stats = jest.fn(async () => ({ isTransparent: false }));
    const require = fakeRequire(stats);
    const plugin = remarkImagesWithCachedStats(require) as { statsItCalls: (args: StatsArgs) => Promise<ImageStats | null> };
    await plugin.statsItCalls(image('x'));
    await plugin.statsItCalls(image('x'));
    expect(stats).toHaveBeenCalledTimes(1);
    // Installed once: asking again returns the same plugin without wrapping twice.
    expect((remarkImagesWithCachedStats(require) as { statsItCalls: unknown }).statsItCalls).toBe(plugin.statsItCalls);
  });

  it('refuses when gatsby-remark-images was loaded first (it would keep the uncached stats)', () => {
    expect(() => remarkImagesWithCachedStats(fakeRequire(async () => null, ['gatsby-remark-images']))).toThrow(/已被载入/);
  });
});
