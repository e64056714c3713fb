/** Jest projects: unit (pure logic), content (the real content/ folder), e2e (Chromium against nginx). */
const tsJest = [
  'ts-jest',
  {
    
    tsconfig: { module: 'commonjs', moduleResolution: 'node', jsx: 'react-jsx', esModuleInterop: true, target: 'ES2021', resolveJsonModule: true },
  },
];

/** A project running the TypeScript tests under __tests__/<folder>, plus any extra options. */
const project = (displayName, folder, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  testMatch: [`<rootDir>/__tests__/${folder}/**/*.test.ts`],
  transform: { '^.+\\.tsx?$': tsJest },
  ...extra,
});

/** Browser projects: Node plus one Chromium per jest worker, shared by the files that worker runs. */
const browserEnvironment = '<rootDir>/__tests__/e2e/support/environment.ts';

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
    project('e2e', 'e2e', {
      testEnvironment: browserEnvironment,
      globalSetup: '<rootDir>/__tests__/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/support/global-teardown.ts',
    }),
    project('e2e-prefix', 'e2e-prefix', {
      testEnvironment: browserEnvironment,
      globalSetup: '<rootDir>/__tests__/e2e-prefix/setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e-prefix/teardown.ts',
    }),
  ],
};
