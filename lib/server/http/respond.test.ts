import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkContract, respond } from "./respond";

const Row = z.object({ id: z.string(), n: z.number().int(), note: z.string().optional() });
const Page = z.object({
  rows: z.array(Row),
  extra: z.looseObject({ a: z.number() }),
  data: z.record(z.string(), z.unknown()),
  raw: z.unknown(),
});

describe("respond", () => {
  it("sends a body its contract describes, with the status and headers given", async () => {
    const res = respond(Row, { id: "a", n: 1 }, { status: 201, headers: { location: "/x" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe("/x");
    expect(await res.json()).toEqual({ id: "a", n: 1 });
  });
  it("refuses a value the contract does not allow", () => {
    expect(() => respond(Row, { id: "a", n: 1.5 })).toThrow(/n: .*int/);
  });
  it("refuses a field the contract does not name, wherever it is", () => {
    const body = {
      rows: [
        { id: "a", n: 1 },
        { id: "b", n: 2, more: true },
      ],
      extra: { a: 1 },
      data: {},
      raw: null,
    };
    expect(() => checkContract(Page, body as z.output<typeof Page>)).toThrow(
      "rows[1].more: a field the contract does not name",
    );
  });
  it("lets through what loose objects, records and unknown values hold, and fields left undefined", () => {
    const body = {
      rows: [{ id: "a", n: 1, note: undefined }],
      extra: { a: 1, b: 2 },
      data: { x: { y: 1 } },
      raw: { anything: [1, { deep: true }] },
    };
    expect(() => checkContract(Page, body)).not.toThrow();
  });
});
