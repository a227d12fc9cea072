/** The admin console's Contact Us messages: the admin's alone, newest first, a bounded page. */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor, makeNonprofit, testAdmin } from "@/lib/testing/service-fixtures";
import { feedback } from "@/models";
import { listFeedback } from "./list-feedback";

let h: DatabaseHandle;
const admin = testAdmin;

beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(feedback).values([
    { userName: "Old Olive", email: "olive@example.org", description: "First message", createdAt: new Date("2026-01-01T10:00:00Z") },
    { userName: "New Nora", email: "nora@example.org", description: "Latest message", createdAt: new Date("2026-03-01T10:00:00Z") },
    { userName: "Mid Max", email: "max@example.org", description: "Middle message", createdAt: new Date("2026-02-01T10:00:00Z") },
  ]);
});

afterAll(async () => {
  await h.close();
});

test("the admin reads the messages newest first, with their sender and date", async () => {
  const list = await listFeedback({ actor: admin });
  expect(list.map((f) => f.description)).toEqual(["Latest message", "Middle message", "First message"]);
  expect(list[0]).toEqual({ _id: expect.any(String), userName: "New Nora", email: "nora@example.org", description: "Latest message", createdAt: new Date("2026-03-01T10:00:00Z") });
});

test("the page size is kept between 1 and 500", async () => {
  expect((await listFeedback({ actor: admin, limit: 2 })).map((f) => f.userName)).toEqual(["New Nora", "Mid Max"]);
  expect(await listFeedback({ actor: admin, limit: 0 })).toHaveLength(1);
  expect(await listFeedback({ actor: admin, limit: -5 })).toHaveLength(1);
  expect(await listFeedback({ actor: admin, limit: 10_000 })).toHaveLength(3);
});

test("nobody else may read them: signed out is unauthenticated, a donor or a nonprofit is forbidden", async () => {
  await expect(listFeedback({ actor: null })).rejects.toMatchObject({ code: "unauthenticated" });
  await expect(listFeedback({ actor: await makeDonor("curious.donor@example.org") })).rejects.toMatchObject({ code: "forbidden" });
  await expect(listFeedback({ actor: (await makeNonprofit(h.db, "Curious Shelter")).user })).rejects.toMatchObject({ code: "forbidden" });
});
