import assert from "node:assert/strict";
import { test } from "node:test";
import { matchRegistryRecords } from "../../src/rfc-operations/match-registry-records.ts";
import { parseRegistryAnswer } from "../../src/upstreams/commerce-registry/parse-registry-answer.ts";
import type {
  SupportedRegistryRecord,
  UnsupportedRegistryRecord,
} from "../../src/upstreams/commerce-registry/port.ts";

const supported = (fme: string, name: string, rfc: string | null): SupportedRegistryRecord => ({
  fme,
  name,
  supported: true,
  person_type: "moral",
  status: "Abierto",
  registry_office: "Villahermosa",
  registered_at: "1990-03-20T10:15:00",
  prior_registration: null,
  legal_regime: "SOCIEDAD ANONIMA DE CAPITAL VARIABLE",
  duration: "99 AÑOS",
  corporate_purpose: "Educación",
  business_line: null,
  nationality: "MEXICANA",
  domicile: "Av. 27 de Febrero 100",
  municipality: "Centro",
  state: "Tabasco",
  rfc,
  curp: null,
  shareholders: [],
  acts: [],
});

const query = { rfc: "EKU9003173C9", name: "Escuela Kemper Urgate" };

test("rule 1: names match ignoring punctuation, accents, case and legal-entity suffixes", () => {
  const records = [
    supported("N-1", "ESCUELA KEMPER URGATE, S.A. DE C.V.", "EKU9003173C9"),
    supported("N-2", "Escuela Kémper Urgate SA de CV", null),
    supported("N-3", "ESCUELA KEMPER URGATE", "EKU9003173C9"),
    supported("N-4", "ESCUELA KEMPER URGATE DEL SURESTE SA DE CV", "EKU9003173C9"),
    supported("N-5", "KEMPER URGATE ESCUELA SA DE CV", "EKU9003173C9"),
  ];
  assert.deepEqual(
    matchRegistryRecords(records, query).map((r) => r.fme),
    ["N-1", "N-2", "N-3"],
  );
});

test("rule 1: the searched name's own suffix does not matter either", () => {
  const records = [supported("N-1", "ESCUELA KEMPER URGATE", "EKU9003173C9")];
  assert.equal(matchRegistryRecords(records, { ...query, name: "ESCUELA KEMPER URGATE S.C." }).length, 1);
});

test("rule 2: a record whose RFC on file differs from the requested one is dropped; no RFC on file is kept", () => {
  const records = [
    supported("N-1", "ESCUELA KEMPER URGATE SA DE CV", "EKU9003173C9"),
    supported("N-2", "ESCUELA KEMPER URGATE SA DE CV", "EKU1201013B1"),
    supported("N-3", "ESCUELA KEMPER URGATE SA DE CV", null),
  ];
  assert.deepEqual(
    matchRegistryRecords(records, query).map((r) => r.fme),
    ["N-1", "N-3"],
  );
});

test("rule 3: an unsupported record keeps only fme, name and registry_office, status null and empty arrays", () => {
  const raw = {
    fme: "N-9",
    name: "ESCUELA KEMPER URGATE SA DE CV",
    supported: false,
    status: null,
    registry_office: "Cárdenas",
    shareholders: [],
    acts: [],
    domicile: "should not survive",
  };
  assert.deepEqual(matchRegistryRecords(parseRegistryAnswer({ records: [raw] }), query), [
    {
      fme: "N-9",
      name: "ESCUELA KEMPER URGATE SA DE CV",
      supported: false,
      status: null,
      registry_office: "Cárdenas",
      shareholders: [],
      acts: [],
    },
  ]);
});

test("rule 3 before rule 2: an unsupported record has no RFC to compare, so it is kept", () => {
  const raw: UnsupportedRegistryRecord = {
    fme: "N-9",
    name: "ESCUELA KEMPER URGATE",
    supported: false,
    status: null,
    registry_office: "Cárdenas",
    shareholders: [],
    acts: [],
  };
  assert.equal(matchRegistryRecords([raw], query).length, 1);
});
