import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { buildApp } from "../app.ts";
import { startAsyncWorker } from "../async-requests/job-handlers.ts";
import { loadConfig } from "../config.ts";
import { toolsOf } from "../mcp/api-tools.ts";
import { createMcpServer } from "../mcp/create-mcp-server.ts";
import { openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";
import { logThrough } from "../platform/log.ts";
import type { Command } from "./command.ts";
import { sandboxUrlBeside, stopOnSignals } from "./session.ts";

/**
 * `padron mcp`: the MCP server on stdin/stdout for a local assistant. The app runs in this process
 * without listening, on the configured database, calling with PADRON_API_KEY; a worker runs what is
 * accepted for later. Sandbox keys use SANDBOX_URL or the sandbox of `padron serve`, as `padron worker`.
 */
export const mcp: Command = {
  usage: "(MCP over stdio; the key from PADRON_API_KEY)",
  options: {},
  async run() {
    const config = loadConfig({ SANDBOX_URL: sandboxUrlBeside(loadConfig()) ?? undefined });
    const database = openDatabase(config.database.url, config.database);
    await prepareDatabase(database, config.database.url, { probe: false });
    // stdout carries the protocol: every log line goes to stderr.
    const padron = await buildApp({ config, database, logStream: process.stderr });
    await padron.app.ready();
    if (!config.mcp.apiKey) padron.app.log.warn("PADRON_API_KEY is not set: every tool call will be refused");
    const worker = startAsyncWorker(
      { db: database.db, engine: database.engine, config, services: padron.services },
      logThrough(padron.app.log),
    );
    const server = createMcpServer(padron.app, toolsOf(padron.app), config.mcp.apiKey || undefined);
    const stop = stopOnSignals(async () => {
      await server.close();
      await worker.stop(config.server.shutdownGraceMs);
      await padron.app.close();
      await database.close();
      process.exit(0);
    });
    process.stdin.on("end", () => stop("end of stdin"));
    await server.connect(new StdioServerTransport());
  },
};
