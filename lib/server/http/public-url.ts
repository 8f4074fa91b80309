/** The app's public URL (link previews, citations): NEXTAUTH_URL, else http://localhost:$PORT. */
export function publicUrl(): string {
  const u = process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  try {
    return new URL(u).origin;
  } catch {
    return "http://localhost:3000";
  }
}
