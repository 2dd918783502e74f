/**
 * The verdicts of Google's reference robots.txt parser, restated from the cases of its test file (github.com/
 * google/robotstxt, robots_test.cc): each case names the test it comes from. A case says whether the crawler `agent`
 * may fetch `url` under `robots`; the tests that check parsing rather than verdicts are restated in
 * test/core/robots-google.test.ts itself.
 */

export interface VerdictCase {
  /** The robots_test.cc test it restates. */
  readonly cite: string;
  readonly robots: string;
  readonly agent: string;
  readonly url: string;
  readonly allowed: boolean;
}

const lines = (...text: string[]) => `${text.join('\n')}\n`;

/** A group of cases under one robots.txt and crawler: `[url, allowed]` pairs. */
function under(cite: string, robots: string, agent: string, urls: [string, boolean][]): VerdictCase[] {
  return urls.map(([url, allowed]) => ({ cite, robots, agent, url, allowed }));
}

const FOO = 'http://foo.bar';
const FOOBOT_ALL_OUT = lines('user-agent: FooBot', 'disallow: /');

const systemAndSyntax: VerdictCase[] = [
  // Nothing to obey, no crawler to name, no URL: a missing URL is read as `/`.
  ...under('GoogleOnly_SystemTest', '', 'FooBot', [['', true]]),
  ...under('GoogleOnly_SystemTest', FOOBOT_ALL_OUT, '', [['', true]]),
  ...under('GoogleOnly_SystemTest', FOOBOT_ALL_OUT, 'FooBot', [['', false]]),
  ...under('GoogleOnly_SystemTest', '', '', [['', true]]),
  // Keys are `name: value`; unknown names are nothing, and a missing colon is forgiven.
  ...under('ID_LineSyntax_Line', FOOBOT_ALL_OUT, 'FooBot', [[`${FOO}/x/y`, false]]),
  ...under('ID_LineSyntax_Line', lines('foo: FooBot', 'bar: /'), 'FooBot', [[`${FOO}/x/y`, true]]),
  ...under('ID_LineSyntax_Line', lines('user-agent FooBot', 'disallow /'), 'FooBot', [[`${FOO}/x/y`, false]]),
];

/** Rules before any user-agent line belong to no group; a crawler named twice has its groups merged. */
const GROUPS = lines(
  'allow: /foo/bar/',
  '',
  'user-agent: FooBot',
  'disallow: /',
  'allow: /x/',
  'user-agent: BarBot',
  'disallow: /',
  'allow: /y/',
  '',
  '',
  'allow: /w/',
  'user-agent: BazBot',
  '',
  'user-agent: FooBot',
  'allow: /z/',
  'disallow: /',
);

const groups: VerdictCase[] = [
  ...under('ID_LineSyntax_Groups', GROUPS, 'FooBot', [
    [`${FOO}/x/b`, true],
    [`${FOO}/z/d`, true],
    [`${FOO}/y/c`, false],
    [`${FOO}/foo/bar/`, false],
  ]),
  ...under('ID_LineSyntax_Groups', GROUPS, 'BarBot', [
    [`${FOO}/y/c`, true],
    [`${FOO}/w/a`, true],
    [`${FOO}/z/d`, false],
    [`${FOO}/foo/bar/`, false],
  ]),
  ...under('ID_LineSyntax_Groups', GROUPS, 'BazBot', [
    [`${FOO}/z/d`, true],
    [`${FOO}/foo/bar/`, false],
  ]),
];

