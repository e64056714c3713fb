#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in stages (issue 25). Each stage starts when the one
 * before it has passed; the first stage that fails ends the run with that failure's exit status.
 *
 *   1. typecheck, workflow lint, then the unit, content and search tests (jest, 2 workers);
 *   2. the strict production build;
 *   3. a copy of that build in .e2e/site, and the timed e2e tests against the copy, alone: they
 *      assert the spec's delays in real time;
 *   4. the build under /fomosite, into public/;
 *   5. the e2e tests against the copy and the /fomosite tests against public/, in one jest run
 *      on 2 workers (the /fomosite file fills a worker's idle end instead of a run of its own).
 *
 * Tried on this 2-core machine and not kept:
 * - tsc beside the cold strict build: 54.4 s for both, against 39.1 s and 10.4 s alone (quiet;
 *   fresh-clone CI runs gave 56.8 and 50.4 s for both): contention eats the idle time.
 * - the timed tests beside the /fomosite build: 54.3 s for both against 36.1 + 34.6 s alone
 *   (quiet), but the timed tests then run under load (36 → 45 s). They assert real delays, and
 *   that pairing has not had the five consecutive green runs under load it would need.
 *
 * At the end: how long each stage took. The separate scripts (test:unit, test:e2e, …) still run
 * one part on its own against public/.
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where stage 3 copies the strict build; the e2e projects read E2E_SITE_DIR (__tests__/e2e/support/env.ts). */
export const SITE_COPY = '.e2e/site';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const npmRun = (script) => ({ command: 'npm', args: ['run', '--silent', script] });
const jest = (...args) => ({ command: bin('jest'), args });

/** The stages: `before` runs first, then the commands one after another, with `env` added. */
export const STAGES = [
  {
    name: 'typecheck, workflow lint, unit, content and search tests',
    sequence: [npmRun('typecheck'), npmRun('lint:workflow'), jest('--selectProjects', 'unit', 'content', 'search', '--maxWorkers=2')],
  },
  { name: 'strict build', sequence: [npmRun('build:strict')] },
  { name: 'timed e2e tests (copy of the strict build)', before: copyBuild, env: { E2E_SITE_DIR: SITE_COPY }, sequence: [jest('--selectProjects', 'e2e-timed', '--runInBand')] },
  { name: 'build under /fomosite', sequence: [npmRun('build:prefixed')] },
  {
    name: 'e2e tests (copy of the strict build) and /fomosite e2e tests (public/)',
    env: { E2E_SITE_DIR: SITE_COPY },
    sequence: [jest('--selectProjects', 'e2e', 'e2e-prefix', '--maxWorkers=2')],
  },
];

/** Copies public/ (the strict build) to SITE_COPY, file times kept (nginx's Last-Modified and ETag come from them). */
function copyBuild() {
  const target = path.join(ROOT, SITE_COPY);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'public'), target, { recursive: true, preserveTimestamps: true });
}

let running;

/** Runs one command with the terminal as its output; resolves to its exit status. */
function runCommand({ command, args }, env) {
  return new Promise((resolve) => {
    running = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    running.on('error', (error) => process.stderr.write(`${command}: ${error.message}\n`));
    running.on('close', (code, signal) => {
      running = undefined;
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

async function main() {
  const timings = [];
  let failed;
  for (const stage of STAGES) {
    const started = Date.now();
    console.log(`\n══ ${stage.name}`);
    stage.before?.();
    let status = 0;
    for (const command of stage.sequence) {
      status = await runCommand(command, stage.env);
      if (status !== 0) break;
    }
    timings.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${stage.name}`);
    if (status !== 0) {
      failed = { stage: stage.name, status };
      break;
    }
  }
  console.log(`\nnpm test, stages:\n${timings.join('\n')}`);
  if (failed) {
    console.error(`\n✗ ${failed.stage} failed (exit status ${failed.status})`);
    process.exit(failed.status);
  }
  console.log('\n✓ all tests passed');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    running?.kill(signal);
    process.exit(128 + os.constants.signals[signal]);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
