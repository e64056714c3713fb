/** Types of light-view.cjs (documented there). */
export declare const CONSTRUCTS_DIR: string;
export declare const STAND_IN: string;
export declare function loadedByLightReaders(root: string, issuerDir: string, request: string): boolean;
