import { syncedListFiles } from "../../../src/contributor-lists/catalog.ts";
import type { Taxpayer } from "../../../src/sandbox/population/types.ts";
import type { Scenario } from "../../../src/sandbox/scenario-expectations.ts";
import type { SandboxApp } from "../../helpers/app.ts";

// Expected bodies built from the scenario's `expect` (what each upstream answers) and the sandbox's
// own raw answers, mapped by the spec's rules; they never call our code.
export const VALID = "RFC válido, y susceptible de recibir facturas";
export const NAME_MISMATCH = "El nombre, denominación o razón social no coincide con el registrado en el RFC";
export const SAT_UNREACHABLE =
  "No fue posible consultar al SAT en este momento; el resultado es desconocido, intente más tarde.";

type Json = Record<string, unknown>;
type Holder = {
  name: string;
  email: string | null;
  curp: string | null;
  repRfc: string | null;
  repCurp: string | null;
};

const isFault = (value: unknown): value is { fault: string } =>
  typeof value === "object" && value !== null && "fault" in value;

export function legendOf(answer: Scenario["expect"]["padron"]): string | null {
  return isFault(answer) ? null : answer.legend;
}

export async function expectedCertificates(
  h: SandboxApp,
  s: Scenario,
): Promise<{ certs: Json[]; holder: Holder | null } | null> {
  if (isFault(s.expect.certificates)) return null;
  const taxpayer = h.sandbox.population.byRfc.get(s.rfc);
  const listed = (await h.sandboxJson(`/certificates?rfc=${encodeURIComponent(s.rfc)}`)) as Json[];
  const files = new Map(s.expect.certificates.map((c) => [c.serial, c]));
  const company = [...s.rfc].length === 12;
  const certs: Json[] = [];
  let servedAny = false;
  let servedFiel = false;
  for (const item of listed) {
    const expected = files.get(item.serial as string);
    if (!expected) throw new Error(`scenario ${s.tags} does not list ${item.serial}`);
    const served = expected.file === "served";
    servedAny ||= served;
    servedFiel ||= served && expected.type === "FIEL";
    const person = taxpayer?.person;
    const rep = taxpayer?.legalRepresentative;
    certs.push({
      serial: item.serial,
      status:
        expected.status === "Activo" && Date.parse(item.valid_to as string) < Date.now()
          ? "Caduco"
          : expected.status,
      type: expected.type,
      valid_from_utc: item.valid_from,
      valid_to_utc: item.valid_to,
      // SAT puts emailAddress in FIEL subjects only (research §2.3).
      email: served && expected.type === "FIEL" ? (taxpayer?.email ?? null) : null,
      legal_representative_rfc: served && company ? (rep?.rfc ?? null) : null,
      legal_representative_curp: served && company ? (rep?.curp ?? null) : null,
      curp: served && !company && taxpayer?.certificatesCarryCurp ? (person?.curp ?? null) : null,
      cer_base64: served ? await downloadBase64(h, item.serial as string) : null,
    });
  }
  const holder =
    servedAny && taxpayer
      ? {
          name: taxpayer.name,
          email: servedFiel ? taxpayer.email : null,
          curp: !company && taxpayer.certificatesCarryCurp ? (taxpayer.person?.curp ?? null) : null,
          repRfc: company ? (taxpayer.legalRepresentative?.rfc ?? null) : null,
          repCurp: company ? (taxpayer.legalRepresentative?.curp ?? null) : null,
        }
      : null;
  return { certs, holder };
}

async function downloadBase64(h: SandboxApp, serial: string): Promise<string> {
  const path = `rccf/${serial.slice(0, 6)}/${serial.slice(6, 12)}/${serial.slice(12, 14)}/${serial.slice(14, 16)}/${serial.slice(16, 18)}/${serial}.cer`;
  const response = await fetch(`${h.sandbox.url}/${path}`);
  return Buffer.from(await response.arrayBuffer()).toString("base64");
}

