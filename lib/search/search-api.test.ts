import { NextRequest } from "next/server";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { fundraisers, events, organizations } from "@/models";
import { GET as searchAll } from "@/app/api/(spec)/search/route";
import { GET as searchFundraiser } from "@/app/api/(spec)/search/campaign/route";
import { GET as searchNonprofit } from "@/app/api/(spec)/search/nonprofit/route";
import { GET as findEvents } from "@/app/api/(spec)/find/events/route";
import { GET as activeFundraisers } from "@/app/api/(spec)/find/campaigns/active/route";
import { GET as locations } from "@/app/api/(app)/search/locations/route";

let h: DatabaseHandle;
let organizationId: string;
beforeAll(async () => {
  h = await createTestDatabase();
  const [org] = await h.db
    .insert(organizations)
    .values({ name: "Burlington Community Food Bank", ein: "123456789", city: "BURLINGTON", state: "VT", zipcode: "05401", latitude: 44.48, longitude: -73.21, category: "Food, Agriculture & Nutrition", nteeMajorGroup: "K" })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  await h.db.insert(organizations).values({ name: "Hidden Food Shelf", city: "BURLINGTON", state: "VT", live: false });
  await h.db.insert(fundraisers).values([
    { organizationId, name: "Winter meals for families", topic: "Hunger", goalCents: 500_000, progressCents: 125_000, startDate: "2026-01-01", endDate: "2026-03-31" },
    { organizationId, name: "New delivery van", topic: "Equipment", goalCents: 3_000_000 },
  ]);
  const soon = new Date(Date.now() + 7 * 86_400_000);
  await h.db.insert(events).values([
    { organizationId, name: "Harvest supper", topic: "Hunger", startsAt: soon, city: "Burlington", state: "VT" },
    { organizationId, name: "Last year's gala", startsAt: new Date(Date.now() - 400 * 86_400_000), city: "Burlington", state: "VT" },
  ]);
});
afterAll(() => h.close());

const get = (handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, url: string) =>
  handler(new NextRequest(new URL(url, "http://localhost")), { params: Promise.resolve({}) });

describe("search API", () => {
  test("GET /api/search/nonprofit finds by text and filters; hidden organizations never appear", async () => {
    const res = await get(searchNonprofit, "/api/search/nonprofit?search_query=food&state=vt&limit=5");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 1, limit: 5, currentDisplayRecords: 0 });
    expect(body.results[0]).toMatchObject({ name: "Burlington Community Food Bank", einFormatted: "12-3456789" });
    const byFilters = await (await get(searchNonprofit, `/api/search/nonprofit?filters=${encodeURIComponent(JSON.stringify({ coordinates: { lng: -73.2, lat: 44.5 }, distance: 10 }))}`)).json();
    expect(byFilters.results.map((r: { name: string }) => r.name)).toEqual(["Burlington Community Food Bank"]);
    expect(byFilters.results[0].distanceMiles).toBeLessThan(10);
  });

  test("GET /api/search adds searchEngineCategory", async () => {
    const c = await (await get(searchAll, "/api/search?searchEngineCategory=Campaigns&search_query=winter")).json();
    expect(c).toMatchObject({ searchEngineCategory: "Campaigns", total: 1 });
    expect(c.results[0]).toMatchObject({ name: "Winter meals for families", goalCents: 500_000, progressCents: 125_000 });
    const e = await (await get(searchAll, "/api/search?searchEngineCategory=Events")).json();
    expect(e.results.map((x: { name: string }) => x.name)).toEqual(["Harvest supper"]);
    const n = await (await get(searchAll, "/api/search?search_query=burlington")).json();
    expect(n.searchEngineCategory).toBe("NonProfits");
  });

  test("campaign filters: topic and date window", async () => {
    const topic = await (await get(searchFundraiser, "/api/search/campaign?topic=hunger")).json();
    expect(topic.results.map((x: { name: string }) => x.name)).toEqual(["Winter meals for families"]);
    const after = await (await get(searchFundraiser, "/api/search/campaign?startDate=2026-06-01")).json();
    expect(after.results.map((x: { name: string }) => x.name)).toEqual(["New delivery van"]);
    const active = await (await get(activeFundraisers, "/api/find/campaigns/active")).json();
    expect(active.campaigns).toHaveLength(2);
  });

  test("GET /api/find/events lists upcoming events with filters", async () => {
    const body = await (await get(findEvents, "/api/find/events?city=burlington&topic=Hunger")).json();
    expect(body.events.map((x: { name: string }) => x.name)).toEqual(["Harvest supper"]);
    const none = await (await get(findEvents, "/api/find/events?state=NH")).json();
    expect(none.total).toBe(0);
  });

  test.each([
    ["/api/search/nonprofit?limit=0", "limit must be between 1 and 100."],
    ["/api/search/nonprofit?limit=abc", "Use a number."],
    ["/api/search/nonprofit?currentDisplayRecords=-1", "currentDisplayRecords cannot be negative."],
    ["/api/search/nonprofit?state=Vermont", "Use a two-letter state code, for example VT."],
    ["/api/search/nonprofit?zipcode=12", "Use a 5-digit ZIP code."],
    ["/api/search/nonprofit?distance=10", "A distance needs a ZIP code or coordinates."],
    ["/api/search/nonprofit?lat=95&lng=0", "Latitude must be between -90 and 90."],
    ["/api/search/nonprofit?category=Spaceships", 'Unknown category "Spaceships". Use an NTEE major group name, for example Education.'],
    ["/api/search/nonprofit?active_campaign=maybe", "Use true or false."],
    ["/api/search/nonprofit?filters=%7Bbad", "filters must be a JSON object."],
    ["/api/search/campaign?startDate=01-02-2026", "Use a date in the form YYYY-MM-DD."],
    ["/api/search?searchEngineCategory=People", "searchEngineCategory must be NonProfits, Campaigns or Events."],
    ["/api/find/events?state=XYZ", "Use a two-letter state code, for example VT."],
    ["/api/search/locations", "prefix is required."],
  ])("GET %s is a 400 with a message", async (url, message) => {
    const handler = url.startsWith("/api/search/campaign")
      ? searchFundraiser
      : url.startsWith("/api/search/nonprofit")
        ? searchNonprofit
        : url.startsWith("/api/find/events")
          ? findEvents
          : url.startsWith("/api/search/locations")
            ? locations
            : searchAll;
    const res = await get(handler, url);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  test("GET /api/search/locations suggests US cities and ZIPs", async () => {
    const body = await (await get(locations, "/api/search/locations?prefix=0560")).json();
    expect(body.suggestions[0]).toMatchObject({ zip: "05601", state: "VT" });
    const city = await (await get(locations, "/api/search/locations?prefix=montpelier%2C%20v")).json();
    expect(city.suggestions.map((s: { city: string; state: string }) => `${s.city}, ${s.state}`)).toContain("Montpelier, VT");
  });
});
