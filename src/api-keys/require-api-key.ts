import type { FastifyInstance } from "fastify";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { authenticateApiKey } from "./authenticate-api-key.ts";
import type { KeyUseRecorder } from "./record-key-use.ts";

// One detail for every way a key can be wrong, so the answer tells an attacker nothing.
const UNAUTHORIZED = "A valid API key is required in the x-api-key header.";

export function requireApiKey(scope: FastifyInstance, db: Db, keyUse: KeyUseRecorder): void {
  scope.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers["x-api-key"];
    const presented = Array.isArray(header) ? undefined : header;
    authenticateApiKey(db, presented).then((auth) => {
      if (!auth) return done(new ServiceError("unauthorized", UNAUTHORIZED));
      request.auth = auth;
      keyUse.record(auth.keyId);
      done();
    }, done);
  });
}
