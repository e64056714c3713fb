/**
 * Where the site's two search manifests live, and how a reader knows they belong together (the
 * pieces a query fetches are in a folder named by their build id beside them: shards.ts).
 *
 * The names are fixed (under the site's base URL): no page's HTML or static query names them by
 * content, so a content edit rebuilds only the pages it changes, not every page's HTML. Because
 * the names stay the same from deploy to deploy, they are served "revalidate every time"
 * (deploy/http-rules.mjs), not as immutable /static assets, and each file carries the id of the
 * build that wrote the pair: a reader whose cache or CDN holds the index of one deploy and the
 * store of another sees the ids differ and fetches both again (src/components/search/remote-engine.ts).
 */
export const SEARCH_INDEX_PATH = '/search/index.json';
export const SEARCH_STORE_PATH = '/search/store.json';
/** gatsby develop only: Server-Sent Events naming each new pair's build id (gatsby/search/develop.ts). */
export const SEARCH_EVENTS_PATH = '/__search/events';

/** The first key of both files: the same hash of the pair in each. */
export interface BuildStamp {
  build: string;
}

/** How both files begin: the build id is their first key, so it can be checked without parsing them. */
export const stampPrefix = (build: string) => `{"build":${JSON.stringify(build)},`;

/** Whether an index and a store were written by the same build. */
export function sameBuild(index: unknown, store: unknown): boolean {
  const id = (file: unknown) => (file && typeof file === 'object' && typeof (file as { build?: unknown }).build === 'string' ? (file as BuildStamp).build : null);
  const a = id(index);
  return a !== null && a === id(store);
}
