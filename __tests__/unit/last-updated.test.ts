/**
 * “最后更新于” from git history: the parser of the one `git log` (renames, deletions, merges),
 * the author mapping of content/authors.json, what posts and docs show, and the Node side
 * against real temporary repositories — a full clone, a shallow clone and a folder outside git.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authorMatcher, lastUpdatedByPage, lastUpdatedOf, parseGitLog, type Commit, type FileHistory } from '../../gatsby/content/git-history';
import { readContentHistory, contentHistory } from '../../gatsby/content/last-updated';
import { lastUpdatedText } from '../../src/lib/last-updated';
import authors from '../../content/authors.json';

/** One commit as `git log -z --name-status --format=%x1e%cI%x1f%an%x1f%ae` prints it. */
function commit(time: string, files: string[][], who = ['Ann', 'ann@example.com']): string {
  const header = `\x1e${time}\x1f${who[0]}\x1f${who[1]}\0`;
  return files.length ? `${header}\n${files.map((f) => f.join('\0')).join('\0')}\0` : header;
}

const noAuthor = () => undefined;

describe('parseGitLog', () => {
  it('takes each file’s newest change and counts its changes', () => {
    const log = [
      commit('2026-11-23T10:00:00+08:00', [['M', 'docs/a.mdx']]),
      commit('2026-11-20T09:00:00+00:00', [
        ['M', 'docs/a.mdx'],
        ['A', 'blog/2026-11-20-x/index.mdx'],
      ]),
      commit('2026-11-01T09:00:00+00:00', [['A', 'docs/a.mdx']]),
    ].join('');
    const files = parseGitLog(log);
    expect(files.get('docs/a.mdx')).toEqual({ last: { time: '2026-11-23T10:00:00+08:00', date: '2026-11-23', name: 'Ann', email: 'ann@example.com' }, changes: 3 });
    expect(files.get('blog/2026-11-20-x/index.mdx')?.changes).toBe(1);
  });

  it('keeps the calendar date of the committer’s own time zone', () => {
    const files = parseGitLog(commit('2026-11-24T01:30:00+08:00', [['A', 'docs/a.mdx']]));
    expect(files.get('docs/a.mdx')?.last.date).toBe('2026-11-24');
  });

  it('compares commit times, not the order git printed them in', () => {
    const log = [commit('2026-11-20T00:00:00+00:00', [['M', 'docs/a.mdx']]), commit('2026-11-22T00:00:00+00:00', [['A', 'docs/a.mdx']])].join('');
    expect(parseGitLog(log).get('docs/a.mdx')?.last.date).toBe('2026-11-22');
  });

  it('follows a rename: the file keeps its history; a pure move is not a change, a move with edits is', () => {
    const log = [
      commit('2026-11-23T00:00:00+00:00', [['R100', 'docs/old.mdx', 'docs/new.mdx']]),
      commit('2026-11-10T00:00:00+00:00', [['R087', 'docs/older.mdx', 'docs/old.mdx']]),
      commit('2026-11-05T00:00:00+00:00', [['M', 'docs/older.mdx']]),
      commit('2026-11-01T00:00:00+00:00', [['A', 'docs/older.mdx']]),
    ].join('');
    const files = parseGitLog(log);
    expect(files.get('docs/new.mdx')).toMatchObject({ last: { date: '2026-11-10' }, changes: 3 });
    expect(files.has('docs/old.mdx')).toBe(false);
    expect(files.has('docs/older.mdx')).toBe(false);
  });

  it('keeps two files apart when a commit swaps their names', () => {
    const log = [
      commit('2026-11-23T00:00:00+00:00', [
        ['R100', 'docs/a.mdx', 'docs/b.mdx'],
        ['R100', 'docs/b.mdx', 'docs/a.mdx'],
      ]),
      commit('2026-11-10T00:00:00+00:00', [['M', 'docs/a.mdx']]),
      commit('2026-11-01T00:00:00+00:00', [['M', 'docs/b.mdx']]),
    ].join('');
    const files = parseGitLog(log);
    expect(files.get('docs/b.mdx')?.last.date).toBe('2026-11-10');
    expect(files.get('docs/a.mdx')?.last.date).toBe('2026-11-01');
  });

  it('starts over where a path was deleted and created again, and drops deleted files', () => {
    const log = [
      commit('2026-11-23T00:00:00+00:00', [
        ['A', 'docs/a.mdx'],
        ['D', 'docs/gone.mdx'],
      ]),
      commit('2026-11-10T00:00:00+00:00', [['D', 'docs/a.mdx']]),
      commit('2026-11-05T00:00:00+00:00', [
        ['M', 'docs/a.mdx'],
        ['M', 'docs/gone.mdx'],
      ]),
    ].join('');
    const files = parseGitLog(log);
    expect(files.get('docs/a.mdx')?.changes).toBe(1);
    expect(files.has('docs/gone.mdx')).toBe(false);
  });

  it('gives a copy its own history and skips merge commits (they list no files)', () => {
    const log = [commit('2026-11-24T00:00:00+00:00', []), commit('2026-11-23T00:00:00+00:00', [['C090', 'docs/a.mdx', 'docs/copy.mdx']]), commit('2026-11-10T00:00:00+00:00', [['A', 'docs/a.mdx']])].join('');
    const files = parseGitLog(log);
    expect(files.get('docs/copy.mdx')?.changes).toBe(1);
    expect(files.get('docs/a.mdx')).toMatchObject({ last: { date: '2026-11-10' }, changes: 1 });
  });

  it('reads paths with spaces and Chinese as they are', () => {
    const files = parseGitLog(
      commit('2026-11-23T00:00:00+00:00', [
        ['M', 'docs/desktop/wing/Get start.mdx'],
        ['M', 'blog/2024-01-01-标题/index.mdx'],
      ]),
    );
    expect([...files.keys()]).toEqual(['docs/desktop/wing/Get start.mdx', 'blog/2024-01-01-标题/index.mdx']);
  });

  it('returns nothing for an empty log', () => {
    expect(parseGitLog('').size).toBe(0);
  });
});

