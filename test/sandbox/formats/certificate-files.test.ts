import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  buildCertificateSearchAnswer,
  certificateFilePath,
} from "../../../src/sandbox/formats/certificate-files.ts";

describe("certificate files and search", () => {
  it("places a serial at SAT's rccf path (research §2.1 examples)", () => {
    assert.equal(
      certificateFilePath("00001000000406258094"),
      "rccf/000010/000004/06/25/80/00001000000406258094.cer",
    );
    assert.equal(
      certificateFilePath("00001000000504204971"),
      "rccf/000010/000005/04/20/49/00001000000504204971.cer",
    );
    assert.throws(() => certificateFilePath("0000100000050420497"), RangeError);
    assert.throws(() => certificateFilePath("../../../etc/passwd0"), RangeError);
  });

  it("lists certificates newest first with ISO UTC validity", () => {
    const answer = buildCertificateSearchAnswer([
      {
        serial: "00001000000300023708",
        type: "SELLO",
        status: "Caduco",
        validFrom: new Date("2017-05-18T03:54:56Z"),
        validTo: new Date("2021-05-18T03:54:56Z"),
      },
      {
        serial: "00001000000504204971",
        type: "FIEL",
        status: "Activo",
        validFrom: new Date("2023-05-18T11:43:51.250Z"),
        validTo: new Date("2027-05-18T11:43:51Z"),
      },
    ]);
    assert.deepEqual(answer, [
      {
        serial: "00001000000504204971",
        type: "FIEL",
        status: "Activo",
        valid_from: "2023-05-18T11:43:51Z",
        valid_to: "2027-05-18T11:43:51Z",
      },
      {
        serial: "00001000000300023708",
        type: "SELLO",
        status: "Caduco",
        valid_from: "2017-05-18T03:54:56Z",
        valid_to: "2021-05-18T03:54:56Z",
      },
    ]);
  });
});
