/**
 * The command-line flags Chromium is started with: the same quiet browser the page's end-to-end tests use
 * (test/helpers/browser.ts), plus the ones that keep it from reaching the network on its own. Every request a page
 * makes is taken over by the request router (src/render/request-router.ts) and sent by the core's guarded fetch; these
 * flags are the second wall, for whatever would escape interception.
 */
export const CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  // The renderer runs as an unprivileged service user, often in a container without user namespaces.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-breakpad',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  '--no-pings',
  // Every host name fails to resolve, so a request that escaped interception cannot connect anywhere.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // No proxy, not even one from the environment.
  '--no-proxy-server',
  // WebRTC may not gather or use UDP candidates (the page's RTCPeerConnection is removed as well).
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
]);
