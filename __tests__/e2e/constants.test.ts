/** Spec §9 layout constants not covered elsewhere: header max widths and the modal transition. */
import { useBrowser, PHONE } from './support/browser';
import { ready } from './support/ready';

describe('layout constants (spec §9)', () => {
  const session = useBrowser();

  it.each([
    [1100, '896px'],
    [1440, '1200px'],
  ])('at %i px the header content has max-width %s', async (width, maxWidth) => {
    const { page } = await session.load('/', { viewport: { width, height: 800 } });
    await expect(page.locator('[data-testid="navbar"] .inner').evaluate((el) => getComputedStyle(el).maxWidth)).resolves.toBe(maxWidth);
  });

  it('animates the mobile menu modal in 75 ms', async () => {
    const { page } = await session.load('/', { viewport: PHONE });
    await ready(page);
    await page.getByTestId('mobile-menu-button').click();
    const modal = page.getByTestId('mobile-menu');
    await modal.waitFor();
    await expect(modal.evaluate((el) => getComputedStyle(el).animationDuration)).resolves.toBe('0.075s');
  });
});
