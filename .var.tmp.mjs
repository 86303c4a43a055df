import { build } from 'esbuild';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
const base = { '@aws-sdk/client-dynamodb': './functions/src/db/bundled-dynamodb-client.ts', '@aws-sdk/lib-dynamodb': './functions/src/db/bundled-document-client.ts', jsonschema: './functions/src/db/bundled-jsonschema.ts' };
const variants = JSON.parse(process.argv[2]); // {name: [entry, extraAlias, mainFields?]}
const files = {};
for (const [name, [entry, extra, main]] of Object.entries(variants)) {
  const outfile = `/tmp/cs/var/${name}.mjs`;
  await build({ entryPoints: [resolve(entry)], bundle: true, platform: 'node', format: 'esm', target: 'node24', minify: true, outfile, mainFields: main ?? ['module','main'], external: ['zipcodes'], logLevel: 'error', alias: main ? {} : { ...base, ...extra },
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
  files[name] = outfile;
}
const env = { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', AWS_LAMBDA_FUNCTION_NAME: 'bench', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'b', AUDIT_KEY_ID: 'k', PIN_KEY_ID: 'k', UPLOAD_BUCKET: 'b', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'x', MAIL_FROM: 'a@b.c', APP_URL: 'https://x', ORIGIN_SECRET_ARN: 'arn', GEOCODER: 'amazon-location', POWERTOOLS_SERVICE_NAME: 'sitewalk-x', MFA_REQUIRED_ROLES: '' };
const code = 'const s = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - s)); process.exit(0);';
const samples = Object.fromEntries(Object.keys(files).map((k) => [k, []]));
const N = Number(process.env.N ?? 15);
for (let i = 0; i < N; i++) for (const [k, f] of Object.entries(files)) samples[k].push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', code, pathToFileURL(f).href], { env, encoding: 'utf8' })));
const med = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
for (const [k, v] of Object.entries(samples)) console.log(k.padEnd(20), med(v).toFixed(1), 'ms');
