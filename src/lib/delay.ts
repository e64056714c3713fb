/** Timing of the navbar popovers (spec §9): open after 210 ms of hover, close 210 ms after the pointer leaves. */
export const POPOVER_DELAY_MS = 210;
