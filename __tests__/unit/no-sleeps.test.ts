/**
 * Browser tests wait on conditions, never on a fixed time (CONTRIBUTING.md, 测试必须在功能坏掉时失败):
 * no file under __tests__/ calls Playwright's fixed sleep. A sleep passes on a fast machine even
 * when the feature is broken (the thing it waits out has not happened yet) and fails on a slow one
 * when nothing is wrong. To check that something does not happen, wait for a sign that the page
 * has finished what it would have done: afterFrame(), idle(), recordNavigations() in
 * e2e/support/ready.ts, trackTimers()/timersRun() in e2e/support/probes.ts, a performance mark,
 * a request that does happen after the one that must not.
 *
 * The files are read as text, so the name is put together here and this file does not trip it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TESTS = path.resolve(__dirname, '..');
const CODE = /\.(?:[cm]?[jt]sx?)$/;
const SLEEP = ['waitFor', 'Timeout'].join('');
const CALL = new RegExp(`\\b${SLEEP}\\b`);

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules') codeFiles(full, out);
    } else if (CODE.test(name)) out.push(full);
  }
  return out;
}

/** `file:line` of every line of `source` that names the sleep. */
function sleepsIn(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => (CALL.test(line) ? [`${path.relative(TESTS, file)}:${i + 1}: ${line.trim()}`] : []));
}

describe('no fixed sleeps in the tests', () => {
  const files = codeFiles(TESTS);

  it('reads the browser tests and their support code', () => {
    const names = files.map((f) => path.relative(TESTS, f).split(path.sep).join('/'));
    expect(names).toEqual(expect.arrayContaining(['e2e/timing.test.ts', 'e2e/support/a11y.ts', 'unit/no-sleeps.test.ts']));
  });

  it('finds a sleep where there is one, and not a longer name', () => {
    const source = ['await page.waitForLoadState();', `await page.${SLEEP}(300);`, `const my${SLEEP}s = 0;`].join('\n');
    expect(sleepsIn(path.join(TESTS, 'e2e/x.test.ts'), source)).toEqual([`e2e/x.test.ts:2: await page.${SLEEP}(300);`]);
  });

  it(`no file under __tests__/ calls page.${SLEEP}()`, () => {
    const found = files.flatMap((file) => sleepsIn(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
