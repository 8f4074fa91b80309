import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";

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
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "send the file as multipart/form-data (curl -F file=@preds.json …)");
  }
  if (!req.body) throw new AppError("bad_request", "empty request body");
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  await new Promise<void>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { "content-type": type }, limits: { fileSize: opts.maxFileBytes, fields: 50, fieldSize: 1 << 20 } });
    } catch (e) {
      reject(new AppError("bad_request", `malformed multipart request: ${(e as Error).message}`));
      return;
    }
    const pending: Promise<void>[] = [];
    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    bb.on("file", (name, stream, info) => {
      pending.push(
        new Promise<void>((res, rej) => {
          const chunks: Buffer[] = [];
          const hash = crypto.createHash("sha256");
          let size = 0;
          stream.on("data", (c: Buffer) => {
            chunks.push(c);
            hash.update(c);
            size += c.length;
          });
          stream.on("limit", () =>
            rej(new AppError("payload_too_large", `file "${info.filename}" is larger than ${Math.round(opts.maxFileBytes / 1048576)} MB`)),
          );
          stream.on("error", rej);
          stream.on("end", () => {
            files[name] = { name: info.filename ?? name, size, sha256: hash.digest("hex"), text: Buffer.concat(chunks).toString("utf8") };
            res();
          });
        }),
      );
    });
    bb.on("error", (e) => reject(new AppError("bad_request", `malformed multipart request: ${(e as Error).message}`)));
    bb.on("close", () => Promise.all(pending).then(() => resolve(), reject));
    Readable.fromWeb(req.body as unknown as WebReadableStream).on("error", reject).pipe(bb);
  });
  return { fields, files };
}
