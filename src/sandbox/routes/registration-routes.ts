import type { FastifyInstance } from "fastify";
import type { RegistrationFiles } from "../registration-files.ts";

/**
 * SAT's `lco` blob container (research §1.7): `GET /lco?restype=container&comp=list&prefix=…` lists the
 * l_RFC and LCO parts with Content-Length and Content-MD5; `GET /lco/{name}` serves one, with Range.
 */
export function registerRegistrationRoutes(app: FastifyInstance, files: RegistrationFiles): void {
  app.get<{ Querystring: { comp?: string; prefix?: string } }>("/lco", async (request, reply) => {
    if (request.query.comp !== "list") return reply.code(400).send({ error: "comp=list is required" });
    const container = `${request.protocol}://${request.host}${request.url.split("?")[0]}`;
    return reply
      .header("content-type", "application/xml")
      .send(await files.listing(container, request.query.prefix ?? ""));
  });
  app.get<{ Params: { name: string } }>("/lco/:name", async (request, reply) => {
    const found = files.blob(request.params.name);
    if (!found) return reply.code(404).send();
    const { bytes, md5, lastModified } = await found;
    const from = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? "")?.[1] ?? 0);
    reply
      .header("content-type", "application/octet-stream")
      .header("content-md5", md5)
      .header("last-modified", lastModified.toUTCString())
      .header("accept-ranges", "bytes");
    if (from > 0 && from < bytes.length)
      return reply
        .code(206)
        .header("content-range", `bytes ${from}-${bytes.length - 1}/${bytes.length}`)
        .send(bytes.subarray(from));
    return reply.send(bytes);
  });
}
