/** SAT's contributor-list files (research §1.2), with the exact published names and folders. */
export type ListFileEntry = {
  file: string;
  folder: "Documents_AGR" | "Documents_AGAFF" | "Documents_AGGC";
  article: "69" | "69-B" | "69-B Bis";
  /** DESIGN §3.3 sub-list name; "completo" for the full 69-B / 69-B Bis files (per-row situation). */
  subList: string;
};

const inFolder =
  (folder: ListFileEntry["folder"], article: ListFileEntry["article"]) =>
  (file: string, subList: string): ListFileEntry => ({ file, folder, article, subList });
const art69 = inFolder("Documents_AGR", "69");
const art69B = inFolder("Documents_AGAFF", "69-B");
const art69BBis = inFolder("Documents_AGGC", "69-B Bis");

export const LIST_FILES: readonly ListFileEntry[] = [
  art69("Firmes.csv", "firmes"),
  art69("No_localizados.csv", "no localizados"),
  art69("Cancelados.csv", "cancelados"),
  art69("Exigibles.csv", "exigibles"),
  art69("CSDsinefectos.csv", "csd sin efectos"),
  art69("EntespublicosydeGobiernoomisos.csv", "entes públicos omisos"),
  art69("Sentencias.csv", "sentencias"),
  art69B("Listado_completo_69-B.csv", "completo"),
  art69B("Definitivos.csv", "definitivos"),
  art69B("SentenciasFavorables.csv", "sentencias favorables"),
  art69B("Presuntos.csv", "presuntos"),
  art69B("Desvirtuados.csv", "desvirtuados"),
  art69BBis("Listado_69_B_Bis_Completo.csv", "completo"),
  art69BBis("Listado_69_B_Bis_Definitivo.csv", "definitivos"),
  art69BBis("Listado_69_B_Bis_SentenciaFa.csv", "sentencias favorables"),
];

/** Path under the blob container root, e.g. `Datos_abiertos/Documents_AGR/Firmes.csv`. */
export function listFilePath(entry: ListFileEntry): string {
  return `Datos_abiertos/${entry.folder}/${entry.file}`;
}

export function findListFile(file: string): ListFileEntry | undefined {
  return LIST_FILES.find((entry) => entry.file === file);
}
