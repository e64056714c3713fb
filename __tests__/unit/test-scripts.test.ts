/**
 * The test scripts' bundles (__tests__/support/script.ts, bundle-script.mjs): a script runs as the
 * code it imports is now, with each module's own paths and the script's own argv[1].
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFile, spawnScript } from '../support/script';

describe('test scripts run bundled', () => {
  let dir: string;
  let entry: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'test-script-'));
    entry = path.join(dir, 'entry.mts');
    mkdirSync(path.join(dir, 'lib'));
    writeFileSync(
      entry,
      [
        "import { fileURLToPath } from 'node:url';",
        "import { fail, where, word } from './lib/word';",
        "if (process.argv.includes('--fail')) fail();",
        'if (process.argv[1] === fileURLToPath(import.meta.url)) {',
        '  console.log(JSON.stringify({ word, where, entryDir: import.meta.dirname, args: process.argv.slice(2) }));',
        '}',
      ].join('\n'),
    );
  });
  afterAll(() => {
    const bundle = bundleFile(entry);
    for (const file of [bundle, `${bundle}.inputs.json`, dir]) rmSync(file, { recursive: true, force: true });
  });

  const run = (word: string) => {
    writeFileSync(
      path.join(dir, 'lib/word.ts'),
      `export const word: string = ${JSON.stringify(word)};\nexport const where = { dirname: __dirname, url: import.meta.url };\nexport function fail(): never {\n  throw new Error('failed on purpose');\n}\n`,
    );
    const result = spawnScript([entry, '--flag', 'x'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout) as { word: string; where: { dirname: string; url: string }; entryDir: string; args: string[] };
  };

  it('runs the script as its entry, with its arguments, each module seeing its own location', () => {
    expect(run('甲')).toEqual({
      word: '甲',
      where: { dirname: path.join(dir, 'lib'), url: pathToFileURL(path.join(dir, 'lib/word.ts')).href },
      entryDir: dir,
      args: ['--flag', 'x'],
    });
  });

  it('names the module’s own file and line in a stack trace', () => {
    run('甲');
    const result = spawnScript([entry, '--fail'], { encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('failed on purpose');
    expect(result.stderr).toContain(`${path.join(dir, 'lib/word.ts')}:4:`);
  });

  it('bundles again when a module it imports has changed', () => {
    expect(run('甲').word).toBe('甲');
    expect(run('乙').word).toBe('乙');
  });
});
