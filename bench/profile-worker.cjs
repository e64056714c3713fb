'use strict';
// Preloaded into Gatsby's processes by `npm run bench:build -- --profile <dir>` (NODE_OPTIONS
// --require): each Gatsby worker process (gatsby-worker's child: the page queries, then the HTML
// renderer) samples its own CPU profile and writes <dir>/gatsby-worker-<pid>.cpuprofile when the
// pool tells it to end (the pool kills it a second later, so process exit is too late). `node
// --cpu-prof` cannot be put in NODE_OPTIONS, and Gatsby starts the workers itself. Read a profile
// with bench/profile-summary.mjs. Sampling costs the worker a few percent: not a timing run.
const dir = process.env.BENCH_PROFILE_DIR;
const child = process.argv.find((arg) => /gatsby-worker[\\/]dist[\\/]child\.js$/.test(arg));
if (dir && child) {
  const { Session } = require('node:inspector');
  const { mkdirSync, writeFileSync } = require('node:fs');
  const path = require('node:path');
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // A session of this thread answers synchronously.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `gatsby-worker-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  // gatsby-worker's END message ([0, counter]), then exit if the pool waits for it.
  const { END } = require(path.join(path.dirname(child), 'types.js'));
  process.on('message', (message) => {
    if (Array.isArray(message) && message[0] === END) write();
  });
  process.on('exit', write);
}
