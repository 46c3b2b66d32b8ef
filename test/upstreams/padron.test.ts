import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import iconv from "iconv-lite";
import type { UpstreamRegistry } from "../../src/upstreams/create-upstreams.ts";
import {
  answerEncoding,
  formatPadronRequest,
  PADRON_LEGENDS,
} from "../../src/upstreams/padron/padron-exchange.ts";
import { readPadronAnswer } from "../../src/upstreams/padron/read-padron-answer.ts";
import type { Upstreams } from "../../src/upstreams/upstreams.ts";
import { sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";

describe("padrón validation client", () => {
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

  it("maps every SAT legend to an outcome, in the order sent", async () => {
    const answer = await upstreams.padron.validate([
      { rfc: "AAA010101AAA", name: "ACCEM SERVICIOS EMPRESARIALES", zip: "01000" },
      { rfc: "AAA010101AAA", name: "OTRA EMPRESA", zip: "01000" },
      { rfc: "AAA010101AAA", name: "ACCEM SERVICIOS EMPRESARIALES", zip: "99999" },
      { rfc: "ZZZ010101ZZ9", name: "", zip: "" },
      { rfc: "NOT-AN-RFC", name: "", zip: "" },
      { rfc: "MUÑJ800101AB1", name: "JOSÉ MUÑOZ PEÑA", zip: "68000" },
    ]);
    assert.equal(answer.status, "ok");
    assert.deepEqual(
      answer.value.map((verdict) => [verdict.outcome, verdict.legend]),
      [
        ["valid", PADRON_LEGENDS.valid],
        ["name_mismatch", PADRON_LEGENDS.nameMismatch],
        ["zip_mismatch", PADRON_LEGENDS.zipMismatch],
        ["not_registered", PADRON_LEGENDS.notRegistered],
        ["invalid_structure", PADRON_LEGENDS.badStructure],
        ["valid", PADRON_LEGENDS.valid],
      ],
    );
    assert.deepEqual(answer.value[1], {
      rfc: "AAA010101AAA",
      name: "OTRA EMPRESA",
      zip: "01000",
      outcome: "name_mismatch",
      legend: PADRON_LEGENDS.nameMismatch,
    });
  });

  it("checks an RFC alone and an RFC with name and zip", async () => {
    const alone = await upstreams.padron.checkRfc("AAA010101AAA");
    assert.equal(alone.status === "ok" && alone.value.outcome, "valid");
    const missing = await upstreams.padron.checkRfc("ZZZ010101ZZ9");
    assert.equal(missing.status === "ok" && missing.value.outcome, "not_registered");
    const record = await upstreams.padron.checkRecord({ rfc: "AAA010101AAA", name: "X", zip: "01000" });
    assert.equal(record.status === "ok" && record.value.outcome, "name_mismatch");
  });

  it("answers an empty batch without a call and refuses more than 5,000 records", async () => {
    const started = server.counts.padron.started;
    assert.deepEqual(await upstreams.padron.validate([]), { status: "ok", value: [] });
    assert.equal(server.counts.padron.started, started);
    const tooMany = Array.from({ length: 5001 }, () => ({ rfc: "AAA010101AAA", name: "", zip: "" }));
    await assert.rejects(upstreams.padron.validate(tooMany), RangeError);
  });

  it("sends 5,000 records in one call", async () => {
    const started = server.counts.padron.started;
    const records = Array.from({ length: 5000 }, (_, index) => ({
      rfc: "AAA010101AAA",
      name: "ACCEM SERVICIOS EMPRESARIALES",
      zip: String(index).padStart(5, "0"),
    }));
    const answer = await upstreams.padron.validate(records);
    assert.equal(answer.status, "ok");
    assert.equal(answer.value.length, 5000);
    assert.equal(answer.value[1000].outcome, "valid");
    assert.equal(answer.value[1001].outcome, "zip_mismatch");
    assert.equal(server.counts.padron.started, started + 1);
  });

  it("answers unavailable for SAT's garbage body", async () => {
    await server.whileFailing("padron", "garbage", async () => {
      const answer = await upstreams.padron.validate([{ rfc: "EKU9003173C9", name: "", zip: "" }]);
      assert.equal(answer.status, "unavailable");
      assert.equal(answer.reason, "malformed");
    });
  });
});

describe("padrón exchange format", () => {
  const sent = [
    { rfc: "AAA010101AAA", name: "A|B\r\nC", zip: "01000" },
    { rfc: "MUÑJ800101AB1", name: "", zip: "" },
  ];

  it("writes consecutivo|RFC|NOMBRE|CP lines and keeps pipes and line breaks out of fields", () => {
    assert.equal(
      formatPadronRequest(sent).toString("utf8"),
      "1|AAA010101AAA|A B  C|01000\r\n2|MUÑJ800101AB1||\r\n",
    );
  });

  it("keeps an unknown legend verbatim as unrecognized", () => {
    const verdicts = readPadronAnswer(
      Buffer.from(
        `2|MUÑJ800101AB1|||RFC válido no susceptible de recibir facturas\r\n1|AAA010101AAA|A B  C|01000|${PADRON_LEGENDS.valid}\r\n`,
      ),
      "utf8",
      sent,
    );
    assert.deepEqual(
      verdicts.map((verdict) => [verdict.rfc, verdict.outcome, verdict.legend]),
      [
        ["AAA010101AAA", "valid", PADRON_LEGENDS.valid],
        ["MUÑJ800101AB1", "unrecognized", "RFC válido no susceptible de recibir facturas"],
      ],
    );
  });

  it("reads windows-1252 answers, and each line's own legend when legends alternate", () => {
    const records = ["01000", "01010", "01020", "01030"].map((zip) => ({
      rfc: "MUÑJ800101AB1",
      name: "JOSÉ",
      zip,
    }));
    const legends = [
      PADRON_LEGENDS.zipMismatch,
      PADRON_LEGENDS.zipMismatch,
      PADRON_LEGENDS.valid,
      PADRON_LEGENDS.zipMismatch,
    ];
    const text = records.map((r, i) => `${i + 1}|${r.rfc}|${r.name}|${r.zip}|${legends[i]}\r\n`).join("");
    const verdicts = readPadronAnswer(
      iconv.encode(text, "win1252"),
      answerEncoding("text/plain; charset=windows-1252"),
      records,
    );
    assert.deepEqual(
      verdicts.map((verdict) => [verdict.zip, verdict.outcome, verdict.legend]),
      [
        ["01000", "zip_mismatch", PADRON_LEGENDS.zipMismatch],
        ["01010", "zip_mismatch", PADRON_LEGENDS.zipMismatch],
        ["01020", "valid", PADRON_LEGENDS.valid],
        ["01030", "zip_mismatch", PADRON_LEGENDS.zipMismatch],
      ],
    );
  });

  for (const [label, body] of [
    ["a missing record", `1|AAA010101AAA|A B  C|01000|${PADRON_LEGENDS.valid}\r\n`],
    ["a repeated consecutivo", `1|AAA010101AAA|||x\r\n1|AAA010101AAA|||x\r\n`],
    ["another RFC", `1|BBB010101AAA|||x\r\n2|MUÑJ800101AB1|||x\r\n`],
    ["an empty legend", `1|AAA010101AAA||| \r\n2|MUÑJ800101AB1|||x\r\n`],
    ["an HTML page", "<html><body>Servicio no disponible</body></html>"],
  ]) {
    it(`rejects ${label} as malformed`, () => {
      assert.throws(() => readPadronAnswer(Buffer.from(body), "utf8", sent), {
        name: "UpstreamFailure",
        reason: "malformed",
      });
    });
  }
});
