// ESLint (flat config): Next.js's rules (React, hooks, accessibility, core web vitals, TypeScript),
// no import cycles, and the layering of STYLE.md: lib/metrics is pure math, lib/ holds no UI.
// `npm run lint`; .ci/run runs it.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const SERVER_OR_UI = ["@/lib/server", "@/lib/server/*", "@/lib/db", "@/components", "@/components/*", "@/lib/generated/*", "@/app/*"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".build/**", ".cli/**", ".data/**", "lib/generated/**", "node_modules/**", "test-results/**", "next-env.d.ts"]),
  {
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // pure math: no database, no server, no UI, no framework
    files: ["lib/metrics/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...SERVER_OR_UI, "react", "react-dom", "next", "next/*", "pg", "@prisma/*"].map((group) => ({ group: [group], message: "lib/metrics is pure: it computes from its arguments only" })) }],
    },
  },
  {
    // lib/ serves the UI and the API alike: it renders nothing (preview images excepted)
    files: ["lib/**"],
    ignores: ["lib/metrics/**", "lib/server/og-response.tsx", "lib/client/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/components", "@/components/*", "@/app/*"], message: "lib/ holds no UI: components import lib, not the other way round" }] }],
    },
  },
]);
