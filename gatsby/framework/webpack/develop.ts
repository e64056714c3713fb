/**
 * Webpack settings of `gatsby develop`'s two compilations, so that a restart with a kept .cache
 * reuses webpack's persistent cache instead of rebuilding:
 *
 * - Gatsby copies its runtime (node_modules/gatsby/cache-dir) into .cache/ at every start and
 *   rewrites the generated modules (async-requires, api-runner-*…): same bytes, new mtimes. In
 *   development mode webpack checks module and resolve snapshots by timestamp only, so each start
 *   rebuilt those modules and re-resolved their requests, and every re-resolution marked the pack
 *   as changed (stored again: seconds of serialisation). Checking by timestamp then content hash
 *   keeps them valid when only the mtime moved (webpack's production default).
 * - The develop-html compilation only renders the empty shell page `.cache/develop-html/index.html`
 *   (gatsby/dist/utils/start-server.js, createIndexHtml). Gatsby gives it full `source-map`s,
 *   which more than doubled its cache pack (restored and hashed at every start) for a file nobody
 *   debugs.
 *
 * - Gatsby's develop compilation lints with ESLint (internals: isGatsbyDevelopLinter), files
 *   ending in .js or .jsx only. The site's source is TypeScript, checked by `npm run typecheck`,
 *   so the linter's only input was Gatsby's own runtime, copied into .cache/ at every start: it
 *   held develop's one Node thread at every start, before the first page could be served, for
 *   warnings about code that is not ours. It is left out while no file under src/ has an
 *   extension it lints.
 *
 * What each saves: docs/decisions/develop-settings.md and docs/gatsby.md.
 */
import { GATSBY_FIXED_ENV_DEFINES, isGatsbyDevelopLinter, type WebpackStage } from '../internals';

export const DEVELOP_STAGES: readonly WebpackStage[] = ['develop', 'develop-html'];

/** Snapshot checks for develop's caches: timestamp first, content hash when the timestamp moved. */
export const DEVELOP_SNAPSHOT = {
  module: { timestamp: true, hash: true },
  resolve: { timestamp: true, hash: true },
} as const;

/**
 * webpack writes develop's persistent cache only when the compiler has been idle a while (its
 * `cache.idleTimeout*` options: 1 s after a process's first compilation) or is closed, and Gatsby
 * never closes it: a server stopped within that second after a start that recompiled everything
 * (a changed gatsby-config, build code or lockfile) lost the whole compilation, and the next start
 * compiled it all again. webpack's own option stores right after the first compilation instead.
 */
export const DEVELOP_CACHE = { idleTimeoutForInitialStore: 0 } as const;

/**
 * What onCreateWebpackConfig merges into a develop stage's config (nothing for build stages);
 * `filesystemCache`: whether Gatsby gave the stage webpack's persistent cache.
 */
export function developWebpackConfig(stage: string, filesystemCache = true): Record<string, unknown> | null {
  if (!(DEVELOP_STAGES as readonly string[]).includes(stage)) return null;
  if (stage === 'develop-html') return { snapshot: DEVELOP_SNAPSHOT, devtool: false };
  return filesystemCache ? { snapshot: DEVELOP_SNAPSHOT, cache: DEVELOP_CACHE } : { snapshot: DEVELOP_SNAPSHOT };
}

/**
 * The develop compilation's plugins without Gatsby's linter, when none of the site's source files
 * (paths under src/) has an extension the linter lints; otherwise as they are.
 */
export function withoutIdleLinter<T>(plugins: readonly T[], sourceFiles: readonly string[]): T[] {
  return plugins.filter((plugin) => {
    if (!isGatsbyDevelopLinter(plugin)) return true;
    const extensions = plugin.options.extensions.map((ext) => `.${ext.replace(/^\./, '')}`);
    return sourceFiles.some((file) => extensions.some((ext) => file.endsWith(ext)));
  });
}

/**
 * For its Node-target compilations Gatsby defines every variable of the environment it was started
 * in, `process.env.<NAME>` for each name, and `process.env` itself as `({})` (internals:
 * GATSBY_FIXED_ENV_DEFINES). Webpack 5's DefinePlugin hashes the set of defined names into a value
 * every module it parses depends on. So a start whose environment has one name more or fewer
 * (another terminal or an IDE's, `npm run develop` instead of `npx gatsby develop`, a one-off
 * variable) rebuilt nearly the whole develop-html compilation instead of restoring it from the
 * cache (figures: docs/decisions/develop-settings.md).
 *
 * develop-html renders the shell page in Gatsby's worker, a child of this process with the same
 * environment. Its definitions therefore keep Gatsby's own names, GATSBY_* and the .env files'
 * variables; the rest of the environment is read when the shell is rendered, with the same values.
 */
export function definitionsReadingTheEnvironment(definitions: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(definitions)) {
    if (name === 'process.env') continue; // the real one at render time
    const variable = name.startsWith('process.env.') ? name.slice('process.env.'.length) : null;
    const fromEnvironment = variable !== null && !variable.startsWith('GATSBY_') && !GATSBY_FIXED_ENV_DEFINES.includes(variable) && env[variable] !== undefined && value === JSON.stringify(env[variable]);
    if (!fromEnvironment) kept[name] = value;
  }
  return kept;
}
