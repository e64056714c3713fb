/** Types of compile-gatsby-files.cjs (documented there). */
export declare const ROOT_FILES: readonly string[];
export declare function needsParcel(siteRoot: string): boolean;
export declare function compileGatsbyFiles(siteRoot: string, distDir: string): Promise<Array<{ filePath: string; mainEntryPath: string }>>;
