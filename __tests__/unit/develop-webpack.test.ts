import { developWebpackConfig, withoutIdleLinter } from '../../build/gatsby/webpack/develop';

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

describe("develop's linter", () => {
  // Shaped like eslint-webpack-plugin's instances (the canary checks Gatsby's own).
  class ESLintWebpackPlugin {
    constructor(readonly options: { extensions: string[] }) {}
  }
  class HotModuleReplacementPlugin {}
  const plugins = [new HotModuleReplacementPlugin(), new ESLintWebpackPlugin({ extensions: ['js', 'jsx'] })];

  it('is left out when no source file has an extension it lints', () => {
    expect(withoutIdleLinter(plugins, ['pages/index.tsx', 'lib/site.ts', 'components/x/y.tsx', 'styles/a.css', 'notes.json'])).toEqual([plugins[0]]);
  });

  it('stays when a source file would be linted', () => {
    expect(withoutIdleLinter(plugins, ['pages/index.tsx', 'pages/legacy.jsx'])).toEqual(plugins);
    expect(withoutIdleLinter(plugins, ['lib/old.js'])).toEqual(plugins);
    expect(withoutIdleLinter([new ESLintWebpackPlugin({ extensions: ['.ts', 'tsx'] })], ['lib/site.ts'])).toHaveLength(1);
  });

  it('leaves every other plugin alone', () => {
    expect(withoutIdleLinter([plugins[0]], [])).toEqual([plugins[0]]);
  });
});
