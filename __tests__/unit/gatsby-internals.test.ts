/**
 * Canaries: each assumption build/gatsby/internals.ts makes about Gatsby's internals, checked
 * against the installed gatsby, one named test per assumption, so an upgrade that breaks one
 * fails that one test instead of silently changing what develop or the build does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEVELOP_COMPILATION_DONE, isNodeEventOf, NODE_EVENTS, NODE_MUTATION_BATCH_FILE, NODE_MUTATION_BATCH_TIMEOUT_MS, nodeMutationBatchTimeout } from '../../build/gatsby/internals';

const ROOT = path.resolve(__dirname, '../..');
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
const GATSBY_DIR = path.dirname(fromRoot.resolve('gatsby/package.json'));
const gatsbyFile = (file: string) => readFileSync(path.join(GATSBY_DIR, file), 'utf8');

describe('gatsby develop (issue 25)', () => {
  it(`the node mutation batch waits ${NODE_MUTATION_BATCH_TIMEOUT_MS} ms: patches/gatsby+<version>.patch is applied to the installed gatsby`, () => {
    const version = (JSON.parse(gatsbyFile('package.json')) as { version: string }).version;
    const patch = readFileSync(path.join(ROOT, 'patches', `gatsby+${version}.patch`), 'utf8');
    expect(patch).toContain(`+const NODE_MUTATION_BATCH_TIMEOUT = ${NODE_MUTATION_BATCH_TIMEOUT_MS};`);
    expect(nodeMutationBatchTimeout(readFileSync(fromRoot.resolve(NODE_MUTATION_BATCH_FILE), 'utf8'))).toBe(NODE_MUTATION_BATCH_TIMEOUT_MS);
  });

  it('the patch changes nothing else: the batch size and the source-file aggregation are upstream’s', () => {
    const text = readFileSync(fromRoot.resolve(NODE_MUTATION_BATCH_FILE), 'utf8');
    expect(text).toMatch(/^const NODE_MUTATION_BATCH_SIZE = 100;$/m);
    expect(text).toMatch(/^const FILE_CHANGE_AGGREGATION_TIMEOUT = 200;$/m);
    expect(text).toContain('[NODE_MUTATION_BATCH_TIMEOUT]: `committingBatch`');
  });

  it(`develop's emitter sends ${DEVELOP_COMPILATION_DONE} when a compilation is done`, () => {
    expect(gatsbyFile('dist/services/start-webpack-server.js')).toContain(`emitter.emit(\`${DEVELOP_COMPILATION_DONE}\`, stats)`);
  });

  it('the overlay: websocketManager.emitError reaches the tabs, which show each error’s message, file and line', () => {
    expect(gatsbyFile('dist/utils/websocket-manager.js')).toMatch(/emitError = \(id, message\) => \{[\s\S]*type: `overlayError`/);
    expect(gatsbyFile('dist/utils/websocket-manager.js')).toContain('exports.websocketManager = websocketManager');
    const socket = gatsbyFile('cache-dir/socketIo.js');
    expect(socket).toMatch(/msg\.type === `overlayError`[\s\S]*reportError\(msg\.payload\.id, msg\.payload\.message\)[\s\S]*clearError\(msg\.payload\.id\)/);
    const overlay = gatsbyFile('cache-dir/fast-refresh-overlay/components/graphql-errors.js');
    for (const field of ['error.context.sourceMessage', 'error?.filePath', 'error?.location?.start?.line', 'error?.location?.start?.column', 'prettifyStack(error.text)']) expect(overlay).toContain(field);
  });
});

describe('gatsby develop (issue 25): node events', () => {
  it('the emitter repeats every redux action under its type, node creations and deletions among them', () => {
    expect(gatsbyFile('dist/redux/index.js')).toContain('emitter.emit(lastAction.type, lastAction)');
    const actions = gatsbyFile('dist/redux/actions/public.js');
    for (const event of NODE_EVENTS) expect(actions).toContain(`type: \`${event}\``);
    expect(isNodeEventOf({ type: 'CREATE_NODE', payload: { internal: { type: 'Mdx' } } }, 'Mdx')).toBe(true);
    expect(isNodeEventOf({ type: 'CREATE_NODE', payload: { internal: { type: 'File' } } }, 'Mdx')).toBe(false);
  });
});
