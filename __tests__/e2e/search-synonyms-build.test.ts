/**
 * A bad synonym file stops a real Gatsby build early, naming the file and the entry. The build runs
 * in a copy of the project (node_modules linked) with SITE_CONTENT_DIR pointing at a content folder
 * holding the bad file, so the worktree's public/ and .cache/ are never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
/** Not copied: git's own folder and the top-level folders .gitignore names (builds, caches, the e2e copy of the build). */
const SKIP = new Set(['.git', 'node_modules', 'public', '.cache', '.e2e', '.bench', '.build-cache']);

function buildWithSynonyms(yaml: string): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'synonym-build-'));
  try {
    cpSync(root, path.join(dir, 'site'), { recursive: true, filter: (src) => !SKIP.has(path.relative(root, src).split(path.sep)[0] as string) });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'site', 'node_modules'));
    const content = path.join(dir, 'content');
    cpSync(path.join(root, 'content'), content, { recursive: true });
    writeFileSync(path.join(content, 'synonyms.yaml'), yaml);
    const result = spawnSync(path.join(root, 'node_modules/.bin/gatsby'), ['build'], { cwd: path.join(dir, 'site'), encoding: 'utf8', env: { ...process.env, SITE_CONTENT_DIR: content, CI: 'true' }, timeout: 240_000 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('synonym file checked by the build', () => {
  it('fails on an unknown key, naming the file and the key', () => {
    const { status, output } = buildWithSynonyms('groups:\n  - [多开, 双开]\nsynonym:\n  - [a, b]\n');
    expect(status).not.toBe(0);
    expect(output).toContain('content/synonyms.yaml');
    expect(output).toContain('未知的键 "synonym"');
  }, 300_000);

  // What else the file may get wrong (a word in two groups, an empty group …) is unit-tested on the loader
  // (__tests__/unit/search.test.ts): one build shows the build stops on it.
});
