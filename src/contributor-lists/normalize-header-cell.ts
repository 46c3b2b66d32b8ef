/** `" Razón  social "` → `"RAZON SOCIAL"`, `"No."` → `"NO"`: SAT spells the same header several ways. */
export function normalizeHeaderCell(cell: string): string {
  return cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.$/, "");
}
