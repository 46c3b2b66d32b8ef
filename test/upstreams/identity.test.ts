import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { UpstreamRegistry } from "../../src/upstreams/create-upstreams.ts";
import type { Upstreams } from "../../src/upstreams/upstreams.ts";
import { sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";

describe("RENAPO and commerce-registry clients", () => {
  let server: SourceServer;
  let registry: UpstreamRegistry;
  let upstreams: Upstreams;
  before(async () => {
    server = await startSourceServer();
    ({ registry, upstreams } = sandboxUpstreams(server.url));
  });
  after(async () => {
    await registry.close();
    await server.close();
  });

  it("maps gob.mx's found answer (the real fixture) to a RENAPO record", async () => {
    const answer = await upstreams.renapo.lookupCurp("pepj190228hasrrva0");
    assert.deepEqual(answer, {
      status: "ok",
      value: {
        curp: "PEPJ190228HASRRVA0",
        names: "BAR",
        firstSurname: "FOO",
        secondSurname: "FOO",
        sex: "HOMBRE",
        birthDate: "12/12/1993",
        entityCode: "OC",
        entityName: "OAXACA",
        statusCurp: "RCN",
        nationality: "MEXICO",
        probationDocument: "1",
        probationDocumentData: {
          entidadRegistro: "OAXACA",
          tomo: "",
          claveMunicipioRegistro: "044",
          anioReg: "1995",
          claveEntidadRegistro: "20",
          foja: "",
          numActa: "00078",
          libro: "",
          municipioRegistro: "VILLA AZUL",
        },
      },
    });
  });

  it("answers not_found for codigo 06 with no records", async () => {
    assert.deepEqual(await upstreams.renapo.lookupCurp("HEGT761003MDFRNN09"), { status: "not_found" });
  });

  it("answers unavailable for a cut RENAPO body", async () => {
    await server.whileFailing("renapo", "garbage", async () => {
      const answer = await upstreams.renapo.lookupCurp("GOMA800101HDFRRN01");
      assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
    });
  });

  it("maps supported and unsupported registry folios to spec records", async () => {
    const answer = await upstreams.commerceRegistry.searchByName("ACCEM SERVICIOS EMPRESARIALES SC");
    assert.equal(answer.status, "ok");
    const [supported, unsupported] = answer.value;
    assert.deepEqual(unsupported, {
      fme: "N-2009000777",
      name: "ACCEM SERVICIOS EMPRESARIALES SC",
      supported: false,
      status: null,
      registry_office: "OAXACA",
      shareholders: [],
      acts: [],
    });
    assert.equal(supported.supported, true);
    assert.deepEqual(
      { ...supported, shareholders: undefined, acts: undefined },
      {
        fme: "N-2017012345",
        name: "ACCEM SERVICIOS EMPRESARIALES SC",
        supported: true,
        person_type: "moral",
        status: "Abierto",
        registry_office: "CIUDAD DE MEXICO",
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
        shareholders: undefined,
        acts: undefined,
      },
    );
    assert.deepEqual(supported.shareholders[0], {
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
    });
    assert.deepEqual(supported.acts[0], {
      form: "M4",
      act: "CONSTITUCIÓN DE SOCIEDAD",
      nci: "201700012345",
      filed_at: "2017-02-27T09:00:00",
      registered_at: "2017-03-01T10:15:00",
      document_number: "1234",
      modality: "ELECTRÓNICA",
    });
  });

  it("answers an empty list when the registry finds nothing", async () => {
    assert.deepEqual(await upstreams.commerceRegistry.searchByName("NADIE SA DE CV"), {
      status: "ok",
      value: [],
    });
  });

  it("answers unavailable for a cut registry body", async () => {
    await server.whileFailing("commerce-registry", "garbage", async () => {
      const answer = await upstreams.commerceRegistry.searchByName("OTRA SA");
      assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
    });
  });

  it("downloads the SEPOMEX catalog and reads its latin-1 letters", async () => {
    const answer = await upstreams.postalCatalog.download();
    assert.equal(answer.status, "ok");
    assert.equal(answer.value.length, 4);
    assert.deepEqual(answer.value[0], {
      zip: "01000",
      settlement: "San Ángel",
      settlementType: "Colonia",
      municipality: "Álvaro Obregón",
      state: "Ciudad de México",
      city: "Ciudad de México",
      stateCode: "09",
      municipalityCode: "010",
      zone: "Urbano",
    });
    assert.equal(answer.value[3].settlement, "La Peña");
  });

  it("answers unavailable for a cut SEPOMEX file", async () => {
    await server.whileFailing("postal-codes", "garbage", async () => {
      const answer = await upstreams.postalCatalog.download();
      assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
    });
  });
});
