/**
 * One digest of the contents of `files` (absolute paths), in order: a bundle of a test script is
 * current while the files it was made from hash to the digest recorded with it (./script.ts,
 * ./bundle-script.mjs). Contents, not modification times: a file put back as it was (git stash,
 * a copy with its times kept) must not leave a bundle of other code in use.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

exports.inputsDigest = function inputsDigest(files) {
  const hash = createHash('sha1');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
};
