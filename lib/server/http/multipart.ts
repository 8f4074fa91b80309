import crypto from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { checkDeclaredLength, CLOSE, guardedBody } from "./body";

/** Refusals that end the connection rather than read the rest of the body. */
const CUT_CODES = new Set([
  "payload_too_large",
  "request_timeout",
  "rate_limited",
  "quota_exceeded",
  "busy",
  "unauthorized",
  "forbidden",
]);

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD = 1 << 20;

/**
 * The request's body as a Node stream under the limits of lib/server/http/body.ts: refused before
 * reading when its declared length is over, cut when it passes the limit, timed out when it
 * stops or trickles.
 */
function guardedSource(req: Request, maxFileBytes: number): Readable {
  const max = maxFileBytes + FORM_OVERHEAD;
  checkDeclaredLength(req, max, "the upload");
  return Readable.from(guardedBody(req.body as ReadableStream<Uint8Array>, { maxBytes: max, what: "the upload" }), {
    objectMode: false,
  });
}

function interrupted(e: Error): AppError {
  return e instanceof AppError ? e : new AppError("bad_request", `the upload was interrupted: ${e.message}`);
}

/** The request's content type and guarded body, refused (400) unless it is a non-empty multipart form. */
function multipartSource(req: Request, maxFileBytes: number): { type: string; src: Readable } {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "send the file as multipart/form-data (curl -F file=@preds.json …)");
  }
  if (!req.body) throw new AppError("bad_request", "empty request body");
  return { type, src: guardedSource(req, maxFileBytes) };
}

/** A busboy parser for the content type, or 400 when busboy cannot read it (no boundary, …). */
function openBusboy(type: string, limits: busboy.Limits): busboy.Busboy {
  try {
    return busboy({ headers: { "content-type": type }, limits });
  } catch (e) {
    throw new AppError("bad_request", `malformed multipart request: ${(e as Error).message}`);
  }
}

function tooLarge(
  fileName: string | undefined,
  maxFileBytes: number,
  details?: unknown,
  headers?: Record<string, string>,
) {
  return new AppError(
    "payload_too_large",
    `file "${fileName}" is larger than ${Math.round(maxFileBytes / 1048576)} MB`,
    details,
    headers,
  );
}

