import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { certificateFileUrl } from "../../src/upstreams/certificate-files/certificate-file-url.ts";
import type { UpstreamRegistry } from "../../src/upstreams/create-upstreams.ts";
import type { Upstreams } from "../../src/upstreams/upstreams.ts";
import { sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";

describe("certificate search and file store clients", () => {
  let server: SourceServer;
  let registry: UpstreamRegistry;
  let upstreams: Upstreams;
  before(async () => {
    server = await startSourceServer();
    ({ registry, upstreams } = sandboxUpstreams(server.url));
  });
  after(async () => {
    await registry.close();
    await server.close();
  });

  it("lists an RFC's certificates newest first with UTC times", async () => {
    const answer = await upstreams.certificateSearch.searchByRfc("AAA010101AAA");
    assert.deepEqual(answer, {
      status: "ok",
      value: [
        {
          serial: "30001000000300023708",
          type: "SELLO",
          status: "Caduco",
          validFromUtc: "2017-05-18T03:54:56Z",
          validToUtc: "2021-05-18T03:54:56Z",
        },
        {
          serial: "30001000000300023685",
          type: "FIEL",
          status: "Revocado",
          validFromUtc: "2017-05-16T23:29:17Z",
          validToUtc: "2021-05-15T23:29:17Z",
        },
        {
          serial: "00001000000100000017",
          type: "FIEL",
          status: "Caduco",
          validFromUtc: "2008-02-01T10:00:00Z",
          validToUtc: "2010-02-01T10:00:00Z",
        },
      ],
    });
  });

  it("answers an empty list for an RFC without certificates", async () => {
    assert.deepEqual(await upstreams.certificateSearch.searchByRfc("ZZZ010101ZZ9"), {
      status: "ok",
      value: [],
    });
  });

  it("answers unavailable for a cut JSON body", async () => {
    await server.whileFailing("certificate-search", "garbage", async () => {
      const answer = await upstreams.certificateSearch.searchByRfc("BBB010101AAA");
      assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
    });
  });

  it("builds SAT's rccf path from the serial", () => {
    assert.equal(
      certificateFileUrl("https://rdc.sat.gob.mx/rccf/", "00001000000406258094"),
      "https://rdc.sat.gob.mx/rccf/000010/000004/06/25/80/00001000000406258094.cer",
    );
    assert.equal(
      certificateFileUrl("http://127.0.0.1:1/rccf", "00001000000504204971"),
      "http://127.0.0.1:1/rccf/000010/000005/04/20/49/00001000000504204971.cer",
    );
  });

  it("downloads and reads a published certificate, keeping its DER bytes", async () => {
    const answer = await upstreams.certificateFiles.download("30001000000300023685");
    assert.equal(answer.status, "ok");
    assert.equal(answer.value.serial, "30001000000300023685");
    assert.equal(answer.value.type, "FIEL");
    assert.deepEqual(
      Buffer.from(answer.value.der),
      readFileSync("test/fixtures/certs/FIEL_AAA010101AAA.cer"),
    );
  });

  it("answers not_found when the store answers 404", async () => {
    assert.deepEqual(await upstreams.certificateFiles.download("00001000000100000017"), {
      status: "not_found",
    });
  });

  it("answers unavailable when the store sends bytes that are not a certificate", async () => {
    await server.whileFailing("certificate-files", "garbage", async () => {
      const answer = await upstreams.certificateFiles.download("30001000000300023708");
      assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
    });
  });

  it("refuses a serial that is not 20 digits", async () => {
    await assert.rejects(upstreams.certificateFiles.download("3000100000030002370"), RangeError);
  });
});
