/** Import rules checked by `npm run deps` and `.ci/run` (DESIGN §1, "structure checks"). */
export default {
  forbidden: [
    {
      name: "no-cycle",
      comment: "An import cycle: modules that need each other belong together or need a value passed in.",
      severity: "error",
      from: {},
      // A type-only import has no runtime effect, so a cycle through one cannot misorder loading.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "platform-imports-no-feature",
      comment:
        "platform/ is the plumbing under every feature: features are handed to it as parameters by app.ts.",
      severity: "error",
      from: { path: "^src/platform/" },
      // src/config.ts is the parsed environment, not a feature; every other file or folder beside platform/ is.
      to: { path: "^src/", pathNot: ["^src/platform/", "^src/config\\.ts$"] },
    },
    {
      name: "no-import-of-composition-root",
      comment: "app.ts composes everything; only the entry points that start an app import it.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/cli/", "^src/main\\.ts$"] },
      to: { path: "^src/app\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // TypeScript 7 is not a parser dependency-cruiser can use; swc reads the same syntax.
    parser: "swc",
    enhancedResolveOptions: { extensions: [".ts", ".js", ".json"] },
  },
};
