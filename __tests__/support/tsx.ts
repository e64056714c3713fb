/**
 * Runs a TypeScript script of the project (scripts/*.mts, a test's support/*.mts) in a Node process
 * of its own with tsx's loader: `node --import tsx`. The tests start many such processes
 * (the unified chain is ESM-only, jest runs CommonJS); tsx's command line would start each script
 * in a second Node process of its own, twice the start-up for nothing. Its warning filter comes
 * too, so that the output is the script's as `npx tsx` would show it.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';

export function spawnTsx(args: readonly string[], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--require', 'tsx/suppress-warnings', '--import', 'tsx', ...args], options);
}
