/**
 * The order the test files start in on a fresh clone (__tests__/sequencer.js): jest has no timings
 * there, and its fallback (file size) started the longest files last.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Sequencer = require('../sequencer.js') as { new (options: object): { sort<T>(tests: T[]): T[] }; KNOWN_LONG: RegExp[] };

const TESTS = path.resolve(__dirname, '..');

/** Every test file under __tests__, as an absolute path. */
function testFiles(dir = TESTS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A test as jest hands it to the sequencer, without timings (no cache), of `size` bytes. */
function untimed(file: string, size: number) {
  return { path: path.join(TESTS, file), context: { config: { cache: false }, hasteFS: { getSize: () => size } } };
}

describe('test sequencer', () => {
  it('names only files that exist, each pattern at least one', () => {
    const files = testFiles();
    for (const pattern of Sequencer.KNOWN_LONG) expect([pattern.source, files.some((file) => pattern.test(file))]).toEqual([pattern.source, true]);
  });

  it('starts the known long files first on a fresh clone, whatever their size, and the rest by size', () => {
    const sorted = new Sequencer({}).sort([
      untimed('unit/paginate.test.ts', 9_000),
      untimed('unit/search-page.test.ts', 8_000),
      untimed('unit/bad-content.test.ts', 1_000),
      untimed('unit/scaffold.test.ts', 2_000),
      untimed('unit/routes.test.ts', 5_000),
    ]);
    expect(sorted.map((test) => path.relative(TESTS, test.path))).toEqual(['unit/bad-content.test.ts', 'unit/scaffold.test.ts', 'unit/paginate.test.ts', 'unit/search-page.test.ts', 'unit/routes.test.ts']);
  });

  it('starts the long e2e files first, the e2e search tests before the short unit files of the same name', () => {
    const sorted = new Sequencer({}).sort([untimed('unit/search.test.ts', 9_000), untimed('e2e/search.test.ts', 1_000), untimed('e2e-content/a11y-pages-2.test.ts', 500)]);
    expect(sorted.map((test) => path.relative(TESTS, test.path))).toEqual(['e2e-content/a11y-pages-2.test.ts', 'e2e/search.test.ts', 'unit/search.test.ts']);
  });
});
