/**
 * Stopping `gatsby develop` stores webpack's persistent cache (gatsby/framework/webpack/store-on-stop.ts):
 * a real webpack compiler in watch mode, as develop runs it, and a stand-in for `process`.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Compiler } from 'webpack';
import { createStopper, StoreCacheOnStop, type StoppingProcess } from '../../gatsby/framework/webpack/store-on-stop';

class FakeProcess extends EventEmitter {
  readonly exited = jest.fn();
  exit = this.exited as unknown as StoppingProcess['exit'];
}

/** Gatsby's own signal listeners: each exits with status 0 at once (develop-process, the develop command). */
const gatsbyExitsOn = (proc: FakeProcess) => {
  for (const signal of ['SIGINT', 'SIGTERM']) proc.on(signal, () => proc.exit(0));
};

const until = async (condition: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A compiler whose close() finishes only when told to (or never). */
const slowCompiler = () => {
  const finish: Array<() => void> = [];
  return { finish, compiler: { close: jest.fn((callback: (error?: Error | null) => void) => finish.push(() => callback())) } as unknown as Compiler };
};

describe('a real webpack watch compilation', () => {
  let dir: string;
  let watched: Compiler | null = null;
  const packs = () => readdirSync(path.join(dir, 'cache'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.pack'));
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'store-on-stop-'));
    mkdirSync(path.join(dir, 'src'));
    mkdirSync(path.join(dir, 'cache'));
    writeFileSync(path.join(dir, 'src', 'index.js'), "import { answer } from './answer';\nconsole.log(answer);\n");
    writeFileSync(path.join(dir, 'src', 'answer.js'), 'export const answer = 42;\n');
  });
  afterEach(async () => {
    await new Promise((resolve) => watched?.close(resolve) ?? resolve(null));
    watched = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const watchOnce = (plugins: webpack.WebpackPluginInstance[]) =>
    new Promise<Compiler>((resolve, reject) => {
      const compiler = webpack({
        mode: 'development',
        context: dir,
        entry: './src/index.js',
        output: { path: path.join(dir, 'out') },
        cache: { type: 'filesystem', cacheDirectory: path.join(dir, 'cache') },
        infrastructureLogging: { level: 'none' },
        plugins,
      });
      watched = compiler;
      compiler.watch({}, (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(compiler)));
    });

  it("stores the cache when stopped right after the first compilation, before Gatsby's exit goes through", async () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    await watchOnce([new StoreCacheOnStop(createStopper(proc, { notice: () => {} }))]);
    // What this module is for: webpack by itself stores only when idle (5 s after a first compilation).
    expect(packs()).toEqual([]);
    proc.emit('SIGTERM');
    expect(proc.exited).not.toHaveBeenCalled(); // held while the cache is stored
    await until(() => proc.exited.mock.calls.length > 0);
    expect(proc.exited).toHaveBeenCalledWith(0);
    expect(proc.exited).toHaveBeenCalledTimes(1);
    expect(packs().length).toBeGreaterThan(0);
    expect(proc.exit).toBe(proc.exited); // process.exit is itself again
  });
});

describe('the stop', () => {
  it('a second signal while storing lets the exit through at once', () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    const { compiler } = slowCompiler();
    createStopper(proc, { notice: () => {} }).add(compiler);
    proc.emit('SIGINT');
    expect(proc.exited).not.toHaveBeenCalled();
    proc.emit('SIGINT');
    expect(proc.exited).toHaveBeenCalledWith(0);
  });

  it('holds the exit no longer than its time limit when a store never finishes', async () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    const { compiler } = slowCompiler();
    createStopper(proc, { timeoutMs: 50, notice: () => {} }).add(compiler);
    proc.emit('SIGTERM');
    expect(proc.exited).not.toHaveBeenCalled();
    await until(() => proc.exited.mock.calls.length > 0, 2000);
    expect(proc.exited).toHaveBeenCalledWith(0);
  });

  it('closes every compiler, listens once, and exits only after the last store, with the first code asked for', async () => {
    const proc = new FakeProcess();
    proc.on('SIGTERM', () => {
      proc.exit(3);
      proc.exit(0);
    });
    const stopper = createStopper(proc, { notice: () => {} });
    const first = slowCompiler();
    const second = slowCompiler();
    stopper.add(first.compiler);
    stopper.add(second.compiler);
    expect(proc.listenerCount('SIGTERM')).toBe(2);
    expect(proc.listenerCount('SIGINT')).toBe(1);
    proc.emit('SIGTERM');
    expect(first.compiler.close).toHaveBeenCalledTimes(1);
    expect(second.compiler.close).toHaveBeenCalledTimes(1);
    first.finish[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(proc.exited).not.toHaveBeenCalled();
    second.finish[0]?.();
    await until(() => proc.exited.mock.calls.length > 0, 2000);
    expect(proc.exited.mock.calls).toEqual([[3]]);
  });

  it('does not wait for a compilation in progress: the exit goes through as before', async () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    const busy = slowCompiler();
    Object.assign(busy.compiler, { idle: false });
    createStopper(proc, { notice: () => {} }).add(busy.compiler);
    proc.emit('SIGINT');
    await until(() => proc.exited.mock.calls.length > 0, 2000);
    expect(busy.compiler.close).not.toHaveBeenCalled();
    expect(proc.exited).toHaveBeenCalledWith(0);
  });

  it('tells the editor what a slow stop is waiting for', async () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    const notice = jest.fn();
    const { compiler, finish } = slowCompiler();
    createStopper(proc, { notice }).add(compiler);
    proc.emit('SIGINT');
    await until(() => notice.mock.calls.length > 0, 2000);
    expect(notice.mock.calls[0][0]).toMatch(/webpack 缓存/);
    finish[0]?.();
    await until(() => proc.exited.mock.calls.length > 0, 2000);
  });

  it('reports a store that failed and still exits with the code asked for', async () => {
    const proc = new FakeProcess();
    gatsbyExitsOn(proc);
    const notice = jest.fn();
    const failing = { close: jest.fn((callback: (error?: Error | null) => void) => callback(new Error('disk full'))) } as unknown as Compiler;
    createStopper(proc, { notice }).add(failing);
    proc.emit('SIGTERM');
    await until(() => proc.exited.mock.calls.length > 0, 2000);
    expect(notice).toHaveBeenCalledWith('webpack 缓存没有保存：disk full');
    expect(proc.exited).toHaveBeenCalledWith(0);
  });

  it('when nothing asked to exit, the process goes on as it would have', async () => {
    const proc = new FakeProcess();
    const { compiler, finish } = slowCompiler();
    createStopper(proc, { notice: () => {} }).add(compiler);
    const exit = proc.exit;
    proc.emit('SIGINT');
    finish[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(proc.exited).not.toHaveBeenCalled();
    expect(proc.exit).toBe(exit);
  });
});
