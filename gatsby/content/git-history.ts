/**
 * When each content file last changed, and who changed it, from ONE `git log` over the whole
 * content folder (gatsby/content/last-updated.ts runs it; one call per file would cost seconds on a
 * big site). Pure: parses git's output and decides what a page shows; unit-tested with literal output.
 *
 * - Renames are followed: a file moved with `git mv` keeps its history. A pure move (git's
 *   similarity 100 %) changes the page's address, not its text, so it is not an update; a move with
 *   edits is. A copy starts a new history.
 * - A path deleted and later created again starts over at its creation.
 * - Merge commits list no files (git log shows none without -m), so a change counts at the commit
 *   that made it on its branch.
 */
import { ContentError } from './model';
import type { LastUpdated } from '../../src/lib/last-updated';

/** Arguments of the one git call, run in the content folder: paths come relative to it. */
export const GIT_LOG_ARGS = ['log', '-z', '-M', '--name-status', '--relative', '--format=%x1e%cI%x1f%an%x1f%ae', '--', '.'] as const;

export interface Commit {
  /** Committer date as the committer's clock showed it: `2026-11-23T10:03:19+08:00`. */
  time: string;
  /** Its calendar date in that time zone: `2026-11-23`. */
  date: string;
  /** Author name and email. */
  name: string;
  email: string;
}

export interface FileHistory {
  /** The newest commit that changed the file's text. */
  last: Commit;
  /** How many commits changed it, its creation included. */
  changes: number;
}

interface Entry {
  status: string;
  path: string;
  /** The path before a rename or copy. */
  from?: string;
}

/** Splits one commit's `--name-status -z` part: `M\0path\0R100\0old\0new\0…`. */
function entries(part: string): Entry[] {
  const tokens = part.replace(/^\n/, '').split('\0');
  const out: Entry[] = [];
  for (let i = 0; i < tokens.length; ) {
    const status = tokens[i] ?? '';
    if (status === '') {
      i += 1;
      continue;
    }
    if (/^[RC]/.test(status)) {
      out.push({ status, from: tokens[i + 1] ?? '', path: tokens[i + 2] ?? '' });
      i += 3;
    } else {
      out.push({ status, path: tokens[i + 1] ?? '' });
      i += 2;
    }
  }
  return out;
}

function commitOf(header: string): Commit | null {
  const [time = '', name = '', email = ''] = header.split('\x1f');
  const date = /^(\d{4}-\d{2}-\d{2})T/.exec(time)?.[1];
  return date ? { time, date, name, email } : null;
}

const newer = (a: Commit, b: Commit) => Date.parse(a.time) > Date.parse(b.time);

/**
 * `git log` output (GIT_LOG_ARGS, newest first) → the history of every file that exists at the
 * newest commit, by its path there (relative to the content folder).
 */
export function parseGitLog(output: string): Map<string, FileHistory> {
  const histories = new Map<string, FileHistory>();
  // A path as older commits name it → the file it is now (null: a file that no longer exists).
  const now = new Map<string, string | null>();
  const current = (path: string) => (now.has(path) ? (now.get(path) ?? null) : path);
  const changed = (path: string | null, commit: Commit) => {
    if (path === null) return;
    const seen = histories.get(path);
    if (!seen) histories.set(path, { last: commit, changes: 1 });
    else histories.set(path, { last: newer(commit, seen.last) ? commit : seen.last, changes: seen.changes + 1 });
  };

  for (const record of output.split('\x1e')) {
    const end = record.indexOf('\0');
    const commit = commitOf(end < 0 ? record : record.slice(0, end));
    if (!commit) continue;
    // Names resolve as they were before this commit's own renames (a swap renames both ways).
    const resolved = entries(end < 0 ? '' : record.slice(end + 1)).map((entry) => ({ ...entry, file: current(entry.path) }));
    for (const { status, path, file } of resolved) {
      const renamed = status.startsWith('R');
      const pureMove = renamed && Number(status.slice(1)) === 100;
      if (status !== 'D' && !pureMove) changed(file, commit);
      // Before it was added, moved or copied here, this path named another file (or none).
      if (renamed || status.startsWith('C') || status === 'A' || status === 'D') now.set(path, null);
    }
    for (const { status, from, file } of resolved) if (status.startsWith('R') && from !== undefined) now.set(from, file);
  }
  return histories;
}

/** An author of content/authors.json, with the git identities that are theirs. */
export interface AuthorRecord {
  name: string;
  /** Emails (matched case-insensitively) or author names (matched exactly) their commits carry. */
  git?: unknown;
}

const AUTHORS_FILE = 'content/authors.json';

/**
 * Commit author → the site's name for them, from the optional `git` list of each author in
 * content/authors.json. Commits by anyone not listed show no name (never git's raw identity).
 */
export function authorMatcher(authors: Record<string, AuthorRecord>): (commit: Pick<Commit, 'name' | 'email'>) => string | undefined {
  const byIdentity = new Map<string, { id: string; name: string }>();
  for (const [id, author] of Object.entries(authors)) {
    if (author.git === undefined) continue;
    if (!Array.isArray(author.git)) throw new ContentError(AUTHORS_FILE, `${id}.git`, '必须是邮箱或 git 作者名的列表');
    author.git.forEach((identity: unknown, i) => {
      if (typeof identity !== 'string' || identity.trim() === '') throw new ContentError(AUTHORS_FILE, `${id}.git`, `第 ${i + 1} 项必须是非空字符串`);
      const key = identity.includes('@') ? identity.trim().toLowerCase() : identity.trim();
      const other = byIdentity.get(key);
      if (other && other.id !== id) throw new ContentError(AUTHORS_FILE, `${id}.git`, `“${identity}”已属于作者 ${other.id}`);
      byIdentity.set(key, { id, name: author.name });
    });
  }
  return (commit) => (byIdentity.get(commit.email.trim().toLowerCase()) ?? byIdentity.get(commit.name.trim()))?.name;
}

/** A page's content file: a doc, or a post with its frontmatter date. */
export type PageSource = { kind: 'doc' } | { kind: 'post'; date: string };

/**
 * What the page shows as “最后更新于”: every doc its last change; a post only when it was changed
 * after the commit that added it, on a later day than its own date (publishing it is not an update).
 */
export function lastUpdatedOf(history: FileHistory | undefined, page: PageSource, authorName: (commit: Commit) => string | undefined): LastUpdated | null {
  if (!history) return null;
  if (page.kind === 'post' && (history.changes < 2 || history.last.date <= page.date)) return null;
  const author = authorName(history.last);
  return author ? { date: history.last.date, author } : { date: history.last.date };
}

/** A built page and its content file as the build names it (`content/docs/…`). */
export interface PageFile {
  path: string;
  file: string;
  source: PageSource;
}

/** Every page's “最后更新于”, by page path (pages without one are left out). */
export function lastUpdatedByPage(pages: readonly PageFile[], files: ReadonlyMap<string, FileHistory>, authorName: (commit: Commit) => string | undefined): Map<string, LastUpdated> {
  const byPage = new Map<string, LastUpdated>();
  for (const page of pages) {
    const value = lastUpdatedOf(files.get(page.file.replace(/^content\//, '')), page.source, authorName);
    if (value) byPage.set(page.path, value);
  }
  return byPage;
}