/** Key names in any case, and user-agent values compared without case, up to the first character a name lacks. */
function caseCases(): VerdictCase[] {
  const keyed = (ua: string, allow: string, disallow: string, value = 'FooBot') =>
    lines(`${ua}: ${value}`, `${allow}: /x/`, `${disallow}: /`);
  const keyFiles = [
    keyed('USER-AGENT', 'ALLOW', 'DISALLOW'),
    keyed('user-agent', 'allow', 'disallow'),
    keyed('uSeR-aGeNt', 'AlLoW', 'dIsAlLoW'),
  ];
  const valueFiles = ['FOO BAR', 'foo bar', 'FoO bAr'].map((name) => keyed('User-Agent', 'Allow', 'Disallow', name));
  const verdicts = (files: string[], agent: string, cite: string) =>
    files.flatMap((file) =>
      under(cite, file, agent, [
        [`${FOO}/x/y`, true],
        [`${FOO}/a/b`, false],
      ]),
    );
  return [
    ...verdicts(keyFiles, 'FooBot', 'ID_REPLineNamesCaseInsensitive'),
    ...verdicts(valueFiles, 'Foo', 'ID_UserAgentValueCaseInsensitive'),
    ...verdicts(valueFiles, 'foo', 'ID_UserAgentValueCaseInsensitive'),
  ];
}

const firstSpace = lines('User-Agent: *', 'Disallow: /', 'User-Agent: Foo Bar', 'Allow: /x/', 'Disallow: /');

const agents: VerdictCase[] = [
  // "Foo Bar" names Foo; a crawler calling itself "Foo Bar" is not a product token and falls to `*`.
  ...under('GoogleOnly_AcceptUserAgentUpToFirstSpace', firstSpace, 'Foo', [[`${FOO}/x/y`, true]]),
  ...under('GoogleOnly_AcceptUserAgentUpToFirstSpace', firstSpace, 'Foo Bar', [[`${FOO}/x/y`, false]]),
  // `*` applies only to crawlers no group names; with neither, nothing applies.
  ...under('ID_GlobalGroups_Secondary', '', 'FooBot', [[`${FOO}/x/y`, true]]),
  ...under(
    'ID_GlobalGroups_Secondary',
    lines('user-agent: *', 'allow: /', 'user-agent: FooBot', 'disallow: /'),
    'FooBot',
    [[`${FOO}/x/y`, false]],
  ),
  ...under(
    'ID_GlobalGroups_Secondary',
    lines('user-agent: *', 'allow: /', 'user-agent: FooBot', 'disallow: /'),
    'BarBot',
    [[`${FOO}/x/y`, true]],
  ),
  ...under(
    'ID_GlobalGroups_Secondary',
    lines('user-agent: FooBot', 'allow: /', 'user-agent: BarBot', 'disallow: /', 'user-agent: BazBot', 'disallow: /'),
    'QuxBot',
    [[`${FOO}/x/y`, true]],
  ),
  // Paths compare with their case.
  ...under('ID_AllowDisallow_Value_CaseSensitive', lines('user-agent: FooBot', 'disallow: /x/'), 'FooBot', [
    [`${FOO}/x/y`, false],
  ]),
  ...under('ID_AllowDisallow_Value_CaseSensitive', lines('user-agent: FooBot', 'disallow: /X/'), 'FooBot', [
    [`${FOO}/x/y`, true],
  ]),
];

const fooBot = (...rules: string[]) => lines('user-agent: FooBot', ...rules);
const PAGE = `${FOO}/x/page.html`;

/** The longest matching pattern wins; between equals, the allow. */
const longestMatch: VerdictCase[] = [
  ...under('ID_LongestMatch', fooBot('disallow: /x/page.html', 'allow: /x/'), 'FooBot', [[PAGE, false]]),
  ...under('ID_LongestMatch', fooBot('allow: /x/page.html', 'disallow: /x/'), 'FooBot', [
    [PAGE, true],
    [`${FOO}/x/`, false],
  ]),
  ...under('ID_LongestMatch', fooBot('disallow: ', 'allow: '), 'FooBot', [[PAGE, true]]),
  ...under('ID_LongestMatch', fooBot('disallow: /', 'allow: /'), 'FooBot', [[PAGE, true]]),
  ...under('ID_LongestMatch', fooBot('disallow: /x', 'allow: /x/'), 'FooBot', [
    [`${FOO}/x`, false],
    [`${FOO}/x/`, true],
  ]),
  ...under('ID_LongestMatch', fooBot('disallow: /x/page.html', 'allow: /x/page.html'), 'FooBot', [[PAGE, true]]),
  ...under('ID_LongestMatch', fooBot('allow: /page', 'disallow: /*.html'), 'FooBot', [
    [`${FOO}/page.html`, false],
    [`${FOO}/page`, true],
  ]),
  ...under('ID_LongestMatch', fooBot('allow: /x/page.', 'disallow: /*.html'), 'FooBot', [
    [PAGE, true],
    [`${FOO}/x/y.html`, false],
  ]),
  ...under(
    'ID_LongestMatch',
    lines('User-agent: *', 'Disallow: /x/', 'User-agent: FooBot', 'Disallow: /y/'),
    'FooBot',
    [
      [`${FOO}/x/page`, true],
      [`${FOO}/y/page`, false],
    ],
  ),
];

