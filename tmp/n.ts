import "reflect-metadata";
import { generatePopulation } from "../src/sandbox/population/generate-population.ts";
const p = generatePopulation({ seed: 1, size: 300 });
const codes = p.postalCatalog.codes;
console.log(codes.length, codes.indexOf("99000"), codes.indexOf("98000"), codes.slice(-3));
const p2 = generatePopulation({ seed: 7, size: 300 });
console.log(p2.postalCatalog.codes.length);
