// A loopback stand-in for the sandbox: the same paths, the sandbox's format builders and fault kinds,
// plus per-route scripted faults and counters so policy tests can see what reached the wire.
import { readFileSync } from "node:fs";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { applyFault } from "../../../src/sandbox/chaos/apply-fault.ts";
import type { FaultKind } from "../../../src/sandbox/chaos/fault-plan.ts";
import type { Upstream } from "../../../src/sandbox/chaos/upstreams.ts";
import {
  buildCertificateSearchAnswer,
  certificateFilePath,
} from "../../../src/sandbox/formats/certificate-files.ts";
import { buildRegistrySearchAnswer } from "../../../src/sandbox/formats/commerce-registry.ts";
import { formatPadronResponse, parsePadronRequest } from "../../../src/sandbox/formats/padron-validation.ts";
import { buildRenapoNotFound } from "../../../src/sandbox/formats/renapo.ts";
import { writeSepomexCatalog } from "../../../src/sandbox/formats/sepomex.ts";
import { PADRON_LEGENDS } from "../../../src/upstreams/padron/padron-exchange.ts";
import {
  CERTIFICATES,
  PADRON_TAXPAYERS,
  POSTAL_ROWS,
  REGISTRY_FOLIOS,
  RENAPO_FIXTURE,
} from "./source-data.ts";

export type Route = Extract<
  Upstream,
  "padron" | "certificate-search" | "certificate-files" | "renapo" | "commerce-registry" | "postal-codes"
>;
type Counts = { started: number; aborted: number };

export type SourceServer = {
  url: string;
  counts: Record<Route, Counts>;
  /** The next requests of a route fail with these faults, in order; then it answers normally. */
  failNext(route: Route, ...faults: FaultKind[]): void;
  /** Every request of a route fails with this fault until cleared (null). */
  failAlways(route: Route, fault: FaultKind | null): void;
  /** Every request of a route fails with this fault while `run` runs. */
  whileFailing(route: Route, fault: FaultKind, run: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

const ROUTES: Route[] = [
  "padron",
  "certificate-search",
  "certificate-files",
  "renapo",
  "commerce-registry",
  "postal-codes",
];

function padronLegend(rfc: string, name: string, zip: string): string {
  if (!/^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/.test(rfc)) return PADRON_LEGENDS.badStructure;
  const taxpayer = PADRON_TAXPAYERS.get(rfc);
  if (!taxpayer) return PADRON_LEGENDS.notRegistered;
  if (name === "" && zip === "") return PADRON_LEGENDS.valid;
  if (name !== taxpayer.name) return PADRON_LEGENDS.nameMismatch;
  if (zip !== taxpayer.zip) return PADRON_LEGENDS.zipMismatch;
  return PADRON_LEGENDS.valid;
}

export async function startSourceServer(): Promise<SourceServer> {
  const counts = Object.fromEntries(ROUTES.map((route) => [route, { started: 0, aborted: 0 }])) as Record<
    Route,
    Counts
  >;
  const scripted = new Map<Route, FaultKind[]>();
  const always = new Map<Route, FaultKind>();
  const app = Fastify({ logger: false, forceCloseConnections: true });

  const simulate = (
    route: Route,
    request: FastifyRequest,
    reply: FastifyReply,
    answer: () => FastifyReply,
  ) => {
    counts[route].started += 1;
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) counts[route].aborted += 1;
    });
    const fault = scripted.get(route)?.shift() ?? always.get(route);
    if (fault) return applyFault(fault, request, reply, { upstream: route, maxHoldMs: 30_000 });
    return answer();
  };

  app.post<{ Body: string }>("/padron/validate", (request, reply) =>
    simulate("padron", request, reply, () => {
      const records = parsePadronRequest(request.body);
      const legends = records.map((record) => padronLegend(record.rfc, record.name, record.zip));
      return reply
        .header("content-type", "text/plain; charset=utf-8")
        .send(formatPadronResponse(records, legends));
    }),
  );
  app.get<{ Querystring: { rfc: string } }>("/certificates", (request, reply) =>
    simulate("certificate-search", request, reply, () =>
      reply.send(buildCertificateSearchAnswer(CERTIFICATES.filter((item) => item.rfc === request.query.rfc))),
    ),
  );
  app.get<{ Params: { "*": string } }>("/rccf/*", (request, reply) =>
    simulate("certificate-files", request, reply, () => {
      const match = CERTIFICATES.find(
        (item) => certificateFilePath(item.serial) === `rccf/${request.params["*"]}`,
      );
      if (!match?.file)
        return reply.code(404).header("content-type", "text/html").send("<h1>404 - Not Found</h1>");
      return reply.header("content-type", "application/octet-stream").send(readFileSync(match.file));
    }),
  );
  app.get<{ Params: { curp: string } }>("/renapo/curp/:curp", (request, reply) =>
    simulate("renapo", request, reply, () =>
      reply.send(request.params.curp === RENAPO_FIXTURE.curp ? RENAPO_FIXTURE.answer : buildRenapoNotFound()),
    ),
  );
  app.get<{ Querystring: { name: string } }>("/registry/search", (request, reply) =>
    simulate("commerce-registry", request, reply, () => {
      const name = request.query.name;
      return reply.send(
        buildRegistrySearchAnswer(
          name,
          REGISTRY_FOLIOS.filter((folio) => folio.name === name),
        ),
      );
    }),
  );
  app.get("/sepomex/CPdescarga.txt", (request, reply) =>
    simulate("postal-codes", request, reply, () =>
      reply.header("content-type", "text/plain; charset=iso-8859-1").send(writeSepomexCatalog(POSTAL_ROWS)),
    ),
  );

  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    failNext: (route, ...faults) => scripted.set(route, [...(scripted.get(route) ?? []), ...faults]),
    failAlways: (route, fault) => (fault ? always.set(route, fault) : always.delete(route)),
    async whileFailing(route, fault, run) {
      always.set(route, fault);
      try {
        await run();
      } finally {
        always.delete(route);
      }
    },
    close: () => app.close(),
  };
}
