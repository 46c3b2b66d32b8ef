/** SAT's contributor-list files (research §1.2), with the exact published names and folders. */
export type ListFolder = "Documents_AGR" | "Documents_AGAFF" | "Documents_AGGC";
export type ListArticle = "69" | "69-B" | "69-B Bis";
export type ListFileEntry = {
  file: string;
  folder: ListFolder;
  article: ListArticle;
  /** DESIGN §3.3 sub-list name; "completo" for the full 69-B / 69-B Bis files (per-row situation). */
  subList: string;
};

export const LIST_FILES: readonly ListFileEntry[] = [
  { file: "Firmes.csv", folder: "Documents_AGR", article: "69", subList: "firmes" },
  { file: "No_localizados.csv", folder: "Documents_AGR", article: "69", subList: "no localizados" },
  { file: "Cancelados.csv", folder: "Documents_AGR", article: "69", subList: "cancelados" },
  { file: "Exigibles.csv", folder: "Documents_AGR", article: "69", subList: "exigibles" },
  { file: "CSDsinefectos.csv", folder: "Documents_AGR", article: "69", subList: "csd sin efectos" },
  {
    file: "EntespublicosydeGobiernoomisos.csv",
    folder: "Documents_AGR",
    article: "69",
    subList: "entes públicos omisos",
  },
  { file: "Sentencias.csv", folder: "Documents_AGR", article: "69", subList: "sentencias" },
  { file: "Listado_completo_69-B.csv", folder: "Documents_AGAFF", article: "69-B", subList: "completo" },
  { file: "Definitivos.csv", folder: "Documents_AGAFF", article: "69-B", subList: "definitivos" },
  {
    file: "SentenciasFavorables.csv",
    folder: "Documents_AGAFF",
    article: "69-B",
    subList: "sentencias favorables",
  },
  { file: "Presuntos.csv", folder: "Documents_AGAFF", article: "69-B", subList: "presuntos" },
  { file: "Desvirtuados.csv", folder: "Documents_AGAFF", article: "69-B", subList: "desvirtuados" },
  {
    file: "Listado_69_B_Bis_Completo.csv",
    folder: "Documents_AGGC",
    article: "69-B Bis",
    subList: "completo",
  },
  {
    file: "Listado_69_B_Bis_Definitivo.csv",
    folder: "Documents_AGGC",
    article: "69-B Bis",
    subList: "definitivos",
  },
  {
    file: "Listado_69_B_Bis_SentenciaFa.csv",
    folder: "Documents_AGGC",
    article: "69-B Bis",
    subList: "sentencias favorables",
  },
];

/** Path under the blob container root, e.g. `Datos_abiertos/Documents_AGR/Firmes.csv`. */
export function listFilePath(entry: ListFileEntry): string {
  return `Datos_abiertos/${entry.folder}/${entry.file}`;
}

export function findListFile(file: string): ListFileEntry | undefined {
  return LIST_FILES.find((entry) => entry.file === file);
}
