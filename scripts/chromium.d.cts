/** Types of chromium.cjs (documented there). */
export declare const CHROMIUM: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const TEST_CHROMIUM: string;
