/** Tailwind CSS 4 runs as a PostCSS plugin; the theme lives in tailwind.config.ts (see app/globals.css). */
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