export interface UploadedFile {
  name: string;
  size: number;
  sha256: string;
  text: string;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart/form-data request as a stream (busboy): no whole-body buffering by a
 * framework, a hard cap per file (413 past it), and a SHA-256 of each file as it arrives.
 */
export async function readMultipart(req: Request, opts: { maxFileBytes: number }): Promise<MultipartResult> {
  const { type, src } = multipartSource(req, opts.maxFileBytes);
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  await new Promise<void>((resolve, reject) => {
    const bb = openBusboy(type, { fileSize: opts.maxFileBytes, fields: 50, fieldSize: 1 << 20 });
    const pending: Promise<void>[] = [];
    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    bb.on("file", (name, stream, info) => {
      const part = new Promise<void>((res, rej) => {
        const chunks: Buffer[] = [];
        const hash = crypto.createHash("sha256");
        let size = 0;
        stream.on("data", (c: Buffer) => {
          chunks.push(c);
          hash.update(c);
          size += c.length;
        });
        stream.on("limit", () => rej(tooLarge(info.filename, opts.maxFileBytes)));
        stream.on("error", rej);
        stream.on("end", () => {
          files[name] = {
            name: info.filename ?? name,
            size,
            sha256: hash.digest("hex"),
            text: Buffer.concat(chunks).toString("utf8"),
          };
          res();
        });
      });
      // a 413 may come long before the request ends: handled now, reported at close
      part.catch(() => undefined);
      pending.push(part);
    });
    bb.on("error", (e) => reject(new AppError("bad_request", `malformed multipart request: ${(e as Error).message}`)));
    bb.on("close", () => Promise.all(pending).then(() => resolve(), reject));
    src.on("error", (e) => reject(interrupted(e))).pipe(bb);
  });
  return { fields, files };
}

/**
 * Streams a multipart upload with exactly one file part named `fileField` into `onFile` while it
 * arrives (nothing is buffered whole). Unknown parts are refused before they are read (422), a
 * second file part is refused, and a file past maxFileBytes ends in 413. `fields` resolves when
 * every part has been read (fields may come after the file). Resolves with onFile's result.
 */
export async function streamMultipart<T>(
  req: Request,
  opts: {
    maxFileBytes: number;
    fileField: string;
    allowedFields: readonly string[];
    /** `before`: the fields that arrived before the file part (the rest resolve with `fields`) */
    onFile: (
      source: AsyncIterable<Uint8Array>,
      info: { fileName: string; before: Record<string, string> },
      fields: Promise<Record<string, string>>,
    ) => Promise<T>;
  },
): Promise<{ fields: Record<string, string>; result: T }> {
  const { type, src } = multipartSource(req, opts.maxFileBytes);
  const bb = openBusboy(type, { fileSize: opts.maxFileBytes, fields: 50, fieldSize: 1 << 20, files: 2, parts: 60 });
  const fields: Record<string, string> = {};
  const allowed = new Set(opts.allowedFields);
  let settleFields!: { resolve: (f: Record<string, string>) => void; reject: (e: unknown) => void };
  const fieldsDone = new Promise<Record<string, string>>((resolve, reject) => (settleFields = { resolve, reject }));
  fieldsDone.catch(() => undefined);
  let fileResult: Promise<T> | null = null;
  let fileStream: Readable | null = null;
  let failure: unknown = null;
  const fail = (e: unknown) => {
    failure ??= e;
    settleFields.reject(failure);
  };

  bb.on("field", (name, value) => {
    if (!allowed.has(name)) return fail(unknownField(name, allowed));
    fields[name] = value;
  });
  bb.on("file", (name, stream, info) => {
    if (name !== opts.fileField || fileResult) {
      stream.resume();
      return fail(wrongFilePart(name, opts.fileField));
    }
    fileStream = stream;
    // destroyed with the failure when the body fails; its reader may have stopped listening
    stream.on("error", () => undefined);
    // past the limit: refused at once, not when the part ends (a chunked body may never end)
    stream.on("limit", () =>
      fail(tooLarge(info.filename, opts.maxFileBytes, { limitBytes: opts.maxFileBytes }, CLOSE)),
    );
    async function* source(): AsyncIterable<Uint8Array> {
      for await (const chunk of stream) {
        if (failure) throw failure;
        yield chunk as Buffer;
      }
      if (failure) throw failure;
    }
    fileResult = opts.onFile(source(), { fileName: info.filename ?? name, before: { ...fields } }, fieldsDone);
    fileResult.catch((e) => {
      fail(e);
      stream.resume();
    });
  });
  bb.on("error", (e) => fail(new AppError("bad_request", `malformed multipart request: ${(e as Error).message}`)));
  bb.on("partsLimit", () => fail(new AppError("validation_failed", "too many form parts")));
  bb.on("filesLimit", () => fail(new AppError("validation_failed", `send exactly one "${opts.fileField}" part`)));
  bb.on("fieldsLimit", () => fail(new AppError("validation_failed", "too many form fields")));
  const closed = new Promise<void>((resolve) => bb.on("close", () => resolve()));
  src.on("error", (e) => fail(interrupted(e)));
  src.pipe(bb);
  await Promise.race([closed, new Promise<void>((resolve) => fieldsDone.catch(() => resolve()))]);
  if (failure) {
    failure = stopReading(src, bb, fileStream, failure);
    if (fileResult) await (fileResult as Promise<T>).catch(() => undefined);
    throw failure;
  }
  settleFields.resolve(fields);
  if (!fileResult) {
    throw new AppError(
      "validation_failed",
      `no file: send the predictions as the multipart field '${opts.fileField}'`,
      { problems: [{ field: opts.fileField, message: "missing" }], problemCount: 1 },
    );
  }
  const result = await (fileResult as Promise<T>);
  if (failure) throw failure;
  return { fields, result };
}

function unknownField(name: string, allowed: Set<string>): AppError {
  return new AppError("validation_failed", `unknown form field "${name.slice(0, 60)}"`, {
    problems: [{ field: name.slice(0, 60), message: "unknown field", expected: `one of ${[...allowed].join(", ")}` }],
    problemCount: 1,
  });
}

/** A file part other than `fileField`, or a second one. */
function wrongFilePart(name: string, fileField: string): AppError {
  const unknown = name !== fileField;
  return new AppError(
    "validation_failed",
    unknown
      ? `unknown file part "${name.slice(0, 60)}": send the predictions as the part "${fileField}"`
      : `send exactly one "${fileField}" part`,
    {
      problems: [
        {
          field: name.slice(0, 60),
          message: unknown ? "unknown file part" : "a second file part",
          expected: `exactly one part named "${fileField}"`,
        },
      ],
      problemCount: 1,
    },
  );
}

/**
 * Stops feeding busboy after a failure. Returns the failure to answer with: a cut one says
 * `connection: close`, so that the client stops sending.
 */
function stopReading(src: Readable, bb: busboy.Busboy, fileStream: Readable | null, failure: unknown): unknown {
  src.unpipe(bb);
  // the file's reader (onFile) is woken with the failure: busboy gets no more bytes, so its
  // file stream would otherwise never end, and the answer and the cleanup behind it never run
  fileStream?.destroy(failure as Error);
  // a body over its limit, too slow, a flood refused from its head, or one refused before its
  // file is read (rate limit, quota, busy) is cut; any other refusal reads the rest (a body
  // within the limit) so that the client, still sending, gets the answer
  const cut = failure instanceof AppError && (failure.headers?.connection === "close" || CUT_CODES.has(failure.code));
  if (!cut) {
    src.resume();
    return failure;
  }
  src.destroy();
  const f = failure as AppError;
  // the answer says so: the client stops sending
  return f.headers?.connection !== "close"
    ? new AppError(f.code, f.message, f.details, { ...f.headers, connection: "close" })
    : failure;
}
