import type { FastifyInstance } from "fastify";
import { normalizeRfc } from "../../mexico/normalize-rfc.ts";
import { buildCsfInvalidPage, buildCsfPage, satDate } from "../formats/csf-page.ts";
import { buildCsfPdf } from "../formats/csf-pdf.ts";
import { csfFactsOf, idCifOf } from "../population/csf-facts.ts";
import type { Population, Taxpayer } from "../population/types.ts";
import { type SimulationContext, simulateUpstream } from "../simulate-upstream.ts";

type Query = { D1?: string; D2?: string; D3?: string };

/** SAT's CSF page at SAT's own path, and a Constancia PDF per taxpayer (docs/sandbox.md, "CSF"). */
export function registerCsfRoutes(app: FastifyInstance, ctx: SimulationContext): void {
  app.get<{ Querystring: Query }>("/app/qr/faces/pages/mobile/validadorqr.jsf", (request, reply) => {
    const { D1, D2, D3 = "" } = request.query;
    const split = D3.indexOf("_");
    const idCif = D3.slice(0, Math.max(split, 0));
    const rfc = normalizeRfc(D3.slice(split + 1));
    return simulateUpstream(ctx, { upstream: "sat-csf", identifiers: [rfc] }, request, reply, () => {
      const taxpayer = ctx.population.byRfc.get(rfc);
      const valid = D1 === "10" && D2 === "1" && split > 0 && taxpayer && idCifOf(rfc) === idCif;
      const html = valid ? pageOf(ctx.population, taxpayer) : buildCsfInvalidPage();
      return reply.header("content-type", "text/html;charset=UTF-8").send(html);
    });
  });

  // `?omit=id_cif` or `?omit=rfc` leaves that line out, to try the API's 422.
  app.get<{ Params: { rfc: string }; Querystring: { omit?: string } }>("/csf/:rfc.pdf", (request, reply) => {
    const taxpayer = ctx.population.byRfc.get(normalizeRfc(request.params.rfc));
    if (!taxpayer) return reply.code(404).send({ error: "no sandbox taxpayer has this RFC" });
    const lines = [
      "CONSTANCIA DE SITUACIÓN FISCAL",
      `Lugar y Fecha de Emisión: ${satDate(ctx.population.asOf.toISOString().slice(0, 10))}`,
      request.query.omit === "id_cif" ? "" : `idCIF: ${idCifOf(taxpayer.rfc)}`,
      "Datos de Identificación del Contribuyente:",
      request.query.omit === "rfc" ? "" : `RFC: ${taxpayer.rfc}`,
      `${taxpayer.personType === "M" ? "Denominación/Razón Social" : "Nombre (s)"}: ${taxpayer.padronName}`,
      `Código Postal: ${taxpayer.zip}`,
    ];
    return reply.header("content-type", "application/pdf").send(buildCsfPdf(lines.filter(Boolean)));
  });
}

function pageOf(population: Population, taxpayer: Taxpayer): string {
  const facts = csfFactsOf(population, taxpayer);
  const person = taxpayer.person;
  const identification: [string, string][] = person
    ? [
        ["CURP", person.curp],
        ["Nombre", person.names],
        ["Apellido Paterno", person.firstSurname],
        ["Apellido Materno", person.secondSurname],
        ["Fecha Nacimiento", satDate(person.birthDate)],
      ]
    : [
        ["Denominación o Razón Social", taxpayer.padronName],
        ["Régimen de capital", taxpayer.legalForm],
        ["Fecha de constitución", satDate(taxpayer.foundedOn)],
      ];
  return buildCsfPage(taxpayer.rfc, {
    identification: [
      ...identification,
      ["Fecha de Inicio de operaciones", satDate(facts.operationsStart)],
      ["Situación del contribuyente", facts.status],
      ["Fecha del último cambio de situación", satDate(facts.statusSince)],
    ],
    location: [
      ["Entidad Federativa", facts.state],
      ["Municipio o delegación", facts.municipality],
      ["Colonia", facts.colony],
      ["Tipo de vialidad", facts.streetType],
      ["Nombre de la vialidad", facts.street],
      ["Número exterior", facts.exteriorNumber],
      ["Número interior", facts.interiorNumber],
      ["CP", taxpayer.zip],
      ["Correo electrónico", taxpayer.email],
      ["AL", facts.satOffice],
    ],
    regimes: facts.regimes.flatMap((regime): [string, string][] => [
      ["Régimen", regime.code === "601" ? `Régimen ${regime.name}` : regimeText(regime.name)],
      ["Fecha de alta", satDate(regime.since)],
    ]),
  });
}

/** How SAT's page words a catalogue name: "Régimen de Sueldos…", "Régimen Simplificado…". */
const regimeText = (name: string) => (name.startsWith("Régimen") ? name : `Régimen de ${name}`);
