/**
 * Loads the compiled gatsby-node.js and gatsby-config.js in argv[2] the way Gatsby does (Node's
 * require), and the site's sources through tsx, and prints one JSON line with the hooks and the
 * config of each (compile-gatsby-files.test.ts). A child process: jest's module system cannot
 * require the ES-module packages the site's build code imports; Node's can.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

type Module = Record<string, unknown>;

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.resolve(process.argv[2] ?? '');
const requireCompiled = createRequire(path.join(dist, 'index.js'));
const hooks = (module: Module) =>
  Object.keys(module)
    .filter((key) => typeof module[key] === 'function')
    .sort();
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const compiledNode = requireCompiled('./gatsby-node.js') as Module;
const compiledConfig = (requireCompiled('./gatsby-config.js') as Module).default;
const sourceNode = (await import(path.join(root, 'gatsby-node.ts'))) as Module;
const sourceConfig = ((await import(path.join(root, 'gatsby-config.ts'))) as { default: Module }).default;
const unwrap = (module: Module) => ('default' in module && typeof module.default === 'object' && module.default ? (module.default as Module) : module);

console.log(
  JSON.stringify({
    compiled: { hooks: hooks(compiledNode), config: plain(compiledConfig) },
    source: { hooks: hooks(unwrap(sourceNode)), config: plain(unwrap(sourceConfig as Module)) },
  }),
);
