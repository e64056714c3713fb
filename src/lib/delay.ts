/**
 * Timing of the navbar popovers (spec §9): open after 210 ms of hover, close 210 ms after the
 * pointer leaves. Radix NavigationMenu waits `delayDuration` before opening and a fixed 150 ms
 * before asking to close; the menu adds the difference so the close lands at 210 ms.
 */
export const POPOVER_DELAY_MS = 210;
export const RADIX_CLOSE_DELAY_MS = 150;
export const EXTRA_CLOSE_DELAY_MS = Math.max(0, POPOVER_DELAY_MS - RADIX_CLOSE_DELAY_MS);
