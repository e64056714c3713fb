/**
 * A small site source for the tests of Gatsby's compile step (the canary in
 * gatsby-internals.test.ts) and of the build code's fingerprint (code-change.test.ts): the given
 * files, with the project's node_modules linked in so that the packages they import resolve as in
 * the real site.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** Writes `files` (path relative to `dir` → text) into `dir`, links node_modules, returns `dir`. */
export function writeSourceSite(dir: string, files: Record<string, string | Buffer>): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
