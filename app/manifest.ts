import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): makes Givebridge installable. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Givebridge",
    short_name: "Givebridge",
    description: "Giving that connects nonprofits and donors: find a cause near you, give to fundraisers and track your impact.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#175e57",
    categories: ["lifestyle", "social"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ],
  };
}
