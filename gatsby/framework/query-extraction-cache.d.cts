/** Types of query-extraction-cache.cjs (documented there). */
export interface ParseFeatures {
  serverData: boolean;
  config: boolean;
  Head: boolean;
}
export interface ParseResult extends ParseFeatures {
  astDefinitions: unknown[];
  pageSlices: Record<string, unknown> | null;
}
export interface QueryExtractionCache {
  recall(key: string): ParseResult | undefined;
  remember(key: string, result: Partial<ParseResult> | null | undefined, failed?: boolean): void;
  save(): boolean;
}
export declare const FORMAT: number;
export declare const FILE_NAME: string;
export declare function storeFile(siteRoot: string, env?: NodeJS.ProcessEnv): string;
export declare function rememberable(result: Partial<ParseResult> | null | undefined, failed: boolean): ParseFeatures | null;
export declare function openQueryExtractionCache(siteRoot: string, env?: NodeJS.ProcessEnv): QueryExtractionCache;
