#!/usr/bin/env node
// Where a CPU profile's time went, by kind of code: node bench/profile-summary.mjs <file.cpuprofile>
// [--last <seconds>]. Made for the Gatsby worker profiles of `npm run bench:build -- --profile
// <dir>` (bench/profile-worker.cjs): the first worker runs the page queries, and --last takes the
// query phase's wall seconds from the build log (the phase ends the worker's busy time), so only
// that phase is counted. Self time per kind: the Markdown libraries (parse, transform,
// serialise), the site's own build code (Gatsby's compiled gatsby-node), Gatsby with GraphQL and
// its LMDB store, garbage collection, idle, the rest; then the functions with the most self time.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Packages of the Markdown pipeline: unified, remark/rehype and what they are built from. */
const MARKDOWN =
  /[\\/]node_modules[\\/](?:@?(?:micromark|mdast|hast|unist|remark|rehype|unified|trough|vfile|stringify-entities|property-information|zwitch|parse-entities|character-|decode-named|comma-separated|space-separated|html-void|ccount|bail|devlop|estree-util|prism|refractor|github-slugger|gatsby-remark|hastscript|web-namespaces|longest-streak|markdown-table|markdown-extensions|is-plain|extend|escape-string|trim-lines|acorn)[^\\/]*)/;
const GATSBY = /[\\/]node_modules[\\/](?:gatsby|graphql|graphql-compose|lmdb|msgpackr|ordered-binary|weak-lru-cache|fastq|sift|lodash|bluebird|fs-extra|redux)[\\/]/;
const SITE = /[\\/]\.cache[\\/]compiled[\\/]gatsby-node\.js$/;

/** The kind of code a call frame is. */
export function kindOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle';
  if (SITE.test(url)) return "the site's build code";
  if (MARKDOWN.test(url)) return 'Markdown libraries';
  if (GATSBY.test(url)) return 'Gatsby, GraphQL, LMDB';
  return 'other';
}

/**
 * Self time (ms) per kind and per function over the samples of the last `lastSeconds` of the
 * profile (all of it when undefined); `seconds` is the span counted.
 */
export function summarize(profile, { lastSeconds } = {}) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const stamps = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) stamps.push((t += delta));
  const end = stamps.length ? stamps[stamps.length - 1] : profile.startTime;
  const from = lastSeconds === undefined ? -Infinity : end - lastSeconds * 1e6;
  const kinds = {};
  const functions = new Map();
  let counted = 0;
  profile.samples.forEach((id, i) => {
    if (stamps[i] <= from) return;
    const ms = profile.timeDeltas[i] / 1000;
    const frame = frames.get(id);
    const kind = kindOf(frame);
    kinds[kind] = (kinds[kind] ?? 0) + ms;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split(/[\\/]node_modules[\\/]/).pop() || ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
    counted += ms;
  });
  const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return { seconds: counted / 1000, kinds, top };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) throw new Error('用法：node bench/profile-summary.mjs <file.cpuprofile> [--last <秒>]');
  const at = process.argv.indexOf('--last');
  const lastSeconds = at > 0 ? Number(process.argv[at + 1]) : undefined;
  const { seconds, kinds, top } = summarize(JSON.parse(readFileSync(file, 'utf8')), { lastSeconds });
  console.log(`${file}：计入 ${seconds.toFixed(1)} s${lastSeconds === undefined ? '' : `（最后 ${lastSeconds} s）`}`);
  for (const [kind, ms] of Object.entries(kinds).sort((a, b) => b[1] - a[1])) console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${kind}`);
  console.log('自身时间最多的函数：');
  for (const [name, ms] of top) console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${name}`);
}
