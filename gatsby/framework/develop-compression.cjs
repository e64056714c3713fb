'use strict';
/**
 * `gatsby develop` compresses every response (compression() is the first middleware of its Express
 * app, gatsby/dist/utils/start-server.js). A full page load of the development site is about 7 MB of
 * JavaScript (React's development build, Gatsby's runtime, the template chunk with inline source
 * maps), and compressing it (Brotli, which compression 1.8 prefers when the browser offers it, or
 * gzip) cost the dev server's one Node thread 0.4–0.7 CPU s per load (measured: the develop
 * process's CPU time while the four scripts of a doc page were fetched with and without
 * Accept-Encoding, 3 times each: 0.41–0.68 s compressed, 0.05–0.20 s as they are) — time
 * that a restart's first page, and an edit arriving meanwhile, waited for. Over loopback the bytes
 * cost nothing to send, so responses to this machine go out as they are; requests from another
 * device (`gatsby develop --host 0.0.0.0`, a phone on the same network) are still compressed.
 *
 * CommonJS, because Gatsby's own code requires it: patches/gatsby+<version>.patch (applied by
 * patch-package at npm install) passes developCompressionFilter(compression.filter) to Gatsby's
 * compression(); the canary in __tests__/unit/gatsby-internals.test.ts fails if an upgrade drops it.
 */

/** 127.0.0.0/8, ::1, or an IPv4 loopback address in IPv6 form (::ffff:127.x.y.z). */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/** Whether a socket's remoteAddress is this machine. */
function isLoopbackAddress(address) {
  return typeof address === 'string' && LOOPBACK.test(address);
}

/**
 * The filter for the compression middleware: `defaultFilter` (compression's own: compressible
 * content types) for requests from elsewhere, never for requests from this machine.
 */
function developCompressionFilter(defaultFilter) {
  return (req, res) => !isLoopbackAddress(req.socket && req.socket.remoteAddress) && defaultFilter(req, res);
}

module.exports = { isLoopbackAddress, developCompressionFilter };
