/**
 * e2e-content's global setup: the browser projects' (../e2e/support/global-setup.ts) under a path
 * of its own, because jest calls each global setup module once per run, with the configuration of
 * the first project that names it. Under its own path it runs again for this project in a run
 * that also has the feature projects (npm test), and serves the real content's build beside theirs.
 */
export { default } from '../e2e/support/global-setup';
