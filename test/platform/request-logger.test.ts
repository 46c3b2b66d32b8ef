import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp } from "../helpers/app.ts";

const linesOf = (logs: string[]) => logs.map((line) => JSON.parse(line) as Record<string, unknown>);

async function appWithFailingRoute(level: string) {
  return startTestApp(
    { LOG_LEVEL: level },
    {
      setup: (padron) => {
        padron.app.get("/fails", async () => {
          throw new Error("the failure's detail");
        });
      },
    },
  );
}

test("at info every request's lines carry its request id", async () => {
  const padron = await appWithFailingRoute("info");
  try {
    const response = await padron.app.inject({ method: "GET", url: "/health" });
    const requestId = response.headers["x-request-id"];
    const lines = linesOf(padron.logs).filter((line) => line.reqId === requestId);
    assert.deepEqual(
      lines.map((line) => line.msg),
      ["incoming request", "request completed"],
    );
  } finally {
    await padron.close();
  }
});

test("at warn a request logs nothing until it fails, and then with its request id", async () => {
  const padron = await appWithFailingRoute("warn");
  try {
    await padron.app.inject({ method: "GET", url: "/health" });
    assert.deepEqual(padron.logs, []);
    const failed = await padron.app.inject({ method: "GET", url: "/fails" });
    assert.equal(failed.statusCode, 500);
    const [line] = linesOf(padron.logs);
    assert.equal(line.reqId, failed.headers["x-request-id"]);
    assert.equal(line.level, 50);
    assert.match(JSON.stringify(line.err), /the failure's detail/);
  } finally {
    await padron.close();
  }
});
