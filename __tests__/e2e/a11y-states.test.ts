/** The axe-core audit of the interactive states a static page does not show (support/a11y.ts). */
import { auditState, ModeTabs, STATES } from './support/a11y';
import { useBrowser } from './support/browser';

jest.setTimeout(120_000);

const session = useBrowser();
/** One tab for all the states, set to each state's mode (each state loads its page as a new document). */
const tabs = new ModeTabs(session);
afterAll(() => tabs.close());

describe('axe-core audit of interactive states', () => {
  it.each(STATES.map((s) => [`${s.name} [${s.mode}] on ${s.path}`, s] as const))('%s', async (_, state) => auditState(tabs, state));
});
