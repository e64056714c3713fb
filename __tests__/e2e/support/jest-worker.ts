/**
 * What the browser projects' test environment (./environment.ts) assumes about jest-worker, the
 * process pool jest-runner runs test files in. It is not among jest-worker's public exports:
 * __tests__/unit/jest-internals.test.ts runs the jest-worker that jest-runner depends on and
 * fails when an upgrade changes it.
 */

/**
 * The first element of the message jest-worker sends a child process when the run is over. A
 * child still running 500 ms later is killed, and jest prints "A worker process has failed to
 * exit gracefully … tests leaking due to improper teardown".
 */
export const CHILD_MESSAGE_END = 2;
