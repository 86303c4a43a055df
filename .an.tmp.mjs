// Per-package bytes in a function bundle, built as lambdaBundling builds it (scratch, not committed).
import { build } from 'esbuild';
import { resolve } from 'node:path';
const args = process.argv.slice(2);
const mainFields = (process.env.MAIN ?? 'module,main').split(',');
const alias = process.env.NOALIAS ? {} : { ...JSON.parse(process.env.ALIAS ?? '{}'), '@aws-sdk/client-dynamodb': './functions/src/db/bundled-dynamodb-client.ts',
  '@aws-sdk/lib-dynamodb': './functions/src/db/bundled-document-client.ts',
  jsonschema: './functions/src/db/bundled-jsonschema.ts',
};
for (const entry of args) {
  const r = await build({
    entryPoints: [resolve(entry)], bundle: true, platform: 'node', format: 'esm', target: 'node24',
    minify: true, write: false, metafile: true, outfile: '/tmp/cs/out.mjs', mainFields,
    external: ['zipcodes'], logLevel: 'error', alias,
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const out = Object.values(r.metafile.outputs)[0];
  const byPkg = {};
  for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) {
    const m = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const k = m ? m[1] : file.startsWith('functions/') ? 'functions(own)' : file.startsWith('shared/') ? 'shared(own)' : file;
    byPkg[k] = (byPkg[k] ?? 0) + bytesInOutput;
  }
  console.log(`== ${entry}: ${(out.bytes/1024).toFixed(0)} KB`);
  if (process.env.TOTAL) continue;
  for (const [k, v] of Object.entries(byPkg).sort((a, b) => b[1] - a[1]).filter(([,v]) => v > 4000))
    console.log(`  ${(v/1024).toFixed(1).padStart(7)} ${k}`);
  if (process.env.WHO) for (const [file, info] of Object.entries(r.metafile.inputs)) for (const imp of info.imports) if (new RegExp(process.env.WHO).test(imp.path) && !new RegExp(process.env.WHO).test(file)) console.log('  <-', file, '->', imp.path, imp.kind);
}
