/**
 * Runs a TypeScript script of the project (scripts/*.mts, a test's support/*.mts) in a Node process
 * of its own. The tests start many such processes: the unified chain is ESM-only, jest runs
 * CommonJS. Each runs as one ES module that esbuild bundled from the script and the project's
 * modules it imports (./bundle-script.mjs), packages left to Node: under tsx's loader (`node
 * --import tsx`) every module of the graph, packages included, went through its hooks, on a thread
 * of their own in Node 20, and that took most of each process's CPU (docs/decisions/test-stages.md).
 * `npm run check:content` and the other scripts run under tsx for people; a bundle gives each
 * module what tsx gives it (its own paths, `require`, the order of its imports; see
 * ./bundle-script.mjs).
 *
 * The bundles are kept in node_modules/.cache/test-scripts/, one per script, each with the list of
 * files it was made from and their digest; a bundle whose files changed is made again before it
 * runs. Two workers making the same one at once write the same file. A bundle carries its source
 * map, so an error's stack trace names the project's own files and lines.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inputsDigest } from './inputs-digest.cjs';

const ROOT = path.resolve(__dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/test-scripts');
const BUNDLER = path.join(__dirname, 'bundle-script.mjs');

/** Where the bundle of `script` (an absolute path) is kept; its list of inputs is beside it (`.inputs.json`). */
export function bundleFile(script: string): string {
  const id = createHash('sha1').update(script).digest('hex').slice(0, 10);
  return path.join(CACHE, `${path.basename(script).replace(/\.\w+$/, '')}-${id}.mjs`);
}

/** The bundle of `script` (an absolute path), made again unless the files it was made from are unchanged. */
function bundledScript(script: string): string {
  const out = bundleFile(script);
  if (!isCurrent(out)) {
    const made = spawnSync(process.execPath, [BUNDLER, script, out], { cwd: ROOT, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`esbuild could not bundle ${path.relative(ROOT, script)}:\n${made.stderr}`);
  }
  return out;
}

function isCurrent(out: string): boolean {
  try {
    const { inputs, digest } = JSON.parse(readFileSync(`${out}.inputs.json`, 'utf8')) as { inputs: string[]; digest: string };
    return inputsDigest(inputs) === digest;
  } catch {
    // Not made yet, or a file it was made from is gone.
    return false;
  }
}

/** Runs `script` (its bundle) with `args`: spawnSync's arguments and result. */
export function spawnScript([script, ...args]: readonly [string, ...string[]], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--enable-source-maps', bundledScript(script), ...args], options);
}
