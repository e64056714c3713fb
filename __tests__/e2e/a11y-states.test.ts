/** The axe-core audit of the interactive states a static page does not show (support/a11y.ts). */
import { AUDIT_MODES } from './support/audit-plan';
import { auditState, load, ModeTabs, STATES } from './support/a11y';
import { axeAudit, formatFindings } from './support/axe';
import { useBrowser } from './support/browser';

jest.setTimeout(120_000);

const session = useBrowser();
/** One tab for all the states, set to each state's mode (each state loads its page as a new document). */
const tabs = new ModeTabs(session);
afterAll(() => tabs.close());

describe('axe-core audit of interactive states', () => {
  it.each(STATES.map((s) => [`${s.name} [${s.mode}] on ${s.path}`, s] as const))('%s', async (_, state) => auditState(tabs, state));
});

describe('the audit itself', () => {
  it('reports what it finds: an image without a text alternative and text without contrast, each with rule, page, mode, target and what to fix', async () => {
    const mode = AUDIT_MODES[0]!;
    const tab = await tabs.tab(mode);
    await load(tab, '/blog', mode);
    // Outside React's root, so hydration leaves them alone; the next state loads a new document.
    await tab.evaluate(() => {
      const image = Object.assign(document.createElement('img'), { id: 'audit-canary-image', src: '/favicon.svg' });
      const text = Object.assign(document.createElement('p'), { id: 'audit-canary-text', textContent: '看不清的字' });
      text.style.cssText = 'color: #f8f8f8; background: #ffffff';
      document.body.append(image, text);
    });
    const findings = await axeAudit(tab, { page: '/blog', mode: mode.name });
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'image-alt', impact: 'critical', page: '/blog', mode: mode.name, target: '#audit-canary-image', summary: expect.stringContaining('Fix') }),
        expect.objectContaining({ rule: 'color-contrast', impact: 'serious', page: '/blog', mode: mode.name, target: '#audit-canary-text', summary: expect.stringContaining('contrast') }),
      ]),
    );
    expect(formatFindings(findings)).toMatch(/image-alt \(critical\) \/blog \[light 1440\] #audit-canary-image — Fix/);
  });
});
