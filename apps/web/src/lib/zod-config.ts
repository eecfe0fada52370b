// zod compiles fast parsers with `new Function` when it may; the CSP allows no eval, so its probe alone made
// Chromium log a Content-Security-Policy violation on every page. Jitless zod never probes. zod keeps its
// settings on `globalThis.__zod_globalConfig` and reads `jitless` when a schema is made, so main.tsx sets it
// first, without loading zod itself (the home page ships none). zod-config.test.ts checks zod still reads it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(scope.__zod_globalConfig ??= {}).jitless = true;
