/**
 * A fingerprint of the code that turns content into an output: the entry files and every file
 * they reach through relative imports, package-lock.json (the versions of the packages they use)
 * and the Node/ICU versions. Caches of rendered pages (search, related terms, Markdown copies,
 * finished HTML) are keyed by it, so a change of that code empties them.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files hashed besides the import closure: the versions of every package the build uses. */
export const FINGERPRINT_EXTRA = ['package-lock.json'];

const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"\n]+)['"]/g;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.tsx', '/index.js'];
export const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() === true;

/**
 * The entry files and every file they reach through relative imports (`from './x'`,
 * `import './x'`, `import('./x')`), as sorted root-relative paths. Package imports are covered
 * by the lockfile instead.
 */
export function importClosure(root: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.resolve(root, entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !isFile(file)) continue;
    seen.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const base = path.resolve(path.dirname(file), match[1] as string);
      const found = RESOLVE_SUFFIXES.map((suffix) => base + suffix).find(isFile);
      if (found) queue.push(found);
    }
  }
  return [...seen].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
}

/** One hash for the code and packages that turn content into search files. */
export function rendererFingerprint(root: string, entries: readonly string[], extra: readonly string[] = FINGERPRINT_EXTRA): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ node: process.versions.node, icu: process.versions.icu ?? null, unicode: process.versions.unicode ?? null }));
  for (const file of [...importClosure(root, entries), ...extra]) {
    const full = path.join(root, file);
    hash.update(`\0${file}\0`);
    hash.update(isFile(full) ? readFileSync(full) : 'missing');
  }
  return hash.digest('hex').slice(0, 32);
}