/** RENAPO's gob.mx record mapped per DESIGN §3.3; null when RENAPO is down for this CURP. */
export async function expectedIdentity(h: SandboxApp, s: Scenario, curp: string): Promise<Json | null> {
  if (isFault(s.expect.renapo) && s.curp === curp) return null;
  const answer = (await h.sandboxJson(`/renapo/curp/${encodeURIComponent(curp)}`)) as Json;
  const record = (answer.registros as Json[])[0];
  if (answer.codigo !== "01" || !record) return { curp, renapo_valid: false, homonimo: false };
  const status = record.statusCurp as string;
  return {
    curp,
    renapo_valid: !status.startsWith("B"),
    names: record.nombres,
    paternal_surname: record.primerApellido,
    mothers_maiden_name: record.segundoApellido,
    sex: record.sexo,
    birthdate: record.fechaNacimiento,
    nationality: record.nacionalidad,
    entity_birth: record.claveEntidad,
    status_curp: status,
    probation_document: String(record.docProbatorio),
    probation_document_data: record.datosDocProbatorio,
    homonimo: status === "AH",
  };
}

/** The list memberships the synced files hold, as {article, situation} (the lists' own columns vary). */
export function expectedListKeys(s: Scenario): string[] {
  const synced = new Set(syncedListFiles().map((file) => file.fileName));
  return s.expect.lists
    .filter((membership) => synced.has(membership.file))
    .map((membership) => `${membership.article}|${membership.situation}`)
    .sort();
}

export function taxpayerOf(h: SandboxApp, s: Scenario): Taxpayer | undefined {
  return h.sandbox.population.byRfc.get(s.rfc);
}

export async function expectedValidation(h: SandboxApp, s: Scenario, withName: boolean): Promise<Json> {
  const taxpayer = taxpayerOf(h, s);
  const company = [...s.rfc].length === 12;
  const found = await expectedCertificates(h, s);
  const holder = found?.holder ?? null;
  const statusLegend = legendOf(s.expect.padron_rfc_only);
  const fullLegend = legendOf(s.expect.padron);
  const body: Json = { rfc: s.rfc };
  let zipFound = false;
  let nameConfirmed = false;
  if (statusLegend === null) Object.assign(body, { valid: null, message: SAT_UNREACHABLE });
  else if (statusLegend !== VALID) Object.assign(body, { valid: false, message: statusLegend });
  else if (withName && fullLegend === NAME_MISMATCH)
    Object.assign(body, {
      valid: false,
      message: holder ? `${NAME_MISMATCH}. Nombre registrado: ${taxpayer?.padronName}` : NAME_MISMATCH,
    });
  else {
    Object.assign(body, { valid: true, message: VALID });
    zipFound = withName || holder !== null;
    nameConfirmed = withName;
  }
  const name = holder?.name ?? (nameConfirmed ? s.name : undefined);
  if (name) body.name = name;
  if (name) body.cfdi_name = nameConfirmed ? s.name : taxpayer?.padronName;
  if (zipFound && taxpayer) body.zip = taxpayer.zip;
  if (holder?.email) body.email = holder.email;
  const curp = company ? holder?.repCurp : holder?.curp;
  const identity = curp ? await expectedIdentity(h, s, curp) : null;
  if (company) {
    if (holder?.repRfc) body.legal_representative_rfc = holder.repRfc;
    if (holder?.repCurp) body.legal_representative_curp = holder.repCurp;
    if (identity) body.legal_representative = identity;
  } else {
    if (holder?.curp) body.curp = holder.curp;
    if (identity) body.person = identity;
  }
  if (found) body.certs = found.certs;
  // The steps whose source failed, in the pipeline's order. The postal search runs when a name is
  // given or the certificates yield one, and fails with the padrón (a magic RFC fails every chunk).
  const padronFault = statusLegend === null || fullLegend === null;
  body.unavailable = [
    statusLegend === null && "status",
    found === null && "certs",
    curp && identity === null && "identity",
    padronFault && (withName || holder !== null) && "zip",
  ].filter(Boolean);
  return body;
}
