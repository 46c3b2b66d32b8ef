import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { ServiceError } from "../platform/errors.ts";
import type { CsfCheck, CsfRecord } from "../upstreams/sat-csf/port.ts";
import type { CsfBody, CsfSchema } from "./csf-schema.ts";
import { readCsfPdf } from "./read-csf-pdf.ts";
import { readIdCif } from "./read-id-cif.ts";
import { readRfc } from "./read-rfc.ts";
import { fullRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";
import { CSF_SOURCE, cfdiNameOfRecord } from "./verify-by-csf.ts";

/** CSF result (issue 25): SAT's record, fields SAT leaves empty omitted; `found` null when unknown. */
export type CsfResult = Static<typeof CsfSchema>;

const ADDRESS = [
  ["state", "state"],
  ["municipality", "municipality"],
  ["colony", "colony"],
  ["street_type", "streetType"],
  ["street", "street"],
  ["exterior_number", "exteriorNumber"],
  ["interior_number", "interiorNumber"],
] as const satisfies readonly (readonly [string, keyof CsfRecord])[];

type CsfPair = { rfc: string; idCif: string };

/** POST /v1/rfc/csf: the pair, or the pair read from the Constancia's PDF (before any charge). */
export const csfOperation: RfcOperation<Static<typeof CsfBody>, CsfPair, CsfResult> = {
  name: "csf",
  check: readCsfInput,
  run: runCsf,
};

async function readCsfInput(input: Static<typeof CsfBody>): Promise<CsfPair> {
  if (input.csf_pdf !== undefined) {
    if (input.rfc !== undefined || input.id_cif !== undefined)
      throw new ServiceError("invalid_request", "Send rfc and id_cif, or csf_pdf, not both.", {
        errors: [{ path: "/csf_pdf", message: "not together with rfc or id_cif" }],
      });
    const read = await readCsfPdf(input.csf_pdf);
    return { rfc: readRfc(read.rfc).rfc, idCif: readIdCif(read.idCif, "/csf_pdf") };
  }
  const missing = (["rfc", "id_cif"] as const).filter((field) => input[field] === undefined);
  if (missing.length > 0)
    throw new ServiceError(
      "invalid_request",
      `Send rfc and id_cif (or csf_pdf); missing: ${missing.join(", ")}.`,
      {
        errors: missing.map((field) => ({ path: `/${field}`, message: "required" })),
      },
    );
  return { rfc: readRfc(input.rfc as string).rfc, idCif: readIdCif(input.id_cif as string) };
}

/** SAT's CSF page for the pair; unknown (SAT unreachable or its page not recognised) is not charged. */
async function runCsf(
  ctx: RfcContext,
  pair: CsfPair,
  signal?: AbortSignal,
): Promise<OperationResult<CsfResult>> {
  const answer = await ctx.upstreams.satCsf.lookup(pair.rfc, pair.idCif, signal);
  const base = { rfc: pair.rfc, id_cif: pair.idCif, source: CSF_SOURCE };
  if (answer.status !== "ok")
    return {
      status: 200,
      body: { ...base, found: null, checked_at: new Date().toISOString() },
      refund: fullRefund(ctx),
    };
  return { status: 200, body: { ...base, ...foundFields(answer.value) } };
}

function foundFields({ record, checkedAt }: CsfCheck): Omit<CsfResult, "rfc" | "id_cif" | "source"> {
  if (!record) return { found: false, checked_at: checkedAt };
  const given = (value: string) => (value === "" ? undefined : value);
  const address = Object.fromEntries(
    ADDRESS.map(([key, field]) => [key, given(record[field])]).filter(([, v]) => v),
  );
  const result: Omit<CsfResult, "rfc" | "id_cif" | "source"> = {
    found: true,
    person_type: record.personType,
    name: record.name,
    cfdi_name: cfdiNameOfRecord(record),
    curp: given(record.curp),
    first_names: given(record.firstNames),
    paternal_surname: given(record.paternalSurname),
    maternal_surname: given(record.maternalSurname),
    status: record.status,
    status_since: given(record.statusSince),
    operations_start: given(record.operationsStart),
    zip: record.zip,
    address,
    email: given(record.email),
    sat_office: given(record.satOffice),
    regimes: record.regimes.map(({ code, name, since }) => ({ code, name, since })),
    checked_at: checkedAt,
  };
  for (const key of Object.keys(result) as (keyof typeof result)[])
    if (result[key] === undefined) delete result[key];
  return result;
}
