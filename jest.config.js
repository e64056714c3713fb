/** Jest projects: unit (pure logic), content (the real content/ folder), e2e (Chromium against nginx). */
const tsJest = [
  'ts-jest',
  {
    
    tsconfig: { module: 'commonjs', moduleResolution: 'node', jsx: 'react-jsx', esModuleInterop: true, target: 'ES2021', resolveJsonModule: true },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  // Global option (Jest ignores it per project): browser tests need more than the 5 s default.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'content',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/content/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'search',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/search/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      globalSetup: '<rootDir>/__tests__/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/support/global-teardown.ts',
    },
    {
      displayName: 'e2e-prefix',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e-prefix/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      globalSetup: '<rootDir>/__tests__/e2e-prefix/setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e-prefix/teardown.ts',
    },
  ],
};
