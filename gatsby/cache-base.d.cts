/** Types of cache-base.cjs (documented there). */
export declare function buildCacheDir(env?: NodeJS.ProcessEnv, root?: string): string;
export declare function writeAtomic(file: string, data: string | Buffer | Iterable<string>): void;
