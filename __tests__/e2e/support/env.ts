/**
 * Where this run's servers are. No port is fixed: the global setups
 * (./global-setup.ts, ../../e2e-prefix/setup.ts) start nginx on ports that are free at that moment
 * and hand them to the test workers in these environment variables, so a server left by an
 * interrupted run, another checkout or a second worktree testing at the same time cannot collide
 * with this run. Outside a jest run of the e2e project they are unset (0).
 */
import path from 'node:path';

/**
 * The build the e2e project tests: public/, or the folder E2E_SITE_DIR names (relative to the
 * repository). `npm test` (scripts/test.mjs) tests a copy of the strict build there and the build
 * under /fomosite in public/, both in one jest run.
 */
export const ROOT = path.resolve(__dirname, '../../..');
export const SITE_DIR = path.resolve(ROOT, process.env.E2E_SITE_DIR ?? 'public');
/**
 * The fixture site's content, owned by the feature tests (__tests__/site/README.md): the e2e and
 * e2e-timed projects test its build (npm run build:fixture), so an editor's change to content/
 * never changes what they see.
 */
export const FIXTURE_CONTENT_DIR = path.join(ROOT, '__tests__/site/content');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 0);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** axe-core's script, served with a long max-age so Chromium compiles it once per context (./axe.ts). */
export const AXE_URL = process.env.E2E_AXE_URL ?? '';
