/**
 * Build work on a worker thread, for the core Gatsby leaves idle: Gatsby's own phases and the
 * post-build steps run on one thread, and a 2-core machine did about one core's worth of work in
 * a build. A worker's entry is a TypeScript module of the site (it imports the same modules as
 * the build's own code); esbuild bundles it into .cache/workers/ (packages left to Node, so that
 * is quick), and the thread runs it with `workerData` and posts back one message. Its starter may
 * send it one message meanwhile (startWorkerThread's `post`, the entry's messageFromParent()): the
 * search worker starts with the build and hears from it when the page data is written.
 *
 * An entry calls `workerTask(run)`: `run(workerData)`'s result goes back as the result of
 * `runOnWorkerThread`; a thrown error comes back with its name and message (and is thrown again
 * there as an Error with that name), so a content error stays a content error.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface WorkerReply<T> {
  result?: T;
  error?: { name: string; message: string; stack?: string };
}

/** A worker started by startWorkerThread: what it will answer, and a way to send it a message meanwhile. */
export interface StartedWorker<T> {
  outcome: Promise<T>;
  /** Delivered to the entry's messageFromParent(); dropped once the worker has answered. */
  post(message: unknown): void;
}

/** Runs `entry` (a .ts file of the site, relative to it) on a new worker thread with `data` (and `env` for its process.env: this process's unless given). */
export function startWorkerThread<T>(entry: string, data: unknown, { env }: { env?: NodeJS.ProcessEnv } = {}): StartedWorker<T> {
  const outfile = path.resolve('.cache', 'workers', `${path.basename(entry, '.ts')}.cjs`);
  buildSync({
    entryPoints: [path.resolve(entry)],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const worker = new Worker(outfile, { workerData: data, ...(env ? { env } : {}) });
  let replied = false;
  const outcome = new Promise<T>((resolve, reject) => {
    worker.once('message', (reply: WorkerReply<T>) => {
      replied = true;
      void worker.terminate();
      if (reply.error) reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, stack: reply.error.stack }));
      else resolve(reply.result as T);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!replied) reject(new Error(`${entry}：工作线程没有给出结果就退出了（退出码 ${code}）`));
    });
  });
  return {
    outcome,
    post: (message) => {
      if (!replied) worker.postMessage(message);
    },
  };
}

/** Runs `entry` (a .ts file of the site, relative to it) on a new worker thread with `data`; resolves with what it returns. */
export function runOnWorkerThread<T>(entry: string, data: unknown): Promise<T> {
  return startWorkerThread<T>(entry, data).outcome;
}

/** In a worker entry: the first message its starter posts (StartedWorker.post). */
export function messageFromParent(): Promise<unknown> {
  return new Promise((resolve) => {
    if (isMainThread || !parentPort) return;
    parentPort.once('message', resolve);
  });
}

/** The body of a worker entry: runs `run` with the thread's data and posts its result or error back. */
export function workerTask<D, T>(run: (data: D) => Promise<T> | T): void {
  if (isMainThread || !parentPort) return;
  const port = parentPort;
  Promise.resolve()
    .then(() => run(workerData as D))
    .then(
      (result) => port.postMessage({ result } satisfies WorkerReply<T>),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ error: { name: e.name, message: e.message, stack: e.stack } } satisfies WorkerReply<T>);
      },
    );
}
