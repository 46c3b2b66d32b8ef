import { LIST_FILES as SAT_LIST_FILES } from "../../contributor-lists/catalog.ts";
import type { Article } from "../../contributor-lists/list-entry.ts";

/** SAT's contributor-list files (research §1.2), as padron's own catalog names them. */
export type ListFileEntry = {
  file: string;
  /** The folder under `Datos_abiertos/`, e.g. `Documents_AGR`. */
  folder: string;
  article: Article;
  /** DESIGN §3.3 sub-list name; "completo" for the full 69-B / 69-B Bis files (per-row situation). */
  subList: string;
};

export const LIST_FILES: readonly ListFileEntry[] = SAT_LIST_FILES.map((spec) => ({
  file: spec.fileName,
  folder: spec.folder.replace("Datos_abiertos/", ""),
  article: spec.article,
  subList: spec.subList ?? "completo",
}));

/** Path under the blob container root, e.g. `Datos_abiertos/Documents_AGR/Firmes.csv`. */
export function listFilePath(entry: ListFileEntry): string {
  return `Datos_abiertos/${entry.folder}/${entry.file}`;
}

export function findListFile(file: string): ListFileEntry | undefined {
  return LIST_FILES.find((entry) => entry.file === file);
}
