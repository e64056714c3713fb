/**
 * Stopping `gatsby develop` stores what its webpack compiled, as webpack-dev-server does.
 *
 * Webpack writes the develop compilation's persistent cache (.cache/webpack/stage-develop) only
 * when the compiler is idle or closed. Its defaults (cache.idleTimeout*) make that 5 s after a
 * start's first compilation, 1 s after a compilation that restored much, and otherwise 60 s after
 * the last change. Gatsby never closes the compiler: on Ctrl-C or SIGTERM it calls process.exit.
 * So a development server stopped sooner lost what it had compiled. After a change to a build
 * dependency (gatsby-config, the site's build code, an npm update) webpack throws the whole cache
 * away, and every later start rebuilt it (development bundle 7.4 / 8.6 s instead of 2.8 / 2.9 s
 * here) until one session stayed up long enough.
 *
 * On the first SIGINT or SIGTERM this closes the idle compilers, which stores their caches, and
 * holds any process.exit made in the meantime (Gatsby's own signal handlers make one at once)
 * until the caches are stored, or until the time limit passes. A second signal exits at once. A
 * compiler still compiling is not waited for: stopping stays as quick as before. (Gatsby's exits
 * and its never closing the compiler are checked against the installed gatsby by a canary test:
 * internals.ts, GATSBY_DEVELOP_PROCESS.)
 */
/** The longest a stop waits for the caches to be stored (a full develop cache takes about 1 s). */
export const STORE_TIMEOUT_MS = 15_000;
/** After this long without the stores finishing, the editor is told what the wait is for. */
const NOTICE_AFTER_MS = 400;
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

type Exit = (code?: number | string | null) => never;
/** The parts of `process` this uses (a stand-in in tests). */
export interface StoppingProcess {
  exit: Exit;
  prependListener(event: (typeof SIGNALS)[number], listener: () => void): unknown;
}
/** A webpack Compiler, as far as this needs one: close() stores its cache, then calls back. */
export interface Closable {
  close(callback: (error?: Error | null) => void): void;
  /** False while a compilation runs (webpack's Compiler#idle; Compiler#running stays true in watch mode). */
  idle?: boolean;
}

export interface Stopper {
  /** Compilers to close when the process is told to stop. */
  add(compiler: Closable): void;
}

export function createStopper(proc: StoppingProcess, options: { timeoutMs?: number; notice?: (text: string) => void } = {}): Stopper {
  const { timeoutMs = STORE_TIMEOUT_MS, notice = (text) => process.stderr.write(`${text}\n`) } = options;
  const compilers = new Set<Closable>();
  let listening = false;
  let stopping = false;
  let restore = () => {};

  function onSignal() {
    if (stopping) {
      restore(); // a second Ctrl-C: the exit Gatsby's handlers make next is not held
      return;
    }
    stopping = true;
    const exit = proc.exit;
    let requested: { code?: number | string | null } | null = null;
    proc.exit = ((code?: number | string | null) => {
      requested ??= { code };
    }) as Exit;
    restore = () => {
      if (proc.exit !== exit) proc.exit = exit;
    };
    // Neither timer keeps the process alive by itself.
    const noticeTimer = setTimeout(() => notice('正在保存开发包的 webpack 缓存（下次启动更快）…'), NOTICE_AFTER_MS).unref();
    let limitTimer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (limitTimer = setTimeout(resolve, timeoutMs).unref()));
    void Promise.race([closeAll(compilers, notice), limit]).then(() => {
      clearTimeout(noticeTimer);
      clearTimeout(limitTimer);
      restore();
      if (requested) exit(requested.code);
    });
  }

  return {
    add(compiler) {
      compilers.add(compiler);
      if (listening) return;
      listening = true;
      // First in line, so the exit that Gatsby's own listeners make is already held.
      for (const signal of SIGNALS) proc.prependListener(signal, onSignal);
    },
  };
}

/**
 * Closes every idle compiler (each stores its cache); a failure to store is reported, not thrown.
 * A compiler in the middle of a compilation is left alone: closing it would wait for the whole
 * compilation (10 s and more on a clean start) before the process could exit.
 */
export function closeAll(compilers: Iterable<Closable>, report: (text: string) => void): Promise<void> {
  return Promise.all(
    [...compilers].filter((compiler) => compiler.idle !== false).map(
      (compiler) =>
        new Promise<void>((resolve) =>
          compiler.close((error) => {
            if (error) report(`webpack 缓存没有保存：${error.message}`);
            resolve();
          }),
        ),
    ),
  ).then(() => undefined);
}

/** The webpack plugin for the develop stage: its compiler is closed when the process stops. */
export class StoreCacheOnStop {
  constructor(private readonly stopper: Stopper) {}
  apply(compiler: Closable) {
    this.stopper.add(compiler);
  }
}

/** The one stopper of this process. */
let processStopper: Stopper | null = null;
export function storeCacheOnStop(): StoreCacheOnStop {
  processStopper ??= createStopper(process as unknown as StoppingProcess);
  return new StoreCacheOnStop(processStopper);
}
