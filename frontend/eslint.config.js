import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import i18next from 'eslint-plugin-i18next'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The design's boundaries (DESIGN.md §6, bulletproof-react's layout) as checks:
 * - a feature imports no other feature: what two features share lives in components/, lib/, api/ or hooks/,
 *   or is composed in app/ (the dashboard's panels, the chat dialog other features open);
 * - shared code (api/, components/, hooks/, lib/) imports neither features nor app/;
 * - only app/ wires features together, and nothing imports app/ but the test support in src/test.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const SHARED = ['./src/api', './src/components', './src/hooks', './src/lib']

/** Features every other feature may use (the subjects/classes/boards/modes pickers). */
const SHARED_FEATURES = ['vocabulary']

const boundaryZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...SHARED_FEATURES.filter((shared) => shared !== feature).map((shared) => `./${shared}`)],
    message: 'A feature does not import another feature: move what both need to shared code, or compose in app/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app layer; app/ composes features.',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code does not import features or the app layer.',
  },
]

/**
 * Every screen and component reads its visible texts from the catalogues (docs/i18n.md): a literal
 * string in JSX, as text or as a label people read (aria-label, title, alt, placeholder), fails the
 * lint, so a new screen ships in every language from its first commit.
 */
const TRANSLATED = ['src/**/*.tsx']

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/schema.ts', 'coverage'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    settings: {
      // eslint-import-resolver-typescript 3.6 and import-x 4.6: later versions need native
      // resolver packages that the registry this project installs from does not carry.
      'import-x/resolver': { typescript: { project: './tsconfig.test.json' } },
    },
    rules: {
      // Props named role on route guards are not ARIA roles.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A component longer than this is a state machine hiding in a view: split it into a pure reducer, a hook
    // that wires it to queries and sockets, and views. Blank lines count (they are part of what a reader scrolls
    // through); comments do not, so saying why never pushes a function over the limit. Tests and test support
    // are exempt: a describe block reads best whole.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/test/**', '**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 200, skipBlankLines: false, skipComments: true }],
    },
  },
  {
    files: TRANSLATED,
    // Tests and their stand-ins (a map mock) are read by the test runner, not by people.
    ignores: ['**/*.test.tsx', 'src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Only the attributes a person reads or hears; style props and the like are not text.
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'alt', 'placeholder', 'label'],
            exclude: ['.+'],
          },
        },
      ],
    },
  },
  {
    // Test support and tests run in Node too (MSW, timers, setImmediate).
    files: ['src/test/**', '**/*.test.{ts,tsx}', 'vite.config.ts', 'vite-plugins/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // The hand-written service worker: a classic script in the worker's scope.
    files: ['service-worker/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
)
