/** Types of output.cjs (documented there). */
export declare const NOT_PAGE_FOLDERS: readonly string[];
export declare function pageDataPath(pagePath: string): string;
export declare function htmlFileOfPage(pagePath: string): string;
export declare function pagePathOfHtmlFile(file: string): string | null;
export declare function pageHtmlFiles(publicDir: string): Array<{ file: string; path: string }>;
export declare const WEBPACK_STATS_FILE: string;
export declare function firstLoadScripts(stats: unknown, componentChunkName: string): string[];
