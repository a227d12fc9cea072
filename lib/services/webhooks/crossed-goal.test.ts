import { crossedGoal } from "./webhook-events";

describe("crossedGoal", () => {
  const goal = (progressCents: number, goalCents = 10_000) => ({ goalCents, progressCents });

  test("the gift that takes progress from below the goal to it or above crosses it", () => {
    expect(crossedGoal({ fundraiser: goal(10_000), addedCents: 2_500 })).toBe(true);
    expect(crossedGoal({ fundraiser: goal(12_000), addedCents: 5_000 })).toBe(true);
  });

  test("gifts below the goal, or after it was reached, cross nothing", () => {
    expect(crossedGoal({ fundraiser: goal(9_999), addedCents: 2_500 })).toBe(false);
    expect(crossedGoal({ fundraiser: goal(12_000), addedCents: 1_000 })).toBe(false);
  });

  test("a fundraiser without a goal, and a refund, never cross", () => {
    expect(crossedGoal({ fundraiser: goal(5_000, 0), addedCents: 5_000 })).toBe(false);
    expect(crossedGoal({ fundraiser: goal(10_000), addedCents: -2_500 })).toBe(false);
  });
});
