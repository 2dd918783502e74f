/**
 * Chromium features Playwright turns off at launch (playwright-core 1.65, `chromiumSwitches.ts`), restated here
 * because Chromium keeps only the last `--disable-features` on its command line: ours replaces Playwright's, so it must
 * carry Playwright's names too. test/render/renderer-processes.test.ts fails if Playwright's own list grows.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Features that start renderer processes no render uses. Each render has a context of its own, whose page opens a
 * browser window of its own; by default Chromium also starts, for that context, a renderer for the window's omnibox
 * popup (a WebUI page preloaded for the address bar a headless window never shows) and a spare renderer for a next
 * navigation that, in a context used once, never comes. Three processes started and torn down per render instead of
 * one: measured in BENCHMARKS.md, workload 5.
 */
const UNUSED_RENDERER_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_RENDERER_FEATURES].join(',')}`,
]);

/**
 * The flags Playwright itself starts headless Chromium with (playwright-core 1.65, `chromiumSwitches.ts` and its
 * headless launch), for those that shape a render: no throttling of a page's timers, no back/forward cache, no popup
 * blocker (a popup is refused by the router, as before), no hang or repost prompts, scrollbars hidden, audio muted.
 * The renderer now drives Chromium over the DevTools pipe itself (src/render/cdp-browser.ts), so it states them.
 */
export const HEADLESS_FLAGS: readonly string[] = Object.freeze([
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--no-startup-window',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-client-side-phishing-detection',
  '--disable-component-extensions-with-background-pages',
  '--disable-dev-shm-usage',
  '--no-default-browser-check',
  '--force-color-profile=srgb',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
]);
