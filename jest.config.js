// Three projects: fast unit specs beside the code, integration suites that boot the real
// app against a fresh Postgres database and real Redis (see backend/test/setup), and the
// fault-injection suite (backend/test/faults), run in band by `npm run test:faults`.
const transform = {
  '^.+\\.ts$': ['@swc/jest', {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2022',
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  }],
};

// The workspaces' package paths, as tsconfig.json maps them for tsc and tsc-alias.
const moduleNameMapper = {
  '^@scoreline/(contracts|backend|workers)/(.*)$': '<rootDir>/$1/src/$2',
};

module.exports = {
  // Per-project testTimeout is ignored by jest 30; integration suites boot real services, and in
  // CI they share two cores with the browser suite (on a slow machine a 15 s test took over 60 s).
  testTimeout: 120000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'js', 'json'],
      roots: ['<rootDir>/contracts/src', '<rootDir>/backend/src', '<rootDir>/workers/src', '<rootDir>/k8s', '<rootDir>/bench'],
      testRegex: '\\.spec\\.ts$',
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'js', 'json'],
      roots: ['<rootDir>/backend/test'],
      testRegex: '\\.int-spec\\.ts$',
      transform,
      moduleNameMapper,
      globalSetup: '<rootDir>/backend/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/backend/test/setup/global-teardown.ts',
      testTimeout: 120000,
    },
    {
      // Fault injection (npm run test:faults): private Postgres/Redis, processes killed by PID.
      displayName: 'faults',
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'js', 'json'],
      roots: ['<rootDir>/backend/test/faults'],
      testRegex: '\\.fault-spec\\.ts$',
      transform,
      moduleNameMapper,
    },
  ],
};
