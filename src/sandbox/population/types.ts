/** The synthetic population the sandbox serves: plain data, indexed for the server. */
import type { FaultKind } from "../chaos/fault-plan.ts";
import type { Upstream } from "../chaos/upstreams.ts";
import type { SepomexRow } from "../formats/sepomex.ts";

export type Sex = "H" | "M";

export type PersonRecord = {
  rfc: string;
  curp: string;
  names: string;
  firstSurname: string;
  /** "" when the person has a single surname. */
  secondSurname: string;
  sex: Sex;
  /** YYYY-MM-DD */
  birthDate: string;
  /** CURP entity code of birth (e.g. DF, JC, NE). */
  birthEntity: string;
  /** RENAPO statusCurp: AN, AH, RCN, RCC, CRA, or a B… (baja) code. */
  renapoStatus: string;
};

export type CertificateType = "FIEL" | "SELLO";
export type CertificateStatus = "Activo" | "Caduco" | "Revocado";

export type CertificateRecord = {
  serial: string;
  type: CertificateType;
  status: CertificateStatus;
  /** ISO 8601 UTC */
  validFrom: string;
  validTo: string;
  /** The public file store answers 404 for it (old serials). */
  fileMissing: boolean;
  /** OU of a SELLO. */
  branch?: string;
};

export type ListMembership = {
  file: string;
  /** SUPUESTO / Situación del contribuyente written in the file. */
  situation: string;
};

export type Taxpayer = {
  rfc: string;
  personType: "M" | "F";
  /** Name as the certificates carry it: upper case, no accents, legal form without dots for companies. */
  name: string;
  /** Name registered in the padrón (CFDI 4.0: without the régimen de capital). */
  padronName: string;
  /** Legal form of a company as written in `name` (e.g. "SA DE CV"); "" for individuals. */
  legalForm: string;
  zip: string;
  email: string;
  /** Date of birth or incorporation, YYYY-MM-DD. */
  foundedOn: string;
  /** The individual (persona física). */
  person?: PersonRecord;
  /** A company's legal representative. */
  legalRepresentative?: PersonRecord;
  /** False when the individual's certificates carry no CURP (individual_without_curp). */
  certificatesCarryCurp: boolean;
  certificates: CertificateRecord[];
  lists: ListMembership[];
  /** Commerce-registry folios for a company (0 = no match); generated lazily from the RFC. */
  registryFolioCount: number;
  /** Every folio is in a state the registry reader does not cover. */
  registryUnsupportedOnly: boolean;
  /** Padrón status: a cancelled RFC still has its old certificates but the padrón no longer knows it. */
  padronStatus: "activo" | "cancelado";
  /** How SAT's registered-RFC and certificate lists show it, when a scenario fixes that. */
  registration?: RegistrationFacts;
  /** What its CSF page shows, when a scenario fixes that (else ACTIVO and regimes by person type). */
  csf?: { status?: string; regimes?: string[] };
};

/** A scenario's place in l_RFC and LCO; otherwise flags and absences follow from the RFC's hash. */
type RegistrationFacts = {
  sncf?: boolean;
  subcontracting?: boolean;
  /** Off the list on the dates whose day number modulo `period` is `phase` (removed, then restored). */
  absent?: { period: number; phase: number };
  /** ValidezObligaciones of its CSDs in LCO (default 1). */
  obligations?: number;
};

/** A magic identifier: when an upstream sees it, that upstream fails this way. */
export type MagicFault = { upstream: Upstream; kind: FaultKind };

export type PostalCatalog = {
  rows: SepomexRow[];
  /** Distinct postal codes, sorted. */
  codes: string[];
};

export type Population = {
  seed: number;
  size: number;
  /** Reference date for certificate status and list dates (fixed, so answers never drift). */
  asOf: Date;
  taxpayers: Taxpayer[];
  byRfc: Map<string, Taxpayer>;
  /** CURP → person (individuals and legal representatives). */
  personsByCurp: Map<string, PersonRecord>;
  bySerial: Map<string, { taxpayer: Taxpayer; certificate: CertificateRecord }>;
  /** registryNameKey(name) → companies with that name. */
  byRegistryName: Map<string, Taxpayer[]>;
  postalCatalog: PostalCatalog;
  /** RFC, CURP or registry name key → fault. */
  magicFaults: Map<string, MagicFault>;
  scenarios: ScenarioSeed[];
  /** The scenarios' RFCs. */
  scenarioRfcs: ReadonlySet<string>;
};

/** A scenario before its `expect` is computed from the population. */
export type ScenarioSeed = {
  rfc: string;
  tags: string[];
  name?: string;
  zip?: string;
  curp?: string;
  /** The idCIF to send with the RFC for its CSF page (the taxpayer's own, or a wrong one). */
  id_cif?: string;
};
