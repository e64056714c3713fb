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
export const SITE_DIR = path.resolve(__dirname, '../../..', process.env.E2E_SITE_DIR ?? 'public');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 0);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** axe-core's script, served with a long max-age so Chromium compiles it once per context (./axe.ts). */
export const AXE_URL = process.env.E2E_AXE_URL ?? '';
export { CHROMIUM } from './chromium';
