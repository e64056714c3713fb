/**
 * The host configs (_headers, _redirects) and the nginx config agree for every file of the real
 * build in public/, at the root and under /fomosite (how each server reads them:
 * __tests__/unit/support/host-agreement.ts). In the e2e project because it needs the build: as a
 * unit test it was skipped on every fresh clone.
 */
import path from 'node:path';
import { checkAgreement, evalEsm, ROOT } from '../unit/support/host-agreement';

test('host configs agree with nginx for the files of the build in public/', () => {
  const publicDir = path.join(ROOT, 'public');
  const files = evalEsm<string[]>(`import { listFiles } from './build/postbuild/host-configs.mjs'; console.log(JSON.stringify(listFiles(${JSON.stringify(publicDir)})));`);
  expect(files.filter((f) => f.endsWith('/index.html')).length).toBeGreaterThan(100);
  checkAgreement(files);
});
