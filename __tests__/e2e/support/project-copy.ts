/**
 * A real `gatsby build` that is expected to fail, run in a throwaway copy of the project (node_modules
 * linked) with SITE_CONTENT_DIR pointing at a copy of the fixture site's content that `edit` breaks,
 * so the worktree's public/ and .cache/ are never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_CONTENT_DIR, ROOT } from './env';

/** Not copied: git's own folder, the tests, and the top-level folders .gitignore names (builds, caches, the e2e copies of builds). */
const SKIP = new Set(['.git', '__tests__', 'node_modules', 'public', '.cache', '.e2e', '.bench', '.build-cache', '.report']);

export function buildBrokenContent(edit: (contentDir: string) => void): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'broken-build-'));
  try {
    const site = path.join(dir, 'site');
    cpSync(ROOT, site, { recursive: true, filter: (src) => !SKIP.has(path.relative(ROOT, src).split(path.sep)[0] as string) });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
    const content = path.join(dir, 'content');
    cpSync(FIXTURE_CONTENT_DIR, content, { recursive: true });
    edit(content);
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/gatsby'), ['build'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_CONTENT_DIR: content, CI: 'true' }, timeout: 240_000 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
