import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * Features do not import each other; what two features share lives in web/src/api (the data layer: one
 * module per resource), components, lib or hooks (bulletproof-react's import zones). Shared code imports no feature. Each feature is a folder of
 * web/src/features, found when ESLint starts.
 */
const featuresDir = new URL('./web/src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureZones = features
  .filter(() => features.length > 1)
  .map((feature) => {
    const others = features.filter((other) => other !== feature).map(escape);
    return {
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(^|/)features/(${others.join('|')})(/|$)|^(\\.\\./)+(${others.join('|')})(/|$)`,
                message: `Features do not import each other (${feature}): move what they share to web/src/api, components, lib or hooks.`,
              },
            ],
          },
        ],
      },
    };
  });

/** domain/ and db/ know nothing of HTTP (a flat config's later rule replaces, not extends, an earlier one). */
const noHttpBelowIt = {
  regex: '(^|/)http/|^@sitewalk/functions/http',
  message: 'domain/ and db/ do not import http/: throw the typed errors of domain/errors.ts.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'cdk.out/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  ...featureZones,
  {
    files: ['web/src/{api,components,lib,hooks,config,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/',
              message: 'Shared code imports no feature; the router (web/src/app) puts features together.',
            },
          ],
        },
      ],
    },
  },
  {
    // The backend's layers: http/ speaks HTTP (routes, status codes, cookies) and calls the domain; domain/
    // and db/ know nothing of it, so their errors and rules read the same behind any other entry point.
    files: ['functions/src/{domain,db}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noHttpBelowIt],
        },
      ],
    },
  },
  {
    // The domain reads the time only from the clock port (ports/clock.ts), so the local host's clock control
    // moves every rule at once; parsing an instant (`new Date(value)`) is fine.
    files: ['functions/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name="Date"][arguments.length=0]',
          message: 'domain/ reads the time from ports/clock.ts: clock.now() (or systemClock.now(), named).',
        },
        {
          selector: 'MemberExpression[object.name="Date"][property.name="now"]',
          message: 'domain/ reads the time from ports/clock.ts: clock.now() (or systemClock.now(), named).',
        },
      ],
    },
  },
  {
    // db/ is below the domain: its access patterns use no domain rule (tests may build on the domain's).
    files: ['functions/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noHttpBelowIt,
            {
              regex: '(^|/)domain/|^@sitewalk/functions/domain',
              message: 'db/ does not import domain/: what both need lives in db/ (e.g. db/bounded.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // A handler (each resource's folder, the workers, the entry files) reads schema → domain call → view: what it
    // reads or writes, it asks domain/ for. composition.ts builds the table's client for every function; a
    // stream filter names the table's entity types for infra/.
    files: ['functions/src/*.ts', 'functions/src/*/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'functions/src/{db,domain,http,ports,views}/**',
      'functions/src/composition.ts',
      'functions/src/*/stream-filter.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/|^@sitewalk/functions/db',
              message:
                'Handlers do not import db/: call a domain module (functions/src/domain/) and answer with a view.',
            },
          ],
        },
      ],
    },
  },
);
