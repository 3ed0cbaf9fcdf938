// One lint setup for the whole repository. The import rules keep dependencies pointing one way:
// shared <- lambdas, web, infra (shared imports no AWS SDK, React or jotai; web never imports lambdas).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const awsSdk = {
  group: ['@aws-sdk/*', '@smithy/*', 'aws-sdk', '@middy/*', 'stripe', 'sharp'],
  message: 'AWS SDK, middy, Stripe and sharp belong in lambdas/ adapters only.',
};
const ui = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'jotai', 'jotai/*', 'aws-amplify', 'aws-amplify/*'],
  message: 'UI libraries belong in web/.',
};
const cdk = { group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', 'cdk-nag'], message: 'CDK belongs in infra/.' };
// Classic's schema classes keep every chained method in every bundle that imports it (ADR 043).
const zodClassic = {
  regex: '^zod(/v3|/v4|/v4/classic(/.*)?)?$',
  message: "Schemas use zod's mini build ('zod/mini', with shared/src/zod-english.ts for its messages; ADR 043).",
};
const pkg = (name) => ({
  group: [`@mapnest/${name}`, `@mapnest/${name}/*`],
  message: `This package must not depend on @mapnest/${name}.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/.scratch/**',
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.data/**',
      '.test-artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [zodClassic, awsSdk, ui, cdk, pkg('lambdas'), pkg('web'), pkg('infra')] },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [zodClassic, ui, cdk, pkg('web'), pkg('infra')] }] },
  },
  // The Lambda layers (docs/architecture.md): http/calls/triggers -> domain -> adapters -> lib. Only adapters and
  // lib talk to AWS; adapters never reach up into the domain or the handlers. (Tests may mock the SDK anywhere.)
  {
    files: ['lambdas/src/*.ts', 'lambdas/src/{calls,domain,http,triggers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            zodClassic,
            ui,
            cdk,
            pkg('web'),
            pkg('infra'),
            {
              group: ['@aws-sdk/*', '@smithy/*', 'aws-sdk'],
              message:
                'The AWS SDK belongs in lambdas/src/adapters (or the shared clients in lambdas/src/lib); call an adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/src/adapters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            zodClassic,
            ui,
            cdk,
            pkg('web'),
            pkg('infra'),
            {
              group: ['**/domain', '**/domain/**', '**/calls/*', '**/http/*', '**/triggers/*'],
              message:
                'Adapters sit below the domain: they may import lib/ (errors, clients, config), never the domain or the handlers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [zodClassic, awsSdk, cdk, pkg('lambdas'), pkg('infra')] }],
    },
  },
  {
    // The React-free core: the embed loads it without React, so it may not reach into the app.
    files: ['web/src/{map-core,viewer,embed}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            zodClassic,
            awsSdk,
            cdk,
            pkg('lambdas'),
            pkg('infra'),
            ui,
            {
              group: ['**/features/*', '**/features/**', '**/app/*', '**/app/**', '**/state/*', '**/state/**'],
              message:
                'The React-free viewer core (map-core, viewer, embed) must not import the app, its state or its features.',
            },
            {
              group: ['@mapnest/shared/calls', '**/lib/api', '**/lib/call'],
              message: 'The viewer core and the embed do not call the API (ADR 012): no call table, no call client.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test fixtures and harnesses (*.fixtures.ts) serve tests only: production code never imports them.
    files: ['web/src/**/*.{ts,tsx}', 'lambdas/src/**/*.ts', 'shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/\\.fixtures$/]',
          message: 'Fixtures (*.fixtures.ts) are for tests only.',
        },
      ],
    },
  },
  {
    files: ['infra/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [zodClassic, ui, pkg('web')] }] },
  },
  // Size limits (ADR 016): no source file over 500 lines, no function over 80 (a longer one says why in a disable
  // comment). Tests and fixtures are exempt.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.{ts,tsx}', 'test/**'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
);
