// Real Request objects for the route handlers (multipart bodies as browsers and curl send them),
// and the calls most integration tests make: a request to the route its path names, read once.
import { dispatch } from "./router";

/** Builds a multipart request (a file and form fields) as browsers and curl send it. */
export function multipartRequest(
  url: string,
  fields: Record<string, string>,
  file?: { name: string; text: string },
  token?: string,
): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  if (file) fd.set("file", new Blob([file.text], { type: "application/json" }), file.name);
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body: fd,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function getRequest(url: string, token?: string): Request {
  return new Request(`http://localhost${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export function jsonRequest(url: string, body: unknown, token?: string): Request {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The second argument Next.js passes to a route handler. */
export function ctx<P>(params: P) {
  return { params: Promise.resolve(params) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/**
 * What a route answered, read once: the body parsed as JSON (`{}` when it is not JSON: an empty
 * 204, a CSV, a feed, an SVG) and as text, with the status and headers.
 */
export interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export interface CallOptions {
  /** sent as `authorization: Bearer …` */
  token?: string;
  /** sent as JSON (with its content type); none when undefined */
  body?: unknown;
  /** any other headers (e.g. `x-client-address`) */
  headers?: Record<string, string>;
}

/** A request to the API as a client sends it: a bearer token, a JSON body, other headers. */
export function apiRequest(method: string, url: string, opts: CallOptions = {}): Request {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

/** A route's response read into an Answer. */
export async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: Json = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the text is kept */
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Sends a request to the route its path names (test/helpers/router.ts) and reads the answer. */
export async function apiCall(method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  return readAnswer(await dispatch(apiRequest(method, url, opts)));
}

/** Posts a multipart form with a file to the route its path names (an upload, a release import). */
export async function postFile(
  url: string,
  fields: Record<string, string>,
  file: { name: string; text: string },
  token?: string,
): Promise<Answer> {
  return readAnswer(await dispatch(multipartRequest(url, fields, file, token)));
}

/** Uploads a prediction file to a task (`bouncerbench/input`) as the form and the CLI do. */
export function uploadFile(
  task: string,
  text: string,
  fields: Record<string, string>,
  token?: string,
  name = "p.json",
): Promise<Answer> {
  return postFile(`/api/v1/tasks/${task}/submissions`, fields, { name, text }, token);
}
