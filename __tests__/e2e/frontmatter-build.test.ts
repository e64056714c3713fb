/**
 * A frontmatter that is not YAML stops a real `gatsby build`: a non-zero exit, the file named at the
 * line and column of the mistake, and no exception out of gatsby-plugin-mdx (whose js-yaml used to
 * throw there with a stack trace naming neither). The build runs in a copy of the project (node_modules
 * linked) with SITE_CONTENT_DIR pointing at a copy of content/ in which one doc has the typo, so the
 * worktree's public/ and .cache/ are never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
/** Not copied: git's own folder and the top-level folders .gitignore names (builds, caches, the e2e copy of the build). */
const SKIP = new Set(['.git', 'node_modules', 'public', '.cache', '.e2e', '.bench', '.build-cache']);

describe('a frontmatter typo in a real build', () => {
  it('exits non-zero naming file:line:column of the YAML mistake', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'frontmatter-build-'));
    try {
      const site = path.join(dir, 'site');
      cpSync(root, site, { recursive: true, filter: (src) => !SKIP.has(path.relative(root, src).split(path.sep)[0] as string) });
      symlinkSync(path.join(root, 'node_modules'), path.join(site, 'node_modules'));
      const content = path.join(dir, 'content');
      cpSync(path.join(root, 'content'), content, { recursive: true });
      // The first doc with a sidebar_position, as an editor would break it.
      const doc = (readdirSync(path.join(content, 'docs'), { recursive: true }) as string[]).filter((f) => f.endsWith('.mdx')).sort()[0] as string;
      const file = path.join(content, 'docs', doc);
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.findIndex((line) => line.startsWith('sidebar_position:'));
      expect(at).toBeGreaterThan(0);
      lines[at] = 'sidebar_position: [oops';
      writeFileSync(file, lines.join('\n'));

      const result = spawnSync(path.join(root, 'node_modules/.bin/gatsby'), ['build'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_CONTENT_DIR: content, CI: 'true' }, timeout: 240_000 });
      const output = `${result.stdout}${result.stderr}`;
      expect(result.status).not.toBe(0);
      expect(output).toContain(`内容错误 content/docs/${doc}:${at + 1}:19: frontmatter 不是合法的 YAML：`);
      expect(output).not.toContain('gatsby-plugin-mdx');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
