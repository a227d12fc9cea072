import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit and service tests (`*.test.ts` next to the code) on a real database. */
/** @type {import("jest").Config} */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,app,scripts,models,components}/**/*.test.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testTimeout: 60_000,
  maxWorkers: 2,
  // Services publish domain events; the app installs their subscribers at start-up.
  setupFiles: ["<rootDir>/lib/testing/install-subscribers.ts"],
};

export default createJestConfig(config);
