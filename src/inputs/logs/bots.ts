import { isbot } from 'isbot';
import { ownString } from './own-string.js';

/** How many user agents are remembered before the memory is emptied: a log has few distinct agents, a bound anyway. */
const REMEMBERED = 20_000;

/**
 * Whether a user agent is a bot's, by the maintained `isbot` list (https://github.com/omrilotan/isbot), its answer
 * remembered per agent: its pattern is one large regular expression, too dear to run on every line.
 */
export function botJudge(): (userAgent: string) => boolean {
  const known = new Map<string, boolean>();
  return (userAgent) => {
    let bot = known.get(userAgent);
    if (bot === undefined) {
      bot = userAgent !== '' && isbot(userAgent);
      if (known.size >= REMEMBERED) known.clear();
      known.set(ownString(userAgent), bot);
    }
    return bot;
  };
}
