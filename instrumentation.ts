/** Next.js start hook: prepare the database once per server process (Node.js runtime only). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { prepareDatabase } = await import("./lib/server/startup");
    await prepareDatabase();
  }
}
