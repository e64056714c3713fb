'use strict';
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * Compiles the site's gatsby-config.ts and gatsby-node.ts (with everything they import from the
 * site, packages left to Node) into .cache/compiled with esbuild, where Gatsby compiles them with
 * Parcel. Gatsby does this first thing on every `gatsby build` and `gatsby develop`; Parcel takes
 * 2–5 s here (2.1–2.6 s on a quiet machine, more under load: a worker process, its LMDB cache, its
 * plugins) for what esbuild bundles in about 0.2 s. The outputs are what Gatsby reads from there: `<name>.js` next to each other, CommonJS,
 * source maps in development, as Parcel wrote them.
 *
 * Plain CommonJS because Gatsby itself loads it: patches/gatsby+<version>.patch makes Gatsby's
 * compileGatsbyFiles (gatsby/dist/utils/parcel/compile-gatsby-files.js) call this module when the
 * site has it and Parcel is not needed (needsParcel()); everything after the compile — loading
 * each output once to check it, reporting errors — stays Gatsby's own. Types: the .d.cts beside
 * it; checked against the installed Gatsby by __tests__/unit/gatsby-internals.test.ts.
 */

/** The root files Gatsby compiles (its pattern `gatsby-+(node|config).ts`). */
const ROOT_FILES = ['gatsby-config.ts', 'gatsby-node.ts'];

/** Whether `dir` holds, at any depth, a TypeScript gatsby-config or gatsby-node. */
function hasGatsbyTsFile(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) => (entry.isDirectory() ? entry.name !== 'node_modules' && hasGatsbyTsFile(path.join(dir, entry.name)) : ROOT_FILES.includes(entry.name)));
}

/**
 * Whether the site has local plugins in TypeScript (a gatsby-config.ts or gatsby-node.ts at any
 * depth of plugins/). Gatsby looks for their outputs in its own layout under
 * .cache/compiled/plugins/<plugin name>; this module does not reproduce that, so such a site keeps
 * Gatsby's Parcel compile.
 */
function needsParcel(siteRoot) {
  return hasGatsbyTsFile(path.join(siteRoot, 'plugins'));
}

/** `file:line:column: text` for an esbuild message, the file relative to the site. */
function located(siteRoot, message) {
  const where = message.location ? `${path.relative(siteRoot, path.resolve(siteRoot, message.location.file))}:${message.location.line}:${message.location.column + 1}: ` : '';
  return `${where}${message.text}`;
}

/**
 * Compiles the root gatsby-*.ts files of `siteRoot` into `distDir` and returns what Gatsby's
 * compile step returns: one `{ filePath, mainEntryPath }` per output. A compile error is thrown
 * with `diagnostics` (`{ message, origin }` each), which Gatsby reports and stops on, as it does
 * Parcel's, instead of retrying.
 */
async function compileGatsbyFiles(siteRoot, distDir) {
  const entries = ROOT_FILES.map((file) => path.join(siteRoot, file)).filter((file) => existsSync(file));
  if (entries.length === 0) return [];
  const esbuild = require('esbuild');
  try {
    await esbuild.build({
      absWorkingDir: siteRoot,
      entryPoints: entries,
      outdir: distDir,
      outbase: siteRoot,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'cjs',
      target: 'node18',
      sourcemap: process.env.NODE_ENV === 'development',
      charset: 'utf8',
      logLevel: 'silent',
    });
  } catch (error) {
    const messages = Array.isArray(error && error.errors) ? error.errors : [];
    if (messages.length === 0) throw error;
    throw Object.assign(new Error(messages.map((m) => located(siteRoot, m)).join('\n')), {
      diagnostics: messages.map((m) => ({ message: located(siteRoot, m), origin: 'esbuild' })),
    });
  }
  return entries.map((entry) => ({ filePath: path.join(distDir, `${path.basename(entry, '.ts')}.js`), mainEntryPath: entry }));
}

module.exports = { ROOT_FILES, needsParcel, compileGatsbyFiles };
