/**
 * Jest's module resolution, with one exception: construct modules (gatsby/markdown/constructs)
 * are read in their light view (gatsby/markdown/constructs/light-view.cjs). Jest runs CommonJS and
 * the parser they name is ES modules only; tests that run the parser do it in scripts of their own
 * (__tests__/unit/support/*.mts), and tests that read the registry's light fields (the audit plan,
 * search text, the registry test) get them here.
 */
const path = require('node:path');
const { STAND_IN, loadedByLightReaders } = require('../gatsby/markdown/constructs/light-view.cjs');

const ROOT = path.resolve(__dirname, '..');

module.exports = (request, options) => (loadedByLightReaders(ROOT, options.basedir, request) ? options.defaultResolver(request, options) : path.join(ROOT, STAND_IN));
