/**
 * `gatsby build` cuts the search sections from the HTML its page queries rendered (page-data.json)
 * instead of rendering every page again (gatsby-node.ts onPostBuild). That is only right while both
 * give the same sections: the built files must be byte-identical to a build that renders every
 * page from its source.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

test('the search files of the build equal those rendered from every page’s source', () => {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(__dirname, 'support/search-from-source.mts')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const { out, rendered, fromBuild } = JSON.parse(run.stdout.trim().split('\n').pop() as string) as { out: string; rendered: number; fromBuild: number };
  expect(fromBuild).toBe(0);
  expect(rendered).toBeGreaterThan(50);
  for (const name of ['index.json', 'store.json']) {
    expect(readFileSync(path.join(out, 'search', name), 'utf8')).toBe(readFileSync(path.join(ROOT, 'public', 'search', name), 'utf8'));
  }
}, 120_000);
