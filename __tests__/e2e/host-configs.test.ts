/**
 * The host configs (_headers, _redirects) and the nginx config agree for every file of the
 * build under test (support/env.ts), at the root and under /fomosite (how each server reads them:
 * __tests__/unit/support/host-agreement.ts). In the e2e project because it needs the build: as a
 * unit test it was skipped on every fresh clone.
 */
import { checkAgreement, evalEsm } from '../unit/support/host-agreement';
import { SITE_DIR } from './support/env';

test('host configs agree with nginx for the files of the build under test', () => {
  const files = evalEsm<string[]>(`import { listFiles } from './gatsby/postbuild/host-configs.mjs'; console.log(JSON.stringify(listFiles(${JSON.stringify(SITE_DIR)})));`);
  expect(files.filter((f) => f.endsWith('/index.html')).length).toBeGreaterThan(20);
  checkAgreement(files);
});
