// Spanish result messages. SAT's own legends come verbatim from the padrón answer; these cover the rest.

export const MESSAGES = {
  satUnreachable:
    "No fue posible consultar al SAT en este momento; el resultado es desconocido, intente más tarde.",
  catalogUnavailable:
    "El catálogo de códigos postales no está disponible; el resultado es desconocido, intente más tarde.",
  zipNotInCatalog:
    "El RFC y el nombre coinciden con el padrón, pero ningún código postal del catálogo coincide con el registrado.",
  profileFound: "Contribuyente con certificados publicados por el SAT.",
  profileNotFound: "El SAT no tiene certificados publicados para este RFC.",
  registryUnreachable:
    "No fue posible consultar el Registro Público de Comercio; el resultado es desconocido, intente más tarde.",
  registryNoName:
    "El SAT no tiene un nombre registrado para este RFC; no se pudo buscar en el Registro Público de Comercio.",
  registryNoMatch: "No se encontró ningún folio mercantil con ese nombre y RFC.",
  registryFound: (count: number) =>
    count === 1 ? "Se encontró 1 folio mercantil." : `Se encontraron ${count} folios mercantiles.`,
  registryAllUnsupported:
    "Todos los folios encontrados están en un estado que el servicio aún no lee; solo se muestran folio, nombre y oficina registral.",
  csfPairNotFound:
    "No se encontró información de la cédula de identificación fiscal para los datos proporcionados (RFC e idCIF).",
  nameMismatch: (legend: string, registered: string | null) =>
    registered ? `${legend}. Nombre registrado: ${registered}` : legend,
} as const;
