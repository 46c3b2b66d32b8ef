// What the loopback source server knows: real SAT test certificates from the shared fixtures, the
// real gob.mx RENAPO answer, a registry company and a few SEPOMEX rows with accents and Ñ.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CertificateListing } from "../../../src/sandbox/formats/certificate-files.ts";
import type { RegistryFolio } from "../../../src/sandbox/formats/commerce-registry.ts";
import type { SepomexRow } from "../../../src/sandbox/formats/sepomex.ts";

const fixture = (path: string) => resolve("test/fixtures", path);

export const PADRON_TAXPAYERS = new Map([
  ["AAA010101AAA", { name: "ACCEM SERVICIOS EMPRESARIALES", zip: "01000" }],
  ["MUÑJ800101AB1", { name: "JOSÉ MUÑOZ PEÑA", zip: "68000" }],
]);

export const CERTIFICATES: (CertificateListing & { rfc: string; file: string | null })[] = [
  {
    rfc: "AAA010101AAA",
    serial: "30001000000300023708",
    type: "SELLO",
    status: "Caduco",
    validFrom: new Date("2017-05-18T03:54:56Z"),
    validTo: new Date("2021-05-18T03:54:56Z"),
    file: fixture("certs/CSD01_AAA010101AAA.cer"),
  },
  {
    rfc: "AAA010101AAA",
    serial: "30001000000300023685",
    type: "FIEL",
    status: "Revocado",
    validFrom: new Date("2017-05-16T23:29:17Z"),
    validTo: new Date("2021-05-15T23:29:17Z"),
    file: fixture("certs/FIEL_AAA010101AAA.cer"),
  },
  {
    rfc: "AAA010101AAA",
    serial: "00001000000100000017",
    type: "FIEL",
    status: "Caduco",
    validFrom: new Date("2008-02-01T10:00:00Z"),
    validTo: new Date("2010-02-01T10:00:00Z"),
    file: null,
  },
];

const renapoAnswer = JSON.parse(readFileSync(fixture("renapo/gobmx_curp_result.json"), "utf8"));
export const RENAPO_FIXTURE = { curp: renapoAnswer.registros[0].curp as string, answer: renapoAnswer };

const folio: RegistryFolio = {
  fme: "N-2017012345",
  name: "ACCEM SERVICIOS EMPRESARIALES SC",
  registry_office: "CIUDAD DE MEXICO",
  supported: true,
  person_type: "moral",
  status: "Abierto",
  registered_at: "2017-03-01T10:15:00",
  prior_registration: null,
  legal_regime: "SOCIEDAD CIVIL",
  duration: "99 AÑOS",
  corporate_purpose: "SERVICIOS EMPRESARIALES",
  business_line: null,
  nationality: "MEXICANA",
  domicile: "AV. REFORMA 1",
  municipality: "CUAUHTÉMOC",
  state: "CIUDAD DE MÉXICO",
  rfc: "AAA010101AAA",
  curp: null,
  shareholders: [
    {
      status: "Activo",
      nationality: "MEXICANA",
      name: "TANIA",
      first_surname: "HERNÁNDEZ",
      second_surname: "GUTIÉRREZ",
      rfc: "HEGT7610034S2",
      curp: "HEGT761003MDFRNN09",
      series: "A",
      incorporation_date: "2017-03-01",
      birth_date: "1976-10-03",
      shares: 500,
      total_value: "50000.00",
      share_value: "100.00",
    },
  ],
  acts: [
    {
      form: "M4",
      act: "CONSTITUCIÓN DE SOCIEDAD",
      nci: "201700012345",
      filed_at: "2017-02-27T09:00:00",
      registered_at: "2017-03-01T10:15:00",
      document_number: "1234",
      modality: "ELECTRÓNICA",
    },
  ],
};

export const REGISTRY_FOLIOS: RegistryFolio[] = [
  folio,
  { ...folio, fme: "N-2009000777", registry_office: "OAXACA", supported: false, shareholders: [], acts: [] },
];

const row = (
  zip: string,
  settlement: string,
  municipality: string,
  state: string,
  codes: [string, string],
): SepomexRow => ({
  d_codigo: zip,
  d_asenta: settlement,
  d_tipo_asenta: "Colonia",
  D_mnpio: municipality,
  d_estado: state,
  d_ciudad: state,
  d_CP: zip,
  c_estado: codes[0],
  c_oficina: zip,
  c_CP: "",
  c_tipo_asenta: "09",
  c_mnpio: codes[1],
  id_asenta_cpcons: "0001",
  d_zona: "Urbano",
  c_cve_ciudad: "01",
});

export const POSTAL_ROWS: SepomexRow[] = [
  row("01000", "San Ángel", "Álvaro Obregón", "Ciudad de México", ["09", "010"]),
  row("01030", "Axotla", "Álvaro Obregón", "Ciudad de México", ["09", "010"]),
  row("68000", "Oaxaca Centro", "Oaxaca de Juárez", "Oaxaca", ["20", "067"]),
  row("89000", "La Peña", "Tampico", "Tamaulipas", ["28", "038"]),
];
