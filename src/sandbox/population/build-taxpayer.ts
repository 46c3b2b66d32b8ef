import { buildCompanyRfc } from "../../mexico/build-rfc.ts";
import { nameWithoutPunctuation, normalizeName } from "../../mexico/normalize-name.ts";
import type { Rng } from "../chaos/rng.ts";
import { fullNameOf, type IdentifierRegistry, uniqueRfc } from "./generate-person.ts";
import type { CertificateRecord, PersonRecord, Taxpayer } from "./types.ts";

function slug(text: string): string {
  return nameWithoutPunctuation(text)
    .replace(/Ñ/g, "N")
    .replace(/&/g, "Y")
    .toLowerCase()
    .split(" ")
    .slice(0, 3)
    .join("-");
}

export type CommonTaxpayerFields = {
  zip: string;
  certificates?: CertificateRecord[];
  certificatesCarryCurp?: boolean;
  registryFolioCount?: number;
  registryUnsupportedOnly?: boolean;
};

/** A persona moral; `rfc` overrides the computed one (e.g. SAT's public test RFCs). */
export function companyTaxpayer(
  company: CommonTaxpayerFields & {
    baseName: string;
    legalForm: string;
    incorporationDate: Date;
    legalRepresentative: PersonRecord;
    rfc?: string;
  },
  used: IdentifierRegistry,
  random: Rng,
): Taxpayer {
  const baseName = normalizeName(company.baseName);
  const legalName = company.legalForm ? `${baseName} ${company.legalForm}` : baseName;
  const rfc = company.rfc ?? uniqueRfc(buildCompanyRfc({ ...company, legalName }), used.rfcs, random);
  used.rfcs.add(rfc);
  return {
    rfc,
    personType: "M",
    name: legalName,
    padronName: baseName,
    legalForm: company.legalForm,
    zip: company.zip,
    email: `facturacion@${slug(baseName)}.example`,
    foundedOn: company.incorporationDate.toISOString().slice(0, 10),
    legalRepresentative: company.legalRepresentative,
    certificatesCarryCurp: company.certificatesCarryCurp ?? true,
    certificates: company.certificates ?? [],
    lists: [],
    registryFolioCount: company.registryFolioCount ?? 1,
    registryUnsupportedOnly: company.registryUnsupportedOnly ?? false,
    padronStatus: "activo",
  };
}

/** A persona física; their RFC and CURP come with the person record. */
export function individualTaxpayer(person: PersonRecord, fields: CommonTaxpayerFields): Taxpayer {
  const name = fullNameOf(person);
  return {
    rfc: person.rfc,
    personType: "F",
    name,
    padronName: name,
    legalForm: "",
    zip: fields.zip,
    email: `${slug(`${person.names.split(" ")[0]} ${person.firstSurname}`).replace("-", ".")}${person.birthDate.slice(2, 4)}@correo.example`,
    foundedOn: person.birthDate,
    person,
    certificatesCarryCurp: fields.certificatesCarryCurp ?? true,
    certificates: fields.certificates ?? [],
    lists: [],
    registryFolioCount: 0,
    registryUnsupportedOnly: false,
    padronStatus: "activo",
  };
}
