/** Types of cache-dir.cjs (documented there). */
export declare function buildCacheDir(env?: NodeJS.ProcessEnv, root?: string): string;
