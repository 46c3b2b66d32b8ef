export type MexicanState = {
  /** INEGI two-digit code (SEPOMEX `c_estado`, RENAPO `claveEntidadRegistro`). */
  inegi: string;
  /** CURP entity code (research §3.5). */
  curp: string;
  /** SEPOMEX spelling. */
  name: string;
  /** Upper case without accents, as SAT lists and RENAPO write it. */
  upperName: string;
  /** First two digits of its postal codes (research §7; the unconfirmed gaps filled in). */
  postalPrefixes: readonly string[];
};

function range(from: number, to: number): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(2, "0"));
  return out;
}

export const STATES: readonly MexicanState[] = [
  { inegi: "01", curp: "AS", name: "Aguascalientes", upperName: "AGUASCALIENTES", postalPrefixes: ["20"] },
  {
    inegi: "02",
    curp: "BC",
    name: "Baja California",
    upperName: "BAJA CALIFORNIA",
    postalPrefixes: range(21, 22),
  },
  {
    inegi: "03",
    curp: "BS",
    name: "Baja California Sur",
    upperName: "BAJA CALIFORNIA SUR",
    postalPrefixes: ["23"],
  },
  { inegi: "04", curp: "CC", name: "Campeche", upperName: "CAMPECHE", postalPrefixes: ["24"] },
  {
    inegi: "05",
    curp: "CL",
    name: "Coahuila de Zaragoza",
    upperName: "COAHUILA",
    postalPrefixes: range(25, 27),
  },
  { inegi: "06", curp: "CM", name: "Colima", upperName: "COLIMA", postalPrefixes: ["28"] },
  { inegi: "07", curp: "CS", name: "Chiapas", upperName: "CHIAPAS", postalPrefixes: range(29, 30) },
  { inegi: "08", curp: "CH", name: "Chihuahua", upperName: "CHIHUAHUA", postalPrefixes: range(31, 33) },
  {
    inegi: "09",
    curp: "DF",
    name: "Ciudad de México",
    upperName: "CIUDAD DE MEXICO",
    postalPrefixes: range(0, 16),
  },
  { inegi: "10", curp: "DG", name: "Durango", upperName: "DURANGO", postalPrefixes: range(34, 35) },
  { inegi: "11", curp: "GT", name: "Guanajuato", upperName: "GUANAJUATO", postalPrefixes: range(36, 38) },
  { inegi: "12", curp: "GR", name: "Guerrero", upperName: "GUERRERO", postalPrefixes: range(39, 41) },
  { inegi: "13", curp: "HG", name: "Hidalgo", upperName: "HIDALGO", postalPrefixes: range(42, 43) },
  { inegi: "14", curp: "JC", name: "Jalisco", upperName: "JALISCO", postalPrefixes: range(44, 49) },
  { inegi: "15", curp: "MC", name: "México", upperName: "MEXICO", postalPrefixes: range(50, 57) },
  {
    inegi: "16",
    curp: "MN",
    name: "Michoacán de Ocampo",
    upperName: "MICHOACAN",
    postalPrefixes: range(58, 61),
  },
  { inegi: "17", curp: "MS", name: "Morelos", upperName: "MORELOS", postalPrefixes: ["62"] },
  { inegi: "18", curp: "NT", name: "Nayarit", upperName: "NAYARIT", postalPrefixes: ["63"] },
  { inegi: "19", curp: "NL", name: "Nuevo León", upperName: "NUEVO LEON", postalPrefixes: range(64, 67) },
  { inegi: "20", curp: "OC", name: "Oaxaca", upperName: "OAXACA", postalPrefixes: range(68, 71) },
  { inegi: "21", curp: "PL", name: "Puebla", upperName: "PUEBLA", postalPrefixes: range(72, 75) },
  { inegi: "22", curp: "QT", name: "Querétaro", upperName: "QUERETARO", postalPrefixes: ["76"] },
  { inegi: "23", curp: "QR", name: "Quintana Roo", upperName: "QUINTANA ROO", postalPrefixes: ["77"] },
  {
    inegi: "24",
    curp: "SP",
    name: "San Luis Potosí",
    upperName: "SAN LUIS POTOSI",
    postalPrefixes: range(78, 79),
  },
  { inegi: "25", curp: "SL", name: "Sinaloa", upperName: "SINALOA", postalPrefixes: range(80, 82) },
  { inegi: "26", curp: "SR", name: "Sonora", upperName: "SONORA", postalPrefixes: range(83, 85) },
  { inegi: "27", curp: "TC", name: "Tabasco", upperName: "TABASCO", postalPrefixes: ["86"] },
  { inegi: "28", curp: "TS", name: "Tamaulipas", upperName: "TAMAULIPAS", postalPrefixes: range(87, 89) },
  { inegi: "29", curp: "TL", name: "Tlaxcala", upperName: "TLAXCALA", postalPrefixes: ["90"] },
  {
    inegi: "30",
    curp: "VZ",
    name: "Veracruz de Ignacio de la Llave",
    upperName: "VERACRUZ",
    postalPrefixes: range(91, 96),
  },
  { inegi: "31", curp: "YN", name: "Yucatán", upperName: "YUCATAN", postalPrefixes: ["97"] },
  { inegi: "32", curp: "ZS", name: "Zacatecas", upperName: "ZACATECAS", postalPrefixes: range(98, 99) },
];

/** CURP code for people born abroad; not a state. */
export const CURP_BORN_ABROAD = "NE";

export const CURP_ENTITY_CODES: ReadonlySet<string> = new Set([
  ...STATES.map((s) => s.curp),
  CURP_BORN_ABROAD,
]);
