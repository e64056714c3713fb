/**
 * Every package the site's code imports is declared in package.json, and every system package
 * the tests need is installed wherever `npm test` runs. A package that resolves only
 * because some other package's tree hoisted it to node_modules/ (gray-matter through
 * gatsby-plugin-mdx, unist-util-visit through remark …) disappears or changes major version the
 * day that package moves on, and a fresh clone then breaks with no change of ours.
 *
 * Imports are read with TypeScript's own pre-processor (import, export … from, import(),
 * require(), `import type`), so specifiers in comments and strings do not count; require.resolve()
 * is added by pattern. Type-only packages count when their @types package is declared.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['gatsby', 'scripts', 'src', '__tests__', 'bench', 'deploy', 'types'];
const CODE = /\.(?:[cm]?[jt]sx?)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (CODE.test(name)) out.push(full);
  }
  return out;
}

/** The package a bare specifier names ('@a/b/c' → '@a/b', 'x/y' → 'x'), or null for relative paths and Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
  return builtinModules.includes(name) ? null : name;
}

/** Bare specifiers a file imports or requires. */
function importsOf(source: string): string[] {
  const imported = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  const resolved = [...source.matchAll(/\brequire\.resolve\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
  return [...imported, ...resolved];
}

const typesPackage = (name: string) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);

  it('declares every package the code imports (nothing resolves only through hoisting)', () => {
    const files = [
      ...FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))),
      ...readdirSync(ROOT)
        .filter((f) => /^gatsby-[a-z]+\.tsx?$/.test(f))
        .map((f) => path.join(ROOT, f)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const undeclared: string[] = [];
    // This file's own samples (below) are strings, but require.resolve is read by pattern.
    for (const file of files.filter((f) => f !== __filename)) {
      for (const name of importsOf(readFileSync(file, 'utf8')).map(packageOf)) {
        if (name && !declared.has(name) && !declared.has(typesPackage(name))) undeclared.push(`${path.relative(ROOT, file)}: ${name}`);
      }
    }
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('pins every dependency to one exact version', () => {
    const ranges = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version));
    expect(ranges).toEqual([]);
  });
});

describe('the import reader', () => {
  it('sees imports, type imports, require and require.resolve, not comments or strings', () => {
    const source = [
      "import matter from 'gray-matter';",
      "import type { Root } from 'mdast';",
      "const sharp = require('sharp');",
      "const plugin = require.resolve('@emotion/babel-plugin/dist/x.js');",
      '// keeps require("gatsby-script") in the app chunk',
      'const sample = "import { debounce } from \'lodash\';";',
      "import path from 'node:path';",
      "import fs from 'fs';",
      "import { x } from '../lib/x';",
    ].join('\n');
    expect(importsOf(source).map(packageOf).filter(Boolean)).toEqual(['gray-matter', 'mdast', 'sharp', '@emotion/babel-plugin']);
    expect(typesPackage('mdast')).toBe('@types/mdast');
    expect(typesPackage('@scope/pkg')).toBe('@types/scope__pkg');
  });
});

/**
 * The system packages the tests need (Chromium, nginx, a Chinese font, poppler for the PDFs the
 * print test reads; Chromium's headless shell, which they run where it is installed) are listed
 * once, in .ci/run, which installs what is missing. The workflow's
 * test job and the README's set-up line install them too: a package missing there fails only
 * where that copy runs (GitHub's runner, a new contributor's machine), never here.
 */
describe('system packages', () => {
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
  /** The packages of each `apt-get install` in a text: its words up to the line's end (continued lines joined), options left out. */
  const aptInstalled = (text: string) =>
    text
      .replace(/\\\n/g, ' ')
      .split(/apt-get install\b/)
      .slice(1)
      .flatMap((rest) => (rest.split('\n')[0] as string).split(/[\s`]+/).filter((word) => /^[a-z0-9][a-z0-9.+-]*$/.test(word)));
  const needed = [...read('.ci/run').matchAll(/(?:missing|optional)\+=\(([^)]+)\)/g)].flatMap((m) => (m[1] as string).trim().split(/\s+/));

  it('.ci/run names what it installs', () => {
    expect(needed).toEqual(expect.arrayContaining(['chromium', 'nginx', 'poppler-utils', 'chromium-headless-shell']));
    expect(aptInstalled('x apt-get install -y -qq --no-install-recommends \\\n  a b-c \\\n  d\nnext')).toEqual(['a', 'b-c', 'd']);
  });

  it.each(['.github/workflows/deploy.yml', 'README.md'])('%s installs every one of them', (file) => {
    const installed = new Set(aptInstalled(read(file)));
    expect(needed.filter((name) => !installed.has(name))).toEqual([]);
  });
});
