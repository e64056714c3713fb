/**
 * The canary for what the browser projects assume about jest-worker (__tests__/e2e/support/jest-worker.ts),
 * checked by running the jest-worker that jest-runner depends on: a child process that records the
 * messages it receives is started, called once and ended the way jest ends its test workers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHILD_MESSAGE_END } from '../e2e/support/jest-worker';

interface WorkerPool {
  ping(): Promise<number>;
  end(): Promise<{ forceExited: boolean }>;
}
type WorkerClass = new (file: string, options: { numWorkers: number; enableWorkerThreads: boolean; exposedMethods: string[] }) => WorkerPool;

const { Worker } = createRequire(require.resolve('jest-runner'))('jest-worker') as { Worker: WorkerClass };

describe('jest-worker, as jest-runner runs test files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jest-worker-canary-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`ends a child process with a message whose first element is ${CHILD_MESSAGE_END}, and the child may exit on it`, async () => {
    const log = path.join(dir, 'messages.log');
    const child = path.join(dir, 'child.js');
    // What ./environment.ts does on that message, and a record of every message's first element.
    writeFileSync(
      child,
      `const fs = require('node:fs');
      process.on('message', (message) => {
        fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(Array.isArray(message) ? message[0] : null) + '\\n');
        if (Array.isArray(message) && message[0] === ${CHILD_MESSAGE_END}) process.exit(0);
      });
      // Holds the event loop open, as a worker's browser does.
      setInterval(() => {}, 1000);
      exports.ping = () => process.pid;`,
    );
    const pool = new Worker(child, { numWorkers: 1, enableWorkerThreads: false, exposedMethods: ['ping'] });
    expect(await pool.ping()).toEqual(expect.any(Number));
    // Without the exit on that message the interval would hold the child past jest's 500 ms.
    expect(await pool.end()).toEqual({ forceExited: false });
    const received = readFileSync(log, 'utf8').trim().split('\n').map(Number);
    expect(received.at(-1)).toBe(CHILD_MESSAGE_END);
  });
});
