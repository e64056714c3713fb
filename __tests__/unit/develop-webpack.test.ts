import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Compiler } from 'webpack';
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

  /** A real webpack watch compilation with develop's cache settings, as `gatsby develop` runs one; resolves with the compiler once compiled. */
  const watchDevelop = (dir: string) =>
    new Promise<Compiler>((resolve, reject) => {
      const { cache } = developWebpackConfig('develop') as { cache: object };
      const compiler = webpack({
        mode: 'development',
        context: dir,
        entry: './src/index.js',
        output: { path: path.join(dir, 'out') },
        cache: { type: 'filesystem', cacheDirectory: path.join(dir, 'cache'), ...cache },
        infrastructureLogging: { level: 'none' },
      });
      compiler.watch({}, (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(compiler)));
    });
  const close = (compiler: Compiler) => new Promise((resolve) => compiler.close(resolve));
  const packs = (dir: string) => (existsSync(path.join(dir, 'cache')) ? readdirSync(path.join(dir, 'cache'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.pack')) : []);
  const project = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'develop-cache-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'index.js'), "import { answer } from './answer';\nconsole.log(answer);\n");
    writeFileSync(path.join(dir, 'src', 'answer.js'), 'export const answer = 42;\n');
    return dir;
  };

  it("stores develop's cache right after a start's first compilation, so a server stopped at once keeps it (a real webpack watch compilation)", async () => {
    // When webpack schedules the store: its idle timer (IdleFileCachePlugin's, the one that runs
    // processIdleTasks). By default it waits 1 s after a process's first compilation; Gatsby never
    // closes the compiler, so a stop within that second lost the compilation. Timed by the delay
    // asked for, not by the clock: the machine may be busy.
    const realSetTimeout = global.setTimeout;
    const idleDelays: number[] = [];
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      if (String(fn).includes('processIdleTasks')) idleDelays.push(ms ?? 0);
      return realSetTimeout(fn, ms, ...args);
    }) as unknown as typeof setTimeout);
    const dir = project();
    let compiler: Compiler | undefined;
    try {
      compiler = await watchDevelop(dir);
      const waited = Date.now();
      while ((idleDelays.length === 0 || packs(dir).length === 0) && Date.now() - waited < 20_000) await new Promise((resolve) => realSetTimeout(resolve, 20));
      expect(idleDelays[0]).toBe(0);
      expect(packs(dir).length).toBeGreaterThan(0); // stored while the compiler stays open
    } finally {
      spy.mockRestore();
      if (compiler) await close(compiler);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('a damaged cache is detected by webpack and rebuilt at the next start, without clean:all', async () => {
    const dir = project();
    try {
      await close(await watchDevelop(dir));
      const damaged = packs(dir).map((file) => path.join(dir, 'cache', file));
      expect(damaged.length).toBeGreaterThan(0);
      for (const file of damaged) writeFileSync(file, 'not a webpack pack');
      const next = await watchDevelop(dir); // compiles: the damaged pack is dropped, not trusted
      await close(next);
      for (const file of packs(dir)) expect(readFileSync(path.join(dir, 'cache', file), 'utf8').startsWith('not a webpack pack')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

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
