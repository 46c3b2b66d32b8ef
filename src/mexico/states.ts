/**
 * A state: INEGI code (SEPOMEX `c_estado`, RENAPO `claveEntidadRegistro`), CURP code (research §3.5),
 * SEPOMEX name, upper case unaccented as SAT and RENAPO write it, postal-code prefixes `first`..`last`
 * (research §7; the unconfirmed gaps filled in).
 */
const state = (
  inegi: string,
  curp: string,
  name: string,
  upperName: string,
  first: number,
  last = first,
) => ({
  inegi,
  curp,
  name,
  upperName,
  postalPrefixes: Array.from({ length: last - first + 1 }, (_, i) => String(first + i).padStart(2, "0")),
});

export type MexicanState = ReturnType<typeof state>;

export const STATES: readonly MexicanState[] = [
  state("01", "AS", "Aguascalientes", "AGUASCALIENTES", 20),
  state("02", "BC", "Baja California", "BAJA CALIFORNIA", 21, 22),
  state("03", "BS", "Baja California Sur", "BAJA CALIFORNIA SUR", 23),
  state("04", "CC", "Campeche", "CAMPECHE", 24),
  state("05", "CL", "Coahuila de Zaragoza", "COAHUILA", 25, 27),
  state("06", "CM", "Colima", "COLIMA", 28),
  state("07", "CS", "Chiapas", "CHIAPAS", 29, 30),
  state("08", "CH", "Chihuahua", "CHIHUAHUA", 31, 33),
  state("09", "DF", "Ciudad de México", "CIUDAD DE MEXICO", 0, 16),
  state("10", "DG", "Durango", "DURANGO", 34, 35),
  state("11", "GT", "Guanajuato", "GUANAJUATO", 36, 38),
  state("12", "GR", "Guerrero", "GUERRERO", 39, 41),
  state("13", "HG", "Hidalgo", "HIDALGO", 42, 43),
  state("14", "JC", "Jalisco", "JALISCO", 44, 49),
  state("15", "MC", "México", "MEXICO", 50, 57),
  state("16", "MN", "Michoacán de Ocampo", "MICHOACAN", 58, 61),
  state("17", "MS", "Morelos", "MORELOS", 62),
  state("18", "NT", "Nayarit", "NAYARIT", 63),
  state("19", "NL", "Nuevo León", "NUEVO LEON", 64, 67),
  state("20", "OC", "Oaxaca", "OAXACA", 68, 71),
  state("21", "PL", "Puebla", "PUEBLA", 72, 75),
  state("22", "QT", "Querétaro", "QUERETARO", 76),
  state("23", "QR", "Quintana Roo", "QUINTANA ROO", 77),
  state("24", "SP", "San Luis Potosí", "SAN LUIS POTOSI", 78, 79),
  state("25", "SL", "Sinaloa", "SINALOA", 80, 82),
  state("26", "SR", "Sonora", "SONORA", 83, 85),
  state("27", "TC", "Tabasco", "TABASCO", 86),
  state("28", "TS", "Tamaulipas", "TAMAULIPAS", 87, 89),
  state("29", "TL", "Tlaxcala", "TLAXCALA", 90),
  state("30", "VZ", "Veracruz de Ignacio de la Llave", "VERACRUZ", 91, 96),
  state("31", "YN", "Yucatán", "YUCATAN", 97),
  state("32", "ZS", "Zacatecas", "ZACATECAS", 98, 99),
];

/** CURP code for people born abroad; not a state. */
export const CURP_BORN_ABROAD = "NE";
