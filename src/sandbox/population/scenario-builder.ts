import type { Rng } from "../chaos/rng.ts";
import { type CommonTaxpayerFields, companyTaxpayer, individualTaxpayer } from "./build-taxpayer.ts";
import { idCifOf } from "./csf-facts.ts";
import { type CertificateWish, makeCertificate, type SerialCounter } from "./generate-certificates.ts";
import { generatePerson, type IdentifierRegistry, personFromSpec } from "./generate-person.ts";
import type { MagicFault, PersonRecord, ScenarioSeed, Sex, Taxpayer } from "./types.ts";

export const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const FIEL: CertificateWish = { type: "FIEL", status: "Activo" };
export const SELLO: CertificateWish = { type: "SELLO", status: "Activo", branch: "Sucursal 1" };

/** Collects scenario taxpayers; helpers default to a registered taxpayer with a current FIEL and SELLO. */
export function createScenarioBuilder(
  random: Rng,
  used: IdentifierRegistry,
  counter: SerialCounter,
  asOf: Date,
) {
  const taxpayers: Taxpayer[] = [];
  const scenarios: ScenarioSeed[] = [];
  const magicFaults = new Map<string, MagicFault>();
  const certs = (...wishes: CertificateWish[]) =>
    wishes.map((wish) => makeCertificate(random, counter, asOf, wish));
  const person = (
    names: string,
    firstSurname: string,
    secondSurname: string,
    sex: Sex,
    born: string,
    birthEntity: string,
    renapoStatus = "AN",
  ): PersonRecord =>
    personFromSpec(
      { names, firstSurname, secondSurname, sex, birthDate: date(born), birthEntity, renapoStatus },
      used,
      random,
    );
  const company = (
    baseName: string,
    founded: string,
    zip: string,
    options: Partial<Parameters<typeof companyTaxpayer>[0]> = {},
  ): Taxpayer => {
    const taxpayer = companyTaxpayer(
      {
        baseName,
        legalForm: "SA DE CV",
        incorporationDate: date(founded),
        zip,
        legalRepresentative: generatePerson(random, used, "AN"),
        certificates: certs(FIEL, SELLO),
        ...options,
      },
      used,
      random,
    );
    taxpayers.push(taxpayer);
    return taxpayer;
  };
  const individual = (p: PersonRecord, zip: string, options: Partial<CommonTaxpayerFields> = {}) => {
    const taxpayer = individualTaxpayer(p, { zip, certificates: certs(FIEL, SELLO), ...options });
    taxpayers.push(taxpayer);
    return taxpayer;
  };
  const scenario = (taxpayer: Taxpayer, tags: string[], extra: Partial<ScenarioSeed> = {}) => {
    const curp = taxpayer.person?.curp ?? taxpayer.legalRepresentative?.curp;
    scenarios.push({
      rfc: taxpayer.rfc,
      name: taxpayer.padronName,
      zip: taxpayer.zip,
      ...(curp ? { curp } : {}),
      id_cif: idCifOf(taxpayer.rfc),
      tags,
      ...extra,
    });
  };

  return { taxpayers, scenarios, magicFaults, certs, person, company, individual, scenario };
}
