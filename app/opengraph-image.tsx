import { ImageResponse } from "next/og";

export const alt = "Givebridge: giving that connects nonprofits and donors";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** The site's default link preview. */
export default function Image() {
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "center", padding: 80, background: "linear-gradient(135deg, #e9f6f4 0%, #ffffff 60%, #fff3e6 100%)", color: "#0f2f2c" }}>
        <div style={{ display: "flex", fontSize: 40, fontWeight: 700, color: "#175e57" }}>Givebridge</div>
        <div style={{ display: "flex", marginTop: 28, fontSize: 72, fontWeight: 800, lineHeight: 1.1 }}>Giving that connects nonprofits and donors</div>
        <div style={{ display: "flex", marginTop: 28, fontSize: 32, color: "#3d5a57" }}>Find a cause near you · Give to fundraisers · Track your impact</div>
      </div>
    ),
    size,
  );
}
