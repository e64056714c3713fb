import type { E2eRun } from './global-setup';
import { stopNginx } from './servers';

export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as { e2eRun?: E2eRun }).e2eRun;
  if (!run) return;
  stopNginx(run.port);
  await run.closeAxe();
}
