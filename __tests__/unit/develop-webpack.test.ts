import { developWebpackConfig } from '../../build/gatsby/webpack/develop';

describe("develop's webpack caches stay valid across restarts", () => {
  it('checks module and resolve snapshots by content hash when only the mtime moved, in both develop compilations', () => {
    for (const stage of ['develop', 'develop-html']) {
      const config = developWebpackConfig(stage) as { snapshot: Record<string, { timestamp: boolean; hash: boolean }> };
      expect(config.snapshot.module).toEqual({ timestamp: true, hash: true });
      expect(config.snapshot.resolve).toEqual({ timestamp: true, hash: true });
    }
  });

  it('renders the develop shell without source maps, and keeps the browser bundle’s', () => {
    expect(developWebpackConfig('develop-html')).toMatchObject({ devtool: false });
    expect(developWebpackConfig('develop')).not.toHaveProperty('devtool');
  });

  it('leaves production builds alone', () => {
    expect(developWebpackConfig('build-javascript')).toBeNull();
    expect(developWebpackConfig('build-html')).toBeNull();
  });
});