const allOutBut = (allow: string) => lines('User-agent: FooBot', 'Disallow: /', `Allow: ${allow}`);

/** Rules are percent-encoded before comparing; URLs are compared as given (the caller encodes them). */
const encoding: VerdictCase[] = [
  ...under('ID_Encoding', allOutBut('/foo/bar?qux=taz&baz=http://foo.bar?tar&par'), 'FooBot', [
    [`${FOO}/foo/bar?qux=taz&baz=http://foo.bar?tar&par`, true],
  ]),
  ...under('ID_Encoding', allOutBut('/foo/bar/ツ'), 'FooBot', [
    [`${FOO}/foo/bar/%E3%83%84`, true],
    [`${FOO}/foo/bar/ツ`, false],
  ]),
  ...under('ID_Encoding', allOutBut('/foo/bar/%E3%83%84'), 'FooBot', [
    [`${FOO}/foo/bar/%E3%83%84`, true],
    [`${FOO}/foo/bar/ツ`, false],
  ]),
  // Escapes of unreserved characters are compared as written, not decoded.
  ...under('ID_Encoding', allOutBut('/foo/bar/%62%61%7A'), 'FooBot', [
    [`${FOO}/foo/bar/baz`, false],
    [`${FOO}/foo/bar/%62%61%7A`, true],
  ]),
];

/** `*` is any run of characters, a final `$` the end of the path, `#` starts a comment. */
const special: VerdictCase[] = [
  ...under('ID_SpecialCharacters', fooBot('Disallow: /foo/bar/quz', 'Allow: /foo/*/qux'), 'FooBot', [
    [`${FOO}/foo/bar/quz`, false],
    [`${FOO}/foo/quz`, true],
    [`${FOO}/foo//quz`, true],
    [`${FOO}/foo/bax/quz`, true],
  ]),
  ...under('ID_SpecialCharacters', fooBot('Disallow: /foo/bar$', 'Allow: /foo/bar/qux'), 'FooBot', [
    [`${FOO}/foo/bar`, false],
    [`${FOO}/foo/bar/qux`, true],
    [`${FOO}/foo/bar/`, true],
    [`${FOO}/foo/bar/baz`, true],
  ]),
  ...under('ID_SpecialCharacters', fooBot('# Disallow: /', 'Disallow: /foo/quz#qux', 'Allow: /'), 'FooBot', [
    [`${FOO}/foo/bar`, true],
    [`${FOO}/foo/quz`, false],
  ]),
  // Google only: allowing a directory's index.html allows the directory itself, and nothing else.
  ...under(
    'GoogleOnly_IndexHTMLisDirectory',
    lines('User-Agent: *', 'Allow: /allowed-slash/index.html', 'Disallow: /'),
    'foobot',
    [
      ['http://foo.com/allowed-slash/', true],
      ['http://foo.com/allowed-slash/index.htm', false],
      ['http://foo.com/allowed-slash/index.html', true],
      ['http://foo.com/anyother-url', false],
    ],
  ),
];

