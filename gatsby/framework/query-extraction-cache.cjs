'use strict';
/**
 * Gatsby's query extraction, remembered across starts (called from Gatsby's
 * query/file-parser.js through patches/gatsby+5.16.1.patch).
 *
 * At every `gatsby develop` start and every `gatsby build`, Gatsby lists about 240 files (src/,
 * .cache/fragments and every installed package whose name contains "gatsby"), and parses with
 * Babel each one whose text mentions graphql, config, Head, Slice, getServerData or
 * gatsby-plugin-image: 78 files here, of which 72 (plugins' own sources, mostly) hold no GraphQL
 * at all. It keeps what it found only in memory, so each start parsed and traversed them all again:
 * "extract queries from components" took 2.1–2.3 s of develop's one Node thread on a restart with
 * a kept .cache.
 *
 * This file remembers, by Gatsby's own key (md5 of the file's path and text), what the parse found
 * in files without GraphQL documents: whether they export getServerData, config or Head. A file
 * whose key is known is not parsed again. Files with GraphQL are always parsed (their documents
 * are graphql ASTs that Gatsby changes in place), as are files whose parse reported an error (so
 * the error is reported again) or found a <Slice> (which may warn). The store is one JSON file in
 * the build cache that outlives `gatsby clean` (gatsby/cache-base.cjs), tagged with Gatsby's version
 * and FORMAT; it is written (atomically) only when it changed, and holds only the keys that the
 * last process to write it met.
 */
const fs = require('node:fs');
const path = require('node:path');
const { buildCacheDir, writeAtomic } = require('../cache-base.cjs');

/** Bump when what is stored, or how Gatsby's parse is read, changes. */
const FORMAT = 1;
const FILE_NAME = 'query-extraction.json';

/** Where the store is: `<build cache>/query-extraction.json`. */
function storeFile(siteRoot, env = process.env) {
  return path.join(buildCacheDir(env, siteRoot), FILE_NAME);
}

/** The tag a store must carry to be read: this FORMAT and the installed Gatsby's version. */
function storeTag(siteRoot) {
  let gatsby = 'unknown';
  try {
    gatsby = JSON.parse(fs.readFileSync(require.resolve('gatsby/package.json', { paths: [siteRoot] }), 'utf8')).version;
  } catch {
    /* no Gatsby installed here: a tag of its own */
  }
  return `${FORMAT}:${gatsby}`;
}

function readStore(file, tag) {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (data && data.tag === tag && data.files && typeof data.files === 'object') return new Map(Object.entries(data.files));
  } catch {
    /* missing, unreadable or from another version: start empty */
  }
  return new Map();
}

const FEATURES = ['serverData', 'config', 'Head'];

/**
 * What is worth remembering of one parse result ({astDefinitions, serverData, config, Head,
 * pageSlices}): its three flags, or null when it must be parsed every time.
 */
function rememberable(result, failed) {
  if (failed || !result || !Array.isArray(result.astDefinitions) || result.astDefinitions.length > 0) return null;
  if (result.pageSlices && Object.keys(result.pageSlices).length > 0) return null;
  const features = {};
  for (const name of FEATURES) {
    if (typeof result[name] !== 'boolean') return null;
    features[name] = result[name];
  }
  return features;
}

/**
 * Opens the store of `siteRoot`:
 * - recall(key): the parse result to use instead of parsing ({astDefinitions: [], the flags,
 *   pageSlices: null}), or undefined;
 * - remember(key, result, failed): notes a fresh parse's result (kept only if rememberable);
 * - save(): writes the store if it changed; returns whether it wrote. Never throws.
 */
function openQueryExtractionCache(siteRoot, env = process.env) {
  const file = storeFile(siteRoot, env);
  const tag = storeTag(siteRoot);
  const known = readStore(file, tag);
  const met = new Map();
  let changed = false;
  return {
    recall(key) {
      const features = known.get(key);
      if (!features) return undefined;
      if (!rememberable({ astDefinitions: [], ...features, pageSlices: null })) {
        known.delete(key); // a damaged entry: parsed again, and rewritten by save()
        return undefined;
      }
      met.set(key, features);
      return { astDefinitions: [], ...features, pageSlices: null };
    },
    remember(key, result, failed = false) {
      const features = rememberable(result, failed);
      if (!features) return;
      met.set(key, features);
      if (!known.has(key)) changed = true;
    },
    save() {
      // Keys of files nobody met any more (changed or removed files) are dropped once something changed.
      if (!changed) return false;
      try {
        writeAtomic(file, JSON.stringify({ tag, files: Object.fromEntries(met) }));
        for (const [key, features] of met) known.set(key, features);
        changed = false;
        return true;
      } catch {
        return false; // a cache that cannot be written costs the next start a parse, nothing else
      }
    },
  };
}

module.exports = { FORMAT, FILE_NAME, storeFile, rememberable, openQueryExtractionCache };
