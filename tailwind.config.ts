/**
 * Givebridge brand theme, loaded by Tailwind 4 through `@config` in app/globals.css.
 * brand = deep teal (trust, primary actions), accent = warm coral (highlights, sign-up).
 * Contrast: brand-700 and accent-700 carry white text at >= 4.5:1; accent-600 at >= 4.5:1 too.
 */
import type { Config } from "tailwindcss";

const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      screens: {
        // Spec section 9: mobile breakpoint 800 px. `nav:` = desktop navigation (>= 800 px).
        nav: "800px",
      },
      colors: {
        brand: {
          50: "#effaf8",
          100: "#d6f1ec",
          200: "#ade2d9",
          300: "#78cbbf",
          400: "#46ad9f",
          500: "#2a9184",
          600: "#1d746b",
          700: "#175e57",
          800: "#144b46",
          900: "#123e3a",
          950: "#072523",
        },
        accent: {
          50: "#fff7f1",
          100: "#ffebdc",
          200: "#fdd3b5",
          300: "#fbb283",
          400: "#f7894a",
          500: "#ef6a25",
          600: "#c94c10",
          700: "#a63d0f",
          800: "#853313",
          900: "#6c2c13",
          950: "#3a1407",
        },
        ink: {
          DEFAULT: "#16211f",
          muted: "#4a5856",
          subtle: "#5d6967",
        },
        surface: {
          DEFAULT: "#ffffff",
          muted: "#f6f8f7",
          sunken: "#eef2f1",
        },
      },
      borderRadius: {
        control: "0.625rem",
        card: "1rem",
      },
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          "Arial",
          '"Noto Sans"',
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        display: ["ui-rounded", '"SF Pro Rounded"', "system-ui", "-apple-system", '"Segoe UI"', "Roboto", "sans-serif"],
      },
      boxShadow: {
        card: "0 1px 2px rgb(7 37 35 / 0.06), 0 4px 16px rgb(7 37 35 / 0.06)",
        pop: "0 10px 30px rgb(7 37 35 / 0.16)",
      },
      maxWidth: {
        site: "80rem",
      },
    },
  },
};

export default config;
