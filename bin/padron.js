#!/usr/bin/env node
// Plain JavaScript on purpose: the compile cache is on before Node reads any TypeScript, so a warm
// start takes every stripped file from the cache and never loads Node's type stripper (decision 0037).
import { enableCompileCache } from "node:module";

enableCompileCache();
await import("../src/main.ts");
