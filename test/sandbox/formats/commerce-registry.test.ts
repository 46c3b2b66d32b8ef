import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  buildRegistrySearchAnswer,
  type RegistryFolio,
} from "../../../src/sandbox/formats/commerce-registry.ts";

const FOLIO: RegistryFolio = {
  fme: "N-2019085095",
  name: "ESCUELA KEMPER URGATE SA DE CV",
  registry_office: "HERMOSILLO",
  supported: true,
  person_type: "moral",
  status: "Abierto",
  registered_at: "2019-06-17T10:32:05",
  prior_registration: null,
  legal_regime: "SOCIEDAD ANONIMA DE CAPITAL VARIABLE",
  duration: "INDEFINIDA",
  corporate_purpose: "IMPARTIR EDUCACION",
  business_line: null,
  nationality: "MEXICANA",
  domicile: "CALLE 1 NUM 2",
  municipality: "HERMOSILLO",
  state: "SONORA",
  rfc: "EKU9003173C9",
  curp: null,
  shareholders: [
    {
      status: "Activo",
      nationality: "MEXICANA",
      name: "ALEJANDRO",
      first_surname: "VALDÉS",
      second_surname: "DÁVILA",
      rfc: "VADA800927DJ3",
      curp: "VADA800927HSRSRL05",
      series: "A",
      incorporation_date: null,
      birth_date: "1980-09-27",
      shares: 500,
      total_value: "50000.00",
      share_value: "100.00",
    },
  ],
  acts: [
    {
      form: "M4",
      act: "Constitución de sociedad",
      nci: "201900123456",
      filed_at: "2019-06-10T09:00:00",
      registered_at: "2019-06-17T10:32:05",
      document_number: "2019002379110064",
      modality: "Electrónica",
    },
  ],
};

describe("commerce-registry answers", () => {
  it("writes spec §2.8 field names for a supported folio", () => {
    const answer = buildRegistrySearchAnswer("ESCUELA KEMPER URGATE", [FOLIO]);
    assert.equal(answer.query, "ESCUELA KEMPER URGATE");
    const record = answer.records[0];
    assert.deepEqual(Object.keys(record).sort(), [
      "acts",
      "business_line",
      "corporate_purpose",
      "curp",
      "domicile",
      "duration",
      "fme",
      "legal_regime",
      "municipality",
      "name",
      "nationality",
      "person_type",
      "prior_registration",
      "registered_at",
      "registry_office",
      "rfc",
      "shareholders",
      "state",
      "status",
      "supported",
    ]);
    assert.ok(record.supported);
    assert.deepEqual(record.shareholders[0], {
      status: "Activo",
      nationality: "MEXICANA",
      name: "ALEJANDRO",
      first_surname: "VALDÉS",
      second_surname: "DÁVILA",
      rfc: "VADA800927DJ3",
      curp: "VADA800927HSRSRL05",
      series: "A",
      incorporation_date: null,
      birth_date: "1980-09-27",
      shares: 500,
      total_value: "50000.00",
      share_value: "100.00",
    });
    assert.deepEqual(record.acts[0], {
      form: "M4",
      act: "Constitución de sociedad",
      nci: "201900123456",
      filed_at: "2019-06-10T09:00:00",
      registered_at: "2019-06-17T10:32:05",
      document_number: "2019002379110064",
      modality: "Electrónica",
    });
  });

  it("reduces an unsupported folio to fme, name and registry office", () => {
    const answer = buildRegistrySearchAnswer("X", [{ ...FOLIO, supported: false, fme: "N-2017053080" }]);
    assert.deepEqual(answer.records[0], {
      fme: "N-2017053080",
      name: FOLIO.name,
      supported: false,
      status: null,
      registry_office: "HERMOSILLO",
      shareholders: [],
      acts: [],
    });
  });

  it("answers a search without matches with no records", () => {
    assert.deepEqual(buildRegistrySearchAnswer("NADIE", []), { query: "NADIE", records: [] });
  });
});
