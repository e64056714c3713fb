#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in stages (CONTRIBUTING.md). Each stage starts when the one
 * before it has passed; the first stage that fails ends the run with that failure's exit status.
 *
 *   1. workflow lint, then the unit, content and search tests (jest, one worker per core); beside them, at
 *      nice 19, the static checks one after another: the typecheck, ESLint and Prettier's check
 *      (npm run typecheck, lint, format:check). The unit tests leave part of the CPU idle while they wait on the
 *      processes they start, and tsc takes it (quiet, warm jest cache, twice each, measured when
 *      the stage also ran smoke runs of the benchmarks: 97.0 / 97.5 s one after the other,
 *      94.6 / 92.9 s side by side);
 *   2. `gatsby clean`, then the strict production build, its log kept in .e2e/build-logs/strict.log: the
 *      growth check compares two whole builds (after an earlier build of the same site, Gatsby makes
 *      no HTML at all), and the e2e tests test a build made from nothing, as CI's is;
 *   3. a copy of that build in .e2e/site, then the timed e2e tests against the copy; beside them,
 *      at the lowest CPU priority (nice 19), the grown build (npm run build:grown: the real content
 *      plus synthetic pages, under /fomosite) into public/. The timed tests assert the spec's delays
 *      in real time and spend most of it waiting: the build takes the CPU they leave, and yields it
 *      the moment they want it;
 *   4. the growth check (npm run check:build-growth: no phase of the grown build takes more than its
 *      share per page), then the e2e tests against the copy and the /fomosite tests against public/,
 *      in one jest run on one worker per core (the /fomosite file fills a worker's idle end instead
 *      of a run of its own).
 *
 * Workers: one per core the process may use (os.availableParallelism(), which honours CPU
 * affinity such as `taskset`), see WORKERS. Jest's own default is one less (it keeps a core for
 * itself), but these workers spend much of their time waiting on the child processes, browsers and
 * servers they start. `npm run test:unit` and `npm run test:e2e` say the same with --maxWorkers=100%.
 *
 * Tried on this 2-core machine and not kept:
 * - tsc beside the cold strict build: 54.4 s for both, against 39.1 s and 10.4 s alone (quiet;
 *   fresh-clone CI runs gave 56.8 and 50.4 s for both): contention eats the idle time.
 * - the strict build at nice 19 beside stage 1 (fresh clone, cold jest cache, quiet): 120.1 s for
 *   both against 95.7 + 31.1 s one after the other, but the unit tests slowed from 84 to 95 s:
 *   nice shares out the CPU, not the caches, memory or disk. 7 s was not worth that.
 * - the timed tests beside the /fomosite build at the same priority: 54.3 s for both against
 *   36.1 + 34.6 s alone (quiet), but the timed tests slowed from 36 to 45 s under that load.
 *
 * `npm test -- --stages 3,4` runs only the stages numbered (see selectStages()).
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

/** Jest workers of the parallel stages: one per core this process may run on (see above). */
export const WORKERS = os.availableParallelism();

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const npmRun = (script) => ({ command: 'npm', args: ['run', '--silent', script] });
const jest = (...args) => ({ command: bin('jest'), args });

/**
 * The stages: `before` runs first, then the commands of `sequence` one after another, with `env`
 * added; the commands of `beside`, if any, run one after another at the same time, each at CPU
 * priority `nice`, all of them even when one fails, their output held until the sequence is done.
 * A stage passes when everything in it has passed.
 */
