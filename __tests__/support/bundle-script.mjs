/**
 * `node __tests__/support/bundle-script.mjs <entry> <out>`: bundles a TypeScript script of the
 * project (scripts/*.mts, a test's support/*.mts) and the project's modules it imports into one ES
 * module, `out`, for ./script.ts; `<out>.inputs.json` lists the files it was made from. Packages
 * stay imports that Node resolves and loads itself, without loader hooks. What tsx gives each module
 * of the project and a bundle does not, each module gets here:
 *
 * - its own location: `import.meta.url`, `import.meta.dirname`, `import.meta.filename`, `__dirname`
 *   and `__filename` are written into the module as its own file's (the bundle lives elsewhere);
 * - `require`, created for the bundle (packages resolve the same from there);
 * - the order of imports: an `import` of a path into a package without an `exports` map and
 *   without a file extension (`prismjs/components/prism-java`) resolves only as CommonJS does, so
 *   it is bundled too, and runs where the importing module imports it: after the modules imported
 *   before it (gatsby/markdown/prism/setup.ts sets the global Prism those components register on).
 *   A `require()` stays Node's, so that its module is the one the package's other users get;
 * - `process.argv[1]`: the script's own path, as a script's check that it is the entry expects.
 *
 * A separate process because esbuild's plugins need its asynchronous API, and the tests that start
 * scripts run synchronously. An ES module, unlike the CommonJS bundles of the build's worker threads
 * (gatsby/worker-thread.ts): the scripts await at their top level.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import inputsDigestModule from './inputs-digest.cjs';

const { inputsDigest } = inputsDigestModule;

const require = createRequire(import.meta.url);
const [entry, out] = process.argv.slice(2);
if (!entry || !out) {
  console.error('usage: node __tests__/support/bundle-script.mjs <entry> <out>');
  process.exit(2);
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js' };

/** The bare specifier's package name and the path after it ('' for the package itself). */
function splitBare(specifier) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return { name, subpath: specifier.slice(name.length + 1) };
}

/** Whether Node's ES module resolution finds `specifier` as CommonJS resolution does (see above). */
function resolvesAsModule(specifier, from) {
  const { name, subpath } = splitBare(specifier);
  if (!subpath || /\.(c|m)?js$|\.json$/.test(subpath)) return true;
  try {
    return Boolean(require(require.resolve(`${name}/package.json`, { paths: [from] })).exports);
  } catch {
    // A built-in module's subpath (fs/promises): esbuild leaves those to Node.
    return true;
  }
}

const ownModules = {
  name: 'own-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      // require() is Node's own (the banner's): the same module object as the package's other users get.
      args.kind.startsWith('require') || args.path.startsWith('node:') || resolvesAsModule(args.path, args.resolveDir) ? { external: true } : undefined,
    );
    pluginBuild.onLoad({ filter: /\.(m|c)?(t|j)sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const file = args.path;
      let contents = readFileSync(file, 'utf8')
        .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href))
        .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(file)))
        .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(file));
      const own = { __dirname: path.dirname(file), __filename: file };
      const declared = Object.entries(own).filter(([name]) => new RegExp(`\\b${name}\\b`).test(contents) && !new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(contents));
      // First in the module, so that its top-level code sees them (imports are hoisted above it), and
      // on its first line, so that the source map's line numbers stay the file's.
      contents = declared.map(([name, value]) => `var ${name} = ${JSON.stringify(value)}; `).join('') + contents;
      return { contents, loader: LOADERS[path.extname(file)] ?? 'ts' };
    });
  },
};

mkdirSync(path.dirname(out), { recursive: true });
const result = await build({
  entryPoints: [entry],
  outfile: `${out}.${process.pid}.tmp`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  keepNames: true,
  // Stack traces name the project's files and lines (./script.ts runs Node with --enable-source-maps).
  sourcemap: 'inline',
  sourcesContent: false,
  charset: 'utf8',
  metafile: true,
  logLevel: 'error',
  banner: {
    js: ["import { createRequire as __createRequire } from 'node:module';", 'const require = __createRequire(import.meta.url);', `process.argv[1] = ${JSON.stringify(path.resolve(entry))};`].join('\n'),
  },
  plugins: [ownModules],
});
// This file among them: a bundle made otherwise is made again.
const inputs = [fileURLToPath(import.meta.url), ...Object.keys(result.metafile.inputs).map((input) => path.resolve(input))];
writeFileSync(`${out}.inputs.json.${process.pid}.tmp`, JSON.stringify({ inputs, digest: inputsDigest(inputs) }));
// Renamed into place, inputs last: a reader sees a complete bundle, and the list it was made from.
renameSync(`${out}.${process.pid}.tmp`, out);
renameSync(`${out}.inputs.json.${process.pid}.tmp`, `${out}.inputs.json`);
