/**
 * `--ua` presets: user agents people test redirects as, because sites redirect crawlers and phones differently
 * (mobile subdomains, bot-only rules).
 */
export const USER_AGENT_PRESETS = Object.freeze({
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
});

/** Name of a `--ua` preset. */
export type UserAgentPreset = keyof typeof USER_AGENT_PRESETS;

/** The preset names, for help text and validation. */
export const USER_AGENT_PRESET_NAMES = Object.keys(USER_AGENT_PRESETS) as UserAgentPreset[];
