import type { E2eRun } from './global-setup';
import { stopNginx } from './servers';

/** Stops every server of the run (all the setups' servers: jest calls a teardown module once per run). */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { e2eRun?: E2eRun };
  const run = state.e2eRun;
  if (!run) return;
  state.e2eRun = undefined;
  for (const port of run.ports) stopNginx(port);
  await run.closeAxe();
}
