import { chance, pick, type Rng, weighted } from "../chaos/rng.ts";
import type { ListMembership, Taxpayer } from "./types.ts";

const B69_FILES: Readonly<Record<string, string>> = {
  Presunto: "Presuntos.csv",
  Definitivo: "Definitivos.csv",
  Desvirtuado: "Desvirtuados.csv",
  "Sentencia Favorable": "SentenciasFavorables.csv",
};

const B69_SITUATIONS = [
  ["Definitivo", 78],
  ["Sentencia Favorable", 12],
  ["Presunto", 6],
  ["Desvirtuado", 4],
] as const;
const CANCELLATIONS = ["CANCELADOS POR INCOSTEABILIDAD", "CANCELADOS POR INSOLVENCIA", "CANCELADOS"];
const CSD_FRACTIONS = ["FRACCION X", "FRACCION XI", "FRACCION XII"];

/** 69-B membership: the full file plus the file of its situation. */
export function memberships69B(situation: string): ListMembership[] {
  return [
    { file: "Listado_completo_69-B.csv", situation },
    { file: B69_FILES[situation], situation },
  ];
}

/** Random memberships with shares close to the real lists' proportions (research §1.2), a little denser. */
export function generateListMemberships(random: Rng, taxpayer: Taxpayer): ListMembership[] {
  const lists: ListMembership[] = [];
  if (chance(random, 0.015)) lists.push({ file: "Firmes.csv", situation: "FIRMES" });
  if (chance(random, 0.005)) lists.push({ file: "No_localizados.csv", situation: "NO LOCALIZADOS" });
  if (chance(random, 0.01)) lists.push({ file: "Cancelados.csv", situation: pick(random, CANCELLATIONS) });
  if (chance(random, 0.003)) lists.push({ file: "Exigibles.csv", situation: "EXIGIBLES" });
  if (chance(random, 0.003)) lists.push({ file: "Sentencias.csv", situation: "SENTENCIAS" });
  if (taxpayer.certificates.some((c) => c.type === "SELLO") && chance(random, 0.003))
    lists.push({ file: "CSDsinefectos.csv", situation: pick(random, CSD_FRACTIONS) });
  if (taxpayer.personType === "M" && chance(random, 0.001))
    lists.push({ file: "EntespublicosydeGobiernoomisos.csv", situation: "OMISOS" });
  if (chance(random, 0.012)) lists.push(...memberships69B(weighted(random, B69_SITUATIONS)));
  if (taxpayer.personType === "M" && chance(random, 0.0004)) {
    const situation = chance(random, 0.7) ? "Definitivo" : "Sentencia Favorable";
    const file =
      situation === "Definitivo" ? "Listado_69_B_Bis_Definitivo.csv" : "Listado_69_B_Bis_SentenciaFa.csv";
    lists.push({ file: "Listado_69_B_Bis_Completo.csv", situation }, { file, situation });
  }
  return lists;
}
