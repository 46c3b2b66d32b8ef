import assert from "node:assert/strict";
import { test } from "node:test";
import { readCertificateList } from "../../src/registration/read-certificate-list.ts";
import { readRfcLines } from "../../src/registration/read-rfc-lines.ts";
import { SignedFileError } from "../../src/signed-files/signed-file-error.ts";

// How a part's content may begin where the research has one sample only (research §1.7).
async function* bytesOf(text: string) {
  yield Buffer.from(text, "latin1");
}

async function rfcRows(text: string) {
  const counts = { rows: 0, skipped: 0, unpacked: new Map<number, string>() };
  for await (const _ of readRfcLines(bytesOf(text), { keyOffset: 0, counts }));
  return { rows: counts.rows, skipped: counts.skipped };
}

const LCO =
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">\r\n' +
  '<lco:Contribuyente RFC="EKU9003173C9"><lco:Certificado ValidezObligaciones="1" EstatusCertificado="A" ' +
  'noCertificado="30001000000500003416" FechaFinal="2027-05-18T11:43:51" FechaInicio="2023-05-18T11:43:51"/>' +
  "</lco:Contribuyente>\r\n</lco:LCO>\r\n";

async function certificates(text: string) {
  const counts = { rows: 0, skipped: 0 };
  for await (const _ of readCertificateList(bytesOf(text), { keyOffset: 0, counts }));
  return counts;
}

test("an l_RFC part that starts with rows, not the column header (a later part), is read", async () => {
  assert.deepEqual(await rfcRows("EKU9003173C9|0|0\r\nÑAÑ140114GY4|1|0\r\nEOF\r\n"), { rows: 2, skipped: 0 });
  assert.deepEqual(await rfcRows("RFC|SNCF|SUBCONTRATACION\r\nEKU9003173C9|0|1\r\n"), {
    rows: 1,
    skipped: 0,
  });
});

test("an l_RFC part with a header that is not SAT's is still refused", async () => {
  for (const text of [
    "RFC|SNCF\r\nEKU9003173C9|0|0\r\n",
    "RFC,SNCF,SUBCONTRATACION\r\n",
    "EKU9003173C9|0\r\n",
  ])
    await assert.rejects(rfcRows(text), SignedFileError, text);
});

test("an LCO part with a MIME header before the XML (`openssl smime -text`) is read", async () => {
  assert.deepEqual(await certificates(LCO), { rows: 1, skipped: 0 });
  assert.deepEqual(await certificates(`Content-Type: text/plain\r\n\r\n${LCO}`), { rows: 1, skipped: 0 });
  await assert.rejects(certificates(`Content-Type: text/plain\r\n${LCO}`), SignedFileError);
});
