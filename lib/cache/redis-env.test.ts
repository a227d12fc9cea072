/**
 * The shared page cache's settings (lib/env.ts): REDIS_URL is optional and must be a redis://
 * or rediss:// URL, so a typo stops the server at start instead of silently running without
 * the shared cache; REDIS_KEY_PREFIX defaults to "givebridge:".
 */
import { serverEnv, setEnvForTests } from "@/lib/env";

const saved = { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX };

afterEach(() => setEnvForTests(saved));

test("unset or empty REDIS_URL leaves the cache per process, with the default key prefix", () => {
  setEnvForTests({ REDIS_URL: undefined, REDIS_KEY_PREFIX: undefined });
  expect(serverEnv().REDIS_URL).toBeUndefined();
  expect(serverEnv().REDIS_KEY_PREFIX).toBe("givebridge:");
  setEnvForTests({ REDIS_URL: "" });
  expect(serverEnv().REDIS_URL).toBeUndefined();
});

test("redis:// and rediss:// URLs are taken as given, with the key prefix set", () => {
  setEnvForTests({ REDIS_URL: "redis://127.0.0.1:6379/0", REDIS_KEY_PREFIX: "site-a:" });
  expect(serverEnv().REDIS_URL).toBe("redis://127.0.0.1:6379/0");
  expect(serverEnv().REDIS_KEY_PREFIX).toBe("site-a:");
  setEnvForTests({ REDIS_URL: "rediss://user:secret@cache.example.org:6380" });
  expect(serverEnv().REDIS_URL).toBe("rediss://user:secret@cache.example.org:6380");
});

test("another scheme or a bare host stops the start with a message naming REDIS_URL", () => {
  for (const bad of ["http://127.0.0.1:6379", "127.0.0.1:6379", "redis://"]) {
    setEnvForTests({ REDIS_URL: bad });
    expect(() => serverEnv()).toThrow(/REDIS_URL: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
  }
});
