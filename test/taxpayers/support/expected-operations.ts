import type { Scenario } from "../../../src/sandbox/scenario-expectations.ts";
import type { SandboxApp } from "../../helpers/app.ts";
import {
  expectedCertificates,
  legendOf,
  NAME_MISMATCH,
  SAT_UNREACHABLE,
  taxpayerOf,
  VALID,
} from "./expected-bodies.ts";

type Json = Record<string, unknown>;

export function expectedVerify(s: Scenario, full: boolean): Json {
  const legend = legendOf(full ? s.expect.padron : s.expect.padron_rfc_only);
  if (legend === null) return { rfc: s.rfc, valid: null, message: SAT_UNREACHABLE };
  return { rfc: s.rfc, valid: legend === VALID, message: legend };
}

/** find-zip with the scenario's name: the registered zip unless SAT objects to the RFC or the name. */
export function expectedFindZip(h: SandboxApp, s: Scenario): Json {
  const status = legendOf(s.expect.padron_rfc_only);
  const full = legendOf(s.expect.padron);
  if (status === null || full === null) return { rfc: s.rfc, valid: null, message: SAT_UNREACHABLE };
  if (status !== VALID) return { rfc: s.rfc, valid: false, message: status };
  if (full === NAME_MISMATCH) return { rfc: s.rfc, valid: false, message: NAME_MISMATCH };
  return { rfc: s.rfc, valid: true, zip: taxpayerOf(h, s)?.zip, message: VALID };
}

export async function expectedProfile(h: SandboxApp, s: Scenario): Promise<Json> {
  const found = await expectedCertificates(h, s);
  if (!found) return { rfc: s.rfc, found: null, message: SAT_UNREACHABLE, unavailable: ["certs"] };
  if (found.certs.length === 0)
    return {
      rfc: s.rfc,
      found: false,
      message: "El SAT no tiene certificados publicados para este RFC.",
      certs: [],
      unavailable: [],
    };
  const body: Json = {
    rfc: s.rfc,
    found: true,
    message: "Contribuyente con certificados publicados por el SAT.",
  };
  const { holder } = found;
  if (holder) {
    body.name = holder.name;
    // The sandbox registers the name without its legal form: that is what SAT wants on an invoice.
    body.cfdi_name = taxpayerOf(h, s)?.padronName;
    if (holder.email) body.email = holder.email;
    if (holder.curp) body.curp = holder.curp;
    if (holder.repRfc) body.legal_representative_rfc = holder.repRfc;
    if (holder.repCurp) body.legal_representative_curp = holder.repCurp;
  }
  body.certs = found.certs;
  body.unavailable = [];
  return body;
}

/** commerce-registry with the scenario's name; records come from the sandbox's raw search answer. */
export async function expectedRegistry(
  h: SandboxApp,
  s: Scenario,
  name: string,
): Promise<{ body: Json; charged: boolean }> {
  const registry = s.expect.registry;
  if (!registry) throw new Error(`scenario ${s.tags} has no registry expectation`);
  if ("fault" in registry)
    return {
      body: {
        rfc: s.rfc,
        found: null,
        name,
        message:
          "No fue posible consultar el Registro Público de Comercio; el resultado es desconocido, intente más tarde.",
        records: [],
      },
      charged: false,
    };
  const raw = (await h.sandboxJson(`/registry/search?name=${encodeURIComponent(name)}`)) as {
    records: Json[];
  };
  const kept = registry.records.filter((record) => !record.supported || record.rfc === s.rfc);
  const records = kept.map((record) => {
    const full = raw.records.find((candidate) => candidate.fme === record.fme) as Json;
    if (record.supported) return full;
    return {
      fme: full.fme,
      name: full.name,
      supported: false,
      status: null,
      registry_office: full.registry_office,
      shareholders: [],
      acts: [],
    };
  });
  if (records.length === 0)
    return {
      body: {
        rfc: s.rfc,
        found: false,
        name,
        message: "No se encontró ningún folio mercantil con ese nombre y RFC.",
        records,
      },
      charged: true,
    };
  if (kept.every((record) => !record.supported))
    return {
      body: {
        rfc: s.rfc,
        found: true,
        name,
        message:
          "Todos los folios encontrados están en un estado que el servicio aún no lee; solo se muestran folio, nombre y oficina registral.",
        records,
      },
      charged: false,
    };
  const message =
    records.length === 1
      ? "Se encontró 1 folio mercantil."
      : `Se encontraron ${records.length} folios mercantiles.`;
  return { body: { rfc: s.rfc, found: true, name, message, records }, charged: true };
}
