/** The whole Drizzle schema, one module per aggregate. */
export * from "./users";
export * from "./organizations";
export * from "./fundraisers";
export * from "./events";
export * from "./payments";
export * from "./donations";
export * from "./engagement";
export * from "./platform";
export * from "./api-keys";
export * from "./webhooks";
export * from "./donor-relationships";
export * from "./supporter-pages";
export * from "./donor-imports";
export * from "./donor-mail";
export * from "./claims";
export * from "./organization-invitations";
