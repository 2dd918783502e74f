// Module customization hooks (node:module register) for test/api/lazy-policy.test.ts: every module URL the process
// resolves is posted to the port the test's child process gives, so it can tell which modules an import loaded.
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}
