/**
 * Hide-on-scroll decision for the navbar: hidden while the reader scrolls down past the
 * navbar's height, shown again on any upward scroll or near the top of the page.
 */
export function navbarVisibleAfterScroll(previousY: number, currentY: number, wasVisible: boolean, navbarHeight: number): boolean {
  if (currentY <= navbarHeight) return true;
  const delta = currentY - previousY;
  if (Math.abs(delta) < 4) return wasVisible;
  return delta < 0;
}
