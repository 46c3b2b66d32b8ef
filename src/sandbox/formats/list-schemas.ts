import type { ListSchema } from "./list-schema.ts";
import {
  art69Base,
  art69Cancelados,
  art69CsdSinEfectos,
  art69EntesPublicos,
  art69Sentencias,
} from "./list-schemas-69.ts";
import { art69b, art69bBis, art69bPresuntos } from "./list-schemas-69b.ts";

export type { ListSchema } from "./list-schema.ts";

/** Schema per official file name. Sub-file titles (line 1) other than the two complete lists are inferred. */
export const LIST_SCHEMAS: Readonly<Record<string, ListSchema>> = {
  "Firmes.csv": art69Base,
  "No_localizados.csv": art69Base,
  "Exigibles.csv": art69Base,
  "Sentencias.csv": art69Sentencias,
  "Cancelados.csv": art69Cancelados,
  "EntespublicosydeGobiernoomisos.csv": art69EntesPublicos,
  "CSDsinefectos.csv": art69CsdSinEfectos,
  "Listado_completo_69-B.csv": art69b("Listado completo de contribuyentes (Artículo 69-B del CFF)"),
  "Definitivos.csv": art69b("Listado de contribuyentes definitivos (Artículo 69-B del CFF)"),
  "SentenciasFavorables.csv": art69b(
    "Listado de contribuyentes con sentencia favorable (Artículo 69-B del CFF)",
  ),
  "Desvirtuados.csv": art69b("Listado de contribuyentes que desvirtuaron (Artículo 69-B del CFF)"),
  "Presuntos.csv": art69bPresuntos,
  "Listado_69_B_Bis_Completo.csv": art69bBis("Listado completo 69-B Bis"),
  "Listado_69_B_Bis_Definitivo.csv": art69bBis("Listado 69-B Bis definitivos"),
  "Listado_69_B_Bis_SentenciaFa.csv": art69bBis("Listado 69-B Bis sentencia favorable"),
};
