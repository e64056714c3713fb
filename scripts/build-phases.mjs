#!/usr/bin/env node
/**
 * The build's growth guard (docs/testing.md): `npm test` keeps the log of the strict build of the real
 * site and of the grown build (scripts/build-grown.mjs: the same content plus synthetic pages), then
 * compares each phase's CPU seconds per page. A phase whose time per page grows with the site — work
 * that is quadratic in the number of pages, say — fails the run before the site is big enough for
 * anyone to notice the minutes. A ratio of two builds of one run, not an absolute time: a slower
 * machine slows both. CPU seconds, not the wall seconds Gatsby prints: the grown build runs at low
 * priority beside the timed e2e tests, which stretch its first phases' wall time enough to push a
 * fixed cost past the budget (figures: docs/decisions/test-stages.md), but not the CPU they take.
 *
 *   node scripts/build-phases.mjs record <name> -- <command …>   runs the command, its output to the
 *                                                                terminal and to .e2e/build-logs/<name>.log,
 *                                                                each phase's CPU seconds to <name>.json
 *   node scripts/build-phases.mjs check <real> <grown>           compares the two records (names under
 *                                                                .e2e/build-logs, or paths to .json files);
 *                                                                exit status 1 when a phase grew past the budget
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { treeStats } from './lib/process-tree.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOG_DIR = path.join(ROOT, '.e2e', 'build-logs');

/**
 * The budget: a phase of the grown build may take up to PER_PAGE_BUDGET times the real build's
 * CPU seconds per page, plus SLACK_S seconds. Linear work gives a ratio near 1, fixed costs less
 * (the bundles are built once whatever the size). Work quadratic in pages gives the ratio of the
 * page counts (about three: scripts/build-grown.mjs), past the budget for any phase long enough
 * that the slack does not cover the difference. The slack keeps a phase of a fraction of a second
 * from failing on a hiccup.
 */
export const PER_PAGE_BUDGET = 1.8;
export const SLACK_S = 0.75;

/** A Gatsby phase line: `success <phase> - 1.234s`, with `- 127/127 …` after it for counted phases. */
export const PHASE_LINE = /^success (.+?) - ([\d.]+)s(?: - (\d+)\/(\d+))?/;

/** A log line's phase match, the ANSI control sequences of Gatsby's interactive reporter (when not in CI) left out. */
const phaseMatch = (text) => PHASE_LINE.exec(stripVTControlCharacters(text).trim());

/**
 * The post-build pass counts as one phase: its steps (`post-build: <step>` lines) and its own line.
 * Its background steps run on worker threads beside the others, so which step's line a second of
 * their CPU lands on depends on which step ends first, and that differs from build to build
 * (__tests__/unit/build-growth.test.ts has two such logs).
 */
export const POST_BUILD_PHASE = 'onPostBuild';
const phaseName = (name) => (name.startsWith('post-build: ') ? POST_BUILD_PHASE : name);

/**
 * The phases of a build as recorded: `lines` are the log's lines, each with the CPU seconds the
 * build's process tree had spent when it arrived (`cpu`). A phase gets the CPU spent since the line
 * before (a phase that repeats is summed: Gatsby runs queries in several batches; so are the
 * post-build steps, POST_BUILD_PHASE); the number of pages comes from the HTML phase's `- 127/127`
 * count. Throws if there is no HTML phase (not a finished build).
 */
export function phasesOf(lines) {
  const phases = new Map();
  let pages = 0;
  let before = 0;
  for (const { text, cpu } of lines) {
    const m = phaseMatch(text);
    if (!m) continue;
    const name = phaseName(m[1].replace(/\s+/g, ' ').trim());
    phases.set(name, (phases.get(name) ?? 0) + Math.max(0, cpu - before));
    before = Math.max(before, cpu);
    if (name === 'Building static HTML for pages' && m[4]) pages = Number(m[4]);
  }
  if (!pages) throw new Error('the log has no "Building static HTML for pages - N/N" line: not a finished Gatsby build');
  return { phases, pages };
}

/**
 * Phases whose CPU the build cache decides rather than the number of pages: sharp resizes only the
 * pictures the cache (gatsby/cache.ts) does not hold yet, so a warm cache gives the fixture build
 * none of this work and the grown build, whose synthetic pages show the fixture's pictures in
 * other sizes, a second or two of it the first time.
 */
export const CACHE_BOUND_PHASE = /IMAGE_PROCESSING jobs$/;

