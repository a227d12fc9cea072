"use client";

/**
 * The owner's editors on /nonprofit/{id}, each in its own chunk. The page renders them only
 * when the viewer is the organization's own nonprofit user, so an anonymous visitor's first
 * load carries none of their code (forms, zod schemas, react-hook-form, the image cropper);
 * for the owner they are still rendered on the server and hydrated as usual.
 */
import dynamic from "next/dynamic";

export const ProfileOwnerTools = dynamic(() => import("./profile-owner-tools").then((m) => m.ProfileOwnerTools));
export const ProfileGeneralInfo = dynamic(() => import("./profile-general-info").then((m) => m.ProfileGeneralInfo));
export const ProfileSpotlight = dynamic(() => import("./profile-spotlight").then((m) => m.ProfileSpotlight));
export const ProfileAbout = dynamic(() => import("./profile-about").then((m) => m.ProfileAbout));
export const ProfileImpacts = dynamic(() => import("./profile-impacts").then((m) => m.ProfileImpacts));
export const ProfileSocial = dynamic(() => import("./profile-social").then((m) => m.ProfileSocial));
export const FundraiserList = dynamic(() => import("./fundraiser-list").then((m) => m.FundraiserList));
export const EventManagerClient = dynamic(() => import("./event-manager-client").then((m) => m.EventManagerClient));
