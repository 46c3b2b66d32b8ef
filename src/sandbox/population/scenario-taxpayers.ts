import { buildCompanyRfc } from "../../mexico/build-rfc.ts";
import { registryNameKey } from "../../mexico/compare-names.ts";
import type { Rng } from "../chaos/rng.ts";
import { wrongIdCifOf } from "./csf-facts.ts";
import type { SerialCounter } from "./generate-certificates.ts";
import { memberships69B } from "./generate-list-memberships.ts";
import type { IdentifierRegistry } from "./generate-person.ts";
import { createScenarioBuilder, date, FIEL, SELLO } from "./scenario-builder.ts";
import type { ListMembership, MagicFault, Taxpayer } from "./types.ts";

const list = (file: string, situation: string): ListMembership => ({ file, situation });

/** Fixed taxpayers behind GET /scenarios: the same RFCs for every seed, so customers can rely on them. */
export function buildScenarioTaxpayers(
  random: Rng,
  used: IdentifierRegistry,
  counter: SerialCounter,
  asOf: Date,
) {
  const { taxpayers, scenarios, magicFaults, certs, person, company, individual, scenario } =
    createScenarioBuilder(random, used, counter, asOf);
  const kemper = company("ESCUELA KEMPER URGATE", "1990-03-17", "86035", {
    rfc: "EKU9003173C9",
    legalRepresentative: person("DANIEL", "VALDEZ", "DAVILA", "H", "1980-09-27", "SR"),
    registryFolioCount: 1,
  });
  scenario(kemper, [
    "registered_company",
    "registry_single_folio",
    "registration_registered",
    "csd_active",
    "csf_company",
  ]);
  const robotica = company("UNIVERSIDAD ROBOTICA ESPAÑOLA", "2018-04-29", "86991", { rfc: "URE180429TM6" });
  scenario(robotica, ["name_mismatch"], { name: "UNIVERSIDAD ROBOTICA MEXICANA" });
  scenario(robotica, ["zip_mismatch"], { zip: "01000" });

  const lupita = individual(
    person("MARIA GUADALUPE", "HERNANDEZ", "LOPEZ", "M", "1985-07-09", "JC"),
    "44100",
  );
  scenario(lupita, ["registered_individual", "csf_person"]);
  const noCurp = individual(person("ROBERTO", "SALINAS", "PRIEGO", "H", "1972-11-03", "NL"), "64000", {
    certificatesCarryCurp: false,
  });
  scenarios.push({
    rfc: noCurp.rfc,
    name: noCurp.padronName,
    zip: noCurp.zip,
    tags: ["individual_without_curp"],
  });

  const ghostRfc = buildCompanyRfc({
    legalName: "FANTASMAS INEXISTENTES DEL ALTIPLANO SA DE CV",
    incorporationDate: date("2011-05-05"),
  });
  scenarios.push({
    rfc: ghostRfc,
    name: "FANTASMAS INEXISTENTES DEL ALTIPLANO",
    zip: "76000",
    tags: ["not_registered", "registry_no_match", "registration_never_registered"],
  });

  scenario(company("TALLERES CANTERA ROSA", "2009-02-11", "76000", { certificates: certs(FIEL) }), [
    "fiel_only",
  ]);
  scenario(
    individual(person("ARMANDO", "QUIROZ", "NAVA", "H", "1966-01-21", "PL"), "72000", { certificates: [] }),
    ["no_certificates"],
  );
  scenario(
    company("TRANSPORTES SIERRA GORDA", "2012-08-30", "76000", {
      certificates: certs(FIEL, { type: "SELLO", status: "Revocado", branch: "Matriz" }),
    }),
    ["revoked_certificate", "csd_revoked"],
  );
  scenario(
    individual(person("PATRICIA", "ZAVALA", "ORNELAS", "M", "1979-04-15", "DG"), "34000", {
      certificates: certs(
        { type: "FIEL", status: "Caduco" },
        { type: "SELLO", status: "Caduco", branch: "Matriz" },
      ),
    }),
    ["expired_certificate", "csd_expired"],
  );
  scenario(
    company("FERRETERA EL CANDADO", "2001-06-12", "20000", {
      certificates: certs({ type: "FIEL", status: "Caduco", fileMissing: true }, FIEL, SELLO),
    }),
    ["certificate_file_missing"],
  );

  const listed = (tag: string, baseName: string, founded: string, zip: string, lists: ListMembership[]) => {
    const taxpayer = company(baseName, founded, zip);
    taxpayer.lists = lists;
    scenario(taxpayer, [tag]);
  };
  listed("list_69_firmes", "APLICA SOLUCIONES HIDROCALIDAS", "2009-07-03", "20000", [
    list("Firmes.csv", "FIRMES"),
  ]);
  listed("list_69_exigibles", "COMERCIALIZADORA LA TUNA BRAVA", "2015-10-01", "98000", [
    list("Exigibles.csv", "EXIGIBLES"),
  ]);
  listed("list_69_no_localizados", "SERVICIOS FANTASMALES DEL GOLFO", "2016-02-14", "91000", [
    list("No_localizados.csv", "NO LOCALIZADOS"),
  ]);
  listed("list_69_cancelados", "ABARROTES LA GOLONDRINA", "2003-05-20", "58000", [
    list("Cancelados.csv", "CANCELADOS POR INCOSTEABILIDAD"),
  ]);
  listed("list_69_sentencias", "CONSTRUCTORA PEÑASCO ALTO", "2010-11-11", "83000", [
    list("Sentencias.csv", "SENTENCIAS"),
  ]);
  const listed69B = (tag: string, baseName: string, founded: string, zip: string, situation: string) =>
    listed(tag, baseName, founded, zip, memberships69B(situation));
  listed69B("list_69b_presunto", "OPERADORA CENTAURO FISCAL", "2019-01-15", "06600", "Presunto");
  listed69B("list_69b_definitivo", "FACTURADORA SIMULADA DEL CENTRO", "2014-09-09", "06700", "Definitivo");
  listed69B(
    "list_69b_desvirtuado",
    "VALUADORES DEL ALTIPLANO POTOSINO",
    "2008-08-08",
    "03100",
    "Desvirtuado",
  );
  listed69B(
    "list_69b_sentencia_favorable",
    "ACUICOLA LAGUNA DE LOS CISNES",
    "2009-10-14",
    "62000",
    "Sentencia Favorable",
  );
  listed("list_69b_bis", "CONSTRUCTORA DE PRESAS Y CANALES DEL GRIJALVA", "2006-10-10", "29000", [
    list("Listado_69_B_Bis_Completo.csv", "Definitivo"),
    list("Listado_69_B_Bis_Definitivo.csv", "Definitivo"),
  ]);
  listed("list_69b_bis", "ARRENDADORA DE MAQUINARIA DEL USUMACINTA", "2007-03-21", "86000", [
    list("Listado_69_B_Bis_Completo.csv", "Sentencia Favorable"),
    list("Listado_69_B_Bis_SentenciaFa.csv", "Sentencia Favorable"),
  ]);
  listed("several_lists", "DISTRIBUIDORA TRIPLE FALTA", "2011-03-03", "44600", [
    list("Firmes.csv", "FIRMES"),
    list("No_localizados.csv", "NO LOCALIZADOS"),
    ...memberships69B("Definitivo"),
  ]);

  scenario(individual(person("ESPERANZA", "OLIVARES", "TREJO", "M", "1948-12-02", "MN", "BD"), "58000"), [
    "renapo_baja",
  ]);
  scenario(individual(person("JUAN", "PEREZ", "GARCIA", "H", "1990-05-05", "DF", "AH"), "03100"), [
    "renapo_homonym",
  ]);
  const renapoDown = company("LABORATORIOS QUETZAL", "2013-04-04", "64000", {
    legalRepresentative: person("IRMA", "CAMPOS", "LEAL", "M", "1975-06-30", "CH"),
  });
  scenario(renapoDown, ["renapo_unavailable"]);
  magicFaults.set(renapoDown.legalRepresentative!.curp, { upstream: "renapo", kind: "error5xx" });

  const satFault = (tag: string, baseName: string, kind: MagicFault["kind"]) => {
    const taxpayer = company(baseName, "2017-07-07", "11000");
    scenario(taxpayer, [tag]);
    magicFaults.set(taxpayer.rfc, { upstream: "padron", kind });
  };
  satFault("sat_timeout", "RELOJES DETENIDOS", "timeout");
  satFault("sat_error", "ERRORES DEL SERVIDOR", "error5xx");
  satFault("sat_garbage", "RESPUESTAS REVUELTAS", "garbage");
  const certsDown = company("CERTIFICADOS PERDIDOS", "2016-06-16", "11000");
  scenario(certsDown, ["certificates_unavailable"]);
  magicFaults.set(certsDown.rfc, { upstream: "certificate-search", kind: "error5xx" });

  scenario(company("GRUPO INDUSTRIAL TENOCHTITLAN", "1998-01-20", "45000", { registryFolioCount: 3 }), [
    "registry_multiple_folios",
  ]);
  scenario(
    company("MINERA SOMBRERETE VIEJO", "1995-09-01", "99000", {
      registryFolioCount: 2,
      registryUnsupportedOnly: true,
    }),
    ["registry_unsupported_only"],
  );
  const twinA = company("PANIFICADORA LA ESPIGA DORADA", "2005-05-05", "37000", { registryFolioCount: 1 });
  company("PANIFICADORA LA ESPIGA DORADA", "2012-12-12", "80000", { registryFolioCount: 1 });
  scenario(twinA, ["registry_rfc_mismatch"]);
  scenario(company("EMPRESA SIN FOLIO MERCANTIL", "2020-02-20", "50000", { registryFolioCount: 0 }), [
    "registry_no_match",
  ]);
  const registryDown = company("REGISTRO NO DISPONIBLE", "2014-04-14", "50000");
  scenario(registryDown, ["registry_unavailable"]);
  magicFaults.set(registryNameKey(registryDown.name), { upstream: "commerce-registry", kind: "error5xx" });

  // Like the real ÑAÑ140114GY4 and &BC040317UN0, both sit in the 69-B list.
  const enye = company("ÑANDU ÑUÑEZ Y ASOCIADOS", "2014-01-14", "86000");
  enye.lists = memberships69B("Definitivo");
  scenario(enye, ["rfc_with_enye", "list_69b_definitivo"]);
  const ampersand = company("A & B CONSTRUCTORES", "2004-03-17", "37000", { legalForm: "SC" });
  ampersand.lists = memberships69B("Presunto");
  scenario(ampersand, ["rfc_with_ampersand", "list_69b_presunto"]);

  // SAT's registered-RFC and certificate lists (issue 24). The rotating companies are each off the list
  // one day a week: GET /scenarios names the one removed and the one restored on the newest date.
  for (const [index, word] of ["UNO", "DOS", "TRES", "CUATRO", "CINCO", "SEIS", "SIETE"].entries()) {
    const rotating = company(`ROTACION DE PADRON ${word}`, `2010-02-0${index + 1}`, "11000");
    rotating.registration = { absent: { period: 7, phase: index } };
  }
  const registered = (tag: string, baseName: string, registration: Taxpayer["registration"]) => {
    const taxpayer = company(baseName, "2015-05-05", "64000");
    taxpayer.registration = registration;
    scenario(taxpayer, [tag]);
  };
  registered("registration_sncf", "SIN CORRESPONDENCIA FISCAL DEL NORTE", { sncf: true });
  registered("registration_subcontracting", "SUBCONTRATISTAS DEL BAJIO", { subcontracting: true });
  registered("registration_cannot_invoice", "FACTURAS SUSPENDIDAS DEL SURESTE", { obligations: 0 });

  // SAT's CSF page (issue 25): the company and person above, and these.
  const regimes = individual(person("ROSA ELENA", "CASTAÑEDA", "IBARRA", "M", "1982-03-14", "DF"), "01219");
  regimes.csf = { regimes: ["605", "612", "606"] };
  scenario(regimes, ["csf_several_regimes"]);
  const suspended = company("COMERCIALIZADORA EN SUSPENSO", "2012-06-06", "64000");
  suspended.csf = { status: "SUSPENDIDO" };
  scenario(suspended, ["csf_suspended"]);
  scenario(kemper, ["csf_invalid_pair"], { id_cif: wrongIdCifOf(kemper.rfc) });
  const csfDown = company("CONSTANCIAS SIN SERVICIO", "2018-08-18", "11000");
  scenario(csfDown, ["csf_unavailable"]);
  magicFaults.set(csfDown.rfc, { upstream: "sat-csf", kind: "error5xx" });

  // The catalog must contain every postal code the scenarios use.
  const zips = [...new Set([...taxpayers.map((t) => t.zip), "76000"])];
  return { taxpayers, scenarios, magicFaults, zips };
}
