/** Every published package and a few exports each must have, through its own `exports` map. */
export const PUBLISHED: { name: string; dir: string; exports: string[]; esmOnly?: boolean }[] = [
  { name: '@northstar/core', dir: 'packages/core', exports: ['uuidv7', 'backoffDelay', 'parseRetryAfter', 'utcDay'] },
  { name: '@northstar/browser', dir: 'packages/browser', exports: ['init', 'track', 'Northstar'] },
  {
    name: '@northstar/react',
    dir: 'packages/react',
    exports: ['NorthstarProvider', 'useNorthstar', 'useTrackEvent', 'usePageView', 'useFeatureFlag', 'useActiveGuide', 'useSurveyEvents'],
  },
  { name: '@northstar/node', dir: 'packages/node', exports: ['Northstar', 'VERSION'] },
  { name: '@northstar/server', dir: 'packages/server', exports: ['createNorthstarRouter', 'createApiKey', 'seedDemoProject', 'HttpError'] },
  { name: '@northstar/server/app', dir: 'packages/server', exports: ['createNorthstarApp', 'createApiKey', 'seedDemoProject', 'HttpError'] },
  { name: '@northstar/adapter-memory', dir: 'adapters/memory', exports: ['createMemoryStorage'] },
  { name: '@northstar/adapter-sql', dir: 'adapters/sql', exports: ['createSqlStorage'] },
  { name: '@northstar/cli', dir: 'packages/cli', exports: ['storageFromUrl', 'migrateDatabase', 'startNorthstarServer', 'startNorthstarWorker'] },
  { name: '@northstar/adapter-testing', dir: 'adapters/testing', exports: ['runStorageConformance'], esmOnly: true },
];
