/**
 * Robots rules, as Google reads them: a site's robots.txt (read into lines, its groups matched against a crawler,
 * its path patterns against a URL, fetched and cached per origin) and the robots directives of a page's meta tags and
 * `X-Robots-Tag` headers. The analyzer asks it whether the final URL is open to the analysis's crawler (`robots: true`)
 * and the destination detectors whether the page may be indexed.
 */
export { ROBOTS_PARSE_LIMIT, ROBOTS_READ_LIMIT, robotsBody } from './body.js';
export { ROBOTS_CACHE_DEFAULTS, RobotsCheck, type RobotsContext } from './check.js';
export { addressesCrawler, contentRobotsRules, forbidsIndexing, headerRobotsRules, indexingBan } from './directives.js';
export { fetchRobotsFile, type RobotsFile, type RobotsVerdict, robotsVerdict } from './file.js';
export { escapeRulePath, keyAndValue, parseRobotsTxt, type RobotsLine, type RobotsLineKind } from './lines.js';
export { patternMatches, robotsPath } from './match.js';
export { agentName, type RobotsRuling, robotsRuling } from './rules.js';
