import { setTimeout as sleep } from "node:timers/promises";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the tests
export type Json = any;
/** An answer read whole: `body` is the parsed JSON when the answer is JSON, else the text. */
export type Answer = { status: number; headers: Headers; body: Json; text: string };

/** fetch with a key (none: no x-api-key header) and a JSON body, if any. */
export async function callWith(
  base: string,
  key: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key === undefined ? {} : { "x-api-key": key }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text !== "" && (response.headers.get("content-type") ?? "").includes("json");
  return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : text };
}

/** Polls GET /v1/requests/{id} until it is done and its webhook is no longer pending. */
export async function settledRequest(
  call: (key: string, method: string, path: string) => Promise<Answer>,
  key: string,
  requestId: string,
): Promise<Json> {
  for (let i = 0; i < 1500; i++) {
    const record = (await call(key, "GET", `/v1/requests/${requestId}`)).body;
    if (record.status !== "processing" && record.webhook?.status !== "pending") return record;
    await sleep(20);
  }
  throw new Error(`request ${requestId} never settled`);
}
