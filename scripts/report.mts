/**
 * npm run report -- --base <git ref> [--head-dir <dir>] [--head-log <file>] [--out <file>]
 *
 * A build report for reviewers (docs/testing.md “构建报告”): the site built from the working tree
 * against the site built from <base>, as short Markdown (scripts/report/: snapshot → compare →
 * format). Printed, and written to .report/report.md (or to --out only).
 *
 * - base: built once per commit in a worktree (.report/base-<sha>, node_modules a hard-linked copy when
 *   the lockfile and patches are the working tree's, else npm ci there), with the same build cache
 *   (resized images, share cards: their keys name their inputs); its snapshot is kept in
 *   .report/snapshots/<sha>.json and reused, the worktree removed.
 * - head: --head-dir names a finished build (CI: the strict build npm test made), --head-log its
 *   build log for the build time. Otherwise public/ is built with `npm run build`, unless it was
 *   already built from this very state of the tree (.report/head-build.json: HEAD, a hash of
 *   `git diff HEAD` and of the untracked files under content/ src/ gatsby/ static/).
 *
 * Builds are plain `npm run build`, not strict: a broken link is what the report is there to show.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildCacheDir } from '../gatsby/cache';
import { compareSnapshots } from './report/compare';
import { formatReport } from './report/format';
import { buildSecondsFromLog, snapshot, SNAPSHOT_VERSION, type SiteSnapshot } from './report/snapshot';

const git = (args: string[], cwd = process.cwd()) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 }).trim();
const ROOT = git(['rev-parse', '--show-toplevel']);
const REPORT_DIR = path.join(ROOT, '.report');
const HEAD_BUILD = path.join(REPORT_DIR, 'head-build.json');
const say = (line: string) => process.stderr.write(`${line}\n`);

/** Folders whose untracked files a build reads (git diff HEAD covers the tracked ones). */
const SOURCE_DIRS = ['content', 'src', 'gatsby', 'static'];

/** The state of the working tree the site is built from. */
function treeFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(git(['rev-parse', 'HEAD']));
  hash.update(execFileSync('git', ['diff', 'HEAD', '--binary'], { cwd: ROOT, maxBuffer: 1 << 30 }));
  for (const file of git(['ls-files', '--others', '--exclude-standard', '-z', '--', ...SOURCE_DIRS])
    .split('\0')
    .filter(Boolean)
    .sort()) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

/** Runs `npm run build` in dir (its output to logFile); the wall seconds it took. */
function build(dir: string, logFile: string, label: string): number {
  // The working tree's build cache for both builds (resized images, share cards: keys name their inputs).
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', NO_COLOR: '1', GATSBY_TELEMETRY_DISABLED: '1', SITE_BUILD_CACHE: buildCacheDir(process.env, ROOT) };
  delete env.SITE_STRICT;
  say(`构建 ${label}（${path.relative(ROOT, dir) || '.'}，日志 ${path.relative(ROOT, logFile)}）…`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  writeFileSync(logFile, `${result.stdout}\n${result.stderr}`);
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${label} 构建失败（见 ${logFile}）：\n${`${result.stdout}\n${result.stderr}`.split('\n').slice(-20).join('\n')}`);
  say(`  ${seconds.toFixed(1)} s`);
  return seconds;
}

async function baseSnapshot(ref: string): Promise<SiteSnapshot> {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const cached = path.join(REPORT_DIR, 'snapshots', `${sha}.json`);
  if (existsSync(cached)) {
    const known = JSON.parse(readFileSync(cached, 'utf8')) as SiteSnapshot;
    if (known.version === SNAPSHOT_VERSION) {
      say(`基准 ${ref}（${sha.slice(0, 7)}）：沿用 ${path.relative(ROOT, cached)}`);
      return { ...known, label: ref };
    }
  }
  const dir = path.join(REPORT_DIR, `base-${sha}`);
  if (existsSync(dir)) git(['worktree', 'remove', '--force', dir], ROOT);
  git(['worktree', 'add', '--detach', dir, sha], ROOT);
  try {
    // The same dependencies when the lockfile and the patches applied to them are the same: a
    // hard-linked copy (seconds), not a symlink. Through a symlink webpack resolves the packages
    // to their real path outside the worktree, and every page type's first-load JS came out
    // smaller than the same commit built in place: a difference the change never made (figures:
    // docs/decisions/first-load-javascript.md).
    const sameDependencies = spawnSync('git', ['diff', '--quiet', sha, '--', 'package-lock.json', 'patches'], { cwd: ROOT }).status === 0;
    if (sameDependencies) {
      execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
      rmSync(path.join(dir, 'node_modules', '.cache'), { recursive: true, force: true });
    } else {
      say(`基准 ${ref} 的依赖与工作区不同：在它的 worktree 里 npm ci`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    const buildSeconds = build(dir, path.join(REPORT_DIR, `base-${sha}.log`), `基准 ${ref}`);
    const snap = await snapshot(path.join(dir, 'public'), { label: ref, commit: sha, buildSeconds });
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(cached, JSON.stringify(snap));
    return snap;
  } finally {
    git(['worktree', 'remove', '--force', dir], ROOT);
  }
}

async function headSnapshot(headDir: string | undefined, headLog: string | undefined): Promise<SiteSnapshot> {
  const head = git(['rev-parse', 'HEAD']);
  // With uncommitted changes (new files too) the build is not of HEAD: say so instead of naming it.
  const dirty = git(['status', '--porcelain']).trim() !== '';
  const label = dirty ? `工作区：${head.slice(0, 7)} 加未提交的改动` : '工作区';
  const commit = dirty ? null : head;
  if (headDir) {
    const buildSeconds = headLog ? buildSecondsFromLog(readFileSync(headLog, 'utf8')) : null;
    return snapshot(headDir, { label, commit, buildSeconds });
  }
  const fingerprint = treeFingerprint();
  const publicDir = path.join(ROOT, 'public');
  const last = existsSync(HEAD_BUILD) ? (JSON.parse(readFileSync(HEAD_BUILD, 'utf8')) as { fingerprint: string; seconds: number }) : null;
  let seconds: number;
  if (last?.fingerprint === fingerprint && existsSync(path.join(publicDir, 'index.html'))) {
    say(`${dirty ? label : `工作区（${head.slice(0, 7)}）`}：public/ 就是这个状态的构建，沿用`);
    seconds = last.seconds;
  } else {
    rmSync(HEAD_BUILD, { force: true });
    seconds = build(ROOT, path.join(REPORT_DIR, 'head.log'), label);
    writeFileSync(HEAD_BUILD, JSON.stringify({ fingerprint, seconds }));
  }
  return snapshot(publicDir, { label, commit, buildSeconds: seconds });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { base: { type: 'string' }, 'head-dir': { type: 'string' }, 'head-log': { type: 'string' }, out: { type: 'string' } } });
  if (!values.base) {
    say('用法：npm run report -- --base <git ref> [--head-dir <构建目录>] [--head-log <构建日志>] [--out <文件>]');
    return 2;
  }
  mkdirSync(REPORT_DIR, { recursive: true });
  const base = await baseSnapshot(values.base);
  const head = await headSnapshot(values['head-dir'] && path.resolve(values['head-dir']), values['head-log']);
  const markdown = formatReport(compareSnapshots(base, head));
  if (values.out) writeFileSync(values.out, markdown);
  else {
    process.stdout.write(markdown);
    writeFileSync(path.join(REPORT_DIR, 'report.md'), markdown);
  }
  return 0;
}

process.exitCode = await main();
