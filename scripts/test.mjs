#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in stages that keep both cores of a CI machine busy
 * (issue 25). Each stage starts when the one before it has passed; the first stage that fails
 * ends the run, after its other steps have finished, with that failure's exit status.
 *
 *   1. workflow lint, then the unit, content and search tests (jest, 2 workers);
 *   2. the strict production build, and the typecheck beside it (tsc uses one core, and the build
 *      leaves part of a core idle while it waits on its own workers: 46.6 s for both, cold build,
 *      quiet machine, where a cold build alone took 41.7 s and tsc 11.3 s);
 *   3. a copy of that build in .e2e/site, and the timed e2e tests against the copy, alone: they
 *      assert the spec's delays in real time. Beside the build under /fomosite they took 39 s
 *      instead of 30 and the build 51 s instead of 23, so they are not paired;
 *   4. the build under /fomosite, into public/;
 *   5. the e2e tests against the copy and the /fomosite tests against public/, in one jest run
 *      on 2 workers (the /fomosite file fills a worker's idle end instead of a run of its own).
 *
 * A step run beside another prints its output when it ends, so the two never interleave.
 * At the end: how long each stage took. The separate scripts (test:unit, test:e2e, …) still run
 * one part on its own against public/.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where stage 3 copies the strict build; the e2e projects read E2E_SITE_DIR (__tests__/e2e/support/env.ts). */
export const SITE_COPY = '.e2e/site';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const npmRun = (script) => ({ command: 'npm', args: ['run', '--silent', script] });
const jest = (...args) => ({ command: bin('jest'), args });

/**
 * The stages: `before` runs first, then the steps side by side (the first one's output streamed),
 * each step's commands one after another.
 */
export const STAGES = [
  { steps: [{ name: 'workflow lint + unit, content and search tests', sequence: [npmRun('lint:workflow'), jest('--selectProjects', 'unit', 'content', 'search', '--maxWorkers=2')] }] },
  {
    steps: [
      { name: 'strict build', sequence: [npmRun('build:strict')] },
      { name: 'typecheck', sequence: [npmRun('typecheck')] },
    ],
  },
  { before: copyBuild, steps: [{ name: 'timed e2e tests (copy of the strict build)', env: { E2E_SITE_DIR: SITE_COPY }, sequence: [jest('--selectProjects', 'e2e-timed', '--runInBand')] }] },
  { steps: [{ name: 'build under /fomosite', sequence: [npmRun('build:prefixed')] }] },
  {
    steps: [
      {
        name: 'e2e tests (copy of the strict build) and /fomosite e2e tests (public/)',
        env: { E2E_SITE_DIR: SITE_COPY },
        sequence: [jest('--selectProjects', 'e2e', 'e2e-prefix', '--maxWorkers=2')],
      },
    ],
  },
];

/** Copies public/ (the strict build) to SITE_COPY, file times kept (nginx's Last-Modified and ETag come from them). */
function copyBuild() {
  const target = path.join(ROOT, SITE_COPY);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'public'), target, { recursive: true, preserveTimestamps: true });
}

const children = new Set();

/** Runs one command; resolves to its exit status. `log`: a file for its output instead of the terminal. */
function runCommand({ command, args }, env, log) {
  return new Promise((resolve) => {
    const out = log ? ['ignore', log, log] : 'inherit';
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: out });
    children.add(child);
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

/** Runs a step's commands one after another, stopping at the first that fails; resolves to its status. */
async function runStep(step, streamed) {
  const log = streamed ? undefined : path.join(mkdtempSync(path.join(os.tmpdir(), 'npm-test-')), 'output.log');
  const fd = log ? openSync(log, 'w') : undefined;
  let status = 0;
  for (const command of step.sequence) {
    status = await runCommand(command, step.env, fd);
    if (status !== 0) break;
  }
  if (log) {
    closeSync(fd);
    process.stdout.write(`\n── ${step.name} (ran beside the step above) ──\n${readFileSync(log, 'utf8')}`);
    rmSync(path.dirname(log), { recursive: true, force: true });
  }
  return status;
}

async function main() {
  const timings = [];
  let failed;
  for (const stage of STAGES) {
    const started = Date.now();
    const names = stage.steps.map((step) => step.name);
    console.log(`\n══ ${names.join('  ‖  ')}`);
    stage.before?.();
    const statuses = await Promise.all(stage.steps.map((step, i) => runStep(step, i === 0)));
    timings.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${names.join(' ‖ ')}`);
    const i = statuses.findIndex((status) => status !== 0);
    if (i >= 0) {
      failed = { step: names[i], status: statuses[i] };
      break;
    }
  }
  console.log(`\nnpm test, stages:\n${timings.join('\n')}`);
  if (failed) {
    console.error(`\n✗ ${failed.step} failed (exit status ${failed.status})`);
    process.exit(failed.status);
  }
  console.log('\n✓ all tests passed');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(128 + os.constants.signals[signal]);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
