import type { FastifyInstance } from "fastify";
import { authenticateApiKey } from "../../api-keys/authenticate-api-key.ts";
import type { KeyUseRecorder } from "../../api-keys/record-key-use.ts";
import type { Db } from "../db/connect.ts";
import { sendProblem } from "./problem.ts";

// One detail for every way a key can be wrong, so the answer tells an attacker nothing.
const UNAUTHORIZED = "A valid API key is required in the x-api-key header.";

export function requireApiKey(scope: FastifyInstance, db: Db, keyUse: KeyUseRecorder): void {
  scope.addHook("onRequest", async (request, reply) => {
    const header = request.headers["x-api-key"];
    const auth = await authenticateApiKey(db, Array.isArray(header) ? undefined : header);
    if (!auth) return sendProblem(request, reply, "unauthorized", UNAUTHORIZED);
    request.auth = auth;
    keyUse.record(auth.keyId);
  });
}
