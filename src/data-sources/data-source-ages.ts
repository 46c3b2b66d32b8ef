import { Gauge, type Registry } from "prom-client";
import type { Db } from "../platform/db/connect.ts";
import { describeDataSources } from "./describe-data-sources.ts";

/** `padron_data_source_age_seconds{source,mode}`, read from the database when scraped. */
export function registerDataSourceAges(registry: Registry, db: Db): void {
  new Gauge({
    name: "padron_data_source_age_seconds",
    help: "Age of each local copy of a government source (its date, else when it was loaded)",
    labelNames: ["source", "mode"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const source of await describeDataSources(db))
        if (source.age_seconds !== null)
          this.set({ source: source.source, mode: source.mode }, source.age_seconds);
    },
  });
}
