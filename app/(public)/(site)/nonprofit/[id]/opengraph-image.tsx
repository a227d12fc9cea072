import { ImageResponse } from "next/og";
import { getPublicOrganization } from "@/lib/services/organizations/get-organization";

export const alt = "Nonprofit profile on Givebridge";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** The profile's link preview: the organization's name, place and category. */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const org = await getPublicOrganization({ idOrNickname: decodeURIComponent(id), actor: null }).catch(() => null);
  const name = org?.name ?? "A nonprofit on Givebridge";
  const place = org ? [org.address.city, org.address.state].filter(Boolean).join(", ") : "";
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 72, background: "linear-gradient(135deg, #e9f6f4 0%, #ffffff 60%, #fff3e6 100%)", color: "#0f2f2c" }}>
        <div style={{ display: "flex", fontSize: 34, fontWeight: 700, color: "#175e57" }}>Givebridge</div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "flex", fontSize: name.length > 60 ? 52 : 68, fontWeight: 800, lineHeight: 1.1 }}>{name}</div>
          <div style={{ display: "flex", marginTop: 24, fontSize: 32, color: "#3d5a57" }}>{[place, org?.category].filter(Boolean).join(" · ")}</div>
        </div>
        <div style={{ display: "flex", fontSize: 28, color: "#b45309" }}>Give securely · #Givebridge</div>
      </div>
    ),
    size,
  );
}
