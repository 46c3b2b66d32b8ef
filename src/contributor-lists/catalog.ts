import type { Article, SubList } from "./list-entry.ts";

/*
 * SAT's list files (research §1.2). The 69-B / 69-B Bis per-situation files are subsets of each article's
 * "complete" file, so only that one is synced (sub_list from its Situación cell; subsets imported by hand
 * are never stored alongside it: no double counting). Art. 69's seven files are lists of their own.
 */

const LIVE_LISTS_BASE_URL = "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/";

export type ListFileSpec = {
  /** Stable key for storage and CLI output, e.g. `69-B/completo`. */
  key: string;
  folder: typeof AGR | typeof AGAFF | typeof AGGC;
  fileName: string;
  article: Article;
  /** The file's list; null for a complete file, whose rows carry their own situation. */
  subList: SubList | null;
  /** Downloaded by `lists sync`; false for per-situation subsets of a complete file. */
  syncedByDefault: boolean;
  /** Other names the same file has had (legacy omawww spellings). */
  aliases: readonly string[];
};

const AGR = "Datos_abiertos/Documents_AGR";
const AGAFF = "Datos_abiertos/Documents_AGAFF";
const AGGC = "Datos_abiertos/Documents_AGGC";

function art69(key: string, fileName: string, subList: SubList, aliases: string[] = []): ListFileSpec {
  return { key: `69/${key}`, folder: AGR, fileName, article: "69", subList, syncedByDefault: true, aliases };
}

/** A 69-B / 69-B Bis file: the complete one (no sub-list) is synced, its per-situation subsets are not. */
function art69B(
  article: "69-B" | "69-B Bis",
  key: string,
  fileName: string,
  subList: SubList | null,
  aliases: string[] = [],
): ListFileSpec {
  return {
    key: `${article}/${key}`,
    folder: article === "69-B" ? AGAFF : AGGC,
    fileName,
    article,
    subList,
    syncedByDefault: subList === null,
    aliases,
  };
}

export const LIST_FILES: readonly ListFileSpec[] = [
  art69("firmes", "Firmes.csv", "firmes"),
  art69("no-localizados", "No_localizados.csv", "no localizados", ["No localizados.csv"]),
  art69("cancelados", "Cancelados.csv", "cancelados"),
  art69("exigibles", "Exigibles.csv", "exigibles"),
  art69("csd-sin-efectos", "CSDsinefectos.csv", "csd sin efectos"),
  art69("entes-publicos-omisos", "EntespublicosydeGobiernoomisos.csv", "entes públicos omisos"),
  art69("sentencias", "Sentencias.csv", "sentencias"),
  art69B("69-B", "completo", "Listado_completo_69-B.csv", null, ["Listado_Completo_69-B.csv"]),
  art69B("69-B", "definitivos", "Definitivos.csv", "definitivos"),
  art69B("69-B", "sentencias-favorables", "SentenciasFavorables.csv", "sentencias favorables"),
  art69B("69-B", "presuntos", "Presuntos.csv", "presuntos"),
  art69B("69-B", "desvirtuados", "Desvirtuados.csv", "desvirtuados"),
  art69B("69-B Bis", "completo", "Listado_69_B_Bis_Completo.csv", null),
  art69B("69-B Bis", "definitivos", "Listado_69_B_Bis_Definitivo.csv", "definitivos"),
  art69B("69-B Bis", "sentencias-favorables", "Listado_69_B_Bis_SentenciaFa.csv", "sentencias favorables"),
];

/**
 * An Art. 69 file whose name we don't know and whose header is the base one (shared by Firmes, No
 * localizados, Exigibles): each row's SUPUESTO names its list; rows with an empty SUPUESTO go to
 * firmes, the only file where SAT has published such rows (research §1.3–1.4). Never synced.
 */
export const ART69_BY_SUPUESTO: ListFileSpec = {
  ...art69("por-supuesto", "", "firmes"),
  syncedByDefault: false,
};

/** The file's URL under a base (SAT's live base by default, or the sandbox's). */
export function listFileUrl(file: ListFileSpec, baseUrl: string = LIVE_LISTS_BASE_URL): string {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return new URL(`${file.folder}/${encodeURIComponent(file.fileName)}`, base).toString();
}

export function syncedListFiles(): ListFileSpec[] {
  return LIST_FILES.filter((file) => file.syncedByDefault);
}

const CATALOG_ORDER = new Map(LIST_FILES.map((file, index) => [file.key, index]));
/** A list's place in the catalog (its entries are shown in this order); unknown lists come last. */
export const catalogOrderOf = (key: string): number => CATALOG_ORDER.get(key) ?? LIST_FILES.length;

const SYNCED_KEYS = syncedListFiles().map((file) => file.key);

/**
 * The lists a sync loads that `loaded` lacks, in catalog order. While any is missing, "in no list"
 * cannot be said: files imported by hand (per-situation subsets, Art. 69 by SUPUESTO) add entries only.
 */
export function listsMissingFrom(loaded: ReadonlySet<string>): string[] {
  return SYNCED_KEYS.filter((key) => !loaded.has(key));
}
