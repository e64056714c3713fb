#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in stages (CONTRIBUTING.md, docs/testing.md). Each stage
 * starts when the one before it has passed; the first stage that fails ends the run with that
 * failure's exit status.
 *
 *   1. workflow lint, then the unit, content and search tests (jest, one worker per core); beside
 *      them, at nice 19, the typecheck: the unit tests leave part of the CPU idle while they wait
 *      on the processes they start;
 *   2. the fixture site the feature tests own (npm run build:fixture, __tests__/site) from nothing
 *      (`gatsby clean` first: the growth check compares whole builds), copied to .e2e/fixture;
 *      beside it, at nice 19, ESLint and Prettier's check: a Gatsby build leaves a core idle in
 *      its phases that run on one thread;
 *   3. the timed e2e tests against the fixture build; beside them, at the lowest CPU priority, the
 *      real content's build (npm run build:strict) on the fixture's cache, as a deploy build
 *      follows the last one (webpack's bundles come from the cache, only the content is built
 *      again), then its copy to .e2e/site. The timed tests assert the spec's delays in real time
 *      and spend most of it waiting: the build takes the CPU they leave, and yields it the moment
 *      they want it;
 *   4. the grown build (npm run build:grown: the fixture plus synthetic pages, under /fomosite)
 *      into public/;
 *   5. the growth check (no phase of the grown build takes more than its share per page), the
 *      feature e2e tests against .e2e/fixture with the /fomosite tests against public/, then the
 *      rules over the real content (e2e-content) against .e2e/site.
 *
 * The builds' logs are kept in .e2e/build-logs/ (scripts/build-phases.mjs).
 *
 * Workers: one per core the process may use (os.availableParallelism(), which honours CPU
 * affinity such as `taskset`), see WORKERS; the feature e2e run one more (FEATURE_E2E_WORKERS).
 *
 * `npm test -- --stages 5` runs only the stages numbered (see selectStages()). At the end: how
 * long each stage took.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where stage 2 copies each build; the e2e projects read E2E_SITE_DIR (__tests__/e2e/support/env.ts). */
export const BUILD_COPIES = { fixture: '.e2e/fixture', content: '.e2e/site' };

/** Jest workers of the parallel stages: one per core this process may run on (see above). */
export const WORKERS = os.availableParallelism();
/**
 * Jest workers of the feature e2e run: one more than the cores. Its tests wait a good part of
 * their time (for transitions, timers, the server, a build in a copy of the project), and with one
 * worker per core the cores sat idle through those waits (docs/decisions/test-stages.md). The
 * audit of the real content is CPU-bound (axe in the page) and keeps one worker per core.
 */
export const FEATURE_E2E_WORKERS = WORKERS + 1;

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const npmRun = (script) => ({ command: 'npm', args: ['run', '--silent', script] });
const jest = (...args) => ({ command: bin('jest'), args });

/**
 * The stages: the steps of `sequence` one after another, with `env` added (and a step's own `env`
 * over it); a step is a command, or a copy of public/ (`copy`, run in this process); the commands
 * of `beside`, if any, run one after another at the same time, each at CPU priority `nice`, all of
 * them even when one fails, their output held until the sequence is done. A stage passes when
 * everything in it has passed.
 */
export const STAGES = [
  {
    name: 'workflow lint, unit, content and search tests, beside them the typecheck',
    sequence: [npmRun('lint:workflow'), jest('--selectProjects', 'unit', 'content', 'search', `--maxWorkers=${WORKERS}`)],
    beside: [{ ...npmRun('typecheck'), nice: 19 }],
  },
  {
    name: 'the fixture site’s build, beside it ESLint and Prettier',
    sequence: [npmRun('clean'), recordBuild('fixture', 'build:fixture'), copyBuild(BUILD_COPIES.fixture)],
    beside: ['lint', 'format:check'].map((script) => ({ ...npmRun(script), nice: 19 })),
  },
  {
    name: 'timed e2e tests (fixture build), beside them the real content’s build',
    env: { E2E_SITE_DIR: BUILD_COPIES.fixture },
    sequence: [jest('--selectProjects', 'e2e-timed', '--runInBand')],
    beside: [{ ...recordBuild('strict', 'build:strict'), nice: 19 }, copyBuild(BUILD_COPIES.content)],
  },
  {
    name: 'the grown build under /fomosite',
    sequence: [npmRun('build:grown')],
  },
  {
    name: 'build growth check, e2e tests (fixture build) with the /fomosite tests, then the real content’s rules',
    env: { E2E_SITE_DIR: BUILD_COPIES.fixture },
    sequence: [
      npmRun('check:build-growth'),
      jest('--selectProjects', 'e2e', 'e2e-prefix', `--maxWorkers=${FEATURE_E2E_WORKERS}`),
      { ...jest('--selectProjects', 'e2e-content', `--maxWorkers=${WORKERS}`), env: { E2E_SITE_DIR: BUILD_COPIES.content } },
    ],
  },
];

/** A build whose log scripts/build-phases.mjs records as `name` (.e2e/build-logs/<name>.log and .json). */
function recordBuild(name, script) {
  return { command: 'node', args: ['scripts/build-phases.mjs', 'record', name, '--', 'npm', 'run', '--silent', script] };
}

/** Copies public/ (the build just made) to `target`, file times kept (nginx's Last-Modified and ETag come from them). */
function copyBuild(target) {
  return {
    copy: target,
    run() {
      const to = path.join(ROOT, target);
      rmSync(to, { recursive: true, force: true });
      cpSync(path.join(ROOT, 'public'), to, { recursive: true, preserveTimestamps: true });
    },
  };
}

const running = new Set();

/**
 * Runs one command, at CPU priority `nice` if given (Linux's nice(1)); its output goes to the
 * terminal, or to the file descriptor `output`. Resolves to its exit status.
 */
function runCommand(step, env, output = 'inherit') {
  if (step.run) {
    step.run();
    return Promise.resolve(0);
  }
  const { command, args, nice } = step;
  env = { ...env, ...step.env };
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
const describeCommand = ({ command, args, nice, copy }) => (copy ? `copy public/ to ${copy}` : [...(nice ? ['nice', '-n', nice] : []), command, ...args].join(' '));

/**
 * The stages to run: all, or those numbered (from 1) by `--stages 5` — e.g. to run the browser
 * tests again after fixing one, when .e2e/ holds the copies of both builds and public/ the grown one.
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
