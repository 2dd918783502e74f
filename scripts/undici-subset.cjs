// What the core imports from undici (src/core/analyzer.ts, src/core/address/guarded-connector.ts, and the request API
// src/core/guarded-fetch.ts calls on a dispatcher), for the bundled executable only (scripts/build-cli.mjs): undici's
// index also loads fetch, WebSocket, the mocks and the caches, with zlib, HTTP/2's compat layer and Node's own copy
// of undici, which `hoplens URL` and `hoplens check` do not use. Installs the request API on Dispatcher as undici's
// index does. The build appends every other name undici exports, each read from the installed undici on first use
// (`hoplens monitor`'s request, a sitemap URL's fetch), so that no import of undici can find its name missing.
'use strict';

const Dispatcher = require('undici/lib/dispatcher/dispatcher');

Object.assign(Dispatcher.prototype, require('undici/lib/api'));

module.exports = {
  Agent: require('undici/lib/dispatcher/agent'),
  buildConnector: require('undici/lib/core/connect'),
  Dispatcher,
};
