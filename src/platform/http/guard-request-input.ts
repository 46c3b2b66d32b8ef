import type { FastifyInstance, FastifyRequest } from "fastify";
import { type FieldError, ServiceError } from "../errors.ts";

const NUL = "\0";
const refuse = (where: string, errors?: FieldError[]) =>
  new ServiceError("invalid_request", `${where} must not contain the NUL character (U+0000).`, { errors });

/**
 * Input no route can use is refused before any route sees it: U+0000 anywhere in the URL (path,
 * params and query, raw or percent-escaped), a header or a parsed body (PostgreSQL cannot store it
 * in text), and bodies in a content coding other than identity (we never decompress).
 */
export function guardRequestInput(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.url.includes("%00") || request.url.includes(NUL)) return done(refuse("The URL"));
    const header = headerWithNul(request);
    if (header) return done(refuse(`The ${header} header`));
    const encoding = request.headers["content-encoding"];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity")
      return done(
        new ServiceError(
          "unsupported_media_type",
          `Content-Encoding "${encoding}" is not accepted: send the body uncompressed.`,
          { headers: { "accept-encoding": "identity" } },
        ),
      );
    done();
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const pointer = request.body === undefined ? null : nulPointer(request.body);
    if (pointer === null) return done();
    done(refuse("The request body", [{ path: pointer || "/", message: "must not contain U+0000" }]));
  });
}

function headerWithNul(request: FastifyRequest): string | null {
  const raw = request.raw.rawHeaders;
  for (let i = 1; i < raw.length; i += 2) if (raw[i].includes(NUL)) return raw[i - 1].toLowerCase();
  return null;
}

type Step = { key: string; parent: Step | null };

/**
 * The JSON pointer of a string or key holding U+0000 ("" for the body itself), or null. Walked with
 * a list rather than recursion: a body nested 50,000 deep parses fine and must not overflow the stack.
 */
function nulPointer(body: unknown): string | null {
  if (typeof body === "string") return body.includes(NUL) ? "" : null;
  const pending: { value: unknown; at: Step | null }[] = [{ value: body, at: null }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, at } = item;
    if (typeof value !== "object" || value === null) continue;
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      if (key.includes(NUL) || (typeof child === "string" && child.includes(NUL)))
        return pointerOf({ key, parent: at });
      if (typeof child === "object" && child !== null)
        pending.push({ value: child, at: { key, parent: at } });
    }
  }
  return null;
}

function pointerOf(step: Step | null): string {
  let pointer = "";
  for (let s = step; s; s = s.parent)
    pointer = `/${s.key.replaceAll("~", "~0").replaceAll("/", "~1")}${pointer}`;
  return pointer;
}
