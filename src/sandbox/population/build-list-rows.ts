import { stateOfPostalCode } from "../../mexico/postal-code-state.ts";
import { chance, createRng, pick, type Rng, randomDate, randomInt } from "../chaos/rng.ts";
import { findListFile } from "../formats/list-files.ts";
import type { ListRow, ProceedingStage } from "../formats/list-row.ts";
import { spanishLongDate } from "../formats/list-schemas-69b.ts";
import { DOTTED_LEGAL_FORMS } from "./spanish-names.ts";
import type { Population, Taxpayer } from "./types.ts";

export const SUPPRESSED_RFC = "XXXXXXXXXXXX";
const SUPPRESSED_NAME =
  "Información suprimida en cumplimiento a la declaratoria de nulidad emitida por la Segunda Sala Regional Hidalgo México.";

const FIRST_LISTED = new Date(Date.UTC(2014, 0, 1));
const ddmmyyyy = (date: Date) => date.toISOString().slice(0, 10).split("-").reverse().join("/");

/** 69-B files spell the legal form with dots after a comma: `ASESORES …, S.A. DE C.V.` */
function name69B(taxpayer: Taxpayer): string {
  if (!taxpayer.legalForm) return taxpayer.padronName;
  return `${taxpayer.padronName}, ${DOTTED_LEGAL_FORMS[taxpayer.legalForm] ?? taxpayer.legalForm}`;
}

function oficio(random: Rng, date: Date, office = "500-05"): string {
  const number = randomInt(random, 1000, 45_000);
  const style = randomInt(random, 0, 9);
  const long = spanishLongDate(date).replace(/^(\d) /, "0$1 ");
  if (style === 0) return `${office.replace("-", " ")} ${date.getUTCFullYear()} ${number} de fecha ${long}`;
  return `${office}-${date.getUTCFullYear()}-${number} de fecha ${long}`;
}

function stage(random: Rng, date: Date, office?: string): ProceedingStage {
  const text = oficio(random, date, office);
  const dof = new Date(date.getTime() + randomInt(random, 7, 40) * 86_400_000);
  // Real files hold odd date cells: Excel serials and two dates in one cell (research §1.3).
  const dofCell = chance(random, 0.03)
    ? String(Math.round(dof.getTime() / 86_400_000) + 25_569)
    : ddmmyyyy(dof);
  const satCell = chance(random, 0.02)
    ? `${ddmmyyyy(date)} - ${ddmmyyyy(new Date(date.getTime() - randomInt(random, 30, 400) * 86_400_000))}`
    : ddmmyyyy(date);
  return { sat: { oficio: text, published: satCell }, dof: { oficio: text, published: dofCell } };
}

function proceedings(random: Rng, situation: string, asOf: Date, bis: boolean): Partial<ListRow> {
  const start = randomDate(random, FIRST_LISTED, new Date(asOf.getTime() - 400 * 86_400_000));
  const later = (from: Date) => randomDate(random, new Date(from.getTime() + 60 * 86_400_000), asOf);
  if (bis) {
    const definitive = stage(random, start, "900-04-00-00-00");
    if (situation !== "Sentencia Favorable") return { definitive };
    return { definitive, favorableRuling: stage(random, later(start), "900-04-00-00-00") };
  }
  const presumption = stage(random, start);
  if (situation === "Presunto") return { presumption };
  if (situation === "Desvirtuado") return { presumption, refuted: stage(random, later(start)) };
  const definitiveDate = later(start);
  const definitive = stage(random, definitiveDate);
  if (situation === "Definitivo") return { presumption, definitive };
  return { presumption, definitive, favorableRuling: stage(random, later(definitiveDate)) };
}

function art69Row(random: Rng, taxpayer: Taxpayer, file: string, situation: string, asOf: Date): ListRow {
  const published = randomDate(random, FIRST_LISTED, asOf);
  const row: ListRow = {
    rfc: taxpayer.rfc,
    name: taxpayer.name,
    personType: chance(random, 0.02) ? "" : taxpayer.personType,
    situation: chance(random, 0.01) && file === "Firmes.csv" ? "" : situation,
    publishedDate: ddmmyyyy(published),
    state: stateOfPostalCode(taxpayer.zip)?.upperName ?? "",
  };
  if (file === "Cancelados.csv") {
    row.cancelledDate = ddmmyyyy(randomDate(random, new Date(Date.UTC(2010, 0, 1)), published));
    row.amount = `$${randomInt(random, 100, 2_500_000).toLocaleString("en-US")}`;
  }
  if (file === "CSDsinefectos.csv") {
    row.certificateSerial = taxpayer.certificates.find((c) => c.type === "SELLO")?.serial ?? "";
    row.cancelledDate = row.publishedDate;
  }
  if (file === "EntespublicosydeGobiernoomisos.csv") {
    row.fiscalYear = String(published.getUTCFullYear() - 1);
    row.period = pick(random, ["ANUAL", "ENERO", "JUNIO", "DICIEMBRE"]);
  }
  return row;
}

function suppressedArt69Row(random: Rng, asOf: Date): ListRow {
  const published = ddmmyyyy(randomDate(random, FIRST_LISTED, asOf));
  return {
    rfc: SUPPRESSED_RFC,
    name: SUPPRESSED_NAME,
    personType: "M",
    situation: "",
    publishedDate: published,
    state: "",
  };
}

/**
 * The rows of one list file, sorted by RFC like SAT's, with the real gotchas: in 69-B and 69-B Bis files
 * a quoted newline in the first company's name, a repeated RFC now and then and suppressed rows.
 */
export function buildListRows(population: Population, file: string): ListRow[] {
  const entry = findListFile(file);
  if (!entry) throw new Error(`not a list file: ${file}`);
  const random = createRng(`lists:${population.seed}:${file}`);
  const members = population.taxpayers
    .flatMap((taxpayer) =>
      taxpayer.lists.filter((m) => m.file === file).map((m) => ({ taxpayer, situation: m.situation })),
    )
    .sort((a, b) => (a.taxpayer.rfc < b.taxpayer.rfc ? -1 : 1));
  if (entry.article === "69") {
    // SAT's lists are never empty (padron refuses one that is): a small population's gets one suppressed row.
    if (members.length === 0) return [suppressedArt69Row(random, population.asOf)];
    return members.map((m) => art69Row(random, m.taxpayer, file, m.situation, population.asOf));
  }

  const bis = entry.article === "69-B Bis";
  const rows: ListRow[] = [];
  let splitDone = false;
  for (const { taxpayer, situation } of members) {
    let name = name69B(taxpayer);
    if (!splitDone && taxpayer.legalForm) {
      name = name.replace(", ", ", \n");
      splitDone = true;
    }
    const copies = !bis && chance(random, 0.03) ? 2 : 1;
    for (let i = 0; i < copies; i++)
      rows.push({
        rfc: taxpayer.rfc,
        name,
        situation,
        ...proceedings(random, situation, population.asOf, bis),
      });
  }
  const suppressedSituation = bis ? "Definitivo" : (members[0]?.situation ?? "Presunto");
  const suppressedCount = bis ? 1 : Math.max(1, Math.round(rows.length / 150));
  for (let i = 0; i < suppressedCount; i++) {
    const at = randomInt(random, 0, rows.length);
    rows.splice(at, 0, {
      rfc: SUPPRESSED_RFC,
      name: SUPPRESSED_NAME,
      situation: suppressedSituation,
      ...proceedings(random, suppressedSituation, population.asOf, bis),
    });
  }
  return rows.map((row, index) => ({ ...row, number: String(index + 1) }));
}
