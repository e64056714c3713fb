'use strict';
const path = require('node:path');

/**
 * The light view of the content constructs (see ./index.ts): which imports of a construct module
 * a reader of its light fields (styles, audit, search text …) loads. Imports of this folder, of
 * src/ and of Emotion are loaded; any other import of a construct module (the parser's plugins,
 * Prism, parse5, the implementation modules in gatsby/markdown/) is the empty module STAND_IN.
 * Plain CommonJS so that jest's resolver (__tests__/resolver.js) loads it as it is, and the
 * webpack plugin (gatsby/framework/webpack/light-constructs.ts) imports it (light-view.d.cts types it).
 */

/** The folder of the construct modules, from the project root. */
const CONSTRUCTS_DIR = path.join('gatsby', 'markdown', 'constructs');

/** Stands in for what a light reader does not load. */
const STAND_IN = path.join(CONSTRUCTS_DIR, 'not-loaded.cjs');

/** Packages the light fields use. */
const LIGHT_PACKAGES = ['@emotion/react'];

/**
 * Whether `request`, imported by a module in `issuerDir`, is loaded by a light reader: always,
 * unless the importing module is a construct module and the import is neither in its folder, nor
 * in src/, nor a light package.
 */
function loadedByLightReaders(root, issuerDir, request) {
  const dir = path.join(root, CONSTRUCTS_DIR);
  if (path.resolve(issuerDir) !== dir) return true;
  if (LIGHT_PACKAGES.includes(request)) return true;
  if (!request.startsWith('.')) return false;
  const target = path.resolve(dir, request);
  return path.dirname(target) === dir || target.startsWith(path.join(root, 'src') + path.sep);
}

module.exports = { CONSTRUCTS_DIR, STAND_IN, loadedByLightReaders };
