// ESLint (flat config): the rules of Next.js's own preset (React, hooks, accessibility, core web
// vitals, TypeScript), assembled from the plugins directly, and the layering of STYLE.md:
// lib/metrics is pure math, lib/ holds no UI. `npm run lint` runs it, then
// scripts/check-cycles.mjs (no import cycles); .ci/run runs both.
//
// Why not eslint-config-next: it pulls eslint-import-resolver-typescript → unrs-resolver, whose
// optional per-platform binaries are not all on the registry this project installs from, so the
// lock file never matched what `npm ci` expects and CI stopped at install. Its one import rule
// (no-anonymous-default-export) is not worth that; cycles are checked by our own script with
// TypeScript's resolver.
import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER_OR_UI = [
  "@/lib/server",
  "@/lib/server/*",
  "@/lib/db",
  "@/components",
  "@/components/*",
  "@/lib/generated/prisma",
  "@/lib/generated/prisma/*",
  "@/app/*",
];

const SOURCE = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"];
const NUMBER_HOMES = ["lib/format.ts", "lib/metrics/**"];
const SQL_HOMES = ["**/*.sql.ts", "lib/server/db/**"];
const NO_TOFIXED = {
  selector: "CallExpression[callee.property.name=/^(toFixed|toExponential|toPrecision)$/]",
  message: "format numbers with lib/format.ts (fixed, percent, signedDiff, pValue, formatMetric, …)",
};
const SQL_START = "/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|COPY|LOCK|CREATE|ALTER|DROP)\\s/";
const NO_SQL = [`TemplateElement[value.raw=${SQL_START}]`, `Literal[value=${SQL_START}]`].map((selector) => ({
  selector,
  message: "raw SQL goes in a *.sql.ts file beside its feature (a function taking an Sql runner); use Prisma for CRUD",
}));

export default defineConfig([
  globalIgnores([
    ".next/**",
    ".build/**",
    ".cli/**",
    "packages/cli/dist/**",
    ".data/**",
    "lib/generated/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    name: "next",
    files: ["**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "@next/next": nextPlugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { sourceType: "module", ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react/no-unknown-property": "off",
      "react/react-in-jsx-scope": "off",
      "react/prop-types": "off",
      "react/jsx-no-target-blank": "off",
      "jsx-a11y/alt-text": ["warn", { elements: ["img"], img: ["Image"] }],
      "jsx-a11y/aria-props": "warn",
      "jsx-a11y/aria-proptypes": "warn",
      "jsx-a11y/aria-unsupported-elements": "warn",
      "jsx-a11y/role-has-required-aria-props": "warn",
      "jsx-a11y/role-supports-aria-props": "warn",
    },
  },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ["**/*.{ts,tsx,mts,cts}"] })),
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-unused-expressions": "warn",
    },
  },
  {
    // numbers reach readers through lib/format.ts only (one rounding rule, one "—" for undefined);
    // raw SQL lives in *.sql.ts files beside their feature (and lib/server/db), Prisma does the CRUD
    files: SOURCE,
    ignores: [...NUMBER_HOMES, ...SQL_HOMES, "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", NO_TOFIXED, ...NO_SQL] },
  },
  {
    // issue 37: a function past 120 lines is split where a reader would want the parts named
    files: SOURCE,
    ignores: ["**/*.test.{ts,tsx}", "test/**", "e2e/**"],
    rules: {
      "max-lines-per-function": ["warn", { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  { files: SQL_HOMES, ignores: NUMBER_HOMES, rules: { "no-restricted-syntax": ["error", NO_TOFIXED] } },
  { files: NUMBER_HOMES, rules: { "no-restricted-syntax": ["error", ...NO_SQL] } },
  {
    // pure math: no database, no server, no UI, no framework
    files: ["lib/metrics/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [...SERVER_OR_UI, "react", "react-dom", "next", "next/*", "pg", "@prisma/*"].map((group) => ({
            group: [group],
            message: "lib/metrics is pure: it computes from its arguments only",
          })),
        },
      ],
    },
  },
  {
    // lib/ serves the UI and the API alike: it renders nothing (preview images excepted)
    files: ["lib/**"],
    ignores: ["lib/metrics/**", "lib/server/previews/og-response.tsx", "lib/server/pages/**", "lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/components", "@/components/*", "@/app/*"],
              message: "lib/ holds no UI: components import lib, not the other way round",
            },
            {
              group: ["next/navigation", "next/headers", "@/lib/server/pages"],
              message:
                "only app/ and lib/server/pages use Next's page helpers: lib/ also runs in the job worker and the scoring threads, outside Next",
            },
          ],
        },
      ],
    },
  },
  {
    // components render what their page read: they never open the database (docs/architecture.md)
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/server/db", "@/lib/server/db/*", "pg", "@prisma/*", "@/lib/generated/*"],
              message: "components never open the database: the page reads, and passes what it read down",
            },
          ],
        },
      ],
    },
  },
]);