/** Google keeps the first 16,663 bytes of a line (8 × 2083 less one): a longer rule is cut, not dropped. */
function longLineCases(): VerdictCase[] {
  const kept = 8 * 2083 - 1;
  // A path that, after the key, fills the line to one byte short of what is kept, so that one more byte survives.
  const filler = (key: string, letter: string) => `/x/${letter.repeat(kept - key.length - 4)}`;
  const cutDisallow = filler('disallow: ', 'a');
  const cutAllowA = filler('allow: ', 'a');
  const cutAllowB = filler('allow: ', 'b');
  const cite = 'GoogleOnly_LineTooLong';
  return [
    ...under(cite, fooBot(`disallow: ${cutDisallow}/qux`), 'FooBot', [
      [`${FOO}/fux`, true],
      [`${FOO}${cutDisallow}/fux`, false],
    ]),
    ...under(cite, fooBot('disallow: /', `allow: ${cutAllowA}/qux`, `allow: ${cutAllowB}/qux`), 'FooBot', [
      [`${FOO}/`, false],
      [`${FOO}${cutAllowA}/qux`, true],
      [`${FOO}${cutAllowB}/fux`, true],
    ]),
  ];
}

/** The examples of Google's robots.txt documentation ("URL matching based on path values"; order of precedence). */
function documentationCases(): VerdictCase[] {
  const cite = 'GoogleOnly_DocumentationChecks';
  const doc = (allow: string, urls: [string, boolean][]) =>
    under(cite, fooBot('disallow: /', `allow: ${allow}`), 'FooBot', [
      [`${FOO}/bar`, false],
      ...urls.map(([path, allowed]): [string, boolean] => [`${FOO}${path}`, allowed]),
    ]);
  const fish: [string, boolean][] = [
    ['/fish', true],
    ['/fish.html', true],
    ['/fish/salmon.html', true],
    ['/fishheads', true],
    ['/fishheads/yummy.html', true],
    ['/fish.html?id=anything', true],
    ['/catfish', false],
    ['/?id=fish', false],
  ];
  return [
    ...doc('/fish', [...fish, ['/Fish.asp', false]]),
    ...doc('/fish*', [...fish, ['/Fish.bar', false]]),
    ...doc('/fish/', [
      ['/fish/', true],
      ['/fish/salmon', true],
      ['/fish/?salmon', true],
      ['/fish/salmon.html', true],
      ['/fish/?id=anything', true],
      ['/fish', false],
      ['/fish.html', false],
      ['/Fish/Salmon.html', false],
    ]),
    ...doc('/*.php', [
      ['/filename.php', true],
      ['/folder/filename.php', true],
      ['/folder/filename.php?parameters', true],
      ['//folder/any.php.file.html', true],
      ['/filename.php/', true],
      ['/index?f=filename.php/', true],
      ['/php/', false],
      ['/index?php', false],
      ['/windows.PHP', false],
    ]),
    ...doc('/*.php$', [
      ['/filename.php', true],
      ['/folder/filename.php', true],
      ['/filename.php?parameters', false],
      ['/filename.php/', false],
      ['/filename.php5', false],
      ['/php/', false],
      ['/filename?php', false],
      ['/aaaphpaaa', false],
      ['//windows.PHP', false],
    ]),
    ...doc('/fish*.php', [
      ['/fish.php', true],
      ['/fishheads/catfish.php?parameters', true],
      ['/Fish.PHP', false],
    ]),
    ...under(cite, fooBot('allow: /p', 'disallow: /'), 'FooBot', [['http://example.com/page', true]]),
    ...under(cite, fooBot('allow: /folder', 'disallow: /folder'), 'FooBot', [['http://example.com/folder/page', true]]),
    ...under(cite, fooBot('allow: /page', 'disallow: /*.htm'), 'FooBot', [['http://example.com/page.htm', false]]),
    ...under(cite, fooBot('allow: /$', 'disallow: /'), 'FooBot', [
      ['http://example.com/', true],
      ['http://example.com/page.html', false],
    ]),
  ];
}

/** Every verdict case, in the order of robots_test.cc. */
export const VERDICT_CASES: readonly VerdictCase[] = [
  ...systemAndSyntax,
  ...groups,
  ...caseCases(),
  ...agents,
  ...longestMatch,
  ...encoding,
  ...special,
  ...longLineCases(),
  ...documentationCases(),
];
