import fs from "node:fs";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Test files of the PostgreSQL server alone (lib/testing/server-only-tests.json): left out when
 * TEST_DATABASE_URL is unset (the embedded run), and always run on the server by `npm test`
 * (scripts/test.ts).
 */
const serverOnlyTests = JSON.parse(fs.readFileSync(new URL("./lib/testing/server-only-tests.json", import.meta.url), "utf8"));

/** Unit and service tests (`*.test.ts` next to the code) on a real database. */
/** @type {import("jest").Config} */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,app,scripts,models,components}/**/*.test.ts"],
  // The build and the end-to-end suite's data folder may be written while Jest runs (npm test
  // runs them side by side): Jest's file map leaves them out.
  modulePathIgnorePatterns: ["<rootDir>/\\.next/", "<rootDir>/\\.data", "<rootDir>/test-results/", "<rootDir>/playwright-report/"],
  testPathIgnorePatterns: ["/node_modules/", ...(process.env.TEST_DATABASE_URL ? [] : serverOnlyTests.map((file) => `<rootDir>/${file}`))],
  // rate-limiter-flexible's Drizzle store loads drizzle-orm with import() at its first use. Under
  // Jest that import builds drizzle-orm's ES-module graph in Node's experimental vm modules, where
  // concurrent imports sharing modules can fail to link (jestjs/jest#11434, #16393): it is given
  // the CommonJS build that every other module here requires, one instance of drizzle-orm as in the app.
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^drizzle-orm$": "<rootDir>/node_modules/drizzle-orm/index.cjs",
    "^drizzle-orm/sql$": "<rootDir>/node_modules/drizzle-orm/sql/index.cjs",
  },
  // npm test runs Jest at niceness 10 beside the end-to-end stage, which takes both cores when it
  // is busy: a database opened in a hook can wait a minute for the CPU on a loaded 2-core machine.
  testTimeout: 180_000,
  maxWorkers: 2,
  // Services publish domain events; the app installs their subscribers at start-up.
  setupFiles: ["<rootDir>/lib/testing/install-subscribers.ts"],
};

export default createJestConfig(config);