describe('authors', () => {
  const match = authorMatcher({
    'tiony.bo': { name: 'Tiony.bo', git: ['Tiony@Example.com', 'tiony'] },
    other: { name: 'Other' },
  });

  it('maps a commit’s email (any case) or exact author name to the site’s name', () => {
    expect(match({ name: 'someone', email: 'tiony@example.COM' })).toBe('Tiony.bo');
    expect(match({ name: 'tiony', email: 'x@y.z' })).toBe('Tiony.bo');
  });

  it('shows no name for commits by anyone not listed', () => {
    expect(match({ name: 'Tiony', email: 'x@y.z' })).toBeUndefined();
    expect(match({ name: 'Other', email: 'other@y.z' })).toBeUndefined();
  });

  it('rejects a malformed git list or one identity claimed twice, naming content/authors.json', () => {
    expect(() => authorMatcher({ a: { name: 'A', git: 'a@x.y' } })).toThrow(/content\/authors.json: 字段 "a.git"/);
    expect(() => authorMatcher({ a: { name: 'A', git: [''] } })).toThrow(/第 1 项/);
    expect(() => authorMatcher({ a: { name: 'A', git: ['a@x.y'] }, b: { name: 'B', git: ['A@X.Y'] } })).toThrow(/已属于作者 a/);
  });

  it('the real content/authors.json is valid', () => {
    expect(() => authorMatcher(authors)).not.toThrow();
  });
});

describe('what a page shows', () => {
  const history = (date: string, changes: number, name = 'Ann'): FileHistory => ({ last: { time: `${date}T12:00:00+00:00`, date, name, email: `${name}@x.y` }, changes });
  const byName = (c: Commit) => (c.name === 'Tiony' ? 'Tiony.bo' : undefined);

  it('a doc shows its last change, with the author when known', () => {
    expect(lastUpdatedOf(history('2026-11-23', 1), { kind: 'doc' }, noAuthor)).toEqual({ date: '2026-11-23' });
    expect(lastUpdatedOf(history('2026-11-23', 4, 'Tiony'), { kind: 'doc' }, byName)).toEqual({ date: '2026-11-23', author: 'Tiony.bo' });
  });

  it('a post shows one only when changed after it was added and on a later day than its date', () => {
    expect(lastUpdatedOf(history('2026-11-23', 1), { kind: 'post', date: '2023-10-10' }, noAuthor)).toBeNull();
    expect(lastUpdatedOf(history('2023-10-10', 2), { kind: 'post', date: '2023-10-10' }, noAuthor)).toBeNull();
    expect(lastUpdatedOf(history('2023-10-11', 2), { kind: 'post', date: '2023-10-10' }, noAuthor)).toEqual({ date: '2023-10-11' });
  });

  it('a file without history shows nothing', () => {
    expect(lastUpdatedOf(undefined, { kind: 'doc' }, noAuthor)).toBeNull();
  });

  it('maps pages by their content file', () => {
    const files = new Map([['docs/desktop/wing/Get start.mdx', history('2026-11-23', 2)]]);
    const pages = lastUpdatedByPage(
      [
        { path: '/docs/desktop/wing/Get start', file: 'content/docs/desktop/wing/Get start.mdx', source: { kind: 'doc' } },
        { path: '/docs/new', file: 'content/docs/new.mdx', source: { kind: 'doc' } },
      ],
      files,
      noAuthor,
    );
    expect([...pages]).toEqual([['/docs/desktop/wing/Get start', { date: '2026-11-23' }]]);
  });

  it('reads 最后更新于 YYYY年M月D日', () => {
    expect(lastUpdatedText({ date: '2026-01-05' })).toBe('最后更新于 2026年1月5日');
    expect(lastUpdatedText({ date: '2026-11-23', author: 'Tiony.bo' })).toBe('最后更新于 2026年11月23日（Tiony.bo）');
  });
});