/**
 * The phases of `grown` that took longer than their share: the real build's seconds per page ×
 * the grown build's pages × PER_PAGE_BUDGET, + SLACK_S. Each as a line naming the phase, both
 * times and the per-page ratio. Phases of only one of the builds, and CACHE_BOUND_PHASE, are not compared.
 */
export function growthFindings(real, grown, { budget = PER_PAGE_BUDGET, slack = SLACK_S } = {}) {
  const findings = [];
  for (const [name, seconds] of grown.phases) {
    const before = real.phases.get(name);
    if (before === undefined || CACHE_BOUND_PHASE.test(name)) continue;
    const allowed = (before / real.pages) * grown.pages * budget + slack;
    if (seconds > allowed) {
      const ratio = seconds / grown.pages / (before / real.pages);
      findings.push(
        `${name}: ${seconds.toFixed(1)} CPU s for ${grown.pages} pages, ${before.toFixed(1)} for ${real.pages}: ` +
          `${ratio.toFixed(1)}× the time per page (budget ${budget}× + ${slack} s, so at most ${allowed.toFixed(1)} s)`,
      );
    }
  }
  return findings;
}

/** Phases of less CPU than this in both builds are left out of growthTable() (still checked). */
const SHOWN_FROM_S = 0.25;

/** One line per phase compared that took at least SHOWN_FROM_S in either build: both CPU times and the per-page ratio. */
export function growthTable(real, grown) {
  return [...grown.phases]
    .filter(([name, seconds]) => real.phases.has(name) && Math.max(seconds, real.phases.get(name)) >= SHOWN_FROM_S)
    .map(([name, seconds]) => {
      const before = real.phases.get(name);
      const ratio = before > 0 ? (seconds / grown.pages / (before / real.pages)).toFixed(2) : '—';
      return `  ${name}: ${before.toFixed(2)} → ${seconds.toFixed(2)} CPU s (per page ×${ratio})`;
    });
}

/**
 * Runs `command` with `args`, its output to the terminal and to LOG_DIR/<name>.log, and writes
 * LOG_DIR/<name>.json: its lines, each with the process tree's CPU seconds when it arrived (read
 * from /proc; sampled every 250 ms as well, so that a worker's CPU is counted before it exits).
 * Resolves to its exit status.
 */
export function record(name, command, args, env = {}) {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  const lines = [];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let cpuSeen = 0;
    const cpu = () => (cpuSeen = Math.max(cpuSeen, treeStats(child.pid).cpu));
    const sampler = setInterval(cpu, 250);
    let pending = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      log.write(d);
      pending += d.toString('utf8');
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const text of complete) if (phaseMatch(text)) lines.push({ text, cpu: cpu() });
    });
    child.stderr.on('data', (d) => (process.stderr.write(d), log.write(d)));
    child.on('error', (error) => process.stderr.write(`${command}: ${error.message}\n`));
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      writeFileSync(path.join(LOG_DIR, `${name}.json`), JSON.stringify(lines));
      log.end(() => resolve(code ?? (signal ? 1 : 0)));
    });
  });
}

function check(realName, grownName) {
  const read = (name) => {
    const file = name.endsWith('.json') ? path.resolve(name) : path.join(LOG_DIR, `${name}.json`);
    try {
      return phasesOf(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      throw new Error(`${path.relative(ROOT, file)}: ${error.message} (npm test records it; see docs/testing.md)`);
    }
  };
  const real = read(realName);
  const grown = read(grownName);
  console.log(`build growth: ${real.pages} → ${grown.pages} pages, the CPU seconds of each phase of a quarter second or more (the real build's, then the grown build's):\n${growthTable(real, grown).join('\n')}`);
  const findings = growthFindings(real, grown);
  if (findings.length === 0) {
    console.log(`✓ no phase grew past ${PER_PAGE_BUDGET}× its time per page (+ ${SLACK_S} s)`);
    return 0;
  }
  console.error(`✗ ${findings.length} phase(s) of the build grow faster than the site:\n  ${findings.join('\n  ')}`);
  return 1;
}

async function main([verb, ...rest]) {
  if (verb === 'record' && rest[1] === '--' && rest.length > 2) return record(rest[0], rest[2], rest.slice(3));
  if (verb === 'check' && rest.length === 2) return check(rest[0], rest[1]);
  console.error('usage: build-phases.mjs record <name> -- <command …> | check <real> <grown>');
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));
