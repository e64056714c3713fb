'use strict';
const path = require('node:path');

/**
 * The light view of the content constructs (see ./index.ts): which imports of a construct module
 * a reader of its light fields (styles, audit, search text …) loads. A construct module reaches
 * build-time code (the parser's plugins, Prism, parse5) only through the implementation modules
 * of gatsby/markdown/: those relative imports are the empty module STAND_IN. Its other imports
 * are loaded: this folder, src/ (theme tokens, shared constants) and packages (Emotion, and what
 * loaders add to every module, such as React Refresh's runtime in `gatsby develop`).
 * Plain CommonJS so that jest's resolver (__tests__/resolver.js) loads it as it is, and the
 * webpack plugin (gatsby/framework/webpack/light-constructs.ts) imports it (light-view.d.cts types it).
 */

/** The folder of the construct modules, from the project root. */
const CONSTRUCTS_DIR = path.join('gatsby', 'markdown', 'constructs');

/** Stands in for what a light reader does not load. */
const STAND_IN = path.join(CONSTRUCTS_DIR, 'not-loaded.cjs');

/**
 * Whether `request`, imported by a module in `issuerDir`, is loaded by a light reader: always,
 * unless the importing module is a construct module and the import is a relative one leaving both
 * its folder and src/.
 */
function loadedByLightReaders(root, issuerDir, request) {
  const dir = path.join(root, CONSTRUCTS_DIR);
  if (path.resolve(issuerDir) !== dir || !request.startsWith('.')) return true;
  const target = path.resolve(dir, request);
  return path.dirname(target) === dir || target.startsWith(path.join(root, 'src') + path.sep);
}

module.exports = { CONSTRUCTS_DIR, STAND_IN, loadedByLightReaders };