describe('reading a real repository', () => {
  let dir: string;
  const git = (cwd: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...env }, encoding: 'utf8' });
  const commitAt = (cwd: string, when: string, message: string, who = 'Ann <ann@example.com>') => {
    const [, name = '', email = ''] = /^(.*) <(.*)>$/.exec(who) ?? [];
    git(cwd, ['add', '-A']);
    git(cwd, ['commit', '-q', '-m', message], { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when });
  };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'last-updated-'));
    const repo = path.join(dir, 'repo');
    const content = path.join(repo, 'content');
    git(dir, ['init', '-q', 'repo']);
    write(path.join(content, 'docs/desktop/wing/Get start.mdx'), '---\ntitle: 开始\n---\n第一版\n');
    write(path.join(content, 'docs/old name.mdx'), '---\ntitle: 旧\n---\n一段足够长的正文，用来让 git 认出改名。\n'.repeat(4));
    write(path.join(repo, 'README.md'), 'outside content\n');
    commitAt(repo, '2026-11-01T10:00:00+08:00', 'add');
    write(path.join(content, 'docs/desktop/wing/Get start.mdx'), '---\ntitle: 开始\n---\n第二版\n');
    commitAt(repo, '2026-11-20T23:30:00-05:00', 'edit', 'Tiony <tiony@example.com>');
    git(repo, ['mv', 'content/docs/old name.mdx', 'content/docs/新名字.mdx']);
    write(path.join(repo, 'README.md'), 'outside content, changed later\n');
    commitAt(repo, '2026-11-23T09:00:00+00:00', 'move');
    // Uncommitted: neither changes a date nor adds one.
    write(path.join(content, 'docs/desktop/wing/Get start.mdx'), '---\ntitle: 开始\n---\n未提交\n');
    write(path.join(content, 'docs/draft.mdx'), '---\ntitle: 草稿\n---\n');
    git(dir, ['clone', '-q', '--depth', '1', `file://${repo}`, 'shallow']);
    mkdirSync(path.join(dir, 'plain/content'), { recursive: true });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a full clone: one history for the content folder, paths relative to it, renames followed, uncommitted edits ignored', async () => {
    const { files, problem } = await readContentHistory(path.join(dir, 'repo/content'));
    expect(problem).toBeNull();
    expect([...files.keys()].sort()).toEqual(['docs/desktop/wing/Get start.mdx', 'docs/新名字.mdx']);
    expect(files.get('docs/desktop/wing/Get start.mdx')).toMatchObject({ last: { date: '2026-11-20', name: 'Tiony', email: 'tiony@example.com' }, changes: 2 });
    // The move on 11-23 is not an update of the moved page; its history is the old name's.
    expect(files.get('docs/新名字.mdx')).toMatchObject({ last: { date: '2026-11-01' }, changes: 1 });
  });

  it('a shallow clone: no dates and a reason, never the cut-off commit’s date', async () => {
    const { files, problem } = await readContentHistory(path.join(dir, 'shallow/content'));
    expect(files.size).toBe(0);
    expect(problem).toMatch(/浅克隆/);
  });

  it('a folder outside any repository: no dates and a reason', async () => {
    const { files, problem } = await readContentHistory(path.join(dir, 'plain/content'));
    expect(files.size).toBe(0);
    expect(problem).toMatch(/git 历史/);
  });

  it('warns once per process however often the build asks', async () => {
    const warnings: string[] = [];
    const folder = path.join(dir, 'shallow/content');
    await contentHistory(folder, (m) => warnings.push(m));
    await contentHistory(folder, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^最后更新日期：仓库是浅克隆.*fetch-depth: 0/);
  });
});
