/**
 * Jest setup (jest.config.mjs `setupFiles`): tests call services directly, without the request
 * layer or the server start-up that install the domain-event subscribers in the app. They are
 * installed when a test opens a database (createTestDatabase): a test file that opens none does
 * not load the services. A test that reaches the services another way imports
 * lib/services/subscribers itself; publishing an event before they are installed throws
 * (lib/domain-events).
 */
import { onTestDatabaseOpened } from "@/lib/db/testing";

onTestDatabaseOpened(async () => {
  const { installSubscribers } = await import("@/lib/services/subscribers");
  installSubscribers();
});
