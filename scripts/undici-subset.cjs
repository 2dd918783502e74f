// What the core imports from undici (src/core/analyzer.ts, src/core/guarded-connector.ts, and the request API
// src/core/guarded-fetch.ts calls on a dispatcher), for the bundled executable only (scripts/build-cli.mjs): undici's
// index also loads fetch, WebSocket, the mocks and the caches, with zlib, HTTP/2's compat layer and Node's own copy
// of undici, none of which the CLI uses. Installs the request API on Dispatcher as undici's index does.
'use strict';

const Dispatcher = require('undici/lib/dispatcher/dispatcher');

Object.assign(Dispatcher.prototype, require('undici/lib/api'));

module.exports = {
  Agent: require('undici/lib/dispatcher/agent'),
  buildConnector: require('undici/lib/core/connect'),
  Dispatcher,
};
