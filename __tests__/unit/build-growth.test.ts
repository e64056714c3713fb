/**
 * The build's growth guard (scripts/build-phases.mjs): it reads Gatsby's phase lines from a log as
 * CI and an interactive terminal write them, and fails a phase whose seconds per page grow with
 * the site past the budget — and only such a phase.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/build-phases.mjs');

/** A Gatsby build log: `phases` as [name, seconds] in order, HTML for `pages` pages; `ansi` as the interactive reporter writes it. */
function buildLog(pages: number, phases: Array<[string, number]>, ansi = false): string {
  const lines = phases.map(([name, s]) => `success ${name} - ${s.toFixed(3)}s${name === 'Building static HTML for pages' ? ` - ${pages}/${pages} 40.00/s` : ''}`);
  return ['info 已生成 …', ...lines.map((line) => (ansi ? `\x1b[2K\x1b[1A\x1b[2K\x1b[G${line}` : line)), 'info Done building'].join('\n');
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
    writeFileSync(path.join(dir, 'real.log'), real);
    writeFileSync(path.join(dir, 'grown.log'), grownLog);
    const run = spawnSync(process.execPath, [SCRIPT, 'check', path.join(dir, 'real.log'), path.join(dir, 'grown.log')], { encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('build growth check', () => {
  it('passes a build whose phases grow with the pages or less, read from plain and interactive logs', () => {
    // Linear phases (a little slower per page under load), fixed costs (the bundles) the same.
    const linear = grown((name, s) => (name.startsWith('Building production') ? s : s * 2.8 * 1.3));
    const run = check(buildLog(127, REAL), buildLog(356, linear, true));
    expect(run.out).toContain('127 → 356 pages');
    expect(run.out).toContain('run queries in workers: 3.50 s → 12.74 s (per page ×1.30)');
    expect(run.status).toBe(0);
  });

  it('fails a phase whose time per page grows with the site, naming it with both times', () => {
    // createPages quadratic in pages (2.8² ≈ 7.8 times the seconds): 3.9 s; everything else linear.
    const quadratic = grown((name, s) => (name === 'createPages' ? s * 2.8 * 2.8 : s * 2.8));
    const run = check(buildLog(127, REAL), buildLog(356, quadratic));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/✗ 1 phase\(s\)[^\n]*\n\s*createPages: 3\.9 s for 356 pages, 0\.5 s for 127: 2\.8× the time per page/);
  });

  it('leaves a short phase alone within the slack, and says when a log is not a finished build', () => {
    // 0.1 s → 1.0 s is 3.6× per page, but a second: noise, not growth.
    const short = check(buildLog(127, [...REAL, ['stitching slices', 0.1]]), buildLog(356, [...grown((_, s) => s * 2.8), ['stitching slices', 1.0]]));
    expect(short.status).toBe(0);
    const unfinished = check(buildLog(127, REAL), 'success createPages - 0.5s\nerror Building static HTML failed');
    expect(unfinished.status).not.toBe(0);
    expect(unfinished.out).toContain('not a finished Gatsby build');
  });
});
