#!/usr/bin/env node
// The leaderboard CLI installed alone: the bundle built from the app's scripts/cli.ts.
process.env.LEADERBOARD_CLI_NAME ??= "leaderboard";
await import("../dist/cli.mjs");
