import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { startListRefresh } from "../../src/contributor-lists/refresh-configured-lists.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

// `padron serve` stops its list refresh on SIGTERM: a download from a server that never answers, or the
// wait before a retry, must end then, not after the grace period. The timeout only turns a hang into a
// failure: each wait below is ten minutes long unless stopping ends it.
describe("stopping a list refresh", { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let answer: Answer = () => {};
  const received: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    received.push(request);
    answer(request, response);
  });
  let url = "";
  before(async () => {
    database = await freshDatabase();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  /** Starts a refresh, waits for its first request, stops it; what it reported and recorded. */
  const stopOnFirstRequest = async () => {
    received.length = 0;
    const errors: unknown[] = [];
    const refresh = startListRefresh({
      db: database.db,
      sources: [{ mode: "live", baseUrl: url }],
      intervalMs: 60 * 60 * 1000,
      minRowRatio: 0.5,
      timeoutMs: 10 * 60 * 1000,
      retries: 3,
      retryDelayMs: 10 * 60 * 1000,
      onError: (_mode, error) => errors.push(error),
    });
    await once(server, "request");
    await new Promise((settled) => setTimeout(settled, 100));
    await refresh.stop();
    const recorded = await database.db.selectFrom("list_refreshes").selectAll().execute();
    return { errors, recorded };
  };

  it("ends a download the server never answers, reporting and recording nothing", async () => {
    answer = () => {};
    const closed = new Promise((done) => server.once("request", (request) => request.once("close", done)));
    const { errors, recorded } = await stopOnFirstRequest();
    await closed;
    assert.equal(received.length, 1);
    assert.deepEqual(errors, []);
    assert.deepEqual(recorded, [], "a stopped sync is not a failed refresh");
  });

  it("ends the wait before a retry", async () => {
    // The 503 is answered at once; the refresh then waits ten minutes before its retry.
    answer = (_request, response) => response.writeHead(503).end();
    const { errors, recorded } = await stopOnFirstRequest();
    assert.equal(received.length, 1, "no retry after stopping");
    assert.deepEqual(errors, []);
    assert.deepEqual(recorded, []);
  });
});
