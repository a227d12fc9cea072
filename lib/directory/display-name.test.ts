import { displayCity, displayOrganizationName, isIrsStyleName, nameWithLegalName, organizationDisplayName } from "./display-name";

describe("display names", () => {
  test("title case, acronyms kept, a space after each comma", () => {
    expect(displayOrganizationName("NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC")).toBe("North Country Hospital & Health Center, Inc");
    expect(displayOrganizationName("YMCA OF GREATER OMAHA")).toBe("YMCA of Greater Omaha");
    expect(displayOrganizationName("VFW POST 10054 CLYDE E NEWMAN JR")).toBe("VFW Post 10054 Clyde E Newman Jr");
    expect(displayOrganizationName("STATON ELEMENTARY PTO")).toBe("Staton Elementary PTO");
    expect(displayOrganizationName("THE UNITED STATES OF AMERICA USA FUND")).toBe("The United States of America USA Fund");
  });

  test("a nonprofit's own name always wins", () => {
    expect(displayOrganizationName("Vermont Foodbank", "VERMONT FOODBANK")).toBe("Vermont Foodbank");
    expect(displayOrganizationName("THE FOOD PLACE", "VERMONT FOODBANK")).toBe("THE FOOD PLACE");
    expect(displayOrganizationName("Hand-typed name", null)).toBe("Hand-typed name");
    expect(isIrsStyleName("Hand-typed name")).toBe(false);
  });

  test("city abbreviations are expanded, from the ZIP database when it spells the city out", () => {
    expect(displayCity("S BURLINGTON", "05403")).toBe("South Burlington");
    expect(displayCity("MANCHESTR CTR", "05255")).toBe("Manchester Center");
    expect(displayCity("WHITE RIV JCT", null)).toBe("White River Junction");
    expect(displayCity("S BURLINGTON", null)).toBe("South Burlington");
    expect(displayCity("NEWPORT", "05855")).toBe("Newport");
    expect(displayCity("Typed City", "05855")).toBe("Typed City");
    expect(displayCity("  ", null)).toBeNull();
  });
});

describe("names on receipts", () => {
  test("the display name, with the legal name beside it only when they differ", () => {
    expect(nameWithLegalName("Town Hall Theater", "TOWN HALL THEATER INC")).toBe("Town Hall Theater (legal name: TOWN HALL THEATER INC)");
    expect(nameWithLegalName("Vermont Foodbank", "Vermont Foodbank")).toBe("Vermont Foodbank");
    expect(nameWithLegalName("Vermont Foodbank", null)).toBe("Vermont Foodbank");
  });
  test("an organization row's display name: its own edited name wins", () => {
    expect(organizationDisplayName({ name: "YMCA OF GREATER OMAHA", legalName: "YMCA OF GREATER OMAHA" })).toBe("YMCA of Greater Omaha");
    expect(organizationDisplayName({ name: "The Y in Omaha", legalName: "YMCA OF GREATER OMAHA" })).toBe("The Y in Omaha");
  });
});
