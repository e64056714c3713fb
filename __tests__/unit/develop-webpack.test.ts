import { definitionsReadingTheEnvironment, developWebpackConfig, withoutIdleLinter } from '../../gatsby/framework/webpack/develop';

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

describe("develop-html's definitions", () => {
  // As Gatsby's webpack.config.js builds them for a Node target, from this environment and a .env file's FROM_DOTENV.
  const env = { HOME: '/home/editor', TERM_PROGRAM: 'vscode', GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'development', SITE_BASE_URL: '/fomosite' };
  const gatsbyDefines = (environment: Record<string, string>) => ({
    'process.env': '({})',
    ...Object.fromEntries(Object.entries(environment).map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)])),
    'process.env.FROM_DOTENV': '"from .env.development"',
    'process.env.PUBLIC_DIR': '"/site/public"',
    'process.env.BUILD_STAGE': '"develop-html"',
    'process.env.NODE_ENV': '"development"',
    __PATH_PREFIX__: '""',
  });

  it("keep Gatsby's own names, GATSBY_* and .env files' variables; the rest of the environment is read when the shell renders", () => {
    expect(definitionsReadingTheEnvironment(gatsbyDefines(env), env)).toEqual({
      'process.env.GATSBY_TELEMETRY_DISABLED': '"1"',
      'process.env.NODE_ENV': '"development"',
      'process.env.FROM_DOTENV': '"from .env.development"',
      'process.env.PUBLIC_DIR': '"/site/public"',
      'process.env.BUILD_STAGE': '"develop-html"',
      __PATH_PREFIX__: '""',
    });
  });

  it('are the same names whatever else the terminal has in its environment (webpack rebuilds every module when the names change)', () => {
    const other = { ...env, OLDPWD: '/tmp', VSCODE_PID: '42', TERM_PROGRAM: 'iTerm.app' };
    delete (other as Record<string, string | undefined>).HOME;
    expect(Object.keys(definitionsReadingTheEnvironment(gatsbyDefines(other), other)).sort()).toEqual(Object.keys(definitionsReadingTheEnvironment(gatsbyDefines(env), env)).sort());
    // Gatsby's own definitions do change with the environment's names.
    expect(Object.keys(gatsbyDefines(other)).sort()).not.toEqual(Object.keys(gatsbyDefines(env)).sort());
  });

  it('keeps a definition whose value is not the environment’s (a plugin’s own define of the same name)', () => {
    expect(definitionsReadingTheEnvironment({ 'process.env.HOME': '"/elsewhere"' }, env)).toEqual({ 'process.env.HOME': '"/elsewhere"' });
  });
});
