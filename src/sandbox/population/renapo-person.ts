import { normalizeName } from "../../mexico/normalize-name.ts";
import { STATES } from "../../mexico/states.ts";
import { createRng, pick, randomInt } from "../chaos/rng.ts";
import type { RenapoPerson } from "../formats/renapo.ts";
import { MUNICIPALITY_NAMES } from "./spanish-names.ts";
import type { PersonRecord } from "./types.ts";

/** What RENAPO holds for a person: the CURP data plus a birth-certificate record (docProbatorio 1). */
export function renapoPersonFor(person: PersonRecord): RenapoPerson {
  const state = STATES.find((s) => s.curp === person.birthEntity);
  const [year, month, day] = person.birthDate.split("-");
  const random = createRng(`renapo:${person.curp}`);
  const bornAbroad = state === undefined;
  return {
    curp: person.curp,
    names: person.names,
    firstSurname: person.firstSurname,
    secondSurname: person.secondSurname,
    sex: person.sex === "H" ? "HOMBRE" : "MUJER",
    birthDate: `${day}/${month}/${year}`,
    entityCode: person.birthEntity,
    entityName: state?.upperName ?? "NACIDO EN EL EXTRANJERO",
    status: person.renapoStatus,
    nationality: bornAbroad ? "ESTADOS UNIDOS DE AMERICA" : "MEXICO",
    probationDocument: bornAbroad ? 3 : 1,
    probationDocumentData: bornAbroad
      ? {}
      : {
          entidadRegistro: state.upperName,
          tomo: "",
          claveMunicipioRegistro: String(randomInt(random, 1, 120)).padStart(3, "0"),
          anioReg: String(Number(year) + randomInt(random, 0, 2)),
          claveEntidadRegistro: state.inegi,
          foja: "",
          numActa: String(randomInt(random, 1, 9999)).padStart(5, "0"),
          libro: "",
          municipioRegistro: normalizeName(pick(random, MUNICIPALITY_NAMES)),
        },
  };
}
