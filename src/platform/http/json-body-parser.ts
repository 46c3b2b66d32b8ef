import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "../errors.ts";

/**
 * JSON bodies must be UTF-8 (RFC 8259): Fastify's own parser decodes bad bytes to U+FFFD, so an RFC
 * or a name would silently change. The bytes are checked first, then Fastify's parser runs as before.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning ?? "error", onConstructorPoisoning ?? "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    if (!isUtf8(body as Buffer))
      return done(new ServiceError("malformed_json", "The request body is not valid UTF-8."), undefined);
    parse(request, (body as Buffer).toString("utf8"), done);
  });
}
