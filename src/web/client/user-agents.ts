/**
 * User-Agent presets offered by the options: the service's own, common browsers, crawlers and curl; and the crawlers'
 * product tokens offered for the `crawler` option (each the token its robots.txt groups are written for).
 */

/** Product tokens of crawlers people judge their pages for, as robots.txt files name them. */
export const CRAWLER_TOKENS: readonly string[] = [
  'Googlebot',
  'Googlebot-Image',
  'Googlebot-News',
  'bingbot',
  'Applebot',
  'DuckDuckBot',
  'YandexBot',
  'GPTBot',
];

export interface UserAgentPreset {
  id: string;
  label: string;
  /** Empty: let the service send its own agent. */
  value: string;
}

export const USER_AGENT_PRESETS: readonly UserAgentPreset[] = [
  { id: 'default', label: 'hoplens (default)', value: '' },
  {
    id: 'chrome',
    label: 'Chrome, Windows',
    value:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
  {
    id: 'firefox',
    label: 'Firefox, Linux',
    value: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  },
  {
    id: 'safari-iphone',
    label: 'Safari, iPhone',
    value:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    id: 'googlebot',
    label: 'Googlebot',
    value: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
  {
    id: 'googlebot-smartphone',
    label: 'Googlebot smartphone',
    value:
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
  { id: 'bingbot', label: 'Bingbot', value: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
  { id: 'curl', label: 'curl', value: 'curl/8.5.0' },
];

/** The select's value when the text matches no preset. */
export const CUSTOM_PRESET = 'custom';

export function presetFor(value: string): string {
  return USER_AGENT_PRESETS.find((preset) => preset.value === value)?.id ?? CUSTOM_PRESET;
}
