/** Builds real Request objects for the route handlers (multipart bodies as browsers/curl send). */
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