export const STAGES = [
  {
    name: 'workflow lint, unit, content and search tests, beside them the typecheck, ESLint and Prettier',
    sequence: [npmRun('lint:workflow'), jest('--selectProjects', 'unit', 'content', 'search', `--maxWorkers=${WORKERS}`)],
    beside: ['typecheck', 'lint', 'format:check'].map((script) => ({ ...npmRun(script), nice: 19 })),
  },
  // From nothing (Gatsby's .cache; the build cache of images and cards stays); its log is kept for the growth check of stage 4 (scripts/build-phases.mjs).
  { name: 'strict build', sequence: [npmRun('clean'), { command: 'node', args: ['scripts/build-phases.mjs', 'record', 'strict', '--', 'npm', 'run', '--silent', 'build:strict'] }] },
  {
    name: 'timed e2e tests (copy of the strict build), beside them the grown build under /fomosite',
    before: copyBuild,
    env: { E2E_SITE_DIR: SITE_COPY },
    sequence: [jest('--selectProjects', 'e2e-timed', '--runInBand')],
    beside: [{ ...npmRun('build:grown'), nice: 19 }],
  },
  {
    name: 'build growth check, e2e tests (copy of the strict build) and /fomosite e2e tests (public/)',
    env: { E2E_SITE_DIR: SITE_COPY },
    sequence: [npmRun('check:build-growth'), jest('--selectProjects', 'e2e', 'e2e-prefix', `--maxWorkers=${WORKERS}`)],
  },
];

/** Copies public/ (the strict build) to SITE_COPY, file times kept (nginx's Last-Modified and ETag come from them). */
function copyBuild() {
  const target = path.join(ROOT, SITE_COPY);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'public'), target, { recursive: true, preserveTimestamps: true });
}

const running = new Set();

/**
 * Runs one command, at CPU priority `nice` if given (Linux's nice(1)); its output goes to the
 * terminal, or to the file descriptor `output`. Resolves to its exit status.
 */
function runCommand({ command, args, nice }, env, output = 'inherit') {
  const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: output === 'inherit' ? 'inherit' : ['ignore', output, output] });
    running.add(child);
    child.on('error', (error) => process.stderr.write(`${command}: ${error.message}\n`));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

/**
 * Runs `commands` one after another beside the stage's sequence, each one's output in a temporary
 * file; resolves to the first failure's status (0 if none) and the outputs, each under its command.
 */
async function runBeside(commands, env) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
  const log = path.join(dir, 'output.log');
  let status = 0;
  let output = '';
  try {
    for (const command of commands) {
      const fd = openSync(log, 'w');
      let own;
      try {
        own = await runCommand(command, env, fd);
      } finally {
        closeSync(fd);
      }
      output += `\n── ${describeCommand(command)} (beside the above)${own === 0 ? '' : `: exit status ${own}`}\n${readFileSync(log, 'utf8')}`;
      if (status === 0) status = own;
    }
    return { status, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How a command reads in the log: `nice -n 19 npm run build:prefixed`. */
const describeCommand = ({ command, args, nice }) => [...(nice ? ['nice', '-n', nice] : []), command, ...args].join(' ');

/**
 * The stages to run: all, or those numbered (from 1) by `--stages 3,4` — e.g. to run the e2e
 * stages again after fixing a test, when public/ still holds the strict build (stage 3 copies it).
 */
export function selectStages(argv) {
  const i = argv.indexOf('--stages');
  if (i < 0) return STAGES;
  const numbers = String(argv[i + 1] ?? '')
    .split(',')
    .map(Number);
  if (numbers.length === 0 || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > STAGES.length)) {
    throw new Error(`--stages takes stage numbers from 1 to ${STAGES.length}, separated by commas: ${argv[i + 1] ?? '(none)'}`);
  }
  return STAGES.filter((_, index) => numbers.includes(index + 1));
}

async function main() {
  const timings = [];
  let failed;
  for (const stage of selectStages(process.argv.slice(2))) {
    const started = Date.now();
    console.log(`\n══ ${stage.name}`);
    stage.before?.();
    const beside = stage.beside && runBeside(stage.beside, stage.env);
    let status = 0;
    for (const command of stage.sequence) {
      status = await runCommand(command, stage.env);
      if (status !== 0) break;
    }
    if (beside) {
      const done = await beside;
      console.log(done.output);
      if (status === 0) status = done.status;
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
    for (const child of running) child.kill(signal);
    process.exit(128 + os.constants.signals[signal]);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
