import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "../errors.ts";

// `\ud800`–`\udfff`: JSON may escape half of a surrogate pair, which no UTF-8 text can hold.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * JSON bodies must be UTF-8 (RFC 8259): Fastify's own parser decodes bad bytes to U+FFFD, so an RFC
 * or a name would silently change. The bytes are checked first, then Fastify's parser runs as before;
 * a string escaping a lone surrogate (sent upstream as U+FFFD too) is refused the same way.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning ?? "error", onConstructorPoisoning ?? "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    if (!isUtf8(body as Buffer))
      return done(new ServiceError("malformed_json", "The request body is not valid UTF-8."), undefined);
    const text = (body as Buffer).toString("utf8");
    if (!SURROGATE_ESCAPE.test(text)) return parse(request, text, done);
    parse(request, text, (error, value) => {
      if (error || isUnicode(value)) return done(error, value);
      done(
        new ServiceError("malformed_json", "The request body escapes a lone surrogate (\\ud800–\\udfff)."),
        undefined,
      );
    });
  });
}

/** Every key and string of a parsed body is Unicode text; a walk with a stack, as nesting is unbounded. */
function isUnicode(parsed: unknown): boolean {
  const pending = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string" && !value.isWellFormed()) return false;
    if (typeof value !== "object" || value === null) continue;
    for (const [key, inner] of Object.entries(value)) {
      if (!key.isWellFormed()) return false;
      pending.push(inner);
    }
  }
  return true;
}
