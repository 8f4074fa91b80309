import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/**
 * What a page loads, or Next's 404 page (with HTTP 404) when it is not there or not visible to
 * the reader: the one place pages turn `not_found` into a not-found page. Other errors go on to
 * the error page.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
}
