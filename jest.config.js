/**
 * Jest projects: unit (pure logic), content and search (the real content/ folder), e2e and e2e-timed
 * (features, in Chromium against nginx serving a build of the fixture site the tests own,
 * __tests__/site), e2e-content (rules over whatever the real content holds, against its build),
 * e2e-prefix (the grown build under /fomosite).
 */
/**
 * Tests and the code they import are compiled by SWC (@swc/jest): transpile only, types are checked
 * once, by `npm run typecheck` (tsc over __tests__ too). On a fresh clone jest's cache is empty and
 * every worker compiles the modules it loads, and SWC does it with less CPU than ts-jest's
 * TypeScript transpiler did (docs/decisions/swc-instead-of-babel.md).
 */
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, tsx: true } : { syntax },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2021',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Packages the build-time code imports that ship only as ES modules (hastscript, for
 * gatsby/markdown/hast.ts, and its helpers; github-slugger, for the heading ids): compiled to
 * CommonJS like the tests themselves.
 */
const ESM_ONLY = ['hastscript', 'github-slugger', 'hast-util-parse-selector', 'property-information', 'space-separated-tokens', 'comma-separated-tokens'];
const esmOnly = `/node_modules/(${ESM_ONLY.join('|')})/`;

/** A project running the TypeScript tests under __tests__/<folder>, plus any extra options. */
const project = (displayName, folder, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  testMatch: [`<rootDir>/__tests__/${folder}/**/*.test.ts`],
  transform: { '^.+\\.tsx?$': swc('typescript'), [`${esmOnly}.+\\.js$`]: swc('ecmascript') },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  // Content construct modules in their light view (__tests__/resolver.js).
  resolver: '<rootDir>/__tests__/resolver.js',
  ...extra,
});

/** Browser projects: Node plus one Chromium per jest worker, shared by the files that worker runs. */
const browserEnvironment = '<rootDir>/__tests__/e2e/support/environment.ts';

/**
 * E2E files that assert the spec's timings (210 ms popovers, the 200 ms progress bar, 75 ms
 * transitions) in real time: project e2e-timed runs them on their own after the parallel e2e run
 * (npm run test:e2e), so a busy machine cannot delay their timers.
 */
const TIMED = ['timing', 'motion'].map((name) => `<rootDir>/__tests__/e2e/${name}.test.ts`);
const e2eServer = {
  testEnvironment: browserEnvironment,
  globalSetup: '<rootDir>/__tests__/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/__tests__/e2e/support/global-teardown.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  // Global option (Jest ignores it per project): browser tests need more than the 5 s default.
  testTimeout: 60000,
  // Global option: the longest files first even when jest has no timings yet (a fresh clone).
  testSequencer: '<rootDir>/__tests__/sequencer.js',
  projects: [
    project('unit', 'unit'),
    project('content', 'content'),
    project('search', 'search'),
    project('e2e', 'e2e', { ...e2eServer, testPathIgnorePatterns: ['/node_modules/', ...TIMED.map((file) => `^${file.replace('<rootDir>', __dirname).replace(/\./g, '\\.')}$`)] }),
    { ...project('e2e-timed', 'e2e', e2eServer), testMatch: TIMED },
    project('e2e-content', 'e2e-content', e2eServer),
    project('e2e-prefix', 'e2e-prefix', {
      testEnvironment: browserEnvironment,
      globalSetup: '<rootDir>/__tests__/e2e-prefix/setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e-prefix/teardown.ts',
    }),
  ],
};
