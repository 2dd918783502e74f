// Run by test/api/lazy-policy.test.ts as `node modules-loaded.mjs <entry URL>`: prints as JSON the modules that
// importing the entry resolved, then those resolved once its `compilePolicy` has run. Node's module hooks
// (record-resolved.mjs) see every module resolved, static or dynamic, wherever it is imported from.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const resolved = [];
port1.on('message', (url) => resolved.push(url));
register(new URL('./record-resolved.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] });

let marks = 0;

/** Every module resolved so far. The hooks post in order, so once a marker imported now arrives, all before it have. */
async function resolvedSoFar() {
  const marker = `data:text/javascript,export default ${marks++}`;
  await import(marker);
  while (!resolved.includes(marker)) await new Promise((wake) => setTimeout(wake, 5));
  return [...new Set(resolved.filter((url) => !url.startsWith('data:')))];
}

const entry = await import(process.argv[2]);
const atImport = await resolvedSoFar();
await entry.compilePolicy({});
const afterCompile = await resolvedSoFar();
port1.close();
console.log(JSON.stringify({ atImport, afterCompile }));
