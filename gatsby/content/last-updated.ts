/**
 * The content folder's git history, read once per build (and once per `gatsby develop` process):
 * one `git rev-parse` to refuse a shallow clone, one `git log` for every file (git-history.ts
 * parses it). Without a usable history — git missing, the folder not in a repository, a shallow
 * clone whose oldest commits would pass for last changes — it warns once and pages show no date.
 *
 * Only committed history counts: an uncommitted edit does not move the date, and a file that was
 * never committed has none.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GIT_LOG_ARGS, parseGitLog, type FileHistory } from './git-history';

const run = promisify(execFile);

export interface ContentHistory {
  /** By path relative to the content folder: `docs/desktop/wing/Introduce.mdx`. */
  files: Map<string, FileHistory>;
  /** Why there are no dates, in Chinese (null when the history was read). */
  problem: string | null;
}

async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', ['-C', cwd, '-c', 'core.quotePath=false', '-c', 'log.showSignature=false', ...args], { maxBuffer: 1 << 30, encoding: 'utf8' });
  return stdout;
}

function reason(error: unknown): string {
  const e = error as { code?: unknown; stderr?: unknown; message?: unknown };
  if (e.code === 'ENOENT') return '找不到 git 命令';
  const detail = typeof e.stderr === 'string' && e.stderr.trim() ? e.stderr.trim() : String(e.message ?? error);
  return detail.split('\n')[0] ?? detail;
}

/** Reads the history of `contentDir` (no cache: see contentHistory()). */
export async function readContentHistory(contentDir: string): Promise<ContentHistory> {
  let shallow: string;
  try {
    shallow = (await git(contentDir, ['rev-parse', '--is-shallow-repository'])).trim();
  } catch (error) {
    return { files: new Map(), problem: `读不到 ${contentDir} 的 git 历史（${reason(error)}）` };
  }
  if (shallow === 'true') {
    return { files: new Map(), problem: '仓库是浅克隆（shallow clone），最早的提交会被当成最后修改' };
  }
  try {
    return { files: parseGitLog(await git(contentDir, GIT_LOG_ARGS)), problem: null };
  } catch (error) {
    return { files: new Map(), problem: `git log 失败（${reason(error)}）` };
  }
}

export const NO_DATES_HINT = '页面不显示“最后更新于”，站点地图没有 <lastmod>。需要完整历史：git fetch --unshallow，或在 CI 里用 fetch-depth: 0 检出';

const read = new Map<string, Promise<ContentHistory>>();

/** The history of `contentDir`, read once per process; warns once (through `warn`) when there is none. */
export function contentHistory(contentDir: string, warn: (message: string) => void): Promise<ContentHistory> {
  let history = read.get(contentDir);
  if (!history) {
    history = readContentHistory(contentDir).then((result) => {
      if (result.problem) warn(`最后更新日期：${result.problem}。${NO_DATES_HINT}`);
      return result;
    });
    read.set(contentDir, history);
  }
  return history;
}
