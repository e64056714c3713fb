/**
 * Every assumption this site makes about Gatsby's internals, in one place. Gatsby 5 is in
 * maintenance mode: an upgrade that changes one of these should fail one named canary test
 * (__tests__/unit/gatsby-internals.test.ts), not silently change what the build does.
 */
import path from 'node:path';

/**
 * Where Gatsby writes a page's data: public/page-data/<path>/page-data.json, with 'index' for `/`
 * (gatsby/dist/utils/page-data.js, generatePageDataPath / fixedPagePath).
 */
export function pageDataFile(publicDir: string, pagePath: string): string {
  const fixed = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  return path.join(publicDir, 'page-data', fixed, 'page-data.json');
}

/** The command Gatsby is running ('build', 'develop' …), which it puts in the environment. */
export function gatsbyCommand(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.gatsby_executing_command;
}

// ---------- gatsby develop (issue 25) ----------

/**
 * How long `gatsby develop` waits after a node mutation (a content file saved) before it runs the
 * batch: NODE_MUTATION_BATCH_TIMEOUT in gatsby/dist/state-machines/waiting/index.js, 500 ms
 * upstream and not configurable. patches/gatsby+<version>.patch (applied by patch-package on
 * every npm install) lowers it to this.
 */
export const NODE_MUTATION_BATCH_TIMEOUT_MS = 50;
export const NODE_MUTATION_BATCH_FILE = 'gatsby/dist/state-machines/waiting/index.js';

/** The batch delay written in an installed copy of that file (null when the constant is gone). */
export function nodeMutationBatchTimeout(fileText: string): number | null {
  const match = /^const NODE_MUTATION_BATCH_TIMEOUT = (\d+);$/m.exec(fileText);
  return match ? Number(match[1]) : null;
}

/**
 * The event Gatsby's emitter (handed to every node API as `emitter`) sends when a develop
 * compilation is done (gatsby/dist/services/start-webpack-server.js): the server answers pages
 * from then on.
 */
export const DEVELOP_COMPILATION_DONE = 'COMPILATION_DONE';

interface OverlaySocket {
  emitError(id: string, message: unknown): void;
}

/**
 * The develop server's error overlay: gatsby/dist/utils/websocket-manager.js's websocketManager
 * keeps errors by id, sends them to every open tab (cache-dir/socketIo.js hands them to the
 * fast-refresh overlay as "GraphQL errors") and to tabs opened later; `null` clears one.
 */
export function developOverlay(): OverlaySocket {
  // Loaded when develop needs it: `gatsby build` never does.
  return (require('gatsby/dist/utils/websocket-manager') as { websocketManager: OverlaySocket }).websocketManager;
}

/**
 * Redux actions Gatsby's emitter repeats (gatsby/dist/redux/index.js emits every action under its
 * type; its websocket-manager listens to these two): a node created (also re-created after an
 * edit) or deleted, with the node as the payload.
 */
export const NODE_EVENTS = ['CREATE_NODE', 'DELETE_NODE'] as const;

/** Whether an emitted action is about a node of this type. */
export function isNodeEventOf(action: unknown, type: string): boolean {
  return (action as { payload?: { internal?: { type?: unknown } } } | null)?.payload?.internal?.type === type;
}
