/**
 * The build's growth guard (scripts/build-phases.mjs): it reads Gatsby's phase lines as CI and an
 * interactive terminal write them, each stamped with the build's CPU seconds so far, gives each
 * phase the CPU spent since the line before, and fails a phase whose CPU seconds per page grow
 * with the site past the budget — and only such a phase.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/build-phases.mjs');

/**
 * A build as recorded (LOG_DIR/<name>.json): Gatsby's phase lines for `phases` ([name, CPU seconds]
 * in order), HTML for `pages` pages, each with the CPU seconds spent so far; `ansi` as the
 * interactive reporter writes them. The wall seconds in the lines are made up: only CPU counts.
 */
function buildRecord(pages: number, phases: Array<[string, number]>, ansi = false): string {
  let cpu = 3; // before the first phase: starting Node and Gatsby
  const lines = phases.map(([name, s]) => {
    cpu += s;
    const text = `success ${name} - 0.100s${name === 'Building static HTML for pages' ? ` - ${pages}/${pages} 40.00/s` : ''}`;
    return { text: ansi ? `\x1b[2K\x1b[1A\x1b[2K\x1b[G${text}` : text, cpu };
  });
  return JSON.stringify([{ text: 'info 已生成 …', cpu: 1 }, ...lines]);
}

const REAL: Array<[string, number]> = [
  ['source and transform nodes', 1.4],
  ['createPages', 0.5],
  ['Building production JavaScript and CSS bundles', 2.5],
  ['run queries in workers', 2.0],
  ['run queries in workers', 1.5],
  ['Building static HTML for pages', 3.3],
  ['onPostBuild', 1.8],
];

/** The grown build of a site 2.8 times the real one (127 → 356 pages), each phase's seconds from `seconds(name, real)`. */
const grown = (seconds: (name: string, real: number) => number) => REAL.map(([name, s]): [string, number] => [name, seconds(name, s)]);

function check(real: string, grownLog: string): { status: number | null; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-growth-'));
  try {
    writeFileSync(path.join(dir, 'real.json'), real);
    writeFileSync(path.join(dir, 'grown.json'), grownLog);
    const run = spawnSync(process.execPath, [SCRIPT, 'check', path.join(dir, 'real.json'), path.join(dir, 'grown.json')], { encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('build growth check', () => {
  it('passes a build whose phases grow with the pages or less, read from plain and interactive logs', () => {
    // Linear phases (a little slower per page under load), fixed costs (the bundles) the same.
    const linear = grown((name, s) => (name.startsWith('Building production') ? s : s * 2.8 * 1.3));
    const run = check(buildRecord(127, REAL), buildRecord(356, linear, true));
    expect(run.out).toContain('127 → 356 pages');
    expect(run.out).toContain('run queries in workers: 3.50 → 12.74 CPU s (per page ×1.30)');
    expect(run.status).toBe(0);
  });

  it('fails a phase whose time per page grows with the site, naming it with both times', () => {
    // createPages quadratic in pages (2.8² ≈ 7.8 times the seconds): 3.9 s; everything else linear.
    const quadratic = grown((name, s) => (name === 'createPages' ? s * 2.8 * 2.8 : s * 2.8));
    const run = check(buildRecord(127, REAL), buildRecord(356, quadratic));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/✗ 1 phase\(s\)[^\n]*\n\s*createPages: 3\.9 CPU s for 356 pages, 0\.5 for 127: 2\.8× the time per page/);
  });

  it('counts the post-build steps as one phase: a background step’s CPU may land on another step’s line', () => {
    // As two builds logged it: the Markdown versions' worker ended after discovery in the real build and before it in the grown one.
    const real = buildRecord(127, [...REAL.slice(0, -1), ['post-build: search', 0.0], ['post-build: finish-html', 0.7], ['post-build: discovery', 3.2], ['post-build: markdown', 0.0], ['onPostBuild', 0.1]]);
    const grownLog = buildRecord(356, [
      ...grown((_, s) => s * 2.8).slice(0, -1),
      ['post-build: search', 0.0],
      ['post-build: finish-html', 2.7],
      ['post-build: discovery', 0.2],
      ['post-build: markdown', 2.2],
      ['onPostBuild', 0.1],
    ]);
    const run = check(real, grownLog);
    expect(run.out).toContain('onPostBuild: 4.00 → 5.20 CPU s');
    expect(run.status).toBe(0);
  });

  it('leaves the sharp jobs alone: their CPU is the pictures the build cache lacked, not the pages', () => {
    // A warm cache gave the fixture build no resizing; the grown build's new sizes of its pictures took 1.5 s.
    const jobs = 'Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs';
    const run = check(buildRecord(86, [...REAL, [jobs, 0.0]]), buildRecord(262, [...grown((_, s) => s * 3), [jobs, 1.5]]));
    expect(run.status).toBe(0);
    // The same growth in a phase of the site's own work fails.
    const own = check(buildRecord(86, [...REAL, ['createPagesStatefully', 0.0]]), buildRecord(262, [...grown((_, s) => s * 3), ['createPagesStatefully', 1.5]]));
    expect(own.status).toBe(1);
  });

  it('leaves a short phase alone within the slack, and says when a log is not a finished build', () => {
    // 0.1 s → 1.0 s is 3.6× per page, but a second: noise, not growth.
    const short = check(buildRecord(127, [...REAL, ['stitching slices', 0.1]]), buildRecord(356, [...grown((_, s) => s * 2.8), ['stitching slices', 1.0]]));
    expect(short.status).toBe(0);
    const unfinished = check(buildRecord(127, REAL), JSON.stringify([{ text: 'success createPages - 0.5s', cpu: 4 }]));
    expect(unfinished.status).not.toBe(0);
    expect(unfinished.out).toContain('not a finished Gatsby build');
  });
});
