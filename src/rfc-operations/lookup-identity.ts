import type { Static } from "typebox";
import { ok, type UpstreamResult } from "../upstreams/result.ts";
import type { Upstreams } from "../upstreams/upstreams.ts";
import type { IdentitySchema } from "./rfc-schemas.ts";

/** Identity object (spec §2.2, DESIGN §3.3). A CURP RENAPO does not know has only the first three fields. */
export type IdentityView = Static<typeof IdentitySchema>;

/** RENAPO for one CURP; unavailable when RENAPO cannot be reached (the identity object is then omitted). */
export async function lookupIdentity(
  upstreams: Upstreams,
  curp: string,
  signal?: AbortSignal,
): Promise<UpstreamResult<IdentityView>> {
  const answer = await upstreams.renapo.lookupCurp(curp, signal);
  if (answer.status === "unavailable") return answer;
  if (answer.status === "not_found") return ok({ curp, renapo_valid: false, homonimo: false });
  const record = answer.value;
  return ok({
    curp: record.curp,
    renapo_valid: !record.statusCurp.toUpperCase().startsWith("B"),
    homonimo: record.statusCurp.toUpperCase() === "AH",
    names: record.names,
    paternal_surname: record.firstSurname,
    mothers_maiden_name: record.secondSurname,
    sex: record.sex,
    birthdate: record.birthDate,
    nationality: record.nationality,
    entity_birth: record.entityCode,
    status_curp: record.statusCurp,
    probation_document: record.probationDocument,
    probation_document_data: record.probationDocumentData,
  });
}
