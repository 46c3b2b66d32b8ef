import { ART69_BY_SUPUESTO, LIST_FILES, type ListFileSpec } from "./catalog.ts";
import { normalizeHeaderCell } from "./normalize-header-cell.ts";

function byKey(key: string): ListFileSpec {
  const file = LIST_FILES.find((candidate) => candidate.key === key);
  if (!file) throw new Error(`no list file ${key} in the catalog`);
  return file;
}

function normalizeFileName(path: string): string {
  const base = path.split(/[\\/]/).pop()?.split("?")[0] ?? "";
  let decoded = base;
  try {
    decoded = decodeURIComponent(base);
  } catch {}
  return decoded
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\.csv$/, "")
    .replace(/[^a-z0-9]/g, "");
}

function recognizeByFileName(fileName: string): ListFileSpec | null {
  const wanted = normalizeFileName(fileName);
  if (!wanted) return null;
  return (
    LIST_FILES.find((file) =>
      [file.fileName, ...file.aliases].some((name) => normalizeFileName(name) === wanted),
    ) ?? null
  );
}

/** Only headers that differ between files tell them apart; Firmes, No localizados and Exigibles share one. */
export function recognizeByHeader(header: readonly string[]): ListFileSpec | null {
  const cells = header.map(normalizeHeaderCell);
  const has = (name: string) => cells.includes(name);
  if (has("SITUACION DEL CONTRIBUYENTE")) {
    return cells.some((cell) => cell.includes("PRESUNCION"))
      ? byKey("69-B/completo")
      : byKey("69-B Bis/completo");
  }
  if (has("SUPUESTO DE CANCELACION CSD")) return byKey("69/csd-sin-efectos");
  if (has("EJERCICIO") || has("PERIODO")) return byKey("69/entes-publicos-omisos");
  if (has("MONTO") || has("FECHA DE CANCELACION")) return byKey("69/cancelados");
  if (has("FECHAS DE PRIMERA PUBLICACION")) return byKey("69/sentencias");
  if (has("RFC") && has("SUPUESTO")) return ART69_BY_SUPUESTO;
  return null;
}

/** The file's name decides; its header overrides a name that points at another article. */
export function recognizeListFile(fileName: string, header: readonly string[] = []): ListFileSpec | null {
  const fromName = recognizeByFileName(fileName);
  const fromHeader = recognizeByHeader(header);
  if (fromName && (!fromHeader || fromHeader.article === fromName.article)) return fromName;
  return fromHeader ?? fromName;
}
