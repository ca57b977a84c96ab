import type { ProductProfile } from '../product-profile';
import { checkBrief, checkSentence, MAX_CITED_LINES, type GroundingSources } from './check';
import {
  ABI_CHANGED,
  advisoryIds,
  dropsSupport,
  END_OF_SUPPORT,
  FRAMEWORK,
  HOLDS_A_SECURITY_FIX,
  LANGUAGE,
  MUST_REBUILD,
  fixedAdvisoryIds,
  NO_LONGER_WITH_OLDER,
  NOT_BACKWARDS_COMPATIBLE,
  OLD_ONES_FAIL,
  parseNotes,
  RAISED_MINIMUM,
  REQUIRES_CODE_CHANGES,
  BREAKS_WERE_MADE,
  removesPlatformTargets,
  RUNTIME,
  PLATFORM_DISABLED,
  SAYS_SECURITY_UPDATE,
  SECURITY_FIX_LABEL,
  SECURITY_FIXES_TOLD,
  SECURITY_RELEASE_HEADING,
  SPEED_FIGURE,
  type ChangeKind,
  type NoteItem,
  type ParsedNotes,
  OPENS_ON_FAULT_VERB,
  namesOnlyAdvisories,
} from './notes';
import { repositoryBase } from './references';
import { ADVISORY_ID, ADVISORY_ID_START, intoClosingIds, withAdvisoryId } from './advisory-id';
import { brandCase, isBrandSlug } from './name-case';
import { escapeRegExp } from './regexp';
import { stem } from './stem';
import type { Brief, Citation, Highlight, Sentence } from './types';
import { numberMayBreak, preReleaseLabel, shownVersion, versionStep } from './version';
import { ACTION_VERBS, ASKS_UPGRADERS, CAMEL_CASE_NAME, FAULT_QUALIFIER, KIND_CUES } from './vocabulary';
import { type Voice, voiceOf } from './voice';

/** Notes longer than this are refused: a brief cites lines a person can read beside it. */
export const MAX_BRIEF_NOTES_CHARS = 50_000;

export interface BriefRelease {
  id: string;
  version: string;
  title: string;
  url: string | null;
  notes: string;
  contentHash: string;
}

export type BriefRefusal = 'notes_empty' | 'notes_too_long' | 'nothing_to_cite';

/** Why a release cannot make a brief; the service turns it into the one error envelope. */
export class BriefInputError extends Error {
  constructor(
    readonly reason: BriefRefusal,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Breaking changes and security fixes are all shown up to this many; past it, the top ones and a count citing every one. */
const SHOW_ALL_CRITICAL = 6;
const CRITICAL_SHOWN_WITH_COUNT = 3;
/** A short post shows up to three changes: past that many security fixes, the brief counts them so a short post can say how many. */
const SHORT_POST_ITEMS = 3;
/** Highlights of the other kinds, after the critical ones. */
const MAX_HIGHLIGHTS = 6;
const MAX_SENTENCE = 220;

/** What a launch post leads with: a kind's weight, then the item's own words. */
const KIND_WEIGHT: Record<Exclude<ChangeKind, 'internal'>, number> = { security: 100, breaking: 70, feature: 50, performance: 35, fix: 30, other: 20 };
const LEAD_WORDS =
  /\b(?:new|adds?|added|introduc\w*|now supports?|can now|now enables?|support for|commands?|subcommands?|flags?|options?|APIs?|stabili[sz]\w*|stable|tier[ -]?1|command[- ]line (?:tools?|interfaces?|clients?)|initial (?:\w+ )?(?:release|support)|platforms?|experimental|backends?|plugins?|utilit(?:y|ies)|hooks?|renderers?|(?:plugin |package |version )?managers?|editors?|(?<=[a-z] )modes?|engines?|language servers?|dashboards?)\b/i;
/** LocalSend's "initial CLI release": a command-line tool named in capitals, not a `cli:` scope or `pandoc-cli`. */
const NAMES_CLI = /(?<![\w.:-])CLI(?![\w.:-])/;
/**
 * Words of chores, not inside a name ("golangci-lint fmt" is a new command, not lint work), nor a part of the product
 * (Nikola's "Support for Discourse as comment system": no code comment). Rouge's "Add Rubocop rule …", "Add custom … cop", "Add
 * Contributing.md guidelines" are the project's own upkeep (RuboCop's own "Add new `Lint/…` cop" is its news); so are
 * Commons CSV's "Add github/codeql-action", gedit's "Added -Wshadow to the CFLAGS …", Mesa's "Updated tutorials …", aiosmtpd's
 * "``pypy3`` testenv for tox …", watchdog's "Enable ``disallow_untyped_calls`` Mypy rule", NSS's "Add script for tagging an NSS
 * release" and "release helper" commands, and sabre/dav's "stop exporting php-cs-fixer config". Dagu's "update Makefile
 * build-ui" and "Fix build error in frontend": how the project is built from its source. (Not Ionide's "Migrate the Test
 * Explorer to …", a part of the product tests are run from, nor Paparazzi's "Support for pseudolocalization tests!", a kind
 * of test people can now write.) brod's "Remove unused macro" and "Type spec fix", Icinga DB's "Use icinga/icinga2:edge
 * container image for testing": code tidied and tests run (not Cython's "extension type specs", a feature of it).
 */
const CHORE_WORDS =
  /(?<![\w./-])(?:typos?|docs?|documentation|javadocs?|doxygen|docstrings?|(?<=\b(?:new|add(?:s|ed)?|updated?|rewr\w+)\s)vignettes?|readme|makefiles?|build (?:errors?|failures?)|refactor\w*|internal\w*(?=\s+(?:only\s+)?(?:changes?|refactor\w*|clean\w*|propert\w*|code|tooling|functions?|helpers?|types?|modules?)\b|[\s.]*$)|ci|codecov|coveralls|travis(?:-ci)?|appveyor|(?<!^(?:add(?:s|ed)? )?support for (?:[\w-]+ ){0,3})tests?(?!\s+(?:explorer|panel|view|sidebar|window|pane)\b)(?!\s+and\s+support\b)|lint\w*|bump\w*|deps|dependenc\w*|chores?|clean ?up|comments?(?!\s+(?:system|section|threads?|plugins?|moderation|notifications?|box|forms?|feeds?|api|endpoints?)\b)|(?:code |source )formatting|formatting (?:changes?|fix(?:es)?|only|updates?|issues?|clean-?ups?)|(?:fix\w*|apply\w*|run\w*|updat\w*) formatting|changelog|workflows?|translations?|\w*lint(?:er|ers|ing)?|rubocop\s+(?:rules?|todos?|offen[cs]es|infractions)|github\/codeql-action|-W[a-z][\w-]*\s+to\s+the\s+c(?:xx)?flags|tutorials?|custom\s+[\w:]+\s+cops?|testenvs?|mypy\s+rules?|(?:php-cs-fixer|phpcs|phpstan|psalm|eslint|prettier|stylelint|rubocop|isort|flake8|pylint|clippy|rustfmt|clang-format|editorconfig)\s+(?:config\w*|rules?|settings|baseline)|(?:add\w*|updat\w*)\s+(?:an?\s+|the\s+)?\.(?:editorconfig|gitignore|gitattributes|mailmap|git-blame-ignore-revs)(?:\s+files?)?|branch protection(?: rules?)?|\.asf\.yaml|initial commit|contributing(?:\.md|\s+guide(?:lines?)?)|spdx|licen[cs]e (?:identifiers?|headers?|notices?)|copyright (?:headers?|years?|notices?)|toolchain files?|(?:test|regression) coverage|regression tests?|fuzz(?:ers?|ing|ed)?(?!\s+team)|libfuzzer|(?:fuzz\w*|test) harness(?:es)?|release tags?|(?:release|publish(?:ing)?) (?:workflows?|pipelines?|process|jobs?|scripts?|helpers?)|tagging (?:an? |the )?(?:\w+ )?release|to (?:release|publish) (?:the )?(?:helm )?charts?|set the (?:repository|repo|version) to|version bump|prepar\w* (?:for )?(?:the )?release|community (?:section|page|list)|awesome list|(?:issue|pr|pull request)s?(?:\s*(?:\/|and)\s*(?:issue|pr|pull request)s?)? templates?|github actions?|^(?:remove[sd]?|drop(?:s|ped)?|delete[sd]?)\s+(?:the\s+)?unused\s+(?:macros?|variables?|imports?|includes?|helpers?|code|functions?)\b|\btype\s+specs?\s+(?:fix(?:es)?|additions?|updates?)\b|^fix(?:e[sd])?\s+type\s+specs?\b|\bimages?\s+for\s+(?:testing|tests)\b|(?:compiler|compilation|build|gcc|clang|msvc|-W?[\w-]+|\w+(?:-\w+)+) warnings?(?=\s*(?:$|[.,;(]|and\b))|^fix(?:e[sd])?\s+(?:[\w-]+\s+){0,4}warnings?\.?$)(?![\w-])/i;
/** Klipper's "Several bug fixes and code cleanups.", Haxe's "General improvements.": work told without one thing a reader could meet. */
/** Dialect's "Bug fixes", "Code cleanups and optimizations" likewise, with no word of how many, and PipeWire's "Some small fixes and improvements." */
// elFinder's "And some minor bug fixes", the list's last word after its others; Cap'n Proto's "Many, many smaller bug fixes
// and improvements. See the PR history for details."; Cryptol's "Closed issues #813, …" and
// "Merged pull requests …" once their numbers went.
// Mozilla VPN 2.10's "More bug fixes and UI adjustments." likewise. (Where to see them is read a word at a time: a run of
// letters and spaces between two runs of spaces backtracked cubically.)
const VAGUE_UPKEEP =
  /^(?:closed|fixed|resolved|merged)\s+(?:issues|bugs|tickets|pull requests|PRs)\.?$|^(?:(?:and|plus|also)\s+)?(?:(?:several|various|many|numerous|misc(?:ellaneous)?|minor|other|general|some|small|smaller|assorted|more)(?:,\s+|\s+)){0,3}(?:(?:bug|code)\s*)?(?:fix(?:es)?|improvements?|clean-?ups?|changes|tweaks|updates|optimi[sz]ations?)(?:\s+and\s+(?:(?:bug|code|ui|ux)\s*)?(?:fix(?:es)?|improvements?|clean-?ups?|changes|tweaks|updates|optimi[sz]ations?|adjustments))?\.?(?:\s+see\s+(?:\w+\s+){1,6}for\s+(?:more\s+)?details\.?)?$/i;

const ASKS_A_QUESTION = /^(?:should|could|can|does|do|is|are|why|how)\b(?:[^.!?]|\.(?=\S))*\?$/i;

/** Cake's "Add Woodpecker CI Support": a CI service named, supported by the product, is no CI upkeep of its own. */
const NAMED_CI = /\b\p{Lu}[\p{L}\d-]*\s+CI\b(?!\s+(?:workflows?|jobs?|pipelines?|builds?|config\w*|scripts?|runs?))/u;
/** What a change says it does for a CI service it names: adds, supports or integrates it. */
const SUPPORTS = /\b(?:[Aa]dd(?:s|ed)?|[Ss]upport(?:s|ed)?|[Ii]ntegrat\w*)\b/;
/**
 * "Add config lint command": a command named by a chore's word is a new command, not the chore; NSS's "release helper
 * command for freezing a branch" is the project's own release tooling all the same.
 */
const keptIfReleaseTooling = (command: string) => (/\b(?:release|publish\w*)\b/i.test(command) ? command : '');
const COMMAND_NAME = /\b[\w-]+(?:\s+[\w-]+)?\s+(?:sub)?commands?\b/gi;

const FUTURE =
  /\b(?:will (?:focus|work|continue|explore|be working|bring)|(?:we|team) (?:plans?|intends?) to|in (?:a|the) future release|(?:the|our) next release)\b/i;
// Ziglua's "Updating the library as Zig inevitably introduces breaking changes going forward.": others', to come.
// Perkeep 0.11's "Breaking with tradition, this release isn't about any particular new feature": a habit broken, no code.
const NOT_BREAKING =
  /\b(?:no|not|none|nothing|without|zero)\b[^.!?]{0,40}\b(?:breaking|incompatib\w*)\b|\b(?:breaking|incompatib\w*)\b[^.!?]{0,40}\b(?:going forward|in the future)\b|\bbreaking\s+(?:with|from)\s+(?:tradition|convention|the\s+(?:past|mou?ld|norm|habit))\b|\b(?:ground|record|path)-?breaking\b/i;
/** Rspack 2.0's "Rspack 2.0 includes some breaking changes." under "Upgrade from v1": the release says it breaks things. */
// MiniJinja 2.0's "It's very likely that you will need to do changes to your code when upgrading": a major that says so.
// Apache Pekko 1.0.0's "Users switching from Akka to Pekko should read our @ref:[Migration Guide](…)." likewise.
const SAYS_IT_BREAKS =
  /\b(?:includes?|contains?|has|have|introduces?|brings?|comes? with|ships? with)\s+(?:some|a few|several|a number of|many|a couple of|(?:a\s+)?(?:few|small number of))?\s*breaking changes\b|\b(?:you|users)\s+(?:will|may|might)\s+(?:(?:very\s+)?likely\s+)?(?:need|have)\s+to\s+(?:do|make)\s+(?:some\s+)?changes\s+to\s+(?:your|their)\s+code\b|\b(?:users|you)\s+(?:switching|migrating|upgrading|moving)\b[^.]{0,40}\b(?:should|must|need to)\s+(?:read|follow|consult)\s+(?:the|our)\s+(?:@ref:)?\[?(?:migration|upgrade|upgrading)\s+guide\b/i;
const INTRO_SAYS_FIXES =
  /\b(?:focus(?:es|ing|ed)? on|mostly|mainly|primarily)\s+(?:(?:bug|stability)[\s-]*)?fix(?:es)?\b|\b(?:bug[\s-]?fix|maintenance) (?:release|patch|update)\b/i;
// Ariakit 0.4.37's "Composite stores now expose the `compositeElement` state …. The new `compositeElementInFocusOrder` option
// controls …": a plural subject's verb, and the new thing named.
const NEW_CAPABILITY =
  /\b(?:an? new|the new (?:\S+ )?(?:options?|methods?|functions?|commands?|hooks?|props?|settings?|APIs?|flags?)|you can now|can now|is now possible|now supports?|now (?:provides?|offers?|exposes?|lets?|ships?|comes? with))\b/i;
/** A fault named by a noun and where: its empty first group stands for the scope the fault pattern above captures. */
const FAULT_NOUN =
  /^()((?:(?:possible|potential)\s+)?(?:(?!(?:fix(?:e[sd])?|prevent\w*|avoid\w*|resolve[sd]?|handle[sd]?|correct\w*|address\w*|patch\w*|remove[sd]?|catch\w*|throw\w*|raise[sd]?|report\w*|show\w*|log\w*|return\w*|an?|the|possible|potential|another|some|various|more|less|fewer|better|clearer|nicer|improved|new|helpful)\b)[\w.-]+(?:\(\))?\s+){0,2}?(?:fatal\s+)?(?:errors?|exceptions?|vulnerabilit(?:y|ies)|segfaults?|panics?|memory\s+leaks?|deadlocks?|race\s+conditions?|(?:SQL\s+|command\s+|header\s+)?injection|XSS|use-after-free|double[- ]free|(?:buffer|integer|stack|heap)\s+(?:overflow|underflow)|out[- ]of[- ]bounds\s+(?:read|write|access)|null\s+pointer\s+dereference)\s+(?:in|when|on|with|for|during|while|if|after|before|caused by)\s+\S.*)$/i;
const BEHAVIOUR_CHANGE =
  /\bbehaviou?ral changes?\b|\bchanges? (?:to )?(?:the |its )?default\b|\bdefault (?:behaviou?r|settings?) (?:has|have) (?:been )?changed\b/i;
/** A runtime or language a release's users run it on: Node.js, Python, Clojure, R … */
const RUNTIME_NAMED = new RegExp(String.raw`\b(?:${RUNTIME}|${LANGUAGE}|erlang|clojure|scala|emacs)\b|\bR\s*(?:>=|v?\d)`, 'i');
const INTRO_DROPS_RUNTIME = new RegExp(
  String.raw`\b(?:drops?|dropped|removes?|removed|ends?)\s+(?:official\s+)?support\s+(?:for|of)\s+(?:${RUNTIME})\s*v?\d`,
  'i',
);
const SECURITY_FIXES_PLURAL = /\bsecurity (?:(?:bug-?)?fixes|bugs|issues|vulnerabilities|flaws|patches)\b|\bvulnerabilities\b/i;
/**
 * CairoSVG's "**WARNING:** this is a security update.", and nothing more: what a security release's headline says. So is
 * librsvg's "This is a security release for bug #996.", its number gone with the references.
 */
const ONLY_SAYS_SECURITY_UPDATE = new RegExp(`${SAYS_SECURITY_UPDATE.source}(?:\\s+for\\s+(?:bugs?|issues?))?[.!]?$`, 'i');
const INTRO_SAYS_SECURITY = new RegExp(String.raw`\bsecurity (?:\w+ )?(?:release|update)\b|${HOLDS_A_SECURITY_FIX.source}`, 'i');
const INTRO_SAYS_FEATURES =
  /\b(?:contains?|brings?|includes?|adds?|introduces?|has|have|with)\s+(?:(?:a|some|many|several|lots of|plenty of|great|exciting|cool)\s+)?new features\b/i;
/** A release's heading that names it by why it came out: VisualBoyAdvance-M's "## [2.1.0] Vulnerability fixes". */
const TITLED_SECURITY_RELEASE = /^#{1,3}\s+\[?v?\d+(?:\.\d+)+[\w.-]*\]?\s+(?:[-–—:]\s+)?(?:security|vulnerability)\s+(?:fix(?:es)?|release|update)\s*$/i;
/** "Released 29 April 2026." listed as a bullet: when, not what. */
const RELEASE_DATE = /^released\b[^.]{0,30}\b\d{4}\.?$/i;

/** "(Medium)", "severity: high", and pgAdmin's "Fix critical stored cross-site scripting …": the grade the notes give a flaw. */
const SEVERITY =
  /\((?:(?:CVE|GHSA)-[\w-]+,\s*)?(critical|high|medium|moderate|low)\)|\b(?:(?:severity|impact):?\s*["']?)(critical|high|medium|moderate|low)\b|^fix(?:e[sd])?\s+(?:an?\s+)?(critical)\b/i;
const SEVERITY_WEIGHT: Record<string, number> = { critical: 40, high: 30, medium: 20, moderate: 20, low: 0 };

const CVSS_SCORE = /\bCVSS(?:\s*v?[234](?:\.\d)?)?(?:\s+(?:base\s+)?score)?\s*:?\s*(\d{1,2}(?:\.\d)?)\b/i;
function cvssGrade(text: string): string | undefined {
  const score = Number(text.match(CVSS_SCORE)?.[1] ?? Number.NaN);
  if (!(score >= 0 && score <= 10)) return undefined;
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

/**
 * Badger's "fix: typo of abandoned", "fix: test.sh error", libgd's "Fix #597: add codecov support": a fix of the project's own
 * text, warnings, scripts or CI, which nobody using it meets; told in its first words, not a fix that ends "… incorrect indexes vs. the docs".
 */
const FIXED_UPKEEP =
  /\b(?:typos?|spelling|grammar\w*|documentation|docs|readme|warnings?|lint\w*|clippy|formatting|CI|codecov|coveralls|travis|appveyor|flaky|test\.sh|changelog|copyright)\b/i;

// libgd 2.3.0's "Potential double-free in gdImage*Ptr()", "gdImageColorMatch() out of bounds write on heap": memory unsafety.
// (A flaw that corrupts memory an attacker may write through outranks one that reads or stops: "(buffer) underflow … OOB Write".)
const MEMORY_CORRUPTION =
  /\b(?:double[- ]free|use[- ]after[- ]free|out[- ]of[- ]bounds(?:\s+\(OOB\))?\s+write|(?:buffer|heap|stack|integer)\s+(?:over|under)flow)\b/i;
const SEVERE_FIX = new RegExp(
  String.raw`\b(?:crash\w*|hangs?|hung|deadlocks?|panics?|segfaults?|data loss|lost|corrupt\w*|leaks?|regressions?|infinite loop|out[- ]of[- ]bounds|null pointer dereference)\b|${MEMORY_CORRUPTION.source}`,
  'i',
);

/** Opening prose that tells of a vulnerability: an advisory's own description of its fix. */
/**
 * What says a security item fixes a flaw rather than hardens: a fix, a vulnerability, an advisory, an attack, what a
 * malicious party could do (code-server's "… if the service was malicious … execute commands as your code-server user"),
 * security issues closed (PocketMine-MP's "Harden options used for processing JSON data … to close security issues"), a change
 * marked as one (Terminology's "Do not popup unknown media types (security issue)"), or told so in the words the parser
 * reads as one (SECURITY_FIXES_TOLD: flutter_downloader's "Security update for iOS"). Axel's "Lots of security bugfixes"
 * writes its fixes as one word.
 */
const SECURITY_FIX_WORDS =
  /\b(?:bug-?)?fix\w*|\bvulnerab\w*|\bCVE-\d{4}-\d+|\bGHSA-|\bRUSTSEC-|\badvisor\w*|\bexploit\w*|\battack\w*|\bpatch\w*|\bflaw\w*|\bbypass\w*|\binjection\b|\boverflow\w*|\btraversal\b|\bleak\w*|\bcrash\w*|\bdenial of service\b|\bm?XSS\b|\bprevent\w*|\bCSRF\b|\bSSRF\b|\bRCE\b|\bspoof\w*|\bimpersonat\w*|\bmalicious\b|\bexecute (?:arbitrary )?(?:commands?|code)\b|\bsandbox escapes?\b|\bsecurity implications\b|\bsecurity risks?\b|\bout-of-bounds\b|\buse-after-free\b|\bdouble[- ]free\b|\barbitrary (?:absolute )?(?:file|path|location)s?\b|\bthrough (?:a|the) symlink\b|\bclos\w*\s+(?:\w+\s+)?security\s+(?:issues?|holes?)\b|\(security(?:\s+(?:issue|fix|bug))?\)/i;
const SECURITY_FIX = new RegExp(`${SECURITY_FIX_WORDS.source}|${SECURITY_FIXES_TOLD.source}`, 'i');
const FIXED_FLAWS_SECTION = /\bsecurity\s+(?:issues?|fix(?:es)?|bugs?|vulnerabilit(?:y|ies)|advisor(?:y|ies))\b|\bvulnerabilit(?:y|ies)\b/i;
const ATTACK =
  /\bm?XSS\b|\bcross-site\b|\binjection\b|\bremote code\b|\bcode execution\b|\bRCE\b|\bbypass\w*|\btraversal\b|\bprivilege escalation\b|\bexecution\b|\bSSRF\b|\bCSRF\b|\barbitrary (?:file|code|command)\b|\bdenial of service\b|\bDoS\b|\bspoof\w*|\bimpersonat\w*/i;
/** Moqui 4.0.0's "to benefit from all the new features, security fixes, upgrades, performance improvements": what any update brings, listed. */
const BENEFITS_LISTED =
  /\b(?:(?:new )?features|bug ?fixes|upgrades|improvements|enhancements),\s+security fix(?:es)?,|\bsecurity fix(?:es)?,\s+(?:\w+\s+){0,2}(?:upgrades|improvements|enhancements|bug ?fixes|features)\b/gi;
/** Spree 0.50.0's "There are no crucial security fixes in this release": the kind of fix it does not hold. */
const NO_SECURITY_FIXES = /\b(?:no|not\s+any)\s+(?:\w+\s+)?security\s+(?:fix(?:es)?|issues?|vulnerabilit\w*|patch(?:es)?)\b/gi;
const SECURITY_PROSE = withAdvisoryId(String.raw`\bvulnerab\w*|\b{ID}|\bsecurity (?:issue|flaw|fix|vulnerabilit\w*)|\bexploit\w*`, 'i');

const PLATFORM =
  /\b(?:node(?:\.js)?|python|ruby|java|windows|macos|linux|ios|android|wasm)(?:\s+version)?(?:\s+to)?\s*[v^>=~]*\d|\btier\s*1\b|\btypes\b|\bbaseline\b/i;

export type ReleaseKind = 'security' | 'breaking' | 'feature' | 'fix' | 'update';

/** An AsciiDoc attribute reference of a name in parts (`{project_name}`, `{operatorRepo_link}`), not Svelte's `{let}`. */
/** Keycloak's "{project_operator}", Open Cluster Scheduler's "xxqs_name_sxx": a name its docs fill in at build time. */
const UNRESOLVED_ATTRIBUTE = /\{[A-Za-z]+(?:[_-][A-Za-z]+)+\}|\bxx[a-z]+(?:_[a-z]+)+xx/;

const MISC_SECTION = /^(?:misc(?:ellaneous)?|odds and ends)$/i;
const OBSOLETE = /\b(?:vestigial|sunset|unmaintained|unused|no longer (?:used|maintained|needed))\b/i;

/** `line` is the item's first line as the notes wrote it, with the marks the item's words leave out ("(Medium)"). */
function significance(item: NoteItem, line = '', lines: readonly string[] = []): number {
  if (item.kind === 'internal') return 0;
  let score = KIND_WEIGHT[item.kind];
  // "As we get v1.16 out of door, the team will focus on …": what comes next is no part of this release.
  // A break told under its own heading is the page's layout (EF Core gives every break one), not a lead: breaks lead by grade.
  if (item.flagship && item.kind !== 'breaking') score += FUTURE.test(item.detail ?? item.text) ? -40 : 40;
  // What the notes themselves put up front ("Highlights", "Announcements", "Notable changes", "Major New Features"). Their
  // own list of it is in the order they chose: no word of an item there outweighs the one its authors listed first.
  // "Other notable changes" is the rest, often sorted by subsystem.
  // PipeWire 1.6.0's "Highlights (since the previous 1.5.85 prerelease)" are what changed since a test build, not the release's.
  const notable = item.section.some(
    (title) =>
      /\b(?:highlights?|announcements?|notable|key changes)\b|\b(?:major|key|headline|top) (?:new )?features\b/i.test(title) &&
      !SINCE_A_PRERELEASE.test(title) &&
      // hvac's "📢 Deprecations / Announcements": what is going away, announced, is not what the release brings.
      !/\bdeprecat/i.test(title),
  );
  const upFront = notable && !/^other\b/i.test(item.section[item.section.length - 1] ?? '');
  if (notable) score += upFront ? 40 : 30;
  if (/\btier\s*1\b/i.test(item.text)) score += 10;
  // Dart Code's "## Misc" after its headed features: what the notes file as odds and ends does not lead what they gave a
  // section of its own.
  // (A break filed there is still a break: mason.nvim 2.0's "### Misc" under its breaking changes.)
  if (item.kind !== 'breaking' && item.kind !== 'security' && item.section.some((title) => MISC_SECTION.test(title.trim()))) score -= 20;
  // FreshRSS's "Last version supporting PHP 7.4": what those on it must know before they next update, told with the breaks.
  if (END_OF_SUPPORT.test(item.text)) score += 40;
  // "* **Namespace Sealing**: Allow Shamir seal …": a feature the notes name in bold is one they set apart.
  if (item.kind === 'feature' && NAMED_IN_BOLD.test(line)) score += 10;
  // dav1d 1.5.0's "- WARNING: we removed some of the SSE2 optimizations, so if you care about systems without SSSE3, you
  // should be careful when updating!": what the notes warn of before an update, every post tells.
  // (Not GNU Make's "WARNING: Deprecation!", whose words say nothing of what.) XCSoar's "- CRITICAL: fix reachability
  // calculation with older compilers" among its fixes is one the notes set above the rest likewise.
  const warned = line.match(WARNS)?.[1];
  if (warned !== undefined && warned.split(/\s+/).filter((word) => /\w/.test(word)).length >= 4) score += 45;
  // Cargo's "- 🎉 The `[lints]` table has been stabilized", rust-analyzer's "diagnose trait errors 🎉.": what the notes celebrate
  // is what they lead with.
  if (/^\s*(?:[-*+]|\d+\.)?\s*🎉|🎉\s*[.!]?\s*$/u.test(line)) score += 15;
  // An advisory graded by the notes ("(Medium) Fixed an out-of-bounds read", "severity: high") leads by its grade.
  // So does a break graded by its impact (EF Core's summary of breaking changes: "| … | High |", "(Low)").
  // Salt's "CVSS Score 9.6 AV:N/…" under its advisory (among the item's `lines` of the notes): the score's band (CVSS v3's
  // qualitative scale) is its grade. The lines are joined only where no grade is written.
  const grade =
    item.kind === 'security' || item.kind === 'fix' || item.kind === 'breaking'
      ? ((line.match(SEVERITY) ?? item.text.match(SEVERITY))?.slice(1).find(Boolean)?.toLowerCase() ??
        cvssGrade(`${item.text} ${item.detail ?? ''} ${lines.slice(item.lines.start - 1, item.lines.end).join('\n')}`))
      : undefined;
  if (grade) score += SEVERITY_WEIGHT[grade] ?? 0;
  // A security section's fixed advisories lead it over its hardening.
  if (item.kind === 'security' && advisoryIds(item.text).length > 0) score += 10;
  // Redmine's "Stored XSS in Textile formatter", "OAuth scope enforcement bypass": an attack named leads a setting improved.
  if (item.kind === 'security' && ATTACK.test(item.text) && !SEVERE_FIX.test(item.text)) score += 10;
  if ((item.kind === 'security' || item.kind === 'fix') && MEMORY_CORRUPTION.test(item.text)) score += 5;
  // A fix of a flag or an API is not a new flag or API: a fix leads by what it stopped (a crash, lost data).
  if (
    !upFront &&
    (item.kind === 'fix' || item.kind === 'security'
      ? SEVERE_FIX.test(item.text)
      : LEAD_WORDS.test(withoutScope(item.text)) || NAMES_CLI.test(item.text) || PLATFORM.test(item.text))
  )
    score += 10;
  // "Significant improvements in recording performance", "80% cheaper": the notes' own word that this one counts for more.
  if (item.kind !== 'fix' && item.kind !== 'security' && EMPHASIS.test(item.text)) score += 5;
  // Ebitengine 2.4's "The DirectX driver now runs 2x-3x faster than the version 2.3.": a speed-up with its figure leads.
  if (item.kind === 'performance' && SPEED_FIGURE.test(`${item.text} ${item.detail ?? ''}`)) score += 20;
  // keyring 25's "remove support for Windows XP, now 10 years sunset", Ecto's ":array_join join type … no longer used": a
  // break of code few still run comes after one upgraders meet ("Removed check for config in XDG_DATA_HOME on Linux").
  if (item.kind === 'breaking' && OBSOLETE.test(`${item.text} ${item.detail ?? ''}`)) score -= 10;
  // Pedestal 0.8's "Clojure 1.11 is now the minimum supported version" among thirty breaks: the language every upgrader
  // runs, whatever code they wrote (not PyTorch Lightning's "Increased the minimum XLA requirement to 1.13", one library's).
  if (item.kind === 'breaking' && RAISED_MINIMUM.test(item.text) && RUNTIME_NAMED.test(item.text)) score += 10;
  // lint-staged 17's "The dependency `yaml` is now marked as optional …" under Major Changes: upkeep that breaks upgraders
  // still leads what the release brings, after the breaks people meet in their code.
  if (isChore(item)) score -= item.kind === 'breaking' ? 25 : 45;
  // SMAPI's "Improved performance.": that something got better, not what; a post cannot lead with it.
  if (VAGUE_BETTER.test(item.text)) score -= 15;
  // "Bug fixes" among named changes tells a reader nothing they could meet: it comes last.
  if (VAGUE_UPKEEP.test(item.text)) score -= 30;
  // A change told in a few words is easier to lead with than a paragraph; an example or a paragraph after a short
  // opening sentence (fmt's "Added a C11 API that brings fast, type-safe formatting to C. The new … For example:") is not.
  const opening = item.text.search(/[.!?]\s/);
  if ((opening < 0 ? item.text.length : opening) > 200) score -= 5;
  return score;
}

/** "Remove isDeleted method", "Rename receipt to invoice": a part of the API taken away or renamed. */
// Embree 4.0's "RTCIntersectContext is renamed to RTCRayQuery context …", "rtcFilterIntersection and rtcFilterOcclusion API calls
// got replaced by …", "Removed ray stream API as rarely used …": the same, told of the name.
const REMOVES_OR_RENAMES_API =
  /^(?:remove[sd]?\s+(?:the\s+)?\S+(?:\s+\S+){0,2}?\s+(?:method|function|class|option|property|parameter|argument|api|endpoint|command|flag|setting|column|event|hook|trait|interface|module|helper)s?\b|rename[sd]?\s+\S+\s+to\s+\S+|\S+(?:\s+\S+){0,5}?\s+(?:is|are|was|were|has been|have been|got)\s+(?:renamed|replaced)\s+(?:to|by|with)\s+\S)/i;
/** Butter Knife 8.0.0's "`@Bind` becomes `@BindView` and `@BindViews`": a name in code (a mark or an inner capital) becomes another. */
const BECOMES_IN_CODE = /^(?=\S*[@_.(]|[a-z]+[A-Z])@?[\w.]+(?:\(\))?\s+becomes\s+(?=\S*[@_.(]|[a-z]+[A-Z])@?[\w.]+/;
/** A break's heading that says what went or changed: "Removed WebSQL", "Theme dropdown removed", "jiff replaces chrono". */
const BREAK_IN_HEADING =
  /\b(?:remov\w*|drop\w*|renam\w*|deprecat\w*|replac\w*|chang\w*|no (?:longer|more)|now|switch\w*|mov(?:e|es|ed|ing)|requir\w*|end of|becomes?)\b|!$/i;
/** A line the notes open with a warning, and the rest of that line. */
const WARNS = /^\s*(?:[-*+]|\d+\.)?\s*(?:\*\*|__)?(?:WARNING|IMPORTANT|ATTENTION|CAUTION|CRITICAL)\b(.*)/;
const SINCE_A_PRERELEASE = /\bsince (?:the )?(?:previous|last) (?:[\w.-]+ )?(?:pre-?releases?|rc|release candidates?|betas?|alphas?)\b/i;
// Vue Router's "parseURL minor improvements": a name, then that it got a little better.
const VAGUE_BETTER =
  /^(?:(?:improved?|improvements?\s+(?:to|in)|better|various|minor|general|more|some|updated?)\s+\p{Ll}+|\S+\s+(?:minor|small|various|some)\s+(?:improvements?|tweaks|changes|optimi[sz]ations?))[.!]?$/iu;
const EMPHASIS =
  /\b(?:significantly|substantially|dramatically|greatly|vastly|massively|(?:significant|substantial|dramatic|massive|major)\s+(?:[\w-]+\s+)?(?:improvements?|speed-?ups?|gains?|reductions?|overhaul|rework|redesign|boost)|built-in|redesign\w*|(?:^|\b(?:an?|complete|full|total)\s+)rewrite\b|rewritten|overhaul\w*|from scratch|brand[- ]new|much (?:faster|smaller|easier|better|less|lower|cheaper|quicker)|\d+(?:\.\d+)?\s*(?:%|x|×|times)\s+(?:faster|smaller|cheaper|quicker|less|fewer|lower))(?![\w-])/i;

/**
 * Commons IO's "Add ProxyWriter.setReference(Writer)", "Add ProxyWriter.unwrap()", "Add ProxyReader.setReference(Reader)",
 * "Add ProxyReader.unrwap()" one after another: four highlights of two classes' accessors left no room for the rest. A change
 * to a class (or module) already told comes after the changes to others.
 */
function varied(ranked: NoteItem[]): NoteItem[] {
  const told = new Set<string>();
  const first: NoteItem[] = [];
  const later: NoteItem[] = [];
  for (const item of ranked) {
    const owner = item.text.match(/(?<![\w.])([A-Z]\w+)\.[a-z]\w*\(/)?.[1];
    if (owner && told.has(owner)) later.push(item);
    else first.push(item);
    if (owner) told.add(owner);
  }
  return later.length === 0 ? ranked : [...first, ...later];
}

/** Housekeeping a reader does not meet; a bumped build target or required runtime is a breaking change people lead with. */
function isChore(item: NoteItem): boolean {
  let chore = chores.get(item);
  if (chore === undefined)
    chores.set(
      item,
      (chore =
        VAGUE_UPKEEP.test(item.text) ||
        // pyparsing's "NEW/ENHANCED EXAMPLES": sample code shipped beside the product, as its docs are.
        item.section.some((title) => EXAMPLES_TITLE.test(title.trim())) ||
        (CHORE_WORDS.test(withoutNamedCi(/command/i.test(item.text) ? item.text.replace(COMMAND_NAME, keptIfReleaseTooling) : item.text)) &&
          !(item.kind === 'breaking' && !/dependenc|deps\b/i.test(item.text)) &&
          // Cargo's "The `[lints]` table has been stabilized": a feature made stable is news, whatever it is about.
          !/\bstabili[sz]ed\b/i.test(item.text) &&
          // Postal 3.0's "Removal of RabbitMQ dependency": one thing fewer to install and run, not a bump.
          !DEPENDENCY_DROPPED.test(item.text))),
    );
  return chore;
}
/** "update module github.com/… to v1.50.4", "Bump golang.org/x/net from 0.22.0 to 0.23.0": a dependency moved on, not the product's own work. */
const DEPENDENCY_UPDATE = /^(?:update[sd]?|bump(?:s|ed)?|upgrade[sd]?)\s+(?:module|dependenc|\S+\s+(?:from|to)\s)/i;
const EXAMPLES_TITLE = /^(?:[\w/]+\s+){0,2}examples$/i;
const DEPENDENCY_DROPPED = /^(?:removal of|remov(?:e|ed|es|ing)|drop(?:s|ped|ping)?)\s+(?:the\s+)?(?:[\w.-]+\s+){1,2}dependenc(?:y|ies)\.?$/i;
/** The words without a CI service the change adds or supports (a lookbehind over the whole text cost a scan per place). */
function withoutNamedCi(text: string): string {
  const at = text.search(SUPPORTS);
  return at < 0 ? text : text.slice(0, at) + text.slice(at).replace(NAMED_CI, '');
}

/** An item whose own words say it breaks something: support dropped, platforms removed, a minimum raised, old ones failing. */
function wordsSayItBreaks(item: NoteItem): boolean {
  return (
    dropsSupport(item.text) ||
    PLATFORM_DISABLED.test(item.text) ||
    // Turbine's "remove iosArm32 and watchosX86 targets": platforms dropped, as support is.
    removesPlatformTargets(item.text) ||
    // structlog's "### Removed" over "- Python 3.8 and 3.9 support.": the section is the item's verb.
    (item.section.some((title) => /^removed$/i.test(title.trim())) && dropsSupport(`Removed ${item.text}`)) ||
    RAISED_MINIMUM.test(item.text) ||
    // Etherpad's "Updated to express 5.0.0. … old plugins will throw errors and crash Etherpad.": what it breaks, said.
    OLD_ONES_FAIL.test(item.text) ||
    NO_LONGER_WITH_OLDER.test(item.text) ||
    // Natron's "This will require very few changes to the Python code", Mitsuba's "Some breaking changes were made …".
    REQUIRES_CODE_CHANGES.test(item.text) ||
    BREAKS_WERE_MADE.test(item.text) ||
    NOT_BACKWARDS_COMPATIBLE.test(item.text) ||
    // arpack-ng's "=> API/ABI change for *[ds]neupd_c", Starlink AST's "all C or C++ code that uses AST should be recompiled".
    ABI_CHANGED.test(item.text) ||
    MUST_REBUILD.test(item.text)
  );
}
/**
 * Yazi's "Rename `<BackTab>` to `<S-Tab>`", "Remove `Url.is_archive` - …" under "Changed", Box2D's "Replaced `b2Timer` with
 * `uint64_t`": a name people wrote in their code or configuration, renamed, replaced or gone. One may be a slip of the notes'
 * words (packaging's "Rename `format_full_version` to `_format_full_version` to make it visibly private"); two or more outside
 * a list of expired deprecations break a release.
 */
const renamesOrRemovesAName = (item: NoteItem) =>
  item.kind === 'breaking' &&
  ((/^(?:Rename|Remove|Replace)[sd]?\s/.test(item.text) &&
    // Easy-RSA's "Removed command 'rebuild'": a command or option named after its kind.
    ((item.code ?? []).some((code) => item.text.startsWith(code, item.text.indexOf(' ') + 1)) ||
      /^\S+\s+(?:the\s+)?(?:(?:sub)?command|option|flag|setting)\s+['"-]/.test(item.text))) ||
    saysANameGone(item)) &&
  !item.section.some((title) => /deprecat/i.test(title));
/**
 * FlexSearch's "Charset `ArabicDefault` and `CyrillicDefault` was removed", "Charset `Charset.CjkDefault` was renamed to
 * `Charset.CJK`": names of the code said gone after them.
 */
const saysANameGone = (item: NoteItem) =>
  (item.code ?? []).some((code) =>
    new RegExp(`${escapeRegExp(code)}(?!\\w)[^.]{0,40}\\b(?:was|were|has been|have been|is|are)\\s+(?:now\\s+)?(?:renamed|removed)\\b`).test(item.text),
  ) || /\brenamed\s+(?:from\s+)?\S+\s*(?:=>|->|→)/.test(item.text);
/** "fully backwards-compatible", "API and ABI compatible with previous 1.4.x releases": the opening says nothing breaks. */
const KEEPS_COMPATIBILITY =
  /\bbackwards?[- ]compatible\b|\b(?:API|ABI)(?:\s+and\s+(?:API|ABI))?\s+compatible\s+with\s+(?:the\s+)?(?:previous|earlier|older|prior)\b/i;

/**
 * The items of a list its paragraph introduces as the release's main changes (PipeWire 1.6.0's "This release contains some
 * of the bigger changes that happened since the 1.4 release last year, including:"): the notes' own pick, as a Highlights
 * heading is.
 */
function listedAsTheMainChanges(parsed: ParsedNotes): Set<NoteItem> {
  const picked = new Set<NoteItem>();
  let end = -1;
  let inPicked = false;
  for (const item of parsed.items) {
    const between = parsed.lines.slice(end, item.lines.start - 1);
    // A heading after the list (egui's "### Improved kerning" under its "Highlights from this release:") ends it.
    const runsOn = end >= 0 && between.every((line) => line.trim() === '') && LIST_ITEM.test(parsed.lines[item.lines.start - 1] ?? '');
    if (!runsOn) {
      // Not Docusaurus' "Other notable changes include:", the rest; nor Xournal++'s bullet "* Major changes in the plugin
      // interface:" over its parts.
      const before = paragraphBefore(parsed.lines, item.lines.start);
      inPicked = INTRODUCES_MAIN_CHANGES.test(before) && !/\bother\s+(?:\w+\s+)?(?:changes|features|notable|highlights)\b/i.test(before);
    }
    if (inPicked) picked.add(item);
    end = item.lines.end;
  }
  return picked;
}
/** The paragraph that ends on the line before a 1-based line, blank lines between them skipped; none where a list item or a heading ends there. */
function paragraphBefore(lines: string[], start: number): string {
  let at = start - 2;
  while (at >= 0 && lines[at]!.trim() === '') at--;
  if (at < 0 || LIST_ITEM.test(lines[at]!) || /^\s*#/.test(lines[at]!)) return '';
  const paragraph: string[] = [];
  while (at >= 0 && lines[at]!.trim() !== '' && paragraph.length < 4) paragraph.unshift(lines[at--]!.trim());
  return paragraph.join(' ');
}
const INTRODUCES_MAIN_CHANGES =
  /\b(?:(?:biggest|bigger|major|main|most (?:important|notable|significant)|key|notable|important|headline)\s+(?:new\s+)?(?:changes|features|improvements|additions)|highlights)\b[^.!?]*:\s*$/i;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s/;
/** What the notes' own pick of their main changes weighs, as a Highlights heading's items do. */
const NOTES_PICKED = 40;

/**
 * KotlinPoet 2.0's "The most important behavior change in this release is that spaces in generated code don't wrap by default
 * anymore." in the prose over its list: the words of the change the notes call their most important, to find its item by.
 */
function stressedWords(parsed: ParsedNotes): Set<string> {
  const first = Math.min(...parsed.items.map((item) => item.lines.start));
  const prose = parsed.lines
    .slice(0, Number.isFinite(first) ? first - 1 : 0)
    .filter((line) => !LIST_ITEM.test(line) && !/^\s*#/.test(line))
    .join(' ');
  const said = prose.match(CALLED_MOST_IMPORTANT);
  return new Set(said ? distinctiveWords(said[1]!) : []);
}
const CALLED_MOST_IMPORTANT =
  /\b(?:most important|biggest|main|headline|key|most notable|most significant)\s+(?:[\w-]+\s+)?(?:change|feature|improvement|addition)\s+(?:in|of)\s+(?:this|the)\s+(?:release|version)\s+is\s+(?:that\s+)?([^.!?]{8,200})/i;

/** An item that names the advisory it fixes, in its words or in a link: API Platform's "[CVE-2025-31481](…/advisories/GHSA-…)". */
function citesAdvisory(item: NoteItem): boolean {
  return advisoryIds(item.text).length > 0 || item.refs.some((ref) => /^(?:CVE|GHSA|RUSTSEC)-/i.test(ref.label) || /\/advisories\/GHSA-/i.test(ref.url ?? ''));
}

/** Whether an item is housekeeping, read once: ranking and the highlights' filter both ask. */
const chores = new WeakMap<NoteItem, boolean>();

/** What follows a name in code when an item only names a thing: "`DataPreprocessor` protocol …", "`HTTPMethod` to be a struct". */
const NAMED_THING =
  /^(?:methods?|functions?|protocols?|types?|typealias(?:es)?|class(?:es)?|propert(?:y|ies)|options?|flags?|parameters?|fields?|APIs?|hooks?|commands?|components?|modules?|instances?|to|and)$/;
const SUB_BULLET = /^\s+(?:[-*+]|\d+\.)\s+(?:\S+\s+){3}\S/;
const NAMED_IN_BOLD = /^\s*(?:[-*+]|\d+\.)\s+\*\*[^*]{2,60}?:?\*\*:?\s+\S/;

/**
 * What a release that is not a breaking one counts of its breaks: Rails' "Removals" and "Deprecations" sections retire
 * what was deprecated before, and a post calls them so rather than "sixteen breaking changes".
 */
function retired(items: NoteItem[]): string {
  const titles = items.map((item) => item.section.join(' '));
  const removals = titles.some((title) => /removal|removed/i.test(title));
  const deprecations = titles.some((title) => /deprecat/i.test(title));
  // Guacamole's "Deprecation / Compatibility notes" holds more than deprecations.
  if (titles.some((title) => !/removal|removed|deprecat/i.test(title) || /compatib|migrat|upgrad|breaking/i.test(title))) return 'breaking changes';
  return removals && deprecations ? 'removals and deprecations' : removals ? 'removals' : 'deprecations';
}

/** Words that single a change out (five letters or more, not the vocabulary every changelog shares). */
function distinctiveWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9_-]{4,}/g) ?? []).filter((word) => !COMMON_WORDS.test(word));
}
const COMMON_WORDS =
  /^(?:release[sd]?|feature[sd]?|support(?:s|ed)?|change[sd]?|update[sd]?|versions?|improve\w*|fix(?:es|ed)|about|which|their|there|these|those|other|using|added|adds|usual|together|continues|work|bugs?|python|better|first|would|could|should|after|before|since|while|where|with\w*|without|thanks|contributors?|every|makes?|brings?|includes?|including|users?|developers?|project|times?|additional|several|various|multiple|minor|major|published)$/;

/**
 * The brief of a release: deterministic (the same release and profile give the same brief),
 * and grounded: every sentence cites the notes' lines or the release's or profile's fields, and a
 * sentence the checker refuses is left out (a template falls back to a plainer one), so a brief
 * is never refused for a sentence of ours. Only notes with nothing to cite are refused.
 */
export function generateBrief(release: BriefRelease, profile: ProductProfile | null): Brief {
  if (release.notes.trim() === '')
    throw new BriefInputError('notes_empty', `Release ${release.version} has no notes to make a brief from.`, { field: 'notes' });
  if (release.notes.length > MAX_BRIEF_NOTES_CHARS)
    throw new BriefInputError(
      'notes_too_long',
      `Release notes of ${release.notes.length} characters are over the ${MAX_BRIEF_NOTES_CHARS}-character cap of a brief.`,
      {
        field: 'notes',
        length: release.notes.length,
        maxChars: MAX_BRIEF_NOTES_CHARS,
      },
    );
  const parsed = parseNotes(release.notes, repositoryBase(release.url));
  const sources: GroundingSources = { notes: release.notes, release, profile };
  const grounded = (path: string, sentence: Sentence) => sentence.text.trim() !== '' && checkSentence(path, sentence, sources, parsed.lines).length === 0;
  const version = shownVersion(release.version);
  // A calendar version's third number (clj-kondo's v2026.07.24) is a day or a count, not a semver patch.
  const patch = /^v?\d+\.\d+\.[1-9]/i.test(version) && !/^v?(?:19|20)\d{2}\./.test(version);
  const step = versionStep(version);
  const newMajor = step?.step === 'major' && !step.beforeOne && !/^v?(?:19|20)\d{2}\./.test(version);
  const unsortedBreaks = !parsed.items.some((item) => item.kind === 'breaking');
  // A security announcement that tells its fix in prose (Kubernetes' "The Kubelet has been found to be vulnerable to …")
  // and lists only who is affected, or the advisories' ids, leads with that prose.
  const introAdvisory = advisoryOfIntro(parsed);
  const fromIntro: NoteItem[] = introAdvisory ? [introAdvisory.item] : [];
  const toldItems = introAdvisory ? parsed.items.filter((item) => !introAdvisory.idLines.includes(item)) : parsed.items;
  // ODMantic's "I'm excited to announce ODMantic v1.0.0, with Pydantic v2 support! 🎉": what the announcement names the release
  // for is the feature it leads with.
  const announced = parsed.intro?.text.match(ANNOUNCED_WITH)?.[1];
  if (announced && parsed.intro && !parsed.items.some((item) => item.text.includes(announced)))
    fromIntro.push({ kind: 'feature', text: announced, lines: parsed.intro.lines, section: [], refs: [], flagship: true });
  // Wave Terminal 0.9.0's one paragraph, "New major Wave Terminal release! Wave tabs are now cached. … We also have native WSL2
  // support. …": notes told in their opening alone tell their changes in its sentences after the one the summary takes.
  // (Not Nyxt's Lisp, `(:li "UserScript support.")`, read as an opening: code, in no sentences.)
  // (I2P 2.10.0's post likewise, whose only list is of its downloads' checksums.)
  // (Cairo 1.17.4's paragraphs after its opening, read as changes where nothing else is, come after the opening's own.)
  if (toldItems.every((item) => item.kind === 'internal' || item.afterOpening) && parsed.intro && !introAdvisory && !/\(:[a-z]|"\)/.test(parsed.intro.text))
    fromIntro.push(...changesOfOpening(parsed.intro));
  // The items a kept one tells again in more words, by the kept one's first line: its highlight cites them too.
  const retellings = new Map<number, NoteItem[]>();
  const items = distinct(
    // One-word items are labels more often than changes, except a breaking change or an advisory's id, which are never dropped,
    // and a name in code a feature's section lists (MDN's "### Additions" over "- `api.Navigator.cpuPerformance`").
    withDroppedSupportJoined(withSharedLabelsJoined([...fromIntro, ...toldItems], retellings), retellings).filter(
      (item) =>
        item.kind !== 'internal' &&
        (item.kind === 'breaking' ||
          (item.kind === 'security' && advisoryIds(item.text).length > 0) ||
          (item.kind === 'feature' && item.code?.includes(item.text.trim()) && /^(?:added|additions)$/i.test(item.section.at(-1)?.trim() ?? '')) ||
          // Boa's "### Temporal" over its paragraph: a feature's one-word heading, told by what follows it.
          (item.flagship && item.detail !== undefined) ||
          /\s/.test(item.text)) &&
        !RELEASE_DATE.test(item.text) &&
        // Dkron's pull request "Should output.TotalWritten be judged after cmd.Wait() is executed?": a question tells no change.
        !(item.kind !== 'breaking' && item.kind !== 'security' && ASKS_A_QUESTION.test(item.text)) &&
        !(item.kind === 'other' && FUTURE.test(item.detail ?? item.text)),
    ),
    retellings,
  ).map((item) =>
    // Laravel Cashier 15.0.0's "Remove isDeleted method", "Rename receipt to invoice": in a new major version whose notes sort
    // out no break themselves, what it takes away or renames of its API is what semantic versioning bumped the number for.
    // (Not fastd v23's "The file COPYRIGHT has been renamed to LICENSE.": the project's own papers, no API.)
    newMajor &&
    unsortedBreaks &&
    item.kind === 'other' &&
    (REMOVES_OR_RENAMES_API.test(item.text) || BECOMES_IN_CODE.test(item.text)) &&
    !/\b(?:COPYRIGHT|LICEN[CS]E|README|CHANGELOG|CHANGES|NEWS|AUTHORS|CONTRIBUTING)(?:\.\w+)?\b/.test(item.text)
      ? { ...item, kind: 'breaking' as const }
      : item.section.some((title) => namesLaterVersion(title, version)) && (item.kind === 'feature' || item.flagship)
        ? // What a later version will bring is named, not told by its account.
          { ...item, kind: item.kind === 'feature' ? ('other' as const) : item.kind, flagship: false, detail: undefined }
        : // A patch release's notes that give each change a heading (Prettier) are telling fixes, not flagship features.
          // Lemmy 0.19.4's "### Image Proxying" over "There is a new config option …" tells a feature, patch number or not.
          // JJWT 0.12.4's "#### Jackson Default Parsing Behavior" over "This release makes two behavioral changes to …" tells a
          // change of behaviour: nothing was broken that it fixes.
          // (GLFW 3.5.1's "## New features" over "### Unlimited mouse buttons": the section says what its headings are.)
          patch && item.flagship && !NEW_CAPABILITY.test(item.detail ?? '') && !item.section.some((title) => /^new features?\b/i.test(title))
          ? { ...item, kind: BEHAVIOUR_CHANGE.test(item.detail ?? '') ? ('other' as const) : ('fix' as const), flagship: false }
          : item,
  );
  // An item whose body runs on (code blocks, examples) is cited by its opening lines, where the
  // sentence written from it comes from: the checker refuses a citation wider than that.
  const cite = (item: Pick<NoteItem, 'lines' | 'refs'>): Citation => {
    const lines = { start: item.lines.start, end: Math.min(item.lines.end, item.lines.start + MAX_CITED_LINES - 1) };
    return { source: 'notes', lines, excerpt: parsed.lines.slice(lines.start - 1, lines.end).join('\n'), refs: item.refs };
  };
  // A break marked, or an advisory id given, far down an item's account: that line is cited too, which its first lines may
  // not reach; and it alone is what says the item's kind.
  // (librsvg's "This is a security release for bug #996." opening the notes, above the fix it names, likewise.)
  const farKindMark = (item: NoteItem) =>
    item.kindMark && (item.kindMark.start >= item.lines.start + MAX_CITED_LINES || item.kindMark.end < item.lines.start)
      ? cite({ lines: item.kindMark, refs: [] })
      : null;
  const citeWithKindMark = (item: NoteItem): Citation[] => [cite(item), ...(farKindMark(item) ? [farKindMark(item)!] : [])];
  const citeKind = (item: NoteItem): Citation[] => [farKindMark(item) ?? cite(item)];
  const voice = voiceOf(profile);
  const subject = subjectOf(release, profile, parsed.lines);
  const versionCitation: Citation = { source: 'release', field: 'version', value: release.version };
  const ofKind = (kind: ChangeKind) => items.filter((item) => item.kind === kind);
  // A headline says "breaking" when the notes do (a breaking section or marker, a major version,
  // support dropped), not for every removal of a long-deprecated API; and a release that breaks
  // things is a breaking release first, even when it also fixes a CVE.
  const major = numberMayBreak(version);
  const introSentences = parsed.intro?.text.split(/(?<=[.!?])\s+/) ?? [];
  const introBreaks =
    parsed.intro !== null &&
    ((major &&
      // Gettext 1.0's "There are very few changes …, and none of them are breaking.": said not to break.
      introSentences.some((sentence) => /\b(?:breaking|incompatib\w*|backwards?[- ]incompatib\w*)\b/i.test(sentence) && !NOT_BREAKING.test(sentence))) ||
      // Keter 2.1's "Please reference `MigrationGuide-2.1.md` for in-depth documentation on breaking changes …", whatever its
      // number: a guide to migrate by, for this release's breaking changes.
      introSentences.some((sentence) => /\bbreaking changes?\b/i.test(sentence) && /migrat/i.test(sentence) && !NOT_BREAKING.test(sentence)) ||
      // Actual 23.2.5's "This release introduces a breaking change, there is now a requirement for Actual to be served over
      // HTTPS …": said outright, whatever its number.
      introSentences.some(
        (sentence) =>
          /\b(?:introduces?|contains?|includes?|brings?)\s+(?:a|one|two|three|several|some)\s+(?:\w+\s+)?breaking\s+changes?\b/i.test(sentence) &&
          !NOT_BREAKING.test(sentence),
      ) ||
      // sokol's "A minor, potentially breaking update in the sokol-gfx GL backend …", released by date: the opening calls the
      // update breaking.
      introSentences.some((sentence) => /^an?\s+(?:[\w-]+,?\s+){0,3}(?:potentially\s+)?breaking\s+(?:update|change|release)\b/i.test(sentence)) ||
      // Postal 3.0.0's "Please be sure to follow the [upgrade guide](…) when upgrading to Postal v3": a major whose upgraders
      // need a guide.
      (major &&
        /\b(?:be sure to|make sure to|you (?:must|need to|should)|please)\s+(?:\w+\s+){0,2}(?:the|our)\s+\[?(?:upgrade|upgrading|migration)\s+guide\b/i.test(
          parsed.intro.text,
        )) ||
      RAISED_MINIMUM.test(parsed.intro.text) ||
      // Healthchecks 3.0's "This release drops support of Python 3.9 and below."
      INTRO_DROPS_RUNTIME.test(parsed.intro.text) ||
      // Picasso 2.71828's "This version is not fully backwards compatible with previous 2.x releases!", whatever its number.
      NOT_BACKWARDS_COMPATIBLE.test(parsed.intro.text));
  // A major whose notes say so anywhere, Rspack 2.0's upgrade section far below its opening: that line is what says it.
  const breakSaidAt = major ? parsed.lines.findIndex((line) => SAYS_IT_BREAKS.test(line) && !NOT_BREAKING.test(line)) : -1;
  const notesSayMajorBreaks = breakSaidAt >= 0;
  // LLM 0.32's "a major, backwards-compatible update": its number lets it break things, its notes say it does not.
  // PipeWire 1.6.0's "This is the 1.6 release that is API and ABI compatible with previous 1.4.x releases." likewise.
  // (Not Flask-CORS 2.0.0rc1's "This should be backwards compatible for most people.": compatible for most breaks some.)
  // ComplexityMeasures 3.0's "Despite the major version change, this release does not contain strictly breaking changes.
  // Instead, deprecations have been put in place everywhere." too.
  const introKeepsCompatibility =
    parsed.intro !== null &&
    (KEEPS_COMPATIBILITY.test(parsed.intro.text) ||
      /\b(?:does|do)\s+not\s+contain\s+(?:any\s+)?(?:strictly\s+)?breaking\s+changes\b/i.test(parsed.intro.text)) &&
    !/\b(?:not|in)\s*backwards?[- ]compatible\b|\bincompatib|\bcompatible\s+for\s+(?:most|many)\b/i.test(parsed.intro.text);
  // json 2.11.0's six removals of deprecated methods beside one fix and two speed-ups: what the release mostly does breaks
  // whoever still calls them. (SpotBugs' long "Removed" list beside its new detectors is a feature release's housekeeping.)
  const unlisted = ofKind('breaking').filter((item) => !item.section.some((title) => /deprecat|remov/i.test(title))).length;
  const mostlyRemovals = ofKind('feature').length === 0 && unlisted >= 3 && unlisted > ofKind('fix').length + ofKind('performance').length;
  const saysBreaking =
    introBreaks ||
    notesSayMajorBreaks ||
    mostlyRemovals ||
    ofKind('breaking').filter(renamesOrRemovesAName).length >= 2 ||
    // More breaking changes than a brief shows, outside a list of removed deprecations (Rails' "Removals"), make a breaking release.
    ofKind('breaking').filter((item) => !item.section.some((title) => /deprecat|removal/i.test(title))).length > SHOW_ALL_CRITICAL ||
    ofKind('breaking').some(
      (item) =>
        // ndarray's "fully backwards-compatible" release still lists what it removed under "Removed".
        (major && (!introKeepsCompatibility || item.section.some((title) => /^remov/i.test(title.trim())))) ||
        // Ant's "Changes that could break older environments:".
        // dlib's "Non-Backwards Compatible Changes:".
        item.section.some((title) => /breaking|incompatib|non[- ]backwards?[- ]compatible|major changes|\b(?:could|may|might|will) break\b/i.test(title)) ||
        // What an item's words drop or require breaks nobody the opening says stays compatible (PipeWire's "Support for v0
        // clients was removed." under "API and ABI compatible with previous 1.4.x releases"); a mark or a heading still does.
        (!introKeepsCompatibility && wordsSayItBreaks(item)) ||
        BREAKING_MARK.test(parsed.lines[item.lines.start - 1] ?? '') ||
        // SBCL's "* minor incompatible change: FDEFINITION now returns …", GNU Make's "* WARNING: Backward-incompatibility!":
        // said so on its line.
        // UIkit's "- IMPORTANT: Rename `@accordion-*` to `@accordion-default-*` …" under "Changed": upgraders must act on it.
        /\bincompatible change\b|\bbackwards?[- ]incompatibility\b/i.test(parsed.lines[item.lines.start - 1] ?? '') ||
        /^\s*[-*+]\s+IMPORTANT:/.test(parsed.lines[item.lines.start - 1] ?? '') ||
        // Pixelorama's "NOTE: This is a breaking change as reference images will fail to load from pxo files saved in v1.1.10";
        // BTCPay Server's "Note: If you installed the XPub Extractor plugin, you will need to update it.": said, or asked of upgraders.
        // tasty 1.5's "`foldGroup` now takes `[b]` … This is a backwards incompatible change, but …".
        /\b(?:this|it) is a (?:backwards?[- ])?(?:incompatible|breaking) change\b/i.test(item.text) ||
        ASKS_UPGRADERS.test(item.text),
    );
  // "23.05 is a smaller release focusing on fixes": the notes say what kind of release it is.
  const introSaysFixes = parsed.intro !== null && INTRO_SAYS_FIXES.test(parsed.intro.text);
  // Kooha's "This release contains new features and fixes:" over lines that tell what is possible now ("Area selector window
  // is now resizable"): the notes say what kind of release it is, where its lines' verbs do not.
  const introSaysFeatures = parsed.intro !== null && INTRO_SAYS_FEATURES.test(parsed.intro.text);
  // One small addition among a dozen fixes (OpenTTD 14.1) is a release with fixes, not a feature release.
  // A patch version (1.6.1) with one improvement beside its fixes, or a few among twice as many fixes (esbuild's two
  // additions among six fixes), is what semver says a patch is.
  // (Not Scala Native 0.5.12's "Highlights of the release", whose first heading brings experimental virtual threads: a
  // feature told under its own heading is what the release is for.)
  const patchOfFixes =
    patch &&
    ofKind('fix').length >= 1 &&
    (ofKind('feature').length === 1 || ofKind('fix').length >= 2 * ofKind('feature').length) &&
    !ofKind('feature').some((item) => item.flagship);
  const mostlyFixes = ofKind('feature').length === 1 && ofKind('fix').length >= 6 && !items.some((item) => item.flagship);
  // Ghostty 1.1.0's one advisory among its dozens of features, or libgcrypt 1.10.0's CVE among its bug fixes, does not
  // make a minor release a security release: it is a feature release with a security fix, unless the notes call it one.
  // libsndfile 1.1.0's MPEG support beside seven flaws its fuzzers found, none given an advisory nor named as an attack: as
  // many features as such fixes lead too (not step-ca's "Authorization Bypass in ACME and SCEP Provisioners").
  const ownSecurityWork = ofKind('security').filter((item) => !DEPENDENCY_UPDATE.test(item.text));
  const namedFlawsFixed = ofKind('security').some((item) => citesAdvisory(item) || ATTACK.test(item.text));
  // Material UI 6.2.0's "Here are some highlights ✨:" over React 19 support, its ReDoS fix filed among its own upkeep: the
  // notes' own highlights say what the release is for, where no flaw fixed has an advisory.
  const highlighted = (item: NoteItem) => item.section.some((title) => /^highlights$/i.test(title));
  const highlightsFeatures = ofKind('feature').some(highlighted) && !ofKind('security').some((item) => highlighted(item) || citesAdvisory(item));
  const featuresLead =
    !patch &&
    (highlightsFeatures || (ofKind('feature').length >= 5 && ofKind('feature').length >= (namedFlawsFixed ? 4 : 1) * ofKind('security').length)) &&
    !(parsed.intro !== null && INTRO_SAYS_SECURITY.test(parsed.intro.text)) &&
    !items.some((item) => item.section.some((title) => SECURITY_RELEASE_HEADING.test(title)));
  // Zettlr's "Security: Enforce loading remote resources using HTTPS" hardens; a security release fixes a flaw.
  // waitress 3.0.1's two advisories beside one change of behaviour, Sunshine's "this release contains critical security
  // fixes" over a removal: outside a major version, fixes of flaws at least as many as the breaks make a security release,
  // whose breaks are still told.
  // (Not where the notes file a break under its own heading, as Gitea's "BREAKING", or where features lead.)
  const securityFirst =
    !major &&
    !introBreaks &&
    !featuresLead &&
    // CairoSVG 2.9.0's "this is a security update" over its flaw, then Python 3.9 dropped: the notes say what the release is.
    (ofKind('security').filter((item) => SECURITY_FIX.test(item.text)).length >= Math.max(1, ofKind('breaking').length) ||
      (ofKind('security').length > 0 && parsed.intro !== null && SAYS_SECURITY_UPDATE.test(parsed.intro.text))) &&
    !ofKind('breaking').some((item) => item.section.some((title) => /breaking|incompatib/i.test(title)));
  const releaseKind: ReleaseKind =
    saysBreaking && !securityFirst
      ? 'breaking'
      : (!featuresLead &&
            ofKind('security').some(
              (item) =>
                SECURITY_FIX.test(item.text) ||
                citesAdvisory(item) ||
                // Splash 2.3.2's "* security fix: Xvfb shouldn't listen to tcp.": the label its words lost says it.
                SECURITY_FIX_LABEL.test((parsed.lines[item.lines.start - 1] ?? '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')) ||
                // phpBB's "Security Issue" over "Use jQuery to generate HTML from page data": the section says a flaw was fixed.
                item.section.some((title) => FIXED_FLAWS_SECTION.test(title)) ||
                // Hubble 1.19.3's "Important Security Updates:" over a dependency update Renovate marked "[security]": the
                // notes file a vulnerability alert's fix as such (not Chef Server's "Security Updates" of OpenSSL and ciphers,
                // nor Loki's "[security]" updates among its bug fixes).
                (item.section.some((title) => /\bsecurity updates?\b/i.test(title)) && /\[security\]/i.test(parsed.lines[item.lines.start - 1] ?? '')),
            )) ||
          // ACF 6.7.2's five "Security - … now correctly checks …" items, Sealed Secrets 0.36.0's two "[Security]" ones beside a chore:
          // a release that is mostly security work is a security release, whether or not its items name the flaw. (Not Loki
          // 3.6.8's "Update module google.golang.org/grpc to v1.79.3" tagged [security]: its own work is elsewhere.)
          (ownSecurityWork.length >= 2 && ownSecurityWork.length * 2 > items.filter((item) => item.kind !== 'internal' && !isChore(item)).length) ||
          // Pods' "This is a major security hardening release …" over sixteen "Security: …" items that name no flaw.
          (ofKind('security').length > 0 && parsed.intro !== null && INTRO_SAYS_SECURITY.test(parsed.intro.text)) ||
          // Exim's "This is a security release, addressing Exim-Security-2025-12-09.1 …" over a port of the fix: the notes say so.
          (parsed.intro !== null && SAYS_SECURITY_UPDATE.test(parsed.intro.text)) ||
          items.some((item) => item.section.some((title) => SECURITY_RELEASE_HEADING.test(title))) ||
          // VisualBoyAdvance-M's "## [2.1.0] Vulnerability fixes": the release titled by why it came out.
          (ofKind('security').length > 0 && parsed.lines.some((line) => TITLED_SECURITY_RELEASE.test(line)))
        ? 'security'
        : (ofKind('feature').length || (introSaysFeatures && ofKind('other').length)) &&
            !(introSaysFixes && ofKind('fix').length) &&
            !mostlyFixes &&
            !patchOfFixes
          ? 'feature'
          : ofKind('fix').length || ofKind('performance').length || ofKind('breaking').length
            ? 'fix'
            : 'update';

  // Highlights: every security fix and breaking change (a long list: its top ones, and a count
  // below citing every one), then the other kinds by significance; shown in significance order.
  // What the opening prose names ("This release introduces autofix") is what the notes lead with: a word of it that
  // singles out one or two changes, not one that half the list shares ("format" in a formatter's notes).
  const itemWords = items.map((item) => new Set(distinctiveWords(item.text)));
  const opening = new Set((parsed.intro ? distinctiveWords(parsed.intro.text) : []).filter((word) => itemWords.filter((words) => words.has(word)).length <= 2));
  const echoed = new Set(items.filter((_item, index) => [...itemWords[index]!].some((word) => opening.has(word))));
  // Where the opening says the release brings new features and no line is told as one, its untyped lines are those features.
  const untypedFeatures = introSaysFeatures && ofKind('feature').length === 0;
  // An item's first line, and those of the lines that tell it again: EF Core grades a change ("| High |") in its summary table.
  const firstLines = (item: NoteItem) => [item, ...(retellings.get(item.lines.start) ?? [])].map((told) => parsed.lines[told.lines.start - 1] ?? '').join('\n');
  // Catch2's "Catch2 now supports test sharding" with two bullets under it on how, beside "POSIX platforms use gmtime_r":
  // what the notes explain point by point is what their authors made most of.
  // One bullet under an item is a remark (Meteor's "`[Symbol.asyncIterator]` so this code should work:"); two are an account.
  const toldAtLength = (item: NoteItem) => {
    const points = parsed.lines.slice(item.lines.start, item.lines.end).filter((line) => SUB_BULLET.test(line)).length;
    return points >= 2 ? Math.min(points, 3) * 3 : 0;
  };
  const picked = listedAsTheMainChanges(parsed);
  const stressed = stressedWords(parsed);
  const stressedItems = new Set(
    stressed.size === 0 ? [] : items.filter((_item, index) => [...itemWords[index]!].filter((word) => stressed.has(word)).length >= 2),
  );
  // virt-manager 5.0.0's "virt-manager: Add support to create external snapshots" among its "virt-install:", "virt-xml:" and
  // "cli:" lines: a change of the product itself, named as its scope, over those of its side tools.
  const productScope = subject ? new RegExp(`^${escapeRegExp(subject.name)}:\\s`, 'i') : null;
  const ofProductItself = (item: NoteItem) => (productScope?.test(parsed.lines[item.lines.start - 1]?.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '') ?? '') ? 10 : 0);
  const weigh = (item: NoteItem) =>
    significance(item, firstLines(item), parsed.lines) +
    ofProductItself(item) +
    (picked.has(item) || stressedItems.has(item) ? NOTES_PICKED : 0) +
    toldAtLength(item) +
    (echoed.has(item) ? 20 : 0) +
    (untypedFeatures && item.kind === 'other' ? KIND_WEIGHT.feature - KIND_WEIGHT.other : 0) +
    // DuckDB 1.5.5's "This is a bug fix release …": where the notes say they are a release of fixes, its fixes weigh more
    // than what it adds ("Add request body length to http logs" led "Fix deadlock in `TemporaryMemoryManager`").
    (introSaysFixes && releaseKind === 'fix' && item.kind === 'fix' ? KIND_WEIGHT.feature - KIND_WEIGHT.fix + 5 : 0);
  const ranked = (list: NoteItem[], score: (item: NoteItem) => number = weigh) =>
    list
      .map((item, index) => ({ item, index, score: score(item) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map(({ item }) => item);
  const counted: Array<{ kind: 'security' | 'breaking'; items: NoteItem[] }> = [];
  const chosen: NoteItem[] = [];
  for (const kind of ['security', 'breaking'] as const) {
    const list = ranked(ofKind(kind));
    // libgd 2.3.0's six CVEs, all highlights, of which an X post shows two: the count tells the rest.
    if (list.length > SHOW_ALL_CRITICAL || (kind === 'security' && list.length > SHORT_POST_ITEMS)) counted.push({ kind, items: list });
    chosen.push(...list.slice(0, list.length > SHOW_ALL_CRITICAL ? CRITICAL_SHOWN_WITH_COUNT : list.length));
  }
  // Housekeeping fills no highlight of a brief that has three already (Unbound's "Release tag for 1.25.2" beside its CVEs),
  // nor, told as neither a feature nor a fix, one with a change people meet (WordPress Importer's "Code refactoring: …").
  const meets = items.some((item) => item.kind !== 'internal' && !isChore(item));
  const rest = ranked(
    items.filter(
      (item) =>
        item.kind !== 'security' &&
        item.kind !== 'breaking' &&
        !(chosen.length >= 3 && isChore(item) && (item.kind === 'other' || item.kind === 'feature')) &&
        // elFinder's "And some minor bug fixes" beside two security fixes: no one thing a reader could meet.
        !(meets && VAGUE_UPKEEP.test(item.text)) &&
        !(
          meets &&
          isChore(item) &&
          (item.kind === 'other' || (item.kind === 'fix' && FIXED_UPKEEP.test(item.text.split(/\s+/).slice(0, 6).join(' ')) && !SEVERE_FIX.test(item.text)))
        ),
    ),
  );
  const room = Math.max(MAX_HIGHLIGHTS - chosen.length, 3);
  chosen.push(...varied(rest).slice(0, room));
  const highlights: Highlight[] = [];
  // In a release the notes do not call breaking (Rust's compatibility notes), its breaking items are
  // all shown but lead no more than a fix would: a post leads with what the release brings.
  // k8sgpt 0.4.34's "update module github.com/kedacore/keda/v2 to v2.17.3 [security]" among its fixes likewise leads no more
  // than a fix, in a release that is not a security release: Anthropic API support is what it brings.
  const leadsAsFix = (item: NoteItem) =>
    (item.kind === 'breaking' && releaseKind !== 'breaking') || (item.kind === 'security' && releaseKind !== 'security' && DEPENDENCY_UPDATE.test(item.text));
  const leads = (list: NoteItem[]) => ranked(list, (item) => weigh(item) - (leadsAsFix(item) ? KIND_WEIGHT_OF(item) - KIND_WEIGHT.fix : 0));
  const order = leads(chosen);
  // A release the headline calls breaking leads with a break, even where its features have headings of their own (Meson
  // 1.12's "Support for Python 3.7, 3.8, and 3.9 dropped" after five of them): a short post then says what breaks.
  const weightiestBreak = order.findIndex((item) => item.kind === 'breaking');
  if (releaseKind === 'breaking' && weightiestBreak > 0 && order[0]?.kind !== 'security') order.unshift(...order.splice(weightiestBreak, 1));
  // A security release leads with its fix, however much its other changes weigh (cloudflared's "Bump grpc … to fix
  // vulnerability" after "Add FIPS image variant …"): the headline says why to update, the first item what it fixes.
  const weightiestFix = order.findIndex((item) => item.kind === 'security');
  if (releaseKind === 'security' && weightiestFix > 0) order.unshift(...order.splice(weightiestFix, 1));
  // A breaking release still leads with what it brings when its notes single it out (the opening names it, or it has its
  // own section): second, after the weightiest break, so even a short post tells it.
  // Floki 0.38's one addition, the :has selector, after three removals: what the release brings is a break's neighbour too.
  const singledOut = order.findIndex((item) => (item.kind === 'feature' || item.kind === 'performance') && (echoed.has(item) || item.flagship));
  // (Not Puppeteer 24's "roll to Firefox 134.0", a feature by its section that only moves to a newer version: the breaks lead.)
  const headliner =
    singledOut >= 0 ? singledOut : order.findIndex((item) => item.kind === 'feature' && !isChore(item) && !MOVES_TO_A_VERSION.test(withoutScope(item.text)));
  if (releaseKind === 'breaking' && headliner > 1) order.splice(1, 0, ...order.splice(headliner, 1));
  // A breaking release that also fixes advisories tells one of each first: a short post still says what breaks.
  const firstBreak = order.findIndex((item) => item.kind === 'breaking');
  if (releaseKind === 'breaking' && order[0]?.kind === 'security' && firstBreak > 1) order.splice(1, 0, ...order.splice(firstBreak, 1));
  // The AWS CLI's "bedrock-agentcore: Adds support for …" and "bedrock-agentcore-control: Adds support for …": where two
  // changes read alike without their scopes, the scope is what tells them apart, and stays.
  const scopeless = order.map((item) => withoutScope(item.text, item.code));
  const toldAlike = new Set(scopeless.filter((text, index) => scopeless.indexOf(text) !== index));
  // A section whose fixes are told as faults, two of them at least by a name in code, tells its others so too.
  const faultSections = new Set(
    items
      .filter((item) => item.kind === 'fix' && tellsAFault(item, false))
      .map((item) => item.section.join('\0'))
      .filter((key, index, keys) => keys.indexOf(key) !== index),
  );
  for (const item of order) {
    const flaw = flawOfBareId(item, parsed);
    const said = flaw
      ? `${flaw.text.replace(/[.!]$/, '')} (${advisoryIds(item.text).join(', ')}).`
      : highlightText(item, subject?.name ?? null, toldAlike.has(withoutScope(item.text, item.code)), faultSections.has(item.section.join('\0')));
    const text = toldAsDone(said, item.code ?? [], item.kind);
    // Mattermost's "11.0.5, released …" over a list that repeats "Pre-packaged MS Teams plugin": a retelling cited beside the
    // sentence must share its words; the sentence written may keep only the account's first words.
    // (The words the notes said, too: "Dropped tc and $tc …" is retold by "drop `$tc` and `tc`".)
    const written = new Set(`${said} ${text}`.toLowerCase().match(/[a-z0-9]{4,}/g));
    const retold = (retellings.get(item.lines.start) ?? []).filter((told) => [...wordsOf(told)].some((word) => written.has(word)));
    const highlight: Highlight = {
      kind: item.kind as Highlight['kind'],
      text,
      citations: [...citeWithKindMark(item), ...(flaw ? [cite({ lines: flaw.lines, refs: [] })] : []), ...retold.map(cite)],
    };
    // CKEditor's two packages that each "Replaced PO translation file support with …": told once, citing both.
    const twin = highlights.findIndex((told) => told.text === highlight.text && told.kind === highlight.kind);
    if (twin >= 0) {
      const both = { ...highlights[twin]!, citations: [...highlights[twin]!.citations, ...highlight.citations] };
      if (grounded(`highlights.${twin}`, both)) highlights[twin] = both;
      continue;
    }
    const path = `highlights.${highlights.length}`;
    if (grounded(path, highlight)) {
      highlights.push(highlight);
      continue;
    }
    // Told as the notes say it where the checker does not find the verb's tense changed in its lines.
    if (text !== said && grounded(path, { ...highlight, text: said })) {
      highlights.push({ ...highlight, text: said });
      continue;
    }
    const defects = checkSentence(path, highlight, sources, parsed.lines);
    // A feature the notes give its own heading, in words that do not say "new" or "add": told without the label.
    if (defects.every((defect) => defect.reason === 'kind_unjustified')) {
      const unlabelled = { ...highlight, kind: 'other' as const };
      if (grounded(path, unlabelled)) {
        highlights.push(unlabelled);
        continue;
      }
    }
    // "Pnpm gets …" where the notes write "pnpm gets …": the first word as the notes spell it.
    const recased = defects.find((defect) => defect.reason === 'recased_identifier' && highlight.text.startsWith(defect.token ?? '\u0000'));
    if (recased) {
      const asWritten = { ...highlight, text: highlight.text.charAt(0).toLowerCase() + highlight.text.slice(1) };
      if (grounded(path, asWritten)) {
        highlights.push(asWritten);
        continue;
      }
    }
    // Written again more plainly: the words before the first one the checker cannot find in the cited lines.
    const refused = defects.find((defect) => defect.token)?.token;
    const at = refused ? highlight.text.indexOf(refused) : -1;
    const shorter = at > 0 ? highlight.text.slice(0, at).replace(/[\s,;:(–—-]+$/, '') : '';
    if (shorter.split(' ').length >= 3) {
      const plain = { ...highlight, text: `${shorter}…` };
      if (grounded(path, plain)) highlights.push(plain);
    }
  }
  if (highlights.length === 0 && !parsed.intro)
    throw new BriefInputError('nothing_to_cite', `The notes of ${release.version} list no change a brief could cite (only internal work, or no text).`, {
      field: 'notes',
    });

  // A title's name the checker cannot ground ("@changesets/cli@3.0.0") gives way to the repository's.
  const repoSubject = subject?.source === 'release_title' ? subjectOf({ ...release, title: release.version }, null, parsed.lines) : null;
  // The title's spelling of the same name ("nginx-1.31.1") is the product's own, over a guess from the address.
  const fromRepo =
    repoSubject && subject && repoSubject.name.toLowerCase() === subject.name.toLowerCase() ? { ...repoSubject, name: subject.name } : repoSubject;
  // A name the notes spell on a line that does not stand for it, where the address cannot lend the capitals: the repository's own.
  const slug =
    subject?.source === 'release_url' && subject.citation.source === 'notes' && release.url
      ? {
          name: repositoryName(release.url) ?? subject.name,
          citation: urlCitation(release.url),
          source: 'release_url' as const,
        }
      : null;
  // "ShellCheck" spelled on a line that says "does not allow ShellCheck to continue" stands for the name once the
  // repository's address is cited beside it: the line gives the capitals, the address the name.
  const spelledAtAddress = slug && subject ? { ...subject, citations: [subject.citation, slug.citation] } : null;
  // The name as the title or the notes spell it, where only the address grounds it ("CoreDNS" of coredns/coredns, spelled
  // in the notes only inside "CoreDNS-1.14.6").
  const atAddress =
    subject && release.url && subject.name.toLowerCase() === repositoryName(release.url)?.toLowerCase()
      ? { ...subject, citation: urlCitation(release.url), citations: [urlCitation(release.url)] }
      : null;
  // One fix and nothing else is "a patch release with a fix".
  const oneFix = releaseKind === 'fix' && items.filter((item) => item.kind !== 'internal').length === 1;
  const saysMajor = SAYS_MAJOR.test(release.notes);
  const named = [
    subject && { ...subject, citations: [subject.citation] },
    spelledAtAddress,
    fromRepo && { ...fromRepo, citations: [fromRepo.citation] },
    slug && { ...slug, citations: [slug.citation] },
    atAddress,
  ].flatMap((candidate) =>
    candidate
      ? [
          {
            candidate,
            sentence: {
              text: headlineText(`${candidate.name} ${version}`, releaseKind, version, voice, 0, oneFix, saysMajor),
              citations: [...candidate.citations, versionCitation],
            },
          },
        ]
      : [],
  );
  // The kind of release is a claim of its own: the version's shape may justify it (semver), else the
  // lines that say it do (the intro's "This is a security release.", the first items of that kind).
  const kindReasons = [
    [],
    ...(parsed.intro ? [[cite(parsed.intro)]] : []),
    // (Datalevin 0.10.1's first breaking items are changed defaults, "Default Env flag is now `#{:nordahead}`", whose words do
    // not say they break; its fourth, "Drop support for Intel macOS", does.)
    ...ranked(ofKind(releaseKind === 'update' ? 'other' : releaseKind))
      .slice(0, releaseKind === 'breaking' ? 6 : 2)
      .map(citeKind),
  ];
  const withKind = (sentence: Sentence) => kindReasons.map((reasons) => ({ ...sentence, citations: [...sentence.citations, ...reasons] }));
  // jsonwebtoken 9.0.0 breaks things and fixes four CVEs: its headline says both, citing a fix for the second.
  // headscale's "Pre-authentication key security improvements" hardens; it fixes no flaw: "and security fixes" is for fixes.
  // libfido2 1.17.0's "Restrict webauthn.dll search paths; YSA-2026-01." among its features: the advisory names the flaw fixed.
  const fixesFlaws = ofKind('security').some((item) => SECURITY_FIX.test(item.text) || citesAdvisory(item));
  const securityToo = (releaseKind === 'breaking' || releaseKind === 'feature') && fixesFlaws ? ranked(ofKind('security'))[0] : undefined;
  // Ruby SAML's one item fixing three CVEs is three fixes, as is Sunshine's one line "this release contains critical
  // security fixes".
  const securityFixes = Math.max(
    ofKind('security').length,
    // Devise's "… CVE-2026-32700 GHSA-57hq-95w6-v4fc" names one flaw twice: ids count by their kind, not together.
    ...idsByKind(ofKind('security').flatMap((item) => advisoryIds(item.text))).map((ids) => ids.size),
    ofKind('security').some((item) => SECURITY_FIXES_PLURAL.test(item.text)) ? 2 : 0,
  );
  const theSecurityFixes = securityFixes === 1 ? 'the security fix' : 'the security fixes';
  // Before the link's colon, one fix is named with its version: "fix:" is the mark of a commit type.
  const theSecurityFixesBeforeLink = securityFixes === 1 ? `the security fix in ${version}` : 'the security fixes';
  const linkCitations = (link: { citation: Citation }) => (securityFixes === 1 ? [link.citation, versionCitation] : [link.citation]);
  const withSecurityToo = (subject: string, citations: Citation[]) =>
    securityToo
      ? withKind({
          text: headlineText(subject, releaseKind, version, voice, securityFixes, false, saysMajor),
          citations: [...citations, ...citeKind(securityToo)],
        })
      : [];
  const plainText = (subject: string) => headlineText(subject, 'update', version, voice);
  const headline = firstGrounded(
    grounded,
    'headline',
    [
      ...named.flatMap(({ candidate, sentence }) => withSecurityToo(`${candidate.name} ${version}`, sentence.citations)),
      ...named.flatMap(({ sentence }) => withKind(sentence)),
      ...named.map(({ candidate, sentence }) => ({ text: plainText(`${candidate.name} ${version}`), citations: sentence.citations })),
      ...withKind({ text: headlineText(release.version, releaseKind, version, voice, 0, oneFix, saysMajor), citations: [versionCitation] }),
      { text: `${release.version} is out.`, citations: [versionCitation] },
    ],
    release,
  );
  const product = named.find(({ candidate }) => candidate.citations.every((citation) => headline.citations.includes(citation))) ?? null;

  const summary: Sentence[] = [];
  const addSummary = (sentence: Sentence) => {
    if (grounded(`summary.${summary.length}`, sentence)) summary.push(sentence);
  };
  // The notes' own sentence keeps its own first letter ("ripgrep 15 is…"); Clippy's "View all 96 merged pull requests"
  // points at a list, it opens nothing.
  // ArduPilot's "Copter 3.5.2 14-Aug-2017 / Copter 3.5.2-rc1 05-Aug-2017" over "Changes from 3.5.1": a first line that is
  // the release's title heads the notes; it opens nothing.
  const openingSentence =
    parsed.intro &&
    introAdvisory === null &&
    parsed.lines[parsed.intro.lines.start - 1]?.trim() !== release.title.trim() &&
    !/\b(?:blog post|check out|see below|read on|following changes|(?:the )?below changes|changes (?:listed )?below|view all)\b/i.test(parsed.intro.text) &&
    // Duktape's "Main changes in this release (see RELEASES.rst for full details):" leads into its list and tells nothing.
    !/^(?:the\s+)?(?:main|major|notable|key|important|most\s+important)\s+changes\s+(?:in|of)\s+this\s+(?:release|version)\b(?:\s*\([^()]{0,80}\))?\s*:?\s*$/i.test(
      parsed.intro.text,
    ) &&
    // CairoSVG's "**WARNING:** this is a security update." says no more than a security release's headline.
    !(releaseKind === 'security' && ONLY_SAYS_SECURITY_UPDATE.test(parsed.intro.text.trim()))
      ? tellingSentence(parsed.intro.text)
      : null;
  if (openingSentence && parsed.intro) addSummary({ text: withStop(truncateWords(openingSentence, MAX_SENTENCE)), citations: [cite(parsed.intro)] });
  for (const { kind, items: listed } of counted) {
    // Kaminari 1.0's twelve breaking changes, three of them runtimes told in one highlight, are still twelve.
    const all = listed.flatMap((item) => [item, ...(droppedWith.get(item) ?? [])]);
    // "More than twenty" is a floor: it cites the lines that tell a counted change again too (EF Core's summary table beside
    // its sections), as a highlight does; an exact count cites one range a change.
    const citations = all.flatMap((item) => [...citeWithKindMark(item), ...(all.length > 20 ? (retellings.get(item.lines.start) ?? []).map(cite) : [])]);
    // libgphoto2 2.5.34's eight CVEs, three told in highlights: the ids are what an administrator looks for, so the count
    // names them all when there are few enough to read. (The checker reads "in all" as a total only where its clause ends.)
    const idsOfEach = kind === 'security' ? all.map((item) => fixedAdvisoryIds(item.text)) : [];
    const ids = [...new Set(idsOfEach.flat())].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    // (Not Mosquitto 2.0.16's seven fixes, three with a CVE: a list of some would read as all of them.)
    const everyOneHasId = idsOfEach.length > 0 && idsOfEach.every((itemIds) => itemIds.length > 0);
    // (Nor Livebook 0.19.9's five fixes, each with a CVE and a GHSA id: ten ids after "five" read as a miscount.)
    const named = everyOneHasId && ids.length === all.length && ids.length <= MAX_COUNTED_IDS ? `: ${ids.join(', ')}` : '';
    // kOps 1.33's "Security and Configuration" section (official etcd images, a larger key, more admission controllers): work
    // that hardens, no flaw fixed, is not told as issues fixed.
    const hardensOnly = kind === 'security' && !all.some((item) => citesAdvisory(item) || ATTACK.test(item.text) || SECURITY_FIX.test(item.text));
    const counting = (listed: string) =>
      kind === 'security'
        ? hardensOnly
          ? `It has ${countWord(all.length)} security improvements in all; the full list is in the release notes.`
          : `It fixes ${countWord(all.length)} security issues in all${listed}; the full list is in the release notes.`
        : `It has ${countWord(all.length)} ${releaseKind === 'breaking' ? 'breaking changes' : retired(all)} in all; the full list is in the release notes.`;
    const withIds = { text: counting(named), citations };
    const before = summary.length;
    if (named && grounded(`summary.${summary.length}`, withIds)) summary.push(withIds);
    else addSummary({ text: counting(''), citations });
    // Aiken 1.1.0's "rename some builtins" over the six it renamed: an item's own list would count as changes of their own,
    // so each is cited by its first line, which tells it.
    if (summary.length === before && all.some((item) => item.lines.end > item.lines.start))
      addSummary({ text: counting(''), citations: all.map((item) => cite({ lines: { start: item.lines.start, end: item.lines.start }, refs: item.refs })) });
  }

  const audience: Sentence[] = [];
  const addAudience = (sentence: Sentence) => {
    if (grounded(`audience.${audience.length}`, sentence)) audience.push(sentence);
  };
  if (profile?.audience?.trim())
    addAudience({
      text: asSentence(`${product?.candidate.name ?? 'It'} is for ${profile.audience.trim().replace(/[.!]+$/, '')}`),
      citations: [...(product ? product.candidate.citations : []), { source: 'profile', field: 'audience', value: profile.audience }],
    });
  // What says there is a fix or a break to act on: the first items of that kind, or an opening that calls the release incompatible.
  // Exim's "This is a security release, addressing …" over no item of the kind says so itself.
  // Theia's "[debug] made DebugSession injectable" among its features is told again under its breaking changes: the lines that
  // say the kind (the retelling) are cited, not the one that only shares its words.
  const said: Partial<Record<ChangeKind, string>> = { breaking: 'the breaking changes', security: 'the security fixes', fix: 'the fixes' };
  const reasons = (kind: ChangeKind) => {
    const cited: Citation[][] = [];
    for (const item of ofKind(kind)) {
      if (cited.length === 3) break;
      const citations = citeWithKindMark(item);
      if (!said[kind] || grounded('audience.0', { text: `Read ${said[kind]}.`, citations })) cited.push(citations);
    }
    const introSays = (kind === 'breaking' && introBreaks) || (kind === 'security' && releaseKind === 'security');
    if (cited.length === 0 && introSays && parsed.intro) return [cite(parsed.intro)];
    // Rspack 2.0 lists no change as breaking; its line saying the release has some is the reason to read first.
    if (cited.length === 0 && kind === 'breaking' && notesSayMajorBreaks) return [cite({ lines: { start: breakSaidAt + 1, end: breakSaidAt + 1 }, refs: [] })];
    return cited.flat();
  };
  // Exiv2 0.28.2's "These vulnerabilities are in a new feature … added in version 0.28.0, so earlier versions of Exiv2 are not
  // affected.": who should update is who runs the versions with the flaw.
  const unaffectedAt = parsed.lines.findIndex((line) => EARLIER_NOT_AFFECTED.test(line));
  const affectedSince = unaffectedAt < 0 ? undefined : parsed.lines[unaffectedAt]!.match(AFFECTED_SINCE)?.[1];
  if (reasons('security').length > 0 && (fixesFlaws || releaseKind === 'security')) {
    if (affectedSince)
      addAudience({
        text: `Everyone on ${affectedSince} and up should update for ${theSecurityFixes}.`,
        citations: [...reasons('security'), cite({ lines: { start: unaffectedAt + 1, end: unaffectedAt + 1 }, refs: [] })],
      });
    else if (unaffectedAt < 0) addAudience({ text: `Everyone on an earlier version should update for ${theSecurityFixes}.`, citations: reasons('security') });
  }
  if (reasons('breaking').length > 0) addAudience({ text: 'Anyone upgrading should read the breaking changes first.', citations: reasons('breaking') });

  const link: { url: string; citation: Citation } | null = release.url
    ? { url: release.url, citation: urlCitation(release.url) }
    : profile?.docsUrl
      ? { url: profile.docsUrl, citation: { source: 'profile', field: 'docsUrl', value: profile.docsUrl } }
      : null;
  const callToAction = firstGrounded(
    grounded,
    'callToAction',
    [
      ...(link
        ? [
            ...(releaseKind === 'security'
              ? [{ text: `Update now to get ${theSecurityFixesBeforeLink}: ${link.url}`, citations: [...linkCitations(link), ...reasons('security')] }]
              : []),
            ...(releaseKind === 'feature' && fixesFlaws
              ? [
                  {
                    text: `Update to get the new features and ${theSecurityFixesBeforeLink}: ${link.url}`,
                    citations: [...linkCitations(link), ...reasons('security'), ...ranked(ofKind('feature')).slice(0, 2).map(cite)],
                  },
                  { text: `Update to get ${theSecurityFixesBeforeLink}: ${link.url}`, citations: [...linkCitations(link), ...reasons('security')] },
                ]
              : []),
            ...(releaseKind === 'breaking' && fixesFlaws
              ? [
                  {
                    text: `Update for ${theSecurityFixes}, and read the breaking changes first: ${link.url}`,
                    citations: [link.citation, ...reasons('security'), ...reasons('breaking')],
                  },
                ]
              : []),
            ...(releaseKind === 'breaking'
              ? [{ text: `Upgrading? Read the breaking changes first: ${link.url}`, citations: [link.citation, ...reasons('breaking')] }]
              : []),
            ...(releaseKind === 'fix' && highlights.length <= 2
              ? [{ text: `Update to get the ${oneFix ? 'fix' : 'fixes'}: ${link.url}`, citations: [link.citation, ...reasons('fix')] }]
              : []),
            {
              text: link.citation.source === 'release' ? `Read the full release notes: ${link.url}` : `Read more in the documentation: ${link.url}`,
              citations: [link.citation],
            },
          ]
        : []),
      { text: `See the notes of ${release.version} for every change.`, citations: [versionCitation] },
    ],
    release,
  );

  const brief: Brief = {
    format: 'launch.brief/1',
    release: { id: release.id, version: release.version, title: release.title, url: release.url, contentHash: release.contentHash },
    product: { name: product?.candidate.name ?? null, source: product?.candidate.source ?? null },
    releaseKind,
    headline,
    summary,
    highlights,
    audience,
    callToAction,
  };
  // Every sentence was checked as it was written; the whole is checked once more as a guard.
  const defects = checkBrief(brief, sources, parsed.lines);
  if (defects.length > 0) throw new Error(`A brief sentence escaped its check: ${defects[0]!.reason} in ${defects[0]!.path}.`);
  return brief;
}

/**
 * The first candidate its check grounds. The last candidate of each caller cites only the release's version, so none
 * grounding means the release gives nothing to cite (no version, title or address: not one the API takes), a refusal.
 */
function firstGrounded(grounded: (path: string, sentence: Sentence) => boolean, path: string, candidates: Sentence[], release: BriefRelease): Sentence {
  const found = candidates.find((candidate) => grounded(path, candidate));
  if (!found)
    throw new BriefInputError(
      'nothing_to_cite',
      `Release ${release.version || '(no version)'} gives its ${path} nothing to cite: no version, title or address.`,
      {
        field: 'version',
      },
    );
  return found;
}

const PACKAGE_LABEL = /^@?[\w.-]+(?:\/[\w.-]+)?\s+[-–—]\s+/;

const CVES = /CVE-\d{4}-\d+/g;
const ADVISORIES = new RegExp(ADVISORY_ID, 'g');

/** Notes that list one change twice (under two labels or packages; a CVE in "Notable Changes" and again in "Commits") show it once. */
/** A label and what it applies to: "Dropped support for Ruby end-of-life versions: 2.4, 2.5 and JRuby 9.1". */
// A label of words ("New profiles: …" is a kind, "OpamFilename.Unix: add …" a module: each line a change of its own).
const SHARED_LABEL = /^(\p{L}+(?:[\s-]+[\p{L}\d.]+){2,11}):\s+(\S[^:]*?)\.?$/u;
/** SHARED_LABEL's match where the text holds its colon: it backtracks through every item that has none. */
const sharedLabelOf = (text: string) => (text.includes(':') ? text.match(SHARED_LABEL) : null);
const MOST_JOINED = 6;

/** "Dropped support for Rails 6.1, which reached EoL …", "Dropped Ruby 1.9 support": a runtime's version no longer supported. */
const DROPPED_RUNTIME = new RegExp(
  String.raw`^((?:dropped|drop|drops|removed|remove)\s+(?:support\s+for\s+)?)((?:${RUNTIME}|${FRAMEWORK})\s+v?\d+(?:\.\d+)*)(\s+support)?(?:,\s+\S.*|\.)?$`,
  'i',
);

/** The changes a joined drop of runtimes tells beside its first: each still counts, and is cited, as one change. */
const droppedWith = new WeakMap<NoteItem, NoteItem[]>();

/**
 * PaperTrail 17's "Dropped support for Rails 6.1 …", "… Rails 7.0 …", "… Ruby 3.0 …", "… Ruby 3.1 …" one after another: four
 * highlights of what it no longer runs on left no room for what it brings (Rails 8.1). The runtimes a section drops are one
 * change, told where it first drops one: "Drop support for Rails 6.1, Rails 7.0, Ruby 3.0 and Ruby 3.1."
 */
function withDroppedSupportJoined(items: NoteItem[], retellings: Map<number, NoteItem[]>): NoteItem[] {
  const joined: NoteItem[] = [];
  // By section, where its first such change stands and what it has gathered. Told in the words of the first ("Drop support
  // for …", "Dropped … support"), which the checker finds in its line.
  const groups = new Map<string, { at: number; verb: string; names: string[]; after: string; members: NoteItem[] }>();
  for (const item of items) {
    const dropped = item.kind === 'breaking' ? item.text.match(DROPPED_RUNTIME) : null;
    if (!dropped) {
      joined.push(item);
      continue;
    }
    const section = item.section.join('\u0000');
    const group = groups.get(section);
    if (!group) {
      groups.set(section, { at: joined.length, verb: dropped[1]!, names: [dropped[2]!], after: dropped[3] ?? '', members: [] });
      joined.push(item);
      continue;
    }
    group.names.push(dropped[2]!);
    group.members.push(item);
    const first = joined[group.at]!;
    const { names } = group;
    const merged = { ...first, text: `${group.verb}${names.slice(0, -1).join(', ')} and ${names.at(-1)}${group.after}.`, refs: [...first.refs, ...item.refs] };
    joined[group.at] = merged;
    droppedWith.set(merged, group.members);
    retellings.set(first.lines.start, [...(retellings.get(first.lines.start) ?? []), item]);
  }
  return joined;
}

/**
 * pundit 2.1.1's "Dropped support for Ruby end-of-life versions: 2.1 and 2.2.", "…: 2.3", "…: 2.4, 2.5 and JRuby 9.1", one
 * line after another: one change told in parts led three posts three times. Told once, with every part.
 */
function withSharedLabelsJoined(items: NoteItem[], retellings: Map<number, NoteItem[]>): NoteItem[] {
  const joined: NoteItem[] = [];
  // What each joined change was joined from: its parts' words, and the line its last part ends on.
  const parts = new Map<NoteItem, { words: string[]; end: number }>();
  for (const item of items) {
    const last = joined.at(-1);
    const label = sharedLabelOf(item.text);
    const lastLabel = last && sharedLabelOf(last.text);
    const lastParts = last ? (parts.get(last)?.words ?? (lastLabel ? [lastLabel[2]!] : [])) : [];
    if (
      !last ||
      !label ||
      !lastLabel ||
      label[1] !== lastLabel[1] ||
      last.kind !== item.kind ||
      item.lines.start > (parts.get(last)?.end ?? last.lines.end) + 1 ||
      last.section.join('\u0000') !== item.section.join('\u0000') ||
      lastParts.length >= MOST_JOINED ||
      // Redis' "Hash - expiration of individual fields: RDB file format changes", "…: rename and fix counting of …": changes
      // of one feature, each a sentence of its own, not parts of one.
      [...lastParts, label[2]!].some((part) => part.split(/\s+/).length > 6)
    ) {
      joined.push(item);
      continue;
    }
    // "2.1 and 2.2", "2.3", "2.4, 2.5 and JRuby 9.1" as one list: "2.1, 2.2, 2.3, 2.4, 2.5 and JRuby 9.1".
    const all = [...lastParts, label[2]!];
    const atoms = all.flatMap((part) => part.split(/\s*,\s*|\s+and\s+/)).filter(Boolean);
    const list = `${atoms.slice(0, -1).join(', ')} and ${atoms.at(-1)}`;
    // Each part keeps its own line, cited beside the first's as a telling of the same change.
    const merged: NoteItem = {
      ...last,
      text: `${label[1]}: ${list}.`,
      refs: [...last.refs, ...item.refs],
      ...(last.code || item.code ? { code: [...new Set([...(last.code ?? []), ...(item.code ?? [])])] } : {}),
    };
    joined[joined.length - 1] = merged;
    parts.set(merged, { words: all, end: item.lines.end });
    retellings.set(merged.lines.start, [...(retellings.get(merged.lines.start) ?? []), item]);
  }
  return joined;
}

/** The words an advisory's telling has beyond its ids and the verb that fixes them. */
function flawWords(item: NoteItem): number {
  return item.text
    .replace(ADVISORIES, ' ')
    .split(/\s+/)
    .filter(
      (word) => /\p{L}{2}/u.test(word) && !/^(?:fix(?:e[sd])?|for|address(?:es|ed)?|resolves?d?|patch(?:es|ed)?|the|an?|and|\[?bug\]?)[.,:]?$/i.test(word),
    ).length;
}

function distinct(items: NoteItem[], retellings: Map<number, NoteItem[]>): NoteItem[] {
  const seen = new Map<string, number>();
  const kept: Array<NoteItem | null> = [];
  // Where each word and each name in code was kept, so a retelling is looked for among the few items that share them,
  // not by reading every kept item again (notes of 50,000 characters list a thousand).
  const byWord = new Map<string, number[]>();
  const byCode = new Map<string, number[]>();
  const index = (map: Map<string, number[]>, keys: Iterable<string>, at: number) => {
    for (const key of keys) {
      const list = map.get(key);
      if (list) list.push(at);
      else map.set(key, [at]);
    }
  };
  for (const item of items) {
    // Asterisk's closed advisories listed, and again on the commits that resolve them: an advisory is one change, by any id,
    // told in two places. (Grav's three fixes of one advisory, in one list, are three changes; a CVE is one wherever it is.)
    const cves = item.text.match(CVES);
    const advisories = cves ?? item.text.match(ADVISORIES);
    const toldElsewhere = (at: number) => advisories === null || cves !== null || kept[at]?.section.join('\n') !== item.section.join('\n');
    // A monorepo's notes list one change once per package ("`@acme/cli` - Allow typescript@7"): the words, not the package, are the change.
    const keys = advisories ?? [
      item.text
        .toLowerCase()
        .replace(PACKAGE_LABEL, '')
        .replace(/[\s.!…:]+$/, ''),
    ];
    const retelling = advisories ? -1 : retold(item, kept, byWord);
    if (retelling >= 0) {
      const told = kept[retelling]!;
      // The heading with its own paragraph says more than the list line, unless that line names the advisories, or the heading
      // names the break with another verb: openapi-ts' list line "Drop CommonJS (CJS) support. This package is now ESM-only."
      // says what its heading "Removed CommonJS (CJS) support" leaves to the paragraph.
      const sameWords = [...wordsOf(item)].every((word) => wordsOf(told).has(word));
      const [more, less] = item.detail && !told.detail && !/\bCVE-\d/.test(told.text) && sameWords ? [item, told] : [told, item];
      // EF Core's summary table calls a change breaking that its own heading's words ("… methods add … parameter") do not:
      // the change told twice is of the weightier kind, and the kept telling cites the other.
      kept[retelling] = KIND_WEIGHT_OF(less) > KIND_WEIGHT_OF(more) ? { ...more, kind: less.kind } : more;
      retellings.set(more.lines.start, [...(retellings.get(told.lines.start) ?? []), less]);
      if (more === item) index(byWord, wordsOf(item), retelling);
      continue;
    }
    // NumPy lists "Remove np.tostring (deprecated since 1.19)" among its highlights and later "np.tostring has been removed,
    // use tobytes instead (deprecated since 1.19)": the same change of the same name, the later one saying more.
    const sharing = new Set((item.code ?? []).flatMap((name) => byCode.get(name) ?? []));
    const outdone = advisories ? -1 : ([...sharing].sort((a, b) => a - b).find((at) => kept[at] !== null && saysMoreOf(item, kept[at]!)) ?? -1);
    if (outdone >= 0) {
      const shorter = kept[outdone]!;
      retellings.set(item.lines.start, [...(retellings.get(shorter.lines.start) ?? []), shorter]);
      kept[outdone] = item;
      index(byWord, wordsOf(item), outdone);
      index(byCode, item.code ?? [], outdone);
      continue;
    }
    const earlier = keys.every((key) => seen.has(key)) && toldElsewhere(seen.get(keys[0]!)!) ? seen.get(keys[0]!)! : -1;
    // Rails lists "Command-line Credentials Fetching." among its highlights and again as a heading with its paragraph: the one that says more is kept.
    // Guacamole lists "Update guacamole-auth-duo to "Duo Web v4 SDK"" among its changes and again under its compatibility notes:
    // told where it breaks, it is a break, and that telling is kept.
    if (earlier >= 0) {
      const critical = (told: NoteItem) => told.kind === 'breaking' || told.kind === 'security';
      if ((item.detail && !kept[earlier]!.detail && !advisories) || (critical(item) && !critical(kept[earlier]!))) kept[earlier] = item;
      // System.Linq.Dynamic.Core's "Fix CVE-2024-51417 [bug]" among its pull requests, and its issue "CVE-2024-51417:
      // System.Linq.Dynamic.Core allows remote access to properties on reflection types …": the telling that says what the flaw
      // was, of the kind the first was read as.
      else if (advisories && !kept[earlier]!.detail && flawWords(kept[earlier]!) <= 1 && flawWords(item) >= 4)
        kept[earlier] = { ...item, kind: KIND_WEIGHT_OF(item) > KIND_WEIGHT_OF(kept[earlier]!) ? item.kind : kept[earlier]!.kind };
      continue;
    }
    for (const key of keys) seen.set(key, kept.length);
    index(byWord, wordsOf(item), kept.length);
    index(byCode, new Set(item.code ?? []), kept.length);
    kept.push(item);
  }
  return kept.filter((item): item is NoteItem => item !== null);
}

const KIND_WEIGHT_OF = (item: NoteItem) => (item.kind === 'internal' ? 0 : KIND_WEIGHT[item.kind]);

/** An item's words in lower case, read once per item. */
const itemWords = new WeakMap<NoteItem, Set<string>>();
function wordsOf(item: NoteItem): Set<string> {
  let words = itemWords.get(item);
  if (!words) itemWords.set(item, (words = new Set(item.text.toLowerCase().match(/[a-z0-9]+/g))));
  return words;
}

/**
 * Whether `later` tells the change of a short `earlier` item of its kind naming the same code and the same version, in
 * more words. Without a version in common they may be two changes (Vite's "remove HotBroadcaster" and "remove deprecated
 * HotBroadcaster related types").
 */
function saysMoreOf(later: NoteItem, earlier: NoteItem): boolean {
  if (earlier.kind !== later.kind || /\bCVE-\d/.test(earlier.text)) return false;
  const versions = earlier.text.match(/\b\d+\.\d+(?:\.\d+)*\b/g) ?? [];
  if (versions.length === 0 || !versions.every((version) => later.text.includes(version))) return false;
  const stems = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
  const short = stems(earlier.text);
  const long = new Set(stems(later.text));
  return short.length <= 8 && long.size > short.length && short.every((word) => long.has(word));
}

/**
 * A short item whose every word an earlier one already says: React's advisory lists "Denial of Service - High
 * Severity: CVE-…" and later heads its section "High Severity: Denial of Service".
 */
function retold(item: NoteItem, kept: Array<NoteItem | null>, byWord: Map<string, number[]>): number {
  // PMD's pull request "Fix stored XSS in VBHTMLRenderer and YAHTMLRenderer" under its prose "This release fixes a stored XSS
  // vulnerability in VBHTMLRenderer and …": a security fix named again, its verb in another form.
  // @hey-api/openapi-ts' "**BREAKING**: Drop CommonJS (CJS) support." told again under its heading "Removed CommonJS (CJS)
  // support": a break named again, its verb another that takes away.
  // Nebulex's closed issue "Nebulex crash when `gc_interval` is not set" and its pull request "Fixed the crash when
  // `gc_interval` is not set": a fault, then its fix.
  const security = item.kind === 'security';
  const verbs = security || item.kind === 'fix' ? FIX_FORMS : item.kind === 'breaking' ? REMOVE_FORMS : null;
  const words = [...wordsOf(item)].filter((word) => !verbs?.has(word) && !ARTICLES.has(word));
  // (rand's "Removed ReseedingRng" after "Remove Clone support for StdRng, ReseedingRng": one name is another change.)
  if (
    words.length < (item.kind === 'breaking' && words.length < wordsOf(item).size ? 2 : 1) ||
    item.text.toLowerCase().match(/[a-z0-9]+/g)!.length > (security ? 8 : item.kind === 'fix' ? 10 : 6)
  )
    return -1;
  // Only the kept items that have the item's rarest word can have all of them.
  const rarest = words.map((word) => byWord.get(word) ?? []).sort((a, b) => a.length - b.length)[0]!;
  // (Not Rocq's "Fix compatibility with OCaml 5.5 …" after "… with OCaml 5.4 …": another version is another change.)
  const versions = item.text.match(DOTTED_VERSION) ?? [];
  // (Nor iRODS' "Remove server_status.json.in" after "… The server no longer auto-reloads `server_config.json`. … its status …":
  // a file's or an identifier's name is one word, found whole or not at all.)
  const names = item.text.match(DOTTED_NAME) ?? [];
  return (
    [...new Set(rarest)]
      .sort((a, b) => a - b)
      .find(
        (at) =>
          kept[at] !== null &&
          words.every((word) => wordsOf(kept[at]!).has(word)) &&
          versions.every((version) => kept[at]!.text.match(DOTTED_VERSION)?.includes(version)) &&
          names.every((name) => kept[at]!.text.includes(name)),
      ) ?? -1
  );
}

const FIX_FORMS = new Set(['fix', 'fixes', 'fixed']);
const ARTICLES = new Set(['a', 'an', 'the']);
const DOTTED_VERSION = /\d+(?:\.\d+)+/g;
const DOTTED_NAME = /\b\p{L}[\p{L}\d]*(?:[._]\p{L}[\p{L}\d]*)+\b/gu;
// kube's heading "`jiff` replaces `chrono`" and its pull request "Replace chrono with jiff": one swap, told twice.
const REMOVE_FORMS = new Set(['remove', 'removes', 'removed', 'drop', 'drops', 'dropped', 'replace', 'replaces', 'replaced', 'with']);

/** Advisory ids apart by their kind (CVE, GHSA, RUSTSEC), each kind's once. */
function idsByKind(ids: string[]): Array<Set<string>> {
  const byKind = new Map<string, Set<string>>();
  for (const id of ids) {
    const kind = id.slice(0, id.indexOf('-')).toUpperCase();
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(id));
  }
  return [...byKind.values()];
}

const SAYS_MAJOR = /\b(?:this|the)\s+(?:new\s+)?major\s+(?:release|version)\b/i;
const RELEASE_PHRASES: Record<ReleaseKind, (major: boolean, oneFix: boolean, saysMajor: boolean) => string> = {
  security: () => 'a security release',
  breaking: (major) => (major ? 'a major release with breaking changes' : 'a release with breaking changes'),
  // Ocelot 25.0.0's "This major release upgrades …": a major number the notes call major, with no break listed. (Not strace
  // 7.0, numbered after the Linux it follows.)
  feature: (major, _oneFix, saysMajor) => (major && saysMajor ? 'a major release with new features' : 'a feature release'),
  // go-retryablehttp 0.7.7's one fix is "a fix", not "fixes".
  fix: (patch, oneFix) => `${patch ? 'a patch release' : 'a release'} with ${oneFix ? 'a fix' : 'fixes'}`,
  // actions/checkout v7.0.0, whose one change blocks a kind of checkout: its number says what the words do not.
  update: (major) => (major ? 'a major release' : ''),
};

/** What kind of release it is, in the words a headline or a card uses ("a security release"); empty when nothing says. */
export function releasePhrase(kind: ReleaseKind, version: string, oneFix = false, saysMajor = false): string {
  // "8.0.0-alpha.0" is not yet the major release its numbers name: an alpha says so, and still says it breaks things.
  const preRelease = kind === 'security' ? null : preReleaseLabel(version);
  if (preRelease) {
    const noun = /release|candidate/.test(preRelease) ? preRelease : `${preRelease} release`;
    return `${withArticle(noun)}${kind === 'breaking' ? ' with breaking changes' : ''}`;
  }
  const step = versionStep(version);
  // A 0.x minor release (FastAPI 0.140.0, Pixi 0.75.0) is no major release: semver lets it break things, and its number
  // says no more than that.
  return RELEASE_PHRASES[kind](kind === 'fix' ? step?.step === 'patch' : step?.step === 'major' && !step.beforeOne, oneFix, saysMajor);
}

/** The headline; `securityFixes` counts the flaws a breaking or feature release also fixes ("… with a security fix"). */
function headlineText(subject: string, kind: ReleaseKind, version: string, voice: Voice, securityFixes = 0, oneFix = false, saysMajor = false): string {
  const fixes = securityFixes === 1 ? 'a security fix' : 'security fixes';
  const said = releasePhrase(kind, version, oneFix, saysMajor);
  const alsoFixes = securityFixes === 0 ? '' : / with /.test(said) ? ` and ${fixes}` : ` with ${fixes}`;
  const phrase = `${said}${alsoFixes}`;
  const end = voice.exclamation ? '!' : '.';
  if (voice.firstPerson) return `We released ${subject}${phrase ? `, ${phrase}` : ''}${end}`;
  return phrase ? `${subject} is out: ${phrase}${end}` : `${subject} is out${end}`;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** Counts as words: a template may not write a number the notes do not (the checker would refuse it). */
function countWord(count: number): string {
  return NUMBER_WORDS[count] ?? 'more than twenty';
}

/**
 * PowerDNS's advisory lists "- CVE: CVE-2026-42005" under its title, "PowerDNS Security Advisory 2026-07: Insufficient input
 * validation of internal web server": the id alone says nothing of the flaw, which the advisory's title tells.
 */
function flawOfBareId(item: NoteItem, parsed: ParsedNotes): { text: string; lines: { start: number; end: number } } | null {
  if (
    item.kind !== 'security' ||
    advisoryIds(item.text)
      .reduce((rest, id) => rest.replace(id, ''), item.text)
      .replace(/[\s,;.:()-]/g, '') !== ''
  )
    return null;
  const heading = item.section.at(-1) ?? '';
  const titled = heading.match(/\b(?:advisory|security)\b[^:]{0,40}:\s+(\S.{10,})$/i)?.[1];
  const line = titled ? parsed.lines.findIndex((text) => text.includes(heading)) : -1;
  return titled && line >= 0 ? { text: titled, lines: { start: line + 1, end: line + 1 } } : null;
}

/**
 * A commit title told as done: "Upgrade from Vue 2 to Vue 3." and "Deprecate the sg command." read as orders to whoever
 * reads the post, and "Add …" beside Keep a Changelog's "Added …" as a list of chores; "Upgraded from Vue 2 to Vue 3.".
 * Not a verb that names code ("`Update` now takes …"), nor one that reads as a thing ("Support for …", "Use of …"), nor
 * one that tells what a part does, with its scope gone (floating-ui's "fix(autoUpdate): update immediately …"), nor a
 * noun ("Upgrade urgency is high.").
 */
function toldAsDone(text: string, code: readonly string[], kind?: ChangeKind): string {
  // Ansible's "archive - add zstd as a format choice.", "Windows: Fix a crash …": after the part it is in, likewise.
  const scope = text.match(SCOPE_BEFORE_VERB);
  if (scope) {
    const words = text.slice(scope[0].length);
    const asOpening = words.charAt(0).toUpperCase() + words.slice(1);
    const told = toldAsDone(asOpening, code, kind);
    if (told === asOpening) return text;
    return `${scope[1]}: ${words.charAt(0) === asOpening.charAt(0) ? told : told.charAt(0).toLowerCase() + told.slice(1)}`;
  }
  // http2's "Adding rate limit for RST_STREAM …": a pull request's gerund reads as work under way.
  // (Not a doing that is the subject, "Extending visual selection now works …", nor a label, "Switching presets: …".)
  // WebMock's "Raising an ArgumentError when uri is passed as a Pathname …": what the product does from now on.
  const behaving = text.match(BEHAVING_VERB)?.[1];
  // (Its condition's verbs, "when uri is passed", are not the sentence's.)
  // (hcloud's "printing for server create with multiple networks" under Bug Fixes: the doing that was broken, now fixed.)
  if (behaving && !code.includes(behaving) && !DOING_AS_SUBJECT.test(text.split(/\s(?:when|if|unless|while|because|whenever)\s/)[0]!))
    return kind === 'fix'
      ? `Fixed ${text.charAt(0).toLowerCase()}${text.slice(1)}`
      : `Now ${doesOf(BEHAVIOUR_OF_GERUND[behaving]!)}${text.slice(behaving.length)}`;
  const doing = text.match(DOING_VERB)?.[1];
  if (doing && !code.includes(doing) && !DOING_AS_SUBJECT.test(text)) return `${doneOf(GERUNDS[doing]!)}${text.slice(doing.length)}`;
  const verb = text.match(ORDER_VERB)?.[1];
  if (!verb || code.includes(verb)) return text;
  // mod_wsgi's "Log message wording, severity assignment, and identifier coverage have been overhauled …": a noun that
  // reads as an order, with its sentence's own verb after it.
  const predicate = text.match(/^([^.;:()]*?)\b(?:has|have)\s+(?:now\s+)?been\b/)?.[1];
  if (
    predicate !== undefined &&
    /^[\p{L}\d ,'’/-]+$/u.test(predicate) &&
    !/\b(?:that|which|who|where|when|if|so|to|after|before|once|until|for|in|on|with|by)\b/i.test(predicate)
  )
    return text;
  // "Upgrade to OkHttp 3.14.9" and "Refuse to write …" are done; "Change to Default Link Styles: …" names a change, and
  // "Allow to select …", "Fix to not call …" would read no better told as done.
  const to = text.slice(verb.length + 1).match(/^to\s+(?:the\s+)?(\S+)/);
  if (to && verb !== 'Refuse' && !(MOVES_TO.has(verb) && /[\p{Lu}\d]/u.test(to[1]!))) return text;
  // "Drop support for .NET 4.5 and replace it with .NET 4.5.2.": the verbs it goes on with are told as done too.
  // ShellCheck's "Warn when redirections override pipes", Karma's "Warn when singleRun and autoWatch are false": what the
  // product does from now on, not something it did once ("Warned when …").
  const ongoing = BEHAVIOUR_VERBS.has(verb);
  const rest = text.slice(verb.length).replace(ALSO_ORDERED, (_, joint: string, also: string) => `${joint}${ongoing ? doesOf(also) : doneOf(also)}`);
  return ongoing ? `Now ${doesOf(verb.toLowerCase())}${rest}` : `${doneOf(verb)}${rest}`;
}
/** "warn" → "warns", "fix" → "fixes", "apply" → "applies": what it does, said of the product. */
function doesOf(verb: string): string {
  return /(?:s|sh|ch|x|z)$/i.test(verb) ? `${verb}es` : /[^aeiou]y$/i.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}
const BEHAVIOUR_VERBS = new Set([
  'Warn',
  'Ask',
  'Report',
  'Accept',
  'Return',
  'Emit',
  'Print',
  'Log',
  'Show',
  'Display',
  'Detect',
  'Require',
  'Reject',
  'Ignore',
  'Respect',
  'Allow',
]);
const SCOPE_BEFORE_VERB = /^([\w.]+(?:,\s*[\w.]+)*)(?::|\s+-)\s+(?=\p{L})/u;
const MOVES_TO_A_VERSION = /^(?:roll(?:ed|s)?|updat(?:e|ed|es)|upgrad(?:e|ed|es)|bump(?:ed|s)?)\s+(?:to\s+)?\S+\s+v?\d[\w.-]*\.?$/i;
const MOVES_TO = new Set(['Upgrade', 'Update', 'Switch', 'Migrate', 'Move', 'Bump', 'Roll']);
/** "stop" → "stopped", "stopping": a short verb's last consonant doubles before an ending. */
const DOUBLES_LAST = new Set(['stop', 'drop', 'skip', 'log', 'emit']);
const ORDERS = [
  'add',
  'remove',
  'deprecate',
  'upgrade',
  'update',
  'switch',
  'migrate',
  'move',
  'replace',
  'rename',
  'drop',
  'enable',
  'disable',
  'bump',
  'fix',
  'improve',
  'allow',
  'make',
  'introduce',
  'implement',
  'expose',
  'raise',
  'promote',
  'prevent',
  'avoid',
  'ensure',
  'handle',
  'stop',
  'restore',
  'refactor',
  'create',
  'extend',
  'simplify',
  'optimize',
  'optimise',
  'reduce',
  'increase',
  'refuse',
  'reject',
  'enforce',
  'change',
  // Mistune's "Escape text in math plugin.", Puppeteer's "Roll to Firefox 134.0.", Roslynator's "Suppress error code …".
  // (Not "Use …", "Include …", "Support …": told as done they say something else, "Supported Editions 2024 features".)
  'escape',
  'suppress',
  'ask',
  'roll',
  'detect',
  'report',
  'warn',
  'accept',
  'return',
  'emit',
  'print',
  'log',
  'show',
  'export',
  'import',
  'validate',
  'sanitize',
  'check',
  'skip',
  'ignore',
  'respect',
  'limit',
  'revert',
  'unify',
  'merge',
  'clarify',
  'rework',
  'redesign',
  'adjust',
  'correct',
  'convert',
  'preserve',
  'require',
  'restrict',
  'expand',
  'display',
];
/** The verb before an ending that starts with a vowel: "stopp-", "remov-", "add-". */
const stemBeforeEnding = (verb: string) => (DOUBLES_LAST.has(verb) ? `${verb}${verb.at(-1)}` : verb.endsWith('e') ? verb.slice(0, -1) : verb);
const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** "a flaw", "an out-of-bounds write", "an ArgumentException": the article a phrase reads with, by its first letter. */
const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
function doneOf(verb: string): string {
  const lower = verb.toLowerCase();
  const done = lower === 'make' ? 'made' : /[^aeiou]y$/.test(lower) ? `${lower.slice(0, -1)}ied` : `${stemBeforeEnding(lower)}ed`;
  return verb === lower ? done : upperFirst(done);
}
/** "Adding" → "Add": the orders as a pull request's title says them under way. */
// Awaitility's "Using a more descriptive error message when …": under way, "Using" and "Including" read as work done, though
// their orders ("Use …", "Include …") are left as written.
const GERUNDS: Record<string, string> = Object.fromEntries(
  [...ORDERS, 'use', 'include'].map((verb) => [upperFirst(`${stemBeforeEnding(verb)}ing`), upperFirst(verb)]),
);
// CairoSVG's "Using a lot of recursively nested use tags could lead to long rendering times": what a doing could lead to.
// Gerbil's "Introducing interfaces allowed us to bring on …": the doing is what made something possible.
const DOING_AS_SUBJECT =
  /\b(?:is|are|was|were|now|works|will|can|has|have|should|must)\b|^[^:.]*\b(?:could|would|may|might)\b|^[^:]{1,40}:\s|^\w+ to\b|\b(?:allowed|enabled|made|let)\s+(?:us|you|them)\b/;
/** "Raising" → "raise": the doing of a behaviour verb, and the verb a product does it with. */
const BEHAVIOUR_OF_GERUND: Record<string, string> = Object.fromEntries(
  ['raise', 'throw', 'return', 'emit', 'warn', 'log', 'print', 'show', 'display', 'reject', 'ignore', 'accept', 'require', 'report'].map((verb) => [
    upperFirst(`${stemBeforeEnding(verb)}ing`),
    verb,
  ]),
);
const BEHAVING_VERB = new RegExp(`^(${Object.keys(BEHAVIOUR_OF_GERUND).join('|')}) (?=\\p{Ll})`, 'u');
const DOING_VERB = new RegExp(`^(${Object.keys(GERUNDS).join('|')}) (?=\\p{Ll})`, 'u');
const ALSO_ORDERED = new RegExp(`(,\\s(?:and\\s)?|\\sand\\s)(${ORDERS.filter((verb) => verb !== 'change').join('|')})(?=\\s\\S)`, 'g');
const ORDER_VERB = new RegExp(
  // ("Merge tools config can now …": the verb's word names a thing that does something.)
  `^(${ORDERS.map(upperFirst).join('|')}) (?!of\\b|is\\b|was\\b|has\\b|and\\b|for\\b|in\\b|\\w+ly\\b|\\S+ (?:is|are|was|were|has|have)\\b|(?:(?!(?:that|which|who|when|if|to)\\b)\\S+ ){1,3}(?:can|could|will|would|should|must|now)\\b)`,
);

/** A highlight in plain words: a flagship heading says what it is with the first sentence of its paragraph when the heading alone is terse. */
const FIXES_SECTION = /(?:^|\s)(?:bug\s?)?fix(?:es|ed)?$|^fixed bugs$/i;
/**
 * A fault told as it was: a name in code and what it did wrong (react-hook-form's "`flatten` discarding `File` and `Blob`
 * values …", "`validateField` not passing …"), or the fault named first ("Crash when …", "Memory leak in …"); not a whole
 * sentence ("a crash could occur …"), nor how it behaves now ("… now keeps", "… no longer").
 */
const FAULT_NAMED_FIRST =
  /^(?:crash(?:es)?|memory leaks?|deadlocks?|hangs?|panics?|race conditions?|segfaults?|segmentation faults?)\s+(?:when|in|on|with|during|after|if|while|for|at)\b/i;
const SAID_WHOLE = /\b(?:is|are|was|were|has|have|had|would|could|will|can|should|does|did|now|no longer|correctly|properly)\b/i;
/** "Field array update leaving stale errors …": a thing in a few words, then what it did wrong. */
const THING_DOING = /^\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){0,2}\s+(?:not\s+)?\p{Ll}{3,}ing\b/u;
/** Stateless' "Unexpected graph labels for internal transitions": what was wrong, named by how. */
// (hcloud's "ineffective poll interval option": an option that did nothing.)
const FAULT_ADJECTIVE_FIRST =
  /^(?:unexpected|unintended|incorrect|wrong|missing|broken|duplicated?|spurious|bogus|erroneous|inconsistent|ineffective|inaccurate)\s+\p{L}/iu;
/**
 * ncspot's "Playback broken due to Spotify API change", musl's "regcomp crash/mem-corruption with illegal bytes after
 * backslash": a thing (or a function, in lower case), then what was wrong with it.
 */
const THING_BROKEN =
  /^(?:\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){0,2}\s+(?:broken|missing|wrong|incorrect)|\p{Ll}[\p{Ll}\d_]*\s+(?:crash(?:es)?|hangs?|leaks?|deadlocks?|panics?|segfaults?))\b/u;
/** Its "Labels not escaped in `UmlDotGraphStyle`": a thing, then what was not done to it. */
const THING_NOT_DONE = /^\p{Lu}[\p{L}\d]*(?:\s+[\p{L}\d.]+){0,3}\s+not\s+\p{Ll}{3,}ed\b/u;
function tellsAFault(item: NoteItem, faultSection: boolean): boolean {
  // What the fault did, before the case it did it in ("… not passing the field error … when criteriaMode is all").
  const fault = item.text.split(/\s(?:when|if|while|because|since|unless)\s/)[0]!;
  if (SAID_WHOLE.test(fault)) return false;
  const [first, second, third] = fault.split(' ');
  const gerund = (word: string | undefined) => word !== undefined && /^\p{Ll}{3,}ing$/u.test(word);
  return (
    // ("Crash when shifting a song …": the case it happened in is what names the fault.)
    FAULT_NAMED_FIRST.test(item.text) ||
    FAULT_ADJECTIVE_FIRST.test(fault) ||
    THING_NOT_DONE.test(fault) ||
    (THING_BROKEN.test(fault) && !opensWithAction(fault)) ||
    (item.code?.includes(first!) === true && (gerund(second) || (second === 'not' && gerund(third)))) ||
    (faultSection && THING_DOING.test(fault) && !opensWithAction(fault))
  );
}

/**
 * An item's words after a verb the brief puts before them ("Removed …", "Fixed …"): its first letter in lower case, unless
 * it starts a name: an identifier or code, a name with its version ("Python 3.8 and 3.9 support"), an acronym ("OPML …").
 */
function afterAVerb(item: NoteItem): string {
  const first = item.text.split(' ')[0]!;
  const name = isIdentifier(first) || item.code?.includes(first) || /^\p{Lu}[\p{L}.]*\s+v?\d/u.test(item.text) || /^\p{Lu}{2}/u.test(first);
  return name ? item.text : item.text.charAt(0).toLowerCase() + item.text.slice(1);
}

function highlightText(item: NoteItem, product: string | null, keepScope = false, faultSection = false): string {
  // "pnpm reads settings from …": a name spelled in lower case keeps it at a sentence's start, as code does.
  // FFmpeg's "ffmpeg CLI filtergraph chaining": the product's name in lower case is its command, typed so.
  const typed = product && item.text.startsWith(`${product.toLowerCase()} `) ? [`${product.toLowerCase()} `] : [];
  const kept = [...(item.code ?? []), ...typed];
  // Keep a Changelog's "### Removed" over "- Support for PHP 8.3": the section is the verb; without it a post announces the removed thing.
  const section = item.section.at(-1)?.trim() ?? '';
  // Alamofire's "#### Added" over "- `cancelAllRequests` method on `Session` …", "- Ability to inject …": a thing named, not a
  // sentence; the section is its verb. Only a named thing: "Support EnumMap deserialization" is a sentence already.
  // MDN's "### Additions" over "- `api.Navigator.cpuPerformance`": a name alone, in code, is what was added.
  const verbOfSection = /^additions$/i.test(section) ? 'added' : section;
  const namesAThing =
    /^(?:added|updated|fixed)$/i.test(verbOfSection) &&
    ((item.code?.includes(item.text.split(' ')[0]!) && NAMED_THING.test(item.text.split(' ').slice(1, 2).join(' '))) ||
      item.code?.includes(item.text.trim()) ||
      /^(?:ability|support for|option to)\b/i.test(item.text));
  // Excalidraw's "### Fixes" over "- CVE-2023-45133 [#7988](…)": an advisory's id alone is what was fixed; so is each of
  // omniauth-saml's "This release fixes:" over two linked GHSA ids, whatever section holds them.
  if (item.kind === 'security' && ONLY_ADVISORY.test(item.text) && !/^(?:fix|address)/i.test(item.text)) return asSentence(`Fixed ${item.text}`);
  // react-hook-form's "### Fixed" over "- `flatten` discarding `File` and `Blob` values …": the fault, which a post without its
  // section would tell as what the release does; what was fixed says so.
  if (item.kind === 'fix' && FIXES_SECTION.test(section) && !item.detail && tellsAFault(item, faultSection)) return asSentence(`Fixed ${afterAVerb(item)}`);
  const listedAs = section.match(/^(removed|deprecated)$/i)?.[1] ?? (namesAThing ? verbOfSection : undefined);
  // "Disabling API keys by their plain-text key is no longer supported." says so itself.
  // "mailbox-alias: Plugin has been removed." likewise, after its scope.
  const unscoped = item.text.replace(/^[\w./-]+(?:,\s*[\w./-]+)*:\s+/, '');
  const saysItself =
    // Floki's "HTML must be parsed before searching. …" tells what upgraders must do.
    /\b(?:is|are|was|were|has been|have been|will be|must|should|no longer|can no|cannot)\b/i.test(unscoped.split(/[,;:(]/)[0]!) ||
    /\b(?:(?:has|have) been|is|are|was|were)\s+(?:now\s+)?(?:removed|deprecated|dropped)\b/i.test(unscoped) ||
    // TZInfo 2.0.0's "### Removed" over "The `%:::z` format directive can now only be used with …" and "Using
    // `TZInfo::Timezone.new(identifier)` … to obtain a specific `TZInfo::Timezone` … will no longer work.": said whole.
    /\b(?:can|may|will)\s+(?:now\s+)?(?:only|no longer)\b/i.test(firstSentence(unscoped));
  // MonoGame's "### Removed" over "protobuild removed and replaced with …" and "disable Piranha portable build": an item
  // with its own verb of the section, or opening on a verb, says what was done itself ("Support for …" names a thing).
  const ownVerb =
    (listedAs !== undefined && SECTION_VERB[listedAs.toLowerCase()]!.test(item.text)) || (opensWithAction(item.text) && !/^(?:support|use)/i.test(item.text));
  if (listedAs && !/^(?:\w+ed|removes?|drops?|deprecates?)\b/i.test(item.text) && !saysItself && !ownVerb && !item.detail)
    return asSentence(
      // "Python 3.8 and 3.9 support": a name with its version keeps its capital after the verb.
      `${listedAs.charAt(0).toUpperCase()}${listedAs.slice(1).toLowerCase()} ${afterAVerb(item)}`,
    );
  // "Changes to the language": the heading only titles what its paragraph says.
  if (item.detail && /^(?:changes|improvements|updates|additions) (?:to|in)\b/i.test(item.text)) return asSentence(firstSentence(item.detail), kept);
  // "🏭 createUseFetch and createUseAsyncData": the heading's emoji is no word of it.
  const headingWords = item.text.replace(LEADING_EMOJI, '').split(' ').length;
  // A longer heading ("Mypyc Free-threading Memory Safety") is told with its paragraph only where that says what changed.
  // ("Elixir v1.15 introduced …" under a v1.16 heading tells another release's news.)
  // Zod's "Recursive objects" over "This was an unexpected one.": a remark about the heading tells nothing of the change.
  // Keycloak's "we're introducing a brand new {project_operator} as a preview": a document attribute its docs define
  // elsewhere is a word the reader would never see; the heading is told alone.
  const toldByDetail = (detail: string) =>
    !UNRESOLVED_ATTRIBUTE.test(detail) &&
    ((headingWords < 4 && !/^(?:this|that|it)\s+(?:was|is)\b[^.]{0,40}\.?$/i.test(detail)) ||
      (headingWords <= 5 && !item.text.includes(':') && CHANGE_SIGNAL.test(detail) && !PREVIOUS_RELEASE.test(detail) && !/\bv?\d+\.\d+/.test(detail)));
  // KallistiOS 2.2.0's "## Strict types breaks" under "API Breaking Changes" over its account: a break's heading that does not
  // say what went or changed is told likewise; "Removed WebSQL" (PouchDB) or "Renamed commands" (Snapcraft) says it alone.
  // The account's change sentence, read once, for a heading that may be told by it.
  // TextMate 2.0.10's "### Clipboard and Clipboard History" over "The Clipboard History dialogs … now allow you to flag
  // entries.": a patch release's heading, no flagship for it, still says what it is by its account.
  const account =
    item.detail && headingWords <= 5 && (item.flagship || item.kind === 'other' || (item.kind === 'breaking' && !BREAK_IN_HEADING.test(item.text)))
      ? changeSentence(item.detail)
      : undefined;
  const toldHere =
    account !== undefined &&
    (item.flagship || !/^for more\b|\b(?:of|to|at|with|by|for|from|and|or|the|an?|replace|instead of)\.?$/i.test(firstSentence(account))) &&
    toldByDetail(account);
  if (toldHere) {
    const detail = truncateWords(clauses(account), 160);
    // "New function numpy.strings.slice" over "The new function numpy.strings.slice was added…": the paragraph says it all.
    const named = item.text.split(' ').filter((word) => isIdentifier(word) || /\p{Lu}/u.test(word.slice(1)));
    // (Not Ebitengine's "Renaming APIs" over "These new API were added as aliases …": "these" points back at the heading.)
    const pointsBack = /^(?:these|those|such)\s/i.test(detail);
    if (named.length > 0 && !pointsBack && named.every((word) => detail.includes(word))) return asSentence(detail, kept);
    // "New device parameter": "A new device parameter is set to replace …" opens with the heading's every word.
    const words = item.text.toLowerCase().match(/[\p{L}\d_]+/gu) ?? [];
    const opening = detail
      .split(/\s+/)
      .slice(0, words.length + 3)
      .join(' ');
    if (named.length === 0 && words.length > 0 && words.every((word) => new RegExp(`\\b${word}\\b`, 'i').test(opening))) return asSentence(detail, kept);
    // "Living anti-patterns reference: the work on …", but "…: Elixir v1.16 incorporates …": only a common word loses its capital.
    // Popeye's "New Spinach Formula!" over "The new format provides …": a heading that exclaims ends its own sentence.
    const told = /[!?]$/.test(item.text)
      ? `${item.text} ${detail}`
      : `${item.text}: ${COMMON_OPENER.test(detail) ? detail.charAt(0).toLowerCase() + detail.slice(1) : detail}`;
    return asSentence(told.replace(LEADS_TO_EXAMPLE, ''));
  }
  // Expat's "CVE-2026-72522 -- Fix an out-of-bounds read …": the change leads, its id follows it; jsonwebtoken's
  // "Fixes Arbitrary File Write via verify function - CVE-2022-23529" gets its id in brackets like every other.
  // Silverstripe's "### CVE-2019-19325 (CVSS 7.5)" over "Silverstripe Forms allow malicious HTML …": a heading of an id alone
  // is told by its paragraph, with the id after it.
  const idOnly = item.kind === 'security' && item.detail && ID_HEADING.test(item.text);
  // Nim's "Fixed "Crash on marking destroy hook as .error"": the issue's title, quoted, is what was fixed.
  // (js-beautify's "Fixed "Fails to recognize Handlebars block …"": a title that tells the fault in a sentence keeps its quotes.)
  const quoted = item.kind === 'fix' ? item.text.match(/^(Fix(?:ed|es)?)\s+"([^"]{3,})"\.?$/) : null;
  const told =
    quoted && !OPENS_ON_FAULT_VERB.test(quoted[2]!)
      ? `${quoted[1]} ${/^\p{Lu}\p{Ll}+\b/u.test(quoted[2]!) && !isIdentifier(quoted[2]!.split(' ')[0]!) ? quoted[2]!.charAt(0).toLowerCase() + quoted[2]!.slice(1) : quoted[2]}`
      : idOnly
        ? splitSentences(item.detail!)[0]!
        : item.kind === 'security'
          ? item.text
              // Perl's "=head2 CVE-2023-47038 - Write past buffer end …" likewise.
              // oauth2-proxy's "GHSA-5hvv-m4w4-gf6v fix: health check user-agent authentication bypass": the fix, then its id.
              .replace(ID_FIX_LABEL, (_, id: string, change: string) => `Fix ${change.replace(/\.$/, '')} (${id}).`)
              // Ruby SAML's "Fix vulnerabilities: CVE-…, CVE-…: SAML authentication bypass …": the fix, then its ids.
              .replace(FIX_LABEL_IDS, (_, ids: string, change: string, rest: string) => `Fix ${change} (${ids}).${rest}`)
              // HedgeDoc's "CVE-2026-58487 reports a possible HTML injection via …": the advisory tells the flaw; the release fixed it.
              .replace(ID_REPORTS, (_, id: string, flaw: string) => `Fixed ${flaw} (${id}).`)
              // Unicorn's "Security fix: for CVE-2025-24370 for a class pollution vulnerability": the flaw after its id.
              .replace(FOR_ID_FOR, (_, id: string, flaw: string) => `Fixed ${flaw.replace(/\.$/, '')} (${id}).`)
              // libsixel's "Security fix for CVE-2019-20205 (#127), integer overflow problem": the flaw after its id.
              .replace(SECURITY_FIX_FOR_ID, (_, id: string, flaw: string) => `Fixed ${withArticle(flaw)} (${id}).`)
              .replace(LEADING_ID, '')
              // wolfSSL's "* [Medium] CVE-2024-5288" over "A private key blinding operation … was added …": the id, then its sentence.
              .replace(ID_THEN_SENTENCE, '')
              // rclone's "Local backend: CVE-2024-52522: fix permission …": after a scope too, the change leads and its id follows.
              .replace(SCOPED_ID, (_, scope: string, id: string, change: string) => `${scope}${change} (${id}).`)
              // Gogs' "… via crafted file names. - GHSA-…": the id goes in brackets before the sentence's stop, not after it.
              .replace(TRAILING_ID, ' ($1)')
          : item.text;
  // which-key's "**ignore_missing:** not showing key maps with desc field" under Bug Fixes tells the fault, not the fix: told
  // alone it reads as a new behaviour, so it is told as fixed, with the scope it is a fault of.
  // phpBB's "PHP fatal error in version check failure", ejabberd's "SQL injection in mod_pubsub handling of …": a fault
  // named by a noun and where it happened, with no verb, is told as fixed too.
  const fault =
    item.kind === 'fix'
      ? (told.match(
          /^(?:([a-z][\w./-]{0,30}):\s+)?((?:[Nn]ot|[Nn]o longer|[Cc]rash\w*|[Hh]angs?|[Ww]rong|[Mm]issing|[Ii]ncorrect|[Bb]roken|[Uu]nable to)\b.*)$/,
        ) ?? told.match(FAULT_NOUN))
      : item.kind === 'security'
        ? ((/^(?:remed|mitigat|harden)/i.test(told) ? null : told.match(FAULT_NOUN)) ??
          (advisoryIds(told).length > 0 && !opensWithAction(told) && namesFlawAlone(told) ? told.match(FLAW_NAMED) : null) ??
          (advisoryIds(told).length > 0 && !opensWithAction(told) && !TOLD_WITH_VERB.test(splitSentences(told)[0] ?? told) ? told.match(ATTACK_NAMED) : null))
        : null;
  // Alacritty's "### Fixed" over "Crashes on GPUs with partial robustness support": the fault, told as fixed.
  // share_plus's "unable to get the correct result on iOS" is told "Fixed being unable to …".
  // "Heap Buffer Overflow in …" is written in title case: its first word keeps its capital with the others.
  // Salt's "Directory traversal vulnerability in recv_file method allows arbitrary files to be written …": what the flaw let
  // an attacker do is told of the flaw fixed, in the past.
  const faultWords = fault
    ? fault[2]!
        // (Not a name in parts, "Sandboxie-Plus EditAdminOnly bypass …": its capitals are its own.)
        .replace(/^\p{Lu}(?=\p{Ll}+\b(?!-\p{Lu})(?!\s+\p{Lu}\p{Ll}))/u, (first) => first.toLowerCase())
        .replace(/^unable to\b/, 'being unable to')
        .replace(FLAW_LETS, (_, verb: string) => ` that ${FLAW_LET[verb.toLowerCase()]} `)
    : '';
  const faultText = ONE_FLAW_NAMED.test(faultWords) ? withArticle(faultWords) : faultWords;
  // OpenRCT2's "Fix: The default tab is not highlighted when …", H2's "Issue #4133: DROP SYNONYM isn't dropping …": a fix
  // titled by what went wrong, told as fixed.
  const scoped = withoutScope(told, item.code).match(/^(\p{Lu}[\p{L}\d ./+-]{0,30}:\s+)?(.*)$/su)!;
  const faultSaid = !fault && item.kind === 'fix' ? faultStatement(scoped[2]!, item.code ?? []) : null;
  // Exposed's "fix: Maven Plugin Config Mapping": a fix named by what it fixed, told as fixed.
  const fixedName = !fault && !faultSaid && item.kind === 'fix' && FIXED_NAME.test(told) && !opensWithAction(told);
  // Zellij's "### Fixed" over "Regression with ESC+mouse hold", "Occasional stall before prompt": the fault named alone.
  const faultNamed = !fault && !faultSaid && !fixedName && item.kind === 'fix' ? scoped[2]!.match(FAULT_NOUN_FIRST) : null;
  // JavaParser's "Fix: UnsupportedOperationException when resolving …", Castle Core's "`ArgumentException`: "Could not find
  // …" with …": the exception a fix stopped, named first, in its own case.
  const thrownText = /^\p{Lu}[\p{L}\d]*(?:Exception|Error):\s+$/u.test(scoped[1] ?? '') ? `${scoped[1]}${scoped[2]}` : scoped[2]!;
  const thrown = !fault && !faultSaid && !fixedName && !faultNamed && item.kind === 'fix' && THROWN_FIRST.test(thrownText);
  const lowerFault = scoped[2]!.charAt(0).toLowerCase() + scoped[2]!.slice(1);
  const sentences = splitSentences(
    (fault
      ? `Fixed ${fault[1] ? `${fault[1]} ` : ''}${faultText}`
      : faultSaid
        ? `${scoped[1] ?? ''}Fixed an issue where ${faultSaid.replace(/^(?:an?\s+)?(?:issue|bug|problem)\s+(?:where|in which)\s+/i, '')}`
        : fixedName
          ? `Fixed ${told}`
          : thrown
            ? `${thrownText === scoped[2] ? (scoped[1] ?? '') : ''}Fixed ${withArticle(thrownText)}`
            : faultNamed
              ? `${scoped[1] ?? ''}Fixed ${faultNamed[2] || /^an?\s/i.test(scoped[2]!) ? lowerFault : withArticle(lowerFault)}`
              : keepScope
                ? told
                : withoutScope(told, item.code)
    ).replace(FIXED_TWICE, '$1Fixed $2.'),
  );
  // sudo's "Fixed CVE-2025-32462.  Sudo's -h (--host) option could …": the id alone says nothing; the next sentence does, and keeps the id.
  // cert-manager's "This patch release fixes a controller panic …. It also updates several dependencies to fix reported security
  // vulnerabilities.": a paragraph summing the release up tells its security fix by the sentence that says so.
  // Docker's "This release fixes an issue where, after a firewalld reload, … CVE-2025-54388 / GHSA-…": where the sentence
  // after says only the ids, the summing-up sentence tells the fix.
  const sumsUp = item.kind === 'security' && RELEASE_SUMS_UP.test(sentences[0]!);
  const toldSecure =
    sumsUp && !KIND_CUES.security.test(sentences[0]!) ? sentences.findIndex((one) => KIND_CUES.security.test(one) && !ONLY_ADVISORY.test(one)) : -1;
  // (Not MacPorts' "Fixed CVE-2024-11681. Thanks to Simon Scannell of Google's Cloud Vulnerability Research team.": who found it.)
  // LilyPond 2.24.0's "This version includes improvements and fixes since the branching of the previous stable release …. This
  // release switches to Guile 2.2 …": what it brings in general, then the sentence that names something.
  const named = VAGUE_RELEASE_SENTENCE.test(sentences[0]!) ? sentences.findIndex((one, index) => index > 0 && RELEASE_DOES.test(one)) : -1;
  const at =
    sentences.length > 1 && ONLY_ADVISORY.test(sentences[0]!) && !POINTER.test(sentences[1]!) && !/^(?:many\s+)?thanks\b/i.test(sentences[1]!)
      ? 1
      : named > 0
        ? named
        : Math.max(toldSecure, 0);
  // "… option could be specified when running a command. This could enable a local privilege escalation …": the harm is the news.
  // bumpalo's "… didn't get its underlying `Bump`'s lifetime threaded through. This meant that `rustc` was not checking the
  // borrows … and this could result in use-after-free bugs.": the harm that sentence ends on, joined to the fault.
  const next = item.kind === 'security' && !IMPACT.test(sentences[at]!) && !MEMORY_UNSAFETY.test(sentences[at]!) ? (sentences[at + 1] ?? '') : '';
  const ledTo = MEMORY_UNSAFETY.test(next) ? next.match(LEADS_TO_HARM) : null;
  const harm = ledTo ? `, which ${ledTo[1]!.toLowerCase()} ${ledTo[2]}` : IMPACT.test(next) ? ` ${mainClause(next)}` : '';
  // sqlparse's "IMPORTANT: Fixes a potential denial of service …": the label raises its voice; the sentence says it.
  // ElixirLS' "Improvements to references provider. It now can find references to aliases in current file": a title that
  // names only where things got better, then what did.
  // Packer's "Bumped gopsutil to v3. This fixes a macOS intermittent crash …": a bump told by what it fixes.
  const bumpFixes = item.kind === 'fix' && BUMPED_TO.test(sentences[at]!) && /^this\s+(?:fixes|resolves|addresses)\s/i.test(sentences[at + 1] ?? '');
  const opening =
    VAGUE_TITLE.test(sentences[at]!) && sentences[at + 1]
      ? `${sentences[at]!} ${sentences[at + 1]!}`
      : bumpFixes
        ? `${sentences[at]!.replace(/\.$/, '')}, which ${sentences[at + 1]!.replace(/^this\s+/i, '')}`
        : sentences[at]!;
  const openingSaid = ledTo ? opening.replace(/[.!]+\s*$/, '') : opening;
  const said = `${at === toldSecure || (sumsUp && at === 0) ? withoutReleaseSubject(openingSaid) : openingSaid}${harm}`.replace(LOUD_LABEL, '');
  // Handlebars' "… where the properties are enumerable, as in:" over a code block: the example is not in a post.
  const sentence = (item.kind === 'breaking' ? breakingSentence(item.text) : fittedSentence(withoutCaseOfAttack(clauses(said)))).replace(LEADS_TO_EXAMPLE, '');
  return asSentence(withAdvisories(item, sentence), kept);
}

/**
 * An aside in brackets of three words or more: not advisory ids, a negation or a version's bound, which the checker keeps.
 * Its first two spaces come before any digit, found by a lookahead that reads each character once (two lazy runs over the
 * same characters backtracked cubically on a bracket of spaces).
 */
const LONG_ASIDE = new RegExp(
  String.raw`\s+\((?!${ADVISORY_ID_START})(?![^()]*\b(?:not|no longer|never|only|except|before|after|until|since)\b)(?=[^()\d\s]*\s[^()\d\s]*\s)[^()]*\)`,
  'gi',
);

/** Qt for Python's "A hang in QDBusConnection.connect() has been fixed.", told as fixed: said once. */
const FIXED_TWICE =
  /^(\p{Lu}[\p{L}\d ./+-]{0,30}:\s+)?Fixed\s+(?:an?\s+(?:issue|bug|problem)\s+where\s+)?(\S.*?)\s+(?:has|have)\s+(?:now\s+)?been\s+fixed\.?$/u;

/**
 * A sentence within the longest a highlight runs: umoci's "… append NUL bytes to the end of the gzip stream (which would
 * previously cause checksum failures because we didn't read …)" loses its aside before any word is cut.
 */
function fittedSentence(text: string): string {
  if (text.length <= MAX_SENTENCE) return text;
  const unbracketed = text.replace(LONG_ASIDE, '');
  return truncateWords(unbracketed, MAX_SENTENCE);
}

const BUMPED_TO = /^(?:bump(?:s|ed)?|update[sd]?|upgrade[sd]?)\s+\S+(?:\s+\S+)?\s+(?:from\s+\S+\s+)?to\s+v?\d[\w.-]*\.?$/i;

const VAGUE_TITLE =
  /^(?:(?:various|several|many|some|minor|small|general) )?(?:improvements?|changes|updates|enhancements?|tweaks) (?:to|in|for) [\w.-]+(?: [\w.-]+){0,5}[.:]?$/i;

/**
 * wheel 0.48.0's "… outside the destination directory when the input archive contained a maliciously crafted project name or
 * version with path separators (arbitrary file write / path traversal)": too long to tell whole, a fix loses the case it
 * happened in before the bracket that names the attack, which a reader of a security post looks for.
 */
function withoutCaseOfAttack(text: string): string {
  if ([...text].length <= MAX_SENTENCE) return text;
  const shorter = text.replace(/\s+(?:when|if|where)\s+[^()]{10,}?(?=\s*\(([^()]+)\))/, (whole, bracket: string) => (ATTACK.test(bracket) ? '' : whole));
  return [...shorter].length <= MAX_SENTENCE ? shorter : text;
}

/** HedgeDoc's "CVE-2026-58487 reports a possible HTML injection via …": the advisory, then the flaw it tells. */
const ID_REPORTS = withAdvisoryId(String.raw`^({ID})\s+(?:reports|describes)\s+(an?\s+\S.*?|\S.*?)\.?$`, 'i');
/** Ruby SAML's "Fix vulnerabilities: CVE-…, CVE-…: SAML authentication bypass ….": the fix's ids before its words. */
const FIX_LABEL_IDS = withAdvisoryId(String.raw`^fix(?:e[sd])?\s+vulnerabilit(?:y|ies)\s*:\s+({ID}(?:\s*,\s*{ID})*)\s*:\s+([^.]+?)\.(\s|$)`, 'i');
/** "Fix vulnerability: CVE-2025-25293: …", "Fixes GHSA-…": a sentence that opens on the fix of an advisory. */
const FIX_OF_ID = withAdvisoryId(String.raw`^fix(?:e[sd])?\s+(?:(?:the\s+)?(?:security\s+)?vulnerabilit(?:y|ies)\s*:?\s+)?{ID}`, 'i');
/** The ids a text's first sentence fixes, and those of later sentences that open on fixing their own. */
function firstFixedIds(text: string): string[] {
  const [first = '', ...later] = splitSentences(text);
  return [...new Set([...fixedAdvisoryIds(first), ...later.filter((one) => FIX_OF_ID.test(one)).flatMap(fixedAdvisoryIds)])];
}

const CLOSING_ADVISORIES_STOPPED = new RegExp(String.raw`\s\(${ADVISORY_ID_START}[^()]*\)[.!]?$`, 'i');
const SECURITY_FIX_FOR_ID = withAdvisoryId(String.raw`^security\s+fix\s+for\s+({ID}),\s+(\p{Ll}[^,.;]*?\s(?:problem|issue|bug|flaw|vulnerability))\.?$`, 'iu');
const FOR_ID_FOR = withAdvisoryId(String.raw`^for\s+({ID})\s+for\s+((?:an?|the)\s+\S.*)$`, 'i');
const ID_FIX_LABEL = withAdvisoryId(String.raw`^({ID})\s+fix(?:ed)?:\s+(\S.*)$`, 'i');
const ID_THEN_SENTENCE = withAdvisoryId(String.raw`^{ID}\s+(?=\p{Lu}(?:\p{Ll}|\s))`, 'u');
const LEADING_ID = withAdvisoryId(String.raw`^{ID}\s*(?:--|[–—:-])\s+(?=\S)`, 'i');
const SCOPED_ID = withAdvisoryId(String.raw`^(\p{L}[\p{L} /-]{1,30}:\s+)({ID})\s*(?:--|[–—:])\s+(\S.*?)\.?$`, 'iu');
const TRAILING_ID = withAdvisoryId(String.raw`\.?\s+[-–—]+\s+({ID})\.?$`, 'i');
/** A heading that is an advisory's id and its score alone: "CVE-2019-19325 (CVSS 7.5)". */
const ID_HEADING = withAdvisoryId(String.raw`^{ID}(?:\s*\([^()]{1,30}\))?\.?$`, 'i');
/** "For more information, see our blog": where to read more, not what changed. */
const POINTER = /^(?:for (?:more )?(?:information|details)|see|read|more (?:information|details))\b/i;
const COMMON_OPENER =
  /^(?:The|This|These|That|Those|It|Its|We|Our|You|Your|A|An|In|With|Now|There|Each|Every|All|When|If|To|For|By|On|As|One|Some|Many|Most)\b/;
/** "This could enable a local privilege escalation attack if the sudoers file allows …": the harm, without its condition. */
// mu's "added new ~--eval~ command-line option, so you can do e.g." over its example.
// Scala.js' "… you can allow calls to js.await anywhere, by adding the following import." over the import: it is not in a post.
const LEADS_TO_EXAMPLE =
  /(?<=\S),?[ \t]+(?:so (?:that )?you can (?:do|write|run|use)(?:[ \t]+e\.g\.)?|as in|for example|for instance|e\.g\.|like (?:this|so)|(?:by|with) (?:adding|using|writing|calling|running|setting) the following(?: \w+){0,2}|as follows)[ \t]*[:.]?[ \t]*$/i;
/** The verb of a section a bare name is listed under ("### Removed" over "protobuild removed and replaced with …"), in its forms. */
const SECTION_VERB: Record<string, RegExp> = {
  removed: /\bremove[ds]?\b/i,
  deprecated: /\bdeprecate[ds]?\b/i,
  added: /\badd(?:ed|s)\b/i,
  updated: /\bupdate[ds]?\b/i,
  fixed: /\bfix(?:ed|es)\b/i,
};
/**
 * XZ's "IMPORTANT: This includes a fix for …", "Please note:", OpenTofu's "SECURITY - Bump go-getter to fix CVE-2024-6257":
 * a label raising a sentence's voice; the sentence says it. Spelled out in each case, since under the `i` flag `\p{Lu}`
 * would match any letter.
 */
const LOUD_LABEL =
  /^(?:(?:IMPORTANT|Important|NOTE|Note|PLEASE NOTE|Please note|NOTICE|Notice|WARNING|Warning|ATTENTION|Attention)\s*:|SECURITY\s*(?::|\s[-–—]))\s+(?=\p{Lu})/u;

function mainClause(sentence: string): string {
  const cut = sentence.search(/,?\s(?:if|when|unless|as long as|provided that)\s/);
  return cut >= 30 ? `${sentence.slice(0, cut)}.` : clauses(sentence);
}
const MEMORY_UNSAFETY = /\b(?:use[- ]after[- ]free|double[- ]free|memory corruption|out[- ]of[- ]bounds (?:read|write|access)|dangling pointers?)\b/i;
const LEADS_TO_HARM = /\b(?:this|which|that|it)\s+((?:could|can|may|might|would)\s+(?:result in|lead to|cause|allow))\s+(\S.*?)\.?$/i;
const IMPACT =
  /\b(?:privilege escalation|escalat\w+ privileges?|remote code execution|arbitrary (?:code|commands?)|denial[- ]of[- ]service|information disclosure|bypass\w*|injection|cross-site|XSS|XXE|SSRF|as root|take over|overflow)\b/i;
// Docker's "CVE-2025-54388 / GHSA-x4rx-4gw3-53p4.": the same flaw's ids in two databases.
const ONLY_ADVISORY = withAdvisoryId(String.raw`^(?:(?:fixed|fixes|fix|addressed|addresses)\s+)?{ID}(?:\s*(?:,|and|/)\s*{ID})*[.:]?$`, 'i');

/** A security fix cut short keeps the ids of what it fixes ("… in ngx_http_rewrite_module (CVE-2026-9256)."): they are what a reader looks for. */
function withAdvisories(item: NoteItem, sentence: string): string {
  if (item.kind !== 'security') return sentence;
  // Apache's "… (CVE-2024-40725). A partial fix for CVE-2024-39884 in 2.4.61 …": an id the sentence already has is the
  // item's own; one named further on, in passing, is not added.
  // CloudNativePG's "(same class as CVE-2018-1058)" likens the flaw to another; that id is not the item's.
  // Ruby SAML's "Fix vulnerabilities: CVE-…, CVE-…: SAML authentication bypass …. Fix vulnerability: CVE-2025-25293: Potential
  // DOS …": a later sentence that opens on fixing its own id is one more fix of the item, and its id is told.
  const said = advisoryIds(sentence).length > 0 ? firstFixedIds(item.text) : fixedAdvisoryIds(item.text);
  // GnuTLS's NEWS heads each fix ("** libgnutls: Add more checks to DTLS reassembly") over a paragraph that closes with its
  // "[CVE-2026-33846]": the heading's advisory is in its own paragraph.
  const told = said.length === 0 && item.detail && advisoryIds(sentence).length === 0 ? fixedAdvisoryIds(item.detail) : said;
  // sqlparse's "See the security advisory for details: https://github.com/…/security/advisories/GHSA-2m57-hf25-phgg": an
  // advisory the item names only by its address is its own, and a reader searches for its id.
  const own =
    told.length === 0 && advisoryIds(sentence).length === 0 ? [...new Set(item.refs.flatMap((ref) => advisoryIds(`${ref.label} ${ref.url ?? ''}`)))] : told;
  const missing = own.filter((id) => !sentence.includes(id));
  if (missing.length === 0) return sentence;
  const added = ` (${missing.join(', ')})`;
  // Qt WebEngine's Chromium fixes name over forty: a sentence that shows the first of them leaves the rest to the notes.
  if (advisoryIds(sentence).length > 0 && added.length > MAX_SENTENCE / 2) return sentence;
  const words = sentence.replace(/[.…]+$/, '');
  // A whole sentence of the notes takes the ids after it; only a cut one shows where it was cut. ("Fixes an issue …" is whole
  // in "This release fixes an issue …".)
  const whole = [item.text, item.detail ?? ''].some((text) => text.toLowerCase().includes(words.toLowerCase()));
  // c-ares' "… in v1.32.3 (GHSA-6hxc-62jh-p29v)" closing on an id of its own: the missing ones join that bracket.
  const joined = !sentence.endsWith('…') && [...words].length + added.length <= MAX_SENTENCE ? intoClosingIds(words, missing, 'before') : null;
  if (joined) return joined;
  if (!sentence.endsWith('…') && whole && [...words].length + added.length <= MAX_SENTENCE) return `${words}${added}`;
  // Cut at a clause, the sentence ends whole before its ids (Mint's "… SETTINGS_MAX_HEADER_LIST_SIZE (GHSA-…)."), not ".…".
  const cut = truncateWords(words, MAX_SENTENCE - added.length - 1);
  return cut.endsWith('…') ? `${cut.slice(0, -1)}…${added}` : `${cut.replace(/\.$/, '')}${added}`;
}

/** A long sentence ends where its main clause does ("… vulnerable to a denial of service attack via the kubelet API, including …"). */
function clauses(long: string): string {
  if ([...long].length <= LONG_SENTENCE) return long;
  // "… the work on Understanding Code Smells, by Lucas Vegi and Marco Tulio Valente, from ASERG/DCC/UFMG, into …": who wrote it is a credit.
  const uncredited = long.replace(CREDIT_ASIDE, ' ');
  if ([...uncredited].length <= LONG_SENTENCE) return uncredited;
  // "Fixed issue where using Annotated wrapping a type alias, such as Annotated[…], would crash …": an example set between
  // commas goes; cutting at it would leave the clause without its verb.
  const sentence = uncredited.replace(/,\s+(?:such as|for example|e\.g\.)\s(?:[^,;[\]()]|\[[^\]]*\]|\([^)]*\)){3,80},\s+(?=\p{Ll})(?!(?:and|or)\b)/u, ' ');
  if ([...sentence].length <= LONG_SENTENCE) return sentence;
  // XZ's "Fix a buffer overflow in lzma_index_append() (CVE-2026-34743): If lzma_index_decoder() was used …": after the
  // bracketed id that closes a change's name, a colon opens the new sentence that explains it.
  const explained = sentence.slice(0, LONG_SENTENCE).search(/\):\s+(?=\p{Lu}\p{Ll})/u);
  if (explained >= 40) return `${sentence.slice(0, explained + 1)}.`;
  const cut = sentence.slice(0, LONG_SENTENCE).search(/[,;]\s+(?:including|which|so that|such as|where|while|because|as well as)\b/);
  // Cargo's "… in each build command (except bench and test, which have --no-fail-fast instead)": a cut inside an aside
  // goes before the aside, never leaving its bracket open.
  const aside = cut >= 40 ? sentence.lastIndexOf('(', cut) : -1;
  const open = aside > sentence.lastIndexOf(')', cut);
  if (cut >= 40 && open && aside >= 40) return `${sentence.slice(0, aside).trimEnd()}.`;
  if (cut >= 40 && !open) return `${sentence.slice(0, cut)}.`;
  // "… in a specific state, with a specially crafted COUNT argument, may cause …": the aside goes, the sentence still says what happens.
  return sentence.replace(/,\s+(?:with|for example|e\.g\.|i\.e\.)\s[^,;()]{3,80},\s+(?=[a-z])/, ' ');
}
const LONG_SENTENCE = 140;
const PERSON = String.raw`\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}`;
const CREDIT_ASIDE = new RegExp(String.raw`,\s+by\s+${PERSON}(?:(?:,\s*|\s+and\s+)${PERSON})*(?:,\s+from\s+[^,;]{2,60})?,\s+(?=\p{Ll})`, 'u');

/**
 * A breaking change keeps the sentence that says what breaks, even when it is not the first ("X is faster. It no longer
 * accepts Y."), and the one after it that names the version those it leaves behind should stay on ("… please use version
 * 2.41.6.").
 */
const TELLS_UPGRADERS =
  /^(?:you(?:'ll)?\s+(?:may|might|will|must|should|need to|have to)\s+(?:need to\s+|have to\s+)?(?:update|change|adjust|migrate|rename|review|check)|please\s+(?:update|review|check|migrate|adjust))\b/i;

const LOOKED_AT = /^(?:review(?:ed)?|revisit(?:ed)?|rethink|rethought|reconsider(?:ed)?)\s+how\b/i;

function breakingSentence(text: string): string {
  // "… integration tests. Breaking Change: No longer pass …": the label inside says what the post says by its words.
  const told = splitSentences(withoutScope(text).replace(/(^|[.!?]\s+)breaking(?: changes?)?:\s+/gi, '$1'));
  // Spock's "This affects users of the @Snapshot extension, only if …. @Snapshot used to look up …. Now, the snapshots will be
  // loaded from …": who it affects prefaces the change, which the sentences after it tell, what it did and what it does now.
  // Rhai's "Previously, Rhai follows Unicode's definition for whitespace, …. Starting from this version, whitespace follows
  // WhatWG's …": what it did leads into what it does now, which is the change.
  const sentences = told.length > 1 && (AFFECTS_WHOM.test(told[0]!) || (/^previously\b/i.test(told[0]!) && FROM_NOW_ON.test(told[1]!))) ? told.slice(1) : told;
  // trouble.nvim 3.0.0's "Trouble v3 is now merged in main. You may need to update your configs.": what upgraders must do.
  const keep =
    sentences.length > 1 &&
    (TELLS_UPGRADERS.test(sentences[1]!) ||
      (BREAKING_SIGNAL.test(sentences[0]!)
        ? STAY_ON_VERSION.test(sentences[1]!)
        : // Earthly's "… after the cloud shutdown. However, it removes many cloud-based commands and flags.": the second says it.
          BREAKING_SIGNAL.test(sentences[1]!) ||
          /\b(?:removes|drops)\b/i.test(sentences[1]!) ||
          // Moo 2's "Classes without attributes used to store everything … This has been fixed to not store anything …",
          // Packer 1.9's "… used to be computed from the Git SHA … This changes with this release, and now …".
          (/\bused to\b/i.test(sentences[0]!) && /^now\b|^(?:this|that|it)\s+(?:has been|was|is)\s+(?:changed|fixed)\b|^this changes\b/i.test(sentences[1]!)) ||
          // Rome 12's "Review how the traversal of the file system works. Now Rome won't navigate folders that are ignored.":
          // the first says only what was looked at.
          (LOOKED_AT.test(sentences[0]!) && /^now\b/i.test(sentences[1]!))))
      ? 2
      : 1;
  // Nimble's "Major `nimble develop` overhaul fixing …: A, B and C. Removed the `-g` flag …": where both do not fit, the
  // first gives up what its colon leads to, so the break is told.
  const [first, second] = sentences;
  const lead = first?.match(/^([^:]{20,}?):\s/)?.[1];
  if (keep === 2 && `${first} ${second}`.length > MAX_SENTENCE && lead) return truncateWords(`${lead}. ${second}`, MAX_SENTENCE);
  // python-dotenv's "… used to reset the file mode of the modified .env file to 0o600 in some situations. This is no longer the
  // case: The original mode of the file is now preserved.": where both do not fit, the second up to its colon still says it
  // changed; cut at the first's end, the post would tell the old behaviour as the news.
  const saidShort = keep === 2 && `${first} ${second}`.length > MAX_SENTENCE ? second!.match(/^([^:]{8,60}):\s/)?.[1] : undefined;
  if (saidShort && `${first} ${saidShort}.`.length <= MAX_SENTENCE) return `${first} ${saidShort}.`;
  // Packer 1.9's "… used to be computed from the Git SHA …. This changes with this release, and now fingerprints are
  // automatically generated as a ULID.": where both do not fit, what happens now is the clause after "now".
  const nowSaid = keep === 2 && `${first} ${second}`.length > MAX_SENTENCE ? second!.match(/^[^.]*?,\s+and\s+now,?\s+(\S.*)$/i)?.[1] : undefined;
  if (nowSaid && `${first} Now ${nowSaid}`.length <= MAX_SENTENCE) return `${first} Now ${nowSaid}`;
  // Etherpad's "Updated to express 5.0.0. This is a major update … A lot changed in the route matching, and thus old plugins
  // will throw errors and crash Etherpad.": the change, then the sentence that says what breaks, however far on.
  const later = keep === 1 && !BREAKING_SIGNAL.test(first ?? '') ? sentences.slice(2).find((sentence) => BREAKS_LATER.test(sentence)) : undefined;
  // asdf's "However, a number of breaking changes were introduced.": its link to the sentences between goes with them.
  const breaks = later?.replace(/^(?:however|but|still|that said|nevertheless),?\s+(\p{L})/iu, (_whole, letter: string) => letter.toUpperCase());
  if (breaks && `${first} ${breaks}`.length <= MAX_SENTENCE) return `${first} ${breaks}`;
  return truncateWords(sentences.slice(0, keep).join(' '), MAX_SENTENCE);
}
const AFFECTS_WHOM = /^(?:this|it|the change)\s+(?:only\s+)?affects\b|^only affects\b/i;
// Cap'n Proto's "Previously, servers could opt into …. In 1.0, opting into cancellation is instead …": the version names "now".
const FROM_NOW_ON =
  /^(?:now\b|from now on\b|starting (?:from|with) (?:this|v?\d)|as of (?:this|v?\d)|(?:in|with) this (?:release|version)\b|in (?:version\s+)?v?\d+(?:\.\d+)*,)/i;
const STAY_ON_VERSION = /\b(?:use|stay on|keep|remain on|pin)\b[^.]{0,40}?\b(?:version\s+|v)?\d+\.\d+(?:\.\d+)*\b/i;
/** Words that say a sentence tells a break. */
// hiredis' "If you're presently using `options->timeout` you will need to change it to use `options->connect_timeout`.": what
// whoever upgrades must do.
const BREAK_WORDS = String.raw`(?:you(?:'ll|’ll| will)?|will) need to (?:change|update|migrate|switch|replace|rename|use)|no longer|removed?|dropped?|renamed?|replaced?|breaking|breaks?|incompatib\w*|now requires?|now returns?|deprecated|instead|errors?|minimum (?:supported |required )?version\b[^.]{0,30}\bis now`;
const BREAKING_SIGNAL = new RegExp(String.raw`\b(?:${BREAK_WORDS}|must)\b`, 'i');
/** What a later sentence says breaks; "must" alone there is more often a usage note ("the body must be supplied before …"). */
const BREAKS_LATER = new RegExp(String.raw`\b(?:${BREAK_WORDS}|crash(?:es)?|will fail|must be (?:updated|upgraded|migrated))\b`, 'i');

/**
 * A lower-case scope before a colon (`ssr: …`, `module-runner: …`) is a commit label, not words a reader needs, unless
 * the words after it are too few to say what changed alone (`tiktok: Fix extractor`): then it says where.
 */
function withoutScope(text: string, code: string[] = []): string {
  // Every scope ends at a colon; this is asked of every item several times, most of which have none.
  if (!text.includes(':')) return text;
  // Modmail's "`snooze`: Initiates a snooze action.": a name in code that the words go on to describe is what is new.
  const described = text.match(/^([a-z][\w./-]{0,30}):\s+\p{Lu}\p{Ll}+(?<![su])s\s/u);
  if (described && code.includes(described[1]!)) return text;
  // vm2's "`nesting: true` bypassed `require: false`": the colon is inside code, no scope's.
  const leading = text.match(/^([^\s:]+):/)?.[1];
  if (leading && code.some((name) => name.startsWith(`${leading}:`))) return text;
  // Expat's "CMake|Windows: Add a 64bit MinGW toolchain file", Prometheus' "Discovery/Docker: Fix panic …": a component path.
  const components = text.match(/^\p{L}[\w.+#]*(?:[|/]\p{L}[\w.+#]*)+:\s+(?=\S)/u);
  // ShellCheck's "SC2259/SC2260:" are the checks' own codes, which its users look for: they stay.
  // validator.js' "isAlpha/isAlphanuneric: add Indic locales": functions' names in camel case say what the change is to.
  const functions = components?.[0]
    .replace(/:\s+$/, '')
    .split(/[|/]/)
    .every((name) => CAMEL_CASE_NAME.test(name));
  if (components && !functions && !/\d/.test(components[0]) && text.slice(components[0].length).split(/\s+/).length >= 4)
    return text.slice(components[0].length);
  // react-native-maps' "Android: fix multiple padding related issues on Android": the scope the words say again goes.
  const platform = text.match(/^(\p{Lu}[\w.+#-]{1,20}):\s+(?=\p{Ll})/u);
  if (platform && new RegExp(`\\b${platform[1]!.replace(/[.+#-]/g, '\\$&')}\\b`, 'i').test(text.slice(platform[0].length)))
    return text.slice(platform[0].length);
  // The Terraform provider's "datadog_dashboard_v2: Add list stream data sources": a resource's name in code says what the
  // change is to.
  if (/^[a-z][a-z\d]*(?:_[a-z\d]+){2,}:\s/.test(text)) return text;
  // RxJS' "debounceTime: unschedule dangling task …": a function's name in camel case says what the fix is to (not a
  // platform's, "macOS:", "nRF52:").
  if (CAMEL_CASE_NAME.test(text.match(/^([^\s:]+):\s/)?.[1] ?? '')) return text;
  // "stdbuf: A new program to …" names what it defines: the name stays.
  // release-please's "auto-instrumentations-node, instrumentation-fastify: remove instrumentation-fastify": packages, listed.
  const rest = text.replace(/^[a-z][\w./-]{0,40}(?:,\s*[a-z][\w./-]{0,40}){0,4}:\s+(?=\S)(?![Aa]n?\s|[Tt]he\s)/, '');
  // Dovecot's "mailbox-alias: Plugin has been removed.", "old_stats, auth_stats: These have been removed.": the scope is the subject
  // (not of a verb that says what was done: "remove instrumentation-fastify").
  if (rest === text) return text;
  // pterm's "**logger:** added logger": words that name their scope need it no more than the platform rule's.
  const scope = text.slice(0, text.length - rest.length).replace(/:\s*$/, '');
  if (!scope.includes(',') && new RegExp(`\\b${escapeRegExp(scope)}\\b`, 'i').test(rest)) return rest;
  const short = rest.split(/\s+/).length <= SCOPELESS_WORDS && !(/^[^:]*,/.test(text) && opensWithAction(rest));
  return short || SCOPE_AS_SUBJECT.test(rest) ? text : rest;
}
const SCOPELESS_WORDS = 3;
const MAX_COUNTED_IDS = 10;
const SCOPE_AS_SUBJECT =
  /^(?:(?:the\s+|this\s+)?(?:plugin|feature|module|driver|backend|option|setting|command|tool|service|extension|package|library|program)s?|this|these|it|they)\s+(?:has|have|is|are|was|were)\b/i;

/** What a flaw let an attacker do, told in the past of the flaw fixed: "… allows arbitrary files …" → "… that allowed …". */
const FLAW_LET: Record<string, string> = { allows: 'allowed', lets: 'let', enables: 'enabled', permits: 'permitted' };
const FLAW_LETS = /\s+(allows|lets|enables|permits)\s+(?=\S)/i;
/** What a fix says went wrong, when it says nothing of the fix: a subject, then its fault ("The tab is not highlighted …"). */
const FAULT_PREDICATE =
  /\b(?:(?:does|do|did)\s+not\b|(?:is|are|was|were)\s+(?:not|broken|wrong|incorrect|missing|ignored|lost|invalidated)\b|(?:isn't|aren't|wasn't|weren't|doesn't|don't|didn't|can't|cannot|won't)\b|failed\s+to\b|(?:crash(?:es|ed)|hangs|hung|fails|ignores|ignored|freezes|froze|leaks|leaked|throws|threw|breaks|broke|loses|lost|miscompiled|mishandled)\b|(?:can|could|may|might|would)\s+(?:break|crash|hang|freeze|leak|corrupt|lose|deadlock)\b|(?:returned|returns)\s+(?:nonsense|garbage|wrong|incorrect|invalid|bogus)\b|(?:returned|returns)\s+[^.]{1,60}?\binstead of\b|\b(?:incorrectly|wrongly)\b|raised\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}(?:warnings?|errors?|exceptions?)\b|(?:can|could|may|might)\s+(?:lead\s+to|cause|trigger)\b|(?:triggers|triggered|causes|caused)\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}(?:crash\w*|dereferences?|overflows?|underflows?|leaks?|panics?|corruption|deadlocks?)\b)/i;
const FIX_OPENER = new RegExp(`^(?:${ACTION_VERBS}|now|when|if|on|in|for|with|after|before|while)\\b`, 'i');
/** Whether a change opens by saying what was done; a word in capitals ("DROP SYNONYM isn't dropping …") is a name, not a verb. */
const opensWithAction = (text: string) => FIX_OPENER.test(text) && !/^[A-Z]{2,}\b/.test(text);

// ZNC's "This is a security release to fix CVE-2024-39844: …" says it too.
const RELEASE_MADE_TO = /^this is an?\s+(?:\w+\s+){0,2}(?:release|update)\s+(?:to|that)\s+(fix|address|patch|resolve)(?:e?s)?\b/i;
const RELEASE_SUMS_UP = new RegExp(
  String.raw`^(?:this|the)\s+(?:\w+\s+)?(?:release|version|update)\s+(?:fixes|brings|includes|contains|addresses)\b|${RELEASE_MADE_TO.source}`,
  'i',
);
/** "It also updates several dependencies …" out of its paragraph: "Updates several dependencies …". */
function withoutReleaseSubject(sentence: string): string {
  const purpose = sentence.match(RELEASE_MADE_TO);
  if (purpose) {
    const verb = purpose[1]!.toLowerCase();
    return `${verb.charAt(0).toUpperCase()}${verb.slice(1)}${/(?:x|ss|ch|sh)$/.test(verb) ? 'es' : 's'}${sentence.slice(purpose[0].length)}`;
  }
  return sentence.replace(
    /^(?:it|this release|this version)\s+(?:also\s+)?(\p{Ll}+s)\b/iu,
    (_whole, verb: string) => verb.charAt(0).toUpperCase() + verb.slice(1),
  );
}

/** A fault named first, then where or when it happened (a plural takes no article; Fx's "A deadlock with …" has one). */
const THROWN_FIRST = /^\p{Lu}[\p{L}\d]*(?:Exception|Error)(?::\s|\s+(?:when|if|on|in|with|after|before|during|for|while|at|from|caused|thrown|raised)\b)/u;
const FAULT_NOUN_FIRST = new RegExp(
  String.raw`^(?:an?\s+)?(?:${FAULT_QUALIFIER})?(?:crash|desync|hang|freeze|leak|memory leak|glitch|regression|panic|overflow|deadlock|stall)(e?s)?(?=\s+(?:when|if|on|in|with|after|before|during|for|while|at|from|caused|due|of|under|involving)\b|[.!]?$)`,
  'i',
);
/** A name in title case and nothing more: "Maven Plugin Config Mapping". */
const FIXED_NAME = /^\p{Lu}[\p{L}\d'’&.-]*(?:\s+\p{Lu}[\p{L}\d'’&.-]*){1,4}\.?$/u;

function faultStatement(text: string, code: string[]): string | null {
  // The fault is the first sentence's main clause: "Better error when upstream proxy fails" and "Fill `x` when … Otherwise
  // logging can crash" say what was done.
  // An aside in brackets ("(in case user code does not …)") is no part of it.
  const clause = (splitSentences(text)[0] ?? text)
    .replace(/\s*\([^()]*\)/g, '')
    .split(/\s+(?:when|if|before|after|because|while|unless|since|until|otherwise|so|so that|to avoid|to prevent)\s+|\s[-–—]\s/i)[0]!;
  // Penlight's "`xml.parse` returned nonsense when given a file name" opens with a name in code, in its own case.
  // "Can't switch ammo while attacking" names no subject to be told after "where".
  if (
    (opensWithAction(text) && !/^\p{L}+ing\s/u.test(text)) ||
    /^(?:can['’]?t|cannot|unable|won['’]t|doesn['’]t|don['’]t)\b/i.test(clause) ||
    !FAULT_PREDICATE.test(clause) ||
    /\b(?:no longer|now|again)\b|(?<!\bnot\s)\b(?:correctly|properly)\b/i.test(clause) ||
    // Yarn's "This version fixes a problem where Yarn wasn't forwarding SIGTERM …": the fix told already, not its fault.
    /\b(?:fix(?:es|ed)?|resolve[sd]?)\s+(?:an?|the|this|that|one|two|several)\s/i.test(clause) ||
    // Norm's "`NULL` foreign keys are not omitted in selects anymore": how it is now (not Apache Hop's "… did not work anymore").
    (/\bany ?more\b/i.test(clause) && !/\b(?:did|was|were|had|could)(?:n['’]t|\s+not)\b/i.test(clause)) ||
    // libzmq's "enabling GSSAPI support (when using autools) does not work": a doing, in lower case, is a subject too.
    // musl's "regcomp wrongly allowed backrefs in ER": a function in lower case, then how it went wrong.
    !/^(?:\p{Lu}|\w+[._][\w.()]*\s|\p{Ll}+ing\s|\p{Ll}[\p{Ll}\d_]*\s+(?:wrongly|incorrectly|erroneously|miscompiled|mishandled|failed\s+to)\s)/u.test(text)
  )
    return null;
  // "The default tab …" reads on after "where": only a common word loses its capital; "DROP SYNONYM", "ListViews",
  // "Utils.String.RemoveAt" and a name the notes wrote as code keep theirs.
  const common = /^\p{Lu}\p{Ll}+\b(?![._/-]\w)/u.test(text) && !/^\p{Lu}\p{Ll}+\p{Lu}/u.test(text) && !code.some((name) => text.startsWith(`${name} `));
  return common ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The product's name: the profile's; else the release title cleaned of its version, dates, handles and codenames; else the repository's. */
const GENERIC_TITLE =
  /^(?:(?:planned|upcoming|notable|breaking|api|changes?|change ?log|release|notes|news|what['’]?s new|updates?|fixes|features|bug|improvements|the|and|of|in|for|helm[- ]chart|chart|what['’]?s changed)\s*)+$/i;

/** A title of change words alone ("Change Log", "Planned Breaking API Changes (42.0)"), once its numbers and brackets go. */
export function isGenericTitle(title: string): boolean {
  return GENERIC_TITLE.test(
    title
      .replace(/[\d.()[\]]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** A title led by an advisory's id, and the capitalised word after it. */
const ADVISORY_TITLE = withAdvisoryId(String.raw`^{ID}:\s+(\p{Lu}[\w.+-]*)\s`, 'u');

/**
 * XKNX's "XKNX 3.0.0 Eager telegram decoding, DPTComplex and DPTEnum": after a short name and its version, words of their own
 * name what the release brings, not the product. (Not "Godot 4.5 RC 1", "Node.js 22.17.1 'Jod' (LTS)" nor "PCSX2 2.6.0 is now
 * out!": a pre-release, a codename or a sentence, which the passes of the title read.)
 */
function withoutSubtitle(title: string, bare: string): string {
  const at = title.search(new RegExp(`(?<![\\w.])v?${escapeRegExp(bare)}(?![\\w.])`, 'i'));
  if (at <= 0) return title;
  const before = title.slice(0, at).trim();
  const after = title.slice(at).replace(/^\S+\s*/, '');
  const words = after.split(/\s+/);
  const tagline =
    /^\p{L}[\p{L}\d.+_-]*(?:\s+\p{L}[\p{L}\d.+_-]*){0,2}$/u.test(before) &&
    words.length >= 2 &&
    /^\p{Lu}\p{Ll}/u.test(after) &&
    !SUBTITLE_IS_NOT.test(words[0]!);
  return tagline ? `${before} ${title.slice(at).split(/\s+/)[0]}` : title;
}
const SUBTITLE_IS_NOT =
  /^(?:rc\d*|beta\d*|alpha\d*|dev|preview|pre|lts|stable|final|release|released|releases|is|are|has|now|security|patch|update|hotfix|bugfix|maintenance|changes|change|changelog|notes|with|brings|adds|featuring|introduces|includes|available|announcement|highlights|and|for|to|of|on|in)$/i;

function subjectOf(
  release: BriefRelease,
  profile: ProductProfile | null,
  lines: string[],
): { name: string; citation: Citation; source: 'profile' | 'release_title' | 'release_url' } | null {
  const name = profile?.name?.trim();
  if (name && profile?.name) return { name, citation: { source: 'profile', field: 'name', value: profile.name }, source: 'profile' };
  const bare = shownVersion(release.version).replace(/^(?:v|go)(?=\d)/i, '');
  // "Acme 2.0" for v2.0.0: the title's own spelling of the version, which the headline writes once, as the release does.
  // "Godot 4.5 RC 1" for 4.5-rc1: the number before its pre-release mark.
  // "EF Core 10" for 10.0: a major release is named by its first number alone.
  const numbers = /^\d+(?:\.0)+$/.test(bare) ? /(?<![\w.])v?\d+(?:\.\d+)*(?![\w.])/gi : /(?<![\w.])v?\d+(?:\.\d+)+(?![\w.])/gi;
  const shortened = (release.title.match(numbers) ?? []).filter(
    // HttpComponents' "5.6 ALPHA1": the pre-release mark after a space; libsixel's "v1.8.0" for 1.8, its zeros written out.
    (number) =>
      `${bare}.`.startsWith(`${number.replace(/^v/i, '')}.`) ||
      number.replace(/^v/i, '').replace(/(?:\.0)+$/, '') === bare.replace(/(?:\.0)+$/, '') ||
      (/^[- ]/.test(bare.slice(number.replace(/^v/i, '').length)) && bare.startsWith(number.replace(/^v/i, ''))),
  );
  // The longest first: "1.8.0" before "1.8", whose match would leave ".0" of it behind.
  const versions = [bare, ...shortened.map((number) => number.replace(/^v/i, ''))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const fromTitle = withoutSubtitle(release.title, bare)
    // Bridgetown's "Everyone Deserves a Wiki: Bridgetown 2.2 is Here": a post's tagline, words of a sentence, before the name
    // and its version (not "Terraform Provider: TLS 4.0.0", a name in parts).
    .replace(new RegExp(`^(?=[^:]*\\s\\p{Ll})(?:[^\\s:]+\\s+){2,11}[^\\s:]+:\\s+(?=\\p{Lu}[^:]*?\\sv?(?:${versions})(?![\\w.]))`, 'u'), '')
    // copyparty's "v1.8.2 URGENT: fix path traversal vulnerability": a title that opens with the version, then a sentence,
    // names no product.
    .replace(new RegExp(`^\\s*v?(?:${versions})\\s+(?=[^:]*\\p{L}[^:]*:\\s+\\p{Ll})\\S.*$`, 'u'), ' ')
    // "Lemmy Release v0.19.4 - Image Proxying and Federation improvements": after the version, a dash gives what it brings;
    // "Pulsar v1.129.0: An August Occasion", a colon. "PouchDB 7.0 - 17.5% less PouchDB" for 7.0.0: the title's spelling.
    .replace(new RegExp(`(\\bv?(?:${versions}))(?:\\s+[-–—|]|:)\\s+\\S.*$`, 'i'), '$1')
    // QUnit's "QUnit 1.16 Release and Roadmap": the release and what else the post tells.
    .replace(new RegExp(`(\\bv?(?:${versions}))\\s+release\\s+(?:and|&)\\s+\\S.*$`, 'i'), '$1')
    // PHPStan's "PHPStan 1.9.0 With PHPDoc Asserts, List Type, and More!": after the version, what it brings.
    .replace(new RegExp(`(\\bv?${escapeRegExp(bare)})\\s+(?:with|brings|adds|featuring|introduces|includes)\\s+\\S.*$`, 'i'), '$1')
    // OpenTelemetry Go's "1.45.0/0.67.0/0.21.0/0.0.18": the versions of the modules released with it.
    .replace(new RegExp(`(\\bv?${escapeRegExp(bare)})(?:/v?\\d+(?:\\.\\d+)+)+`, 'i'), '$1')
    // Rayon's "Release rayon 1.0.0 / rayon-core 1.4.0": a second crate released beside it, with its own version.
    .replace(/\s+[/+&]\s+[\w.-]+\s+v?\d+(?:\.\d+)+\S*/g, ' ')
    // A GNU NEWS outline heading ("* Noteworthy changes in release 9.11 (2026-04-20) [stable]") and its stability tag.
    .replace(/^\s*\*+\s+/, '')
    .replace(/\[\s*(?:stable|unstable|testing|beta|alpha|rc|lts)\s*\]/gi, ' ')
    // A Debian changelog stanza ("cinnamon (6.7.5) alfa; urgency=medium"): the distribution and urgency follow the package.
    .replace(/(?<!\s)(?:\s+[\w.-]+)+;\s*urgency=\w+.*$/i, ' ')
    // … and without its urgency ("snapd (2.54.3) xenial"): the package, its version in brackets, then the distribution.
    .replace(/^([\w.+-]+)\s+\(\s*v?\d[^()]*\)\s+[a-z][\w-]*$/, '$1')
    // An upgrade guide's title ("Migrating to 1.19", "13.0 Upgrade Guide", "Argo CD v3.3 to 3.4") names the way there, not the
    // product.
    // CKEditor's "Update to CKEditor 5 v45.2.2" likewise.
    .replace(/^\s*(?:migrating|migration|upgrading|upgrade|updating|update)\s+(?:guide\s+)?to\s+/i, ' ')
    .replace(/\b(?:upgrade|migration)\s+guide\b/gi, ' ')
    .replace(/\bv?\d+(?:\.\d+)+\s+to\s+(?=v?\d)/i, ' ')
    // A blog post's title announces the product ("Announcing Rust 1.28"): the verb is not its name.
    .replace(/^\s*(?:announcing|introducing|presenting|what['’]s new in|new in|welcome to)\s+/i, ' ')
    // fast-check's "What's new in fast-check 4.0.0?": the question's mark.
    .replace(/\?+\s*$/, ' ')
    // GitLab's "GitLab Critical Security Release: 16.3.4 and 16.2.7": how urgent the release is, and the other branch's
    // version released with it, name no product.
    .replace(/\b(?:critical|urgent|important|emergency)\s+(?=security\b)/gi, ' ')
    // Mozilla's "Security Vulnerabilities fixed in Thunderbird 152.0.1": what the advisory lists, then the product.
    .replace(/^\s*(?:security\s+)?(?:vulnerabilities|flaws|issues|bugs)\s+fixed\s+in\s+/i, ' ')
    // Godot's "Release candidate: Godot 4.5 RC 1", "Dev snapshot: …": the kind of build titles the post, then the product.
    .replace(/^\s*(?:release candidate|dev snapshot|beta|alpha|preview|maintenance release)\s*:\s+/i, ' ')
    .replace(/(?<=\d\s*)\b(?:rc|beta|alpha|dev|preview)\s*\d*\b/gi, ' ')
    // Ant's "Changes from Ant 1.10.15 TO Ant 1.10.16": the release before it names the range's start. Exiv2's "Changes from
    // version 0.28.1 to 0.28.2", whose range's start the upgrade-guide pass took first, names nothing either; nor does
    // LimeSurvey's "Changes from 3.19.1 (build 191009) to 3.19.2 (build 191017)", once its builds go.
    // jsrsasign's "Changes from 11.1.1 to 11.1.2 (2026-Apr-12)": the range alone, naming nothing.
    .replace(/\(\s*build\s+\d+\s*\)/gi, ' ')
    .replace(/^\s*changes\s+(?:from|since|between)\s+(?:(?:.+?\s+)?v?\d[\w.]*\s+(?:to|and)\s+|(?:version\s+)?(?=v?\d))/i, ' ')
    // A NEWS file's heading ("NEWS for rsync 3.4.0", "Noteworthy changes in version 2.5.12", "Changes with Apache 2.4.62",
    // ownCloud's calens "Changelog for ownCloud Desktop Client [6.0.0] (2025-09-08)", GoAccess' "Changes to GoAccess 1.10 - …")
    // names the file, then the release.
    .replace(
      /^\s*(?:(?:overview|summary|list)\s+of\s+)?(?:news|(?:noteworthy\s+|breaking\s+|notable\s+|major\s+)?changes|change\s?log|release notes)\s+(?:for|in|of|with|to)\s+(?:(?:version|release)\s+)?/i,
      ' ',
    )
    // Opentrons' "Opentrons Robot Software Changes in 7.0.0": the product, then what the page lists of its release.
    .replace(
      new RegExp(`\\s+(?:changes|change\\s?log|release\\s+notes)\\s+(?:in|for|of)\\s+(?:version\\s+|release\\s+)?(?=v?(?:${versions})(?![\\w.]))`, 'i'),
      ' ',
    )
    // Apache MINA's "2.2.4, 2.1.10 and 2.0.27": the other branches' versions released with it.
    .replace(/(?<=\d)(?<!\bbetween\s+v?[\d.]+)(?:\s*,\s*v?\d+(?:\.\d+)+)*,?\s+(?:and|&)\s+v?\d+(?:\.\d+)+(?![\w.])/gi, ' ')
    // A changeset's tag ("openapi-fetch@0.17.0"): the package, then its version after the "@".
    // xterm's "XTerm Patch #380": the number of the patch, after its mark.
    // Not "1.8" of libsixel's "v1.8.0" (a title's longer spelling, which goes whole below).
    .replace(new RegExp(`[@#]?${escapeRegExp(release.version)}(?!\\.\\d)`), ' ')
    .replace(new RegExp(`[@#]?\\bv?${escapeRegExp(bare)}\\b(?!\\.\\d)`, 'i'), ' ')
    // "PCSX2 2.6.0 is now out!": the title announces the release after naming it.
    // Javalin's "Javalin 6.0 stable is ready!": the stable release.
    .replace(/\s(?:(?:stable|final)\s+)?(?:is|are|has been)\s+(?:now\s+|finally\s+|officially\s+)?(?:out|here|available|released|live|ready)\b.*$/i, ' ')
    .replace(/\b\d{4}[-/]\d{2}[-/]\d{2}\b/g, ' ')
    // "Release 2.8.3 Mon August 10 2026": the weekday of a date.
    .replace(
      /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s|\d)/gi,
      ' ',
    )
    .replace(new RegExp(shortened.map((number) => `(?<![\\w.])${number.replace(/\./g, '\\.')}(?![\\w.])`).join('|') || '$^', 'g'), ' ')
    // A CPAN Changes heading's "1.7905  2018-04-21 11:39:58 CEST": the time of day and its zone, after the date; perl-ldap's
    // "0.67 -- Sat Dec 26 14:50:55 CEST 2020", inside it (taken first, so that the date's parts close up).
    .replace(/(?<![\w:.])\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?(?:\s*(?:UTC|GMT|[A-Z]{1,3}[SD]?T|[+-]\d{2}:?\d{2}|Z)(?!\w))?(?![\w:])\s*/g, ' ')
    // Every date form seen, with the "on" that leads to it ("Patch on Dec 3rd 2025", "(July 2026)").
    .replace(
      /(?:\b(?:on|from)\s+)?(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\(\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}\s*\)|\b\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d{4}\b|\b\d{4}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*-\d{4}\b|\(\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\s*\)|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b)/gi,
      ' ',
    )
    .replace(/\b\d{4}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*-\d{1,2}\b/gi, ' ')
    // Noda Time's "3.0.0, released 2020-05-22 with tzdb 2020a": when it was released, and with what, after a comma.
    .replace(/(?:^|,)\s*released\b.*$/i, ' ')
    // JanusGraph's "Version 1.1.0 (Release Date: November 7, 2024)": the date's label in the bracket goes with it.
    .replace(/\(\s*(?:release(?:d)?\s+(?:date|on)|released|date)\s*:?[^()]*\)/gi, ' ')
    // Stone Soup's "(20260314)": a date in eight digits.
    .replace(/\(\s*(?:19|20)\d{2}(?:0\d|1[0-2])[0-3]\d\s*\)/g, ' ')
    // Suwayomi's "[v2.2.2100] + [WebUI: v20260508.01]": the version of a part shipped with it.
    // (From the first of its spaces only: tried from each, a run of them was read again and again.)
    .replace(/(?<!\s)\s*(?:\+\s*)?\[[^\]\d]*v?\d+\.\d+[^\]]*\]/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    // A handle (", @someone"), not an npm scope ("@changesets/cli").
    .replace(/(^|[\s,])@[\w-]+(?![\w/-])/g, '$1')
    // Irssi's "v1.1.0 2018-01-15  The Irssi team <staff@irssi.org>": who signed the release, with their address, after its date.
    .replace(/(?:\s+(?:the\s+)?[\p{L}.'’-]+(?:\s+[\p{L}.'’-]+){0,3})?\s*<[^<>\s@]+@[^<>\s]+>/iu, ' ')
    .replace(/(['"‘“])[^'"’”]{1,30}['"’”]/g, ' ')
    // "LOVE 11.5 [Mysterious Mysteries]": a codename in square brackets, as Node's is in quotes.
    .replace(/\[\s*\p{Lu}[\p{L}\d '’.-]{0,40}\]/gu, ' ')
    .replace(/\((?:LTS|Current|Stable|Beta|RC)\)/gi, ' ')
    // dinit's "Version 0.20.0 (beta release #9)": which pre-release it is, in brackets.
    .replace(/\([^()]*\b(?:beta|alpha|rc|release candidate|preview|pre-?release)\b[^()]*\)/gi, ' ')
    // Home Manager's "Release 24.05 {#sec-release-24.05}": the heading's anchor, an attribute of the page.
    .replace(/\s*\{:?\s*#[\w.:-]+\s*\}/g, ' ')
    // MacPorts' "Release 2.10.5 (2024-11-23 by jmr)": who cut it, after the date.
    .replace(/\(\s*(?:[^()]*?\s)?by\s+[\w.@-]{1,30}\s*\)/gi, ' ')
    // "Tomcat 11.0.14 (markt)": who cut the release, in lower case, is no part of the product's name.
    .replace(/\(\s*[a-z][\w-]*\s*\)/g, ' ')
    // "Breaking changes in EF Core 10 (EF10)": the name's short form with its version, said again.
    .replace(/\(\s*\p{Lu}[\p{L}.]*\s?\d+\s*\)/gu, ' ')
    // CryptPad's "❄️ Winter release (2026.2.0)": the season it came out in, and its emoji, name no product.
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, ' ')
    .replace(/\b(?:winter|spring|summer|autumn|fall)\s+(?=release\b)/gi, ' ')
    // "5.0.4: Maintenance Release": the kind of release is no part of the name.
    .replace(/\b(?:maintenance|bug-?fix|hotfix|feature|minor|major|point|service|interim)\s+release\b/gi, ' ')
    // Ghidra's "Ghidra 11.0.2 Change History (March 2024)": what the page is, not the product's name.
    // Solr's "Apache Solr™ 9.10.1 available", Kafka's "Apache Kafka 3.8.0 Release Announcement": the news, not the name.
    .replace(
      // (The XML Security Library's "Security" is part of its name.)
      /(?<![\w-])(?:release notes|release|released|version|ver\.?|security(?!\s+(?:library|framework|toolkit|suite|module|plugin|scanner|engine|server|agent|sdk|kit)\b)|patch|LTS|GA|highlights|change history|(?:now\s+)?available|announcement|announced)(?![\w-])/gi,
      // "Spring Security 7.0": a capital Security after a word and before the version is the name's own.
      (word: string) => (word === 'Security' && /\p{Lu}\S*\s+Security\s+v?\d/u.test(release.title) ? word : ' '),
    )
    .replace(/\bv(?=\s|$)/gi, ' ')
    // Cake's "New in 5.1.0 (Released 2025/10/04)": the bracket its words and date left empty.
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    // (Not Perl's "DBD::mysql": a module's name holds its colons.)
    .replace(/\s*(?:[,–—-]|(?<!:):(?!:))\s*(?=[,:–—-]|$)/g, ' ')
    .replace(/[\s:–—,!-]+$|^[\s:–—,-]+/g, '')
    // "v7.6.0-preview.5 Release of PowerShell": what is left of "Release of" leads to the name.
    .replace(/^(?:of|for)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  // An advisory's subject ("nats-server: Remote crash via integer overflow in Connz pagination") names what it is of first.
  const led = release.title.match(/^(\p{L}[\w.+-]{1,39}):\s+\p{Lu}/u)?.[1];
  // glibc's "GLIBC-SA-2024-0004: ISO-2022-CN-EXT: fix out-of-bound writes …" leads with the advisory's own id, no name.
  if (
    led &&
    !isGenericTitle(led) &&
    !/\d+\.\d+/.test(led) &&
    !/^(?:release|version|changelog|news|security|breaking|fix(?:es)?|features?)$/i.test(led) &&
    !/^[A-Z]+(?:-[A-Z]+)*-\d{4}-\d+$/.test(led)
  )
    return { name: led, citation: { source: 'release', field: 'title', value: release.title }, source: 'release_title' };
  // ruby-lang.org's "CVE-2026-41316: ERB @_init deserialization guard bypass …": after the advisory's id, the name the notes
  // write mid-sentence ("… exists in ERB.") is what it is of; a word of the flaw ("Remote …") is not written so.
  const afterId = release.title.match(ADVISORY_TITLE)?.[1];
  if (afterId && new RegExp(`\\p{Ll}\\s+${escapeRegExp(afterId)}(?![\\w-])`, 'u').test(lines.join('\n')))
    return { name: afterId, citation: { source: 'release', field: 'title', value: release.title }, source: 'release_title' };
  // A title that does not name the version ("The Kitty release", "Change Log", "Iron") is a tagline or a codename, not the
  // product's name: the release page's repository or site names it, when there is one.
  const namesVersion = release.title.includes(bare) || release.title.includes(release.version) || shortened.length > 0;
  const repo = release.url ? repositoryName(release.url, lines) : null;
  // "v0.2.0 - Use the REST API for Telemetry" is the release's tagline, not a product: names carry few small words.
  // "0.20: Roku, Last.fm, AWS, Twilio": a title led by its version gives the release a subtitle, what it brings, not a name.
  const tagline =
    // Atlas' "Manage your Row-level Security Policies as Code with Atlas v0.25": a blog post's title speaks to its reader.
    ((fromTitle.match(/\b(?:the|for|to|a|an|with|and|of|in|as|your|our)\b/g) ?? []).length >= 2 && fromTitle.split(/\s+/).length >= 4) ||
    /^\s*v?\d+(?:\.\d+)+[\w.-]*\s*:\s+\S/.test(release.title);
  // "Planned Breaking API Changes (42.0)" titles a document of changes: no word of it is a name.
  const generic = isGenericTitle(fromTitle);
  // "@changesets/cli@3.0.0" names a package of the repository, whose own name ("Changesets") the notes spell.
  const scopedPackage = /^@[\w.-]+\//.test(fromTitle) && /[\w.-]@v?\d/.test(release.title);
  if (
    /\p{L}/u.test(fromTitle) &&
    fromTitle.length <= 60 &&
    // (I2P and K8s are names, letters around a digit.)
    /\p{L}{2}|\p{L}\d\p{L}/u.test(fromTitle) &&
    (namesVersion || !repo) &&
    !(tagline && repo) &&
    !(generic && repo) &&
    !(scopedPackage && repo)
  )
    return (
      brandedInNotes(fromTitle, repo, lines) ??
      capitalisedInNotes(fromTitle, lines) ??
      casedByRepository(fromTitle, repo, release.url) ?? {
        name: fromTitle,
        citation: { source: 'release', field: 'title', value: release.title },
        source: 'release_title',
      }
    );
  // Cap'n Proto's "Cap'n Proto security advisory 2026-03-12-1: HTTP size validation" for capnproto/capnproto: a title that
  // opens on the repository's name, spelled with its own spaces, marks and capitals, names it so.
  const spelled = repo ? spelledInTitle(release.title, repo) : null;
  if (spelled) return { name: spelled, citation: { source: 'release', field: 'title', value: release.title }, source: 'release_title' };
  // A tag-only title ("v0.64.0"): the repository of the release page, as the notes spell it when they do.
  if (!repo || !release.url) return null;
  // "node" is spelled "Node.js" by its notes: a spelling with a capital, and a `.js` suffix, is preferred.
  // A site named for its project ("rust-lang.org", "zenml-io") is spelled by the notes without the suffix ("Rust").
  // The organisation of a repository named for what it holds is the product ("miniflux/v2" is Miniflux's; "CatimaLoyalty/Android"
  // is Catima's: a name's first word).
  const organisation = repo.includes('/') ? repo.split('/')[0]! : null;
  // "SubtitleEdit/subtitleedit": the organisation writes the repository's name with the capitals prose splits ("Subtitle Edit");
  // "ViewComponent/view_component" with the capitals its gem's underscore stands for.
  const owner = release.url.match(/github\.com\/([^/]+)\//i)?.[1] ?? '';
  const sought = organisation
    ? [organisation, organisation.match(/^\p{Lu}\p{Ll}{3,}(?=\p{Lu})/u)?.[0] ?? organisation]
    : [
        repo,
        repo.replace(/-(?:lang|io|js|dev|hq|app|labs|project|team|land|sh)$/i, ''),
        // "haskell/ghcup-hs", "qmk/qmk_firmware", "auto_route_library": the language, or what the repository holds, after the name.
        repo.replace(/[-_](?:hs|rs|py|rb|php|firmware|library|monorepo)$/i, ''),
        ...(owner.toLowerCase() === repo.toLowerCase().replace(/[-_]/g, '') ? [owner] : []),
        // "boostorg/website": Boost's site, its organisation named with an "org".
        repo.replace(/(?<=^\p{L}{3,})org$/iu, ''),
      ];
  // "apollo-client" is spelled "Apollo Client" in prose: a hyphen of the slug may be a space, or nothing ("SolidStart").
  const stem = [...new Set(sought)]
    .map((slug) =>
      escapeRegExp(slug.replace(/\.js$/i, ''))
        .replace(/-/g, '[- ]?')
        // "AdGuardHome" is "AdGuard Home" in prose.
        .replace(/(?<=\p{Ll})(?=\p{Lu})/gu, '\\s?'),
    )
    .join('|');
  // "coreutils-9.8" spells the name with a version, as a tarball does.
  // WebOb's "WebOb's Response object": a name's possessive spells the name.
  const pattern = new RegExp(`(?<![\\w.@/-])(?:${stem})(?:\\.js)?(?![\\w/]|['’](?!s\\b)|-(?!\\d)|\\.\\w)`, 'gi');
  // Notes that name the product only as the root of its modules ("[Ecto.Changeset] Allow …") spell it there.
  const namespace = new RegExp(`(?<![\\w.@/-])(?:${stem})(?=\\.\\p{Lu})`, 'giu');
  // Both searches start with a lookbehind, which leaves the regexp engine no literal to skip ahead to: a line without a
  // name's first letters is passed over before it is searched (up to four, before a '-' or a capital, where prose may part it).
  const heads = [...new Set(sought)].map((slug) => slug.match(/^.(?:[^-\p{Lu}]|(?<!\p{Ll})\p{Lu}){0,3}/u)?.[0].toLowerCase() ?? '');
  const lowered = lines.map((line) => line.toLowerCase());
  const spelledIn = (search: RegExp) =>
    lines.flatMap((line, index) =>
      [...(heads.some((head) => lowered[index]!.includes(head)) ? line.matchAll(search) : [])]
        // "PICARD-3349" is a ticket of the project's tracker, its key in capitals: no spelling of the name.
        .filter((match) => !(SHOUTED_NAME.test(match[0]) && /^-\d/.test(line.slice(match.index + match[0].length))))
        // "SolidStart" spells "solid-start" with a capital where the hyphen was; `markdownit`, run together in lower case, is code.
        .filter((match) => /[- ]|\p{Lu}/u.test(match[0]) || !sought.some((slug) => slug.includes('-')))
        .map((match) => ({
          index,
          spelled: match[0],
          midSentence: /[\p{Ll},;]\s+$/u.test(line.slice(0, match.index)),
          // Liferea's "equivalent to "liferea --add-feed"": a command with its flags is code, written or not. Nikola's
          // "``nikola auto``" is code in reStructuredText's double backticks: a run of backticks opens or closes it.
          inCode: (line.slice(0, match.index).match(/`+/g) ?? []).length % 2 === 1 || /^\s+--?[a-z]/.test(line.slice(match.index + match[0].length)),
        })),
    );
  const asWords = spelledIn(pattern);
  // A class in code (`Dio.transformer`) is not the package's name; a module's root in prose is, and it is the name's
  // capitals where the words are only ever in lower case (Phoenix's "[phoenix] …" scopes beside "Fix Phoenix.Socket …").
  const rooted = spelledIn(namespace).filter(({ spelled, inCode }) => !inCode && /^\p{Lu}/u.test(spelled));
  const found = asWords.some(({ spelled, inCode }) => !inCode && /\p{Lu}/u.test(spelled)) || rooted.length === 0 ? asWords : rooted;
  // `terraform init` is a command; the notes' prose spells the product ("Terraform will …").
  const prose = found.filter(({ inCode }) => !inCode);
  // "CRYSTAL" in capitals is a constant or a shout; the name's own spelling is another, when the notes have one.
  const spoken = prose.length > 0 ? prose : found;
  const unshouted = spoken.some(({ spelled }) => !SHOUTED_NAME.test(spelled)) ? spoken.filter(({ spelled }) => !SHOUTED_NAME.test(spelled)) : spoken;
  // "Bioconductor/GenomicRanges": "a set of genomic ranges" is the words the name is made of, not the name, whose capitals
  // the repository shows.
  const spellings = /\p{Ll}\p{Lu}/u.test(repo) ? unshouted.filter(({ spelled }) => /\p{Lu}/u.test(spelled)) : unshouted;
  const best =
    spellings.find(({ spelled }) => spelled.endsWith('.js') && /\p{Lu}/u.test(spelled)) ??
    // A capital inside the word ("NumPy", "GORM") is the name's own spelling, not a sentence's start.
    spellings.find(({ spelled }) => /^.\S*\p{Lu}|\s\p{Lu}/u.test(spelled)) ??
    // So is a capital in the middle of a sentence ("…, Astro now …").
    spellings.find(({ spelled, midSentence }) => midSentence && /^\p{Lu}/u.test(spelled)) ??
    spellings.find(({ spelled }) => sought.includes(spelled)) ??
    spellings.find(({ spelled }) => /\p{Lu}/u.test(spelled)) ??
    spellings[0];
  // "martinrotter/rssguard": the notes' prose spells it in capitals and words ("… cherish RSS Guard and use it"), which
  // the slug runs together.
  const spaced = !best || !/\p{Lu}/u.test(best.spelled) ? spacedSpelling(repo, lines) : null;
  // A spelling found on a line of the notes names the product, citing that line.
  const spelledOnLine = ({ index, spelled }: { index: number; spelled: string }) => ({
    name: spelled,
    citation: { source: 'notes' as const, lines: { start: index + 1, end: index + 1 }, excerpt: lines[index]!, refs: [] },
    source: 'release_url' as const,
  });
  if (spaced) return spelledOnLine(spaced);
  if (best) return spelledOnLine(best);
  // PyMongo's "PyMongo 4.11 drops support for …" in the notes of mongodb/mongo-python-driver: a name before this release's
  // number, sharing a part of the repository's words, is the product's, where the notes never spell the repository. (Not
  // Remmina's "FreeRDP 1.0.0", of the organisation FreeRDP: a library it builds on, at the same number.)
  const named = namedWithVersion(lines, bare, repo);
  if (named) return spelledOnLine(named);
  // OpenTK's notes name it only as the root of its namespaces, in code (`OpenTK.Audio.OpenAL`): capitals inside the name are
  // its makers' spelling, which no guess from the address would find.
  const capitalsInCode = spelledIn(namespace).find(({ spelled }) => /^.\S*\p{Lu}/u.test(spelled));
  if (capitalsInCode) return spelledOnLine(capitalsInCode);
  // Notes that never name the product: the repository's name, in the organisation's own capitals where it has them
  // ("OpenVPN/openvpn"), with a capital where it reads as a brand's ("hashicorp/consul", "mastodon/mastodon"), as typed
  // where it is a command's ("direnv/direnv", "astral-sh/uv", "encode/httpx").
  const ownerInLowerCase = owner.toLowerCase();
  // "Chatterino/chatterino2", "zip-rs/zip2": the repository of a rewrite carries its number; the organisation, the name.
  // (Not "boto/boto3" nor "pgpool/pgpool2": an organisation that writes the name as the repository does names it with the number.)
  const organisationName = owner.replace(/-(?:rs|js|py|go|rb|php|dev|org)$/i, '');
  const rewritten =
    (owner !== ownerInLowerCase || organisationName !== owner) && organisationName.toLowerCase() === repo.toLowerCase().replace(/(?<=\p{L})\d$/u, '');
  const namedForOwner = ownerInLowerCase.split('-').some((word) => word === repo || (word.startsWith(repo) && word.length >= repo.length + 4));
  const asName = rewritten
    ? brandCase(organisationName, true)
    : // "plausible/analytics": a repository named for what the organisation's product does is that product of the
      // organisation, "Plausible Analytics".
      PRODUCT_KIND_SLUG.test(repo) && /^[a-z]+$/.test(owner) && isBrandSlug(owner, true)
      ? `${brandCase(owner, true)} ${brandCase(repo, true)}`
      : // "teal-language/tl": the language the organisation is named for, whose compiler the repository is.
        (languageOf(ownerInLowerCase, repo) ?? brandCase(repo, namedForOwner));
  return { name: asName, citation: urlCitation(release.url), source: 'release_url' };
}

/** "This version includes improvements and fixes since …": what a release holds, in words that name none of it. */
const VAGUE_RELEASE_SENTENCE =
  /^this (?:version|release) (?:includes|contains|brings) (?:various |many |several |numerous |a number of )?(?:improvements|fixes|changes|bug ?fixes|enhancements)(?: and (?:improvements|fixes|changes|bug ?fixes|enhancements))?\b/i;
/** "This release switches to Guile 2.2 and …": what the release does, told of it. */
const RELEASE_DOES = /^this (?:release|version) (?:switches|adds|introduces|brings|drops|removes|requires|moves|supports|features|replaces)\b/i;
/** "… so earlier versions of Exiv2 are not affected": the flaws came with a later version. */
const EARLIER_NOT_AFFECTED =
  /\b(?:earlier|older|previous|prior)\s+(?:versions?|releases?)\b[^.]{0,40}?\b(?:are|were|is|was)\s+not\s+(?:affected|vulnerable)\b/i;
/** "… added in version 0.28.0", "introduced in 2.3": the version the flaws came with. */
const AFFECTED_SINCE = /\b(?:added|introduced|new|shipped)\b[^.]{0,60}?\b(?:in|since|with)\s+(?:version\s+|v)?(\d+(?:\.\d+)+)\b/i;
const SHOUTED_NAME = /^[\p{Lu}\d\s]{5,}$/u;
const PRODUCT_KIND_SLUG = /^(?:analytics|server|platform|engine|desktop|mobile|backend|frontend|dashboard|monitor|gateway|proxy|browser|editor)$/;
/**
 * Tesla's "CVE-2026-48598 - Multipart part smuggling via unescaped `content-disposition` values": an advisory's flaw named in
 * a few words, then how or where, with no verb of what the release did: told as fixed. (Not tautulli's "Validate image path
 * in /image endpoints": no flaw is named, the words say what was done.)
 */
const FLAW_NAMED = /^()(\p{Lu}\p{Ll}+(?:[\s-]+[\p{L}\d-]+){0,4}?\s+(?:via|on|in|through|during|when|with|from)\s+\S.*)$/u;
/** One flaw named by its kind, which reads with an article after "Fixed": "a directory traversal vulnerability in …". */
const ONE_FLAW_NAMED =
  /^(?!(?:an?|the|this|that|some|any|one|multiple|several|two|three)\s)\p{Ll}[\p{L}\d-]*(?:\s+(?!(?:against|for|to|in|on|via|with|from|of|by|at|when|if)\b)\p{Ll}[\p{L}\d-]*){0,4}?\s+(?:vulnerability|flaw|bypass|deadlock|race condition|use-after-free|double[- ]free|infinite loop|(?:buffer|integer|stack|heap) (?:overflow|underflow))\b(?!\s+(?:and|or)\b)/u;
/** Salt's "Minion event bus authorization bypass (CVE-2025-22236).": an attack named alone, before its id, told as fixed. */
const ATTACK_NAMED =
  /^()((?:an?\s+)?\p{Lu}[\p{Ll}-]+(?:\s+(?!(?:against|for|to|in|on|via|with|from|of|by|at|when|if)\b)\p{Ll}[\p{L}\d-]*){0,5}\s+(?:bypass|injection|traversal|escalation|spoofing|disclosure|forgery|smuggling|hijacking|takeover)\s+\((?:CVE|GHSA)-[^)]+\)(?:\.\s[\s\S]*|\.)?)$/u;
const FLAW_WORD =
  /\b(?:infinite loop|double[- ]free|dereference|leaks?|smuggling|exhaustion|bombs?|bypass|disclosure|escalation|injection|traversal|overflow|underflow|XSS|CSRF|SSRF|DoS|denial of service|impersonation|confusion|execution|spoofing|forgery|poisoning|pollution|hijacking|takeover|exposure|read|write|corruption|use-after-free|deserialization|inclusion|abort|race condition|access control|privilege management)\b/i;
const TOLD_WITH_VERB =
  /\b(?:is|are|was|were|has|have|had|could|can|would|may|might|allows?|allowed|fix(?:es|ed)?|no longer|now|adds?|added|removes?|removed|updates?|updated|prevents?|prevented|defeats|leads|causes|enables|permits|results)\b/i;
/** The words before where or how a flaw happened name it, and nothing in the item says what was done. */
function namesFlawAlone(told: string): boolean {
  const named = told.match(/^(.*?)\s+(?:via|on|in|through|during|when|with|from)\s/u)?.[1] ?? '';
  // "Possible DoS via XPath Transform": a title-cased name keeps its capitals, which after "Fixed" would read as a name.
  return FLAW_WORD.test(named) && !TOLD_WITH_VERB.test(told) && !/^(?:Possible|Potential|Likely)\s+\p{Lu}/u.test(told);
}

/** A name of one to three words, each with a capital, right before the release's number (or its major.minor), in the notes. */
function namedWithVersion(lines: string[], version: string, repository: string): { index: number; spelled: string } | null {
  const numbers = [version, ...(/^\d+\.\d+\.0$/.test(version) ? [version.replace(/\.0$/, '')] : [])].map(escapeRegExp).join('|');
  const pattern = new RegExp(
    String.raw`(?<![\w.@/-])((?:[\p{L}\d+.-]*\p{Lu}[\p{L}\d+.-]*)(?: [\p{L}\d+.-]*\p{Lu}[\p{L}\d+.-]*){0,2}) v?(?:${numbers})(?![\w]|\.\d)`,
    'u',
  );
  const parts = new Set(
    (repository.toLowerCase().match(/[a-z\d]+/g) ?? []).flatMap((word) => [...word].map((_, at) => word.slice(at, at + 4))).filter((part) => part.length === 4),
  );
  for (const [index, line] of lines.entries()) {
    if (!line.includes(version.split('.')[0]!)) continue;
    const match = line.match(pattern);
    const spelled = match?.[1]?.replace(/^(?:version|release|changes|in|of)\s+/i, '');
    if (!spelled || NOT_A_PRODUCT.test(spelled) || new RegExp(`^(?:${RUNTIME})$`, 'i').test(spelled)) continue;
    const letters = spelled.toLowerCase().replace(/[^a-z\d]/g, '');
    if ([...parts].some((part) => letters.includes(part))) return { index, spelled };
  }
  return null;
}
const NOT_A_PRODUCT = /^(?:version|release|changes|changelog|news|v|the|this|in|of|for|upgrade|update)$/i;

/**
 * A title that writes the name in lower case ("mobx 7.0.0", a package's tag) where the notes' prose writes it with its
 * capitals ("Release MobX 7, …", "… the Jinja sandbox …"): the product is named as its own prose spells it, citing that
 * line. Only a capital inside the word or one in the middle of a sentence counts; a sentence's first word, or the name in
 * code, says nothing of its case.
 */
/**
 * xUnit.net's "Core Framework v3 3.0.0" for xunit/xunit.net, whose notes list "xUnit.net Core Framework v3 `3.0.0`": the
 * title names a part, and the notes put the repository's name, the brand, before it.
 */
function brandedInNotes(name: string, repo: string | null, lines: string[]): { name: string; citation: Citation; source: 'release_title' } | null {
  const brand = repo?.split('/').pop();
  if (!brand || name.toLowerCase().includes(brand.toLowerCase())) return null;
  const pattern = new RegExp(`(?<![\\w.-])(${escapeRegExp(brand)}(?:\\.(?:net|js|io|org|dev))?)\\s+${escapeRegExp(name)}(?![\\w-])`, 'i');
  for (const [index, line] of lines.entries()) {
    const found = line.match(pattern);
    if (found)
      return {
        name: `${found[1]} ${name}`,
        citation: { source: 'notes', lines: { start: index + 1, end: index + 1 }, excerpt: line, refs: [] },
        source: 'release_title',
      };
  }
  return null;
}

/**
 * FreedomBox's Debian stanza "freedombox (26.6) unstable; urgency=medium": the package's name in lower case, which its
 * repository (freedombox/FreedomBox) writes with the capitals of the product.
 */
function casedByRepository(
  name: string,
  repo: string | null,
  url: string | null | undefined,
): { name: string; citation: Citation; source: 'release_url' } | null {
  if (!repo || !url || !/^[a-z][a-z\d]*$/.test(name) || repo.toLowerCase() !== name || !/\p{Lu}/u.test(repo)) return null;
  return { name: repo, citation: urlCitation(url), source: 'release_url' };
}

function capitalisedInNotes(name: string, lines: string[]): { name: string; citation: Citation; source: 'release_title' } | null {
  if (!/^[a-z][a-z\d]*(?:[.+-][a-z\d]+)*$/.test(name)) return null;
  // Not "Dpkg::Source" or "MiniTest::Unit" (a module's namespace), nor "The Tcpdump Group" (the people, not the product).
  const pattern = new RegExp(
    `(?<![\\w.@/\`-])${escapeRegExp(name)}(?![\\w/\`-]|\\.\\w|::|\\s+(?:Group|Team|Project|Foundation|Community|Authors|Developers)\\b)`,
    'giu',
  );
  const namespace = new RegExp(`${escapeRegExp(name)}(?=::)`, 'gi');
  const namespaces = new Set(lines.flatMap((line) => [...line.matchAll(namespace)].map((match) => match[0])));
  for (const [index, line] of lines.entries()) {
    if (!line.toLowerCase().includes(name)) continue;
    for (const match of line.matchAll(pattern)) {
      const spelled = match[0];
      const before = line.slice(0, match.index);
      if (spelled === name || namespaces.has(spelled) || (before.match(/`/g) ?? []).length % 2 === 1) continue;
      if (/^.\S*\p{Lu}/u.test(spelled) || (/^\p{Lu}\p{Ll}/u.test(spelled) && /[\p{Ll},;]\s+$/u.test(before)))
        return { name: spelled, citation: { source: 'notes', lines: { start: index + 1, end: index + 1 }, excerpt: line, refs: [] }, source: 'release_title' };
    }
  }
  return null;
}

const urlCitation = (url: string): Citation => ({ source: 'release', field: 'url', value: url });

/**
 * The name a release page's address gives: a GitHub repository's ("github.com/pallets/werkzeug"), else the site's own
 * name ("gorm.io/docs/changelog.html" is gorm), not a docs or blog subdomain's.
 */
/** Whether a section's title is about a version after this one ("Changes for 5.0" in 4.7's notes, "Preparing for 2.0"). */
function namesLaterVersion(title: string, version: string): boolean {
  const later = title.match(/\b(?:changes\s+(?:for|in)|preparing\s+for|coming\s+in|transition\s+to|towards|road\s+to)\s+(?:\S+\s+)?v?(\d+)(?:\.(\d+))?\b/i);
  const current = version.match(/(\d+)(?:\.(\d+))?/);
  if (!later || !current) return false;
  const [major, minor] = [Number(later[1]), Number(later[2] ?? 0)];
  const [ownMajor, ownMinor] = [Number(current[1]), Number(current[2] ?? 0)];
  return major > ownMajor || (major === ownMajor && minor > ownMinor);
}

/** The language an organisation is named for ("teal-language"), when its repository's name abbreviates it ("tl"). */
function languageOf(owner: string, repo: string): string | null {
  const language = owner.match(/^([a-z]{3,})-?(?:lang|language)$/)?.[1];
  if (!language || language === repo.toLowerCase() || !new RegExp(`^${[...repo.toLowerCase()].map(escapeRegExp).join('\\w*')}`).test(language)) return null;
  return language.charAt(0).toUpperCase() + language.slice(1);
}

/** Capitalised words in the notes' lines that run together into the repository's slug: "RSS Guard" for `rssguard`. */
function spacedSpelling(repo: string, lines: string[]): { index: number; spelled: string } | null {
  const slug = repo.toLowerCase().replace(/[-_]/g, '');
  const first = slug.charAt(0);
  for (const [index, line] of lines.entries()) {
    if (!line.toLowerCase().includes(first)) continue;
    for (const match of line.matchAll(/(?<![\p{L}\d])\p{Lu}[\p{L}\d]*(?:\s\p{Lu}[\p{L}\d]*){1,2}(?![\p{L}\d])/gu)) {
      const words = match[0].split(' ');
      // "Use RSS Guard" holds the name after a capitalised first word.
      for (let start = 0; start < words.length - 1; start++)
        for (let end = words.length; end > start + 1; end--)
          if (words.slice(start, end).join('').toLowerCase() === slug) return { index, spelled: words.slice(start, end).join(' ') };
    }
  }
  return null;
}

/** The title's opening words that spell the repository's name another way ("Cap'n Proto" for "capnproto"), or null. */
function spelledInTitle(title: string, repo: string): string | null {
  const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const leaf = repo.split('/').at(-1)!;
  const name = squash(leaf);
  const words = title.trim().split(/\s+/).slice(0, 4);
  for (let count = 1; count <= words.length; count += 1) {
    const opening = words
      .slice(0, count)
      .join(' ')
      .replace(/[:,;–—-]+$/, '');
    if (squash(opening) === name) return opening === leaf || !/[\s'’.+]|\p{Lu}/u.test(opening) ? null : opening;
    if (squash(opening).length >= name.length) return null;
  }
  return null;
}

function repositoryName(url: string, lines: string[] = []): string | null {
  // A site's repository ("go-gorm/gorm.io") is named for the product it is the site of.
  const [, owner, name] = url.match(/^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)/) ?? [];
  // An organisation named for the project plus "js" (nodejs/node) is a JavaScript project's: Node.js.
  if (owner && name && owner.toLowerCase() === `${name.toLowerCase()}js`) return `${name.charAt(0).toUpperCase()}${name.slice(1)}.js`;
  // "rust-lang/blog.rust-lang.org": the site's own name, not its blog's. (Not "mpvnet-player/mpv.net": an organisation named
  // for it spells the dot as part of the name.)
  const dotted =
    owner &&
    name &&
    owner
      .toLowerCase()
      .replace(/[^a-z\d]/g, '')
      .includes(name.toLowerCase().replace(/[^a-z\d]/g, ''));
  // "rust-analyzer/rust-analyzer.github.io": a GitHub Pages site is named for its project and the host.
  const github = (dotted ? name : name?.replace(/(?:\.github)?\.(?:io|com|org|net|dev|app|site|sh)$/i, ''))?.replace(
    /^(?:www|docs?|blog|news)\.(?=[\w-]+$)/i,
    '',
  );
  // "Homebrew/brew.sh": the site of the organisation whose one-word name ends in the site's; "brew" is its command.
  if (
    owner &&
    name &&
    github &&
    github !== name &&
    /^[A-Za-z]+$/.test(owner) &&
    owner.toLowerCase().endsWith(github.toLowerCase()) &&
    owner.length > github.length
  )
    return owner;
  // "zen-browser/www": the website's repository is named for the organisation's product; so is "ClearURLs/Addon", the
  // browser add-on the organisation is named for.
  if (owner && github && /^(?:www|web-?site|site|homepage|add-?on|(?:web-?|browser-?)?extension)$/i.test(github)) return owner;
  // "godotengine/godot-website": the site of the product it is named for.
  // "cypress-io/cypress-documentation" likewise: the documentation of the product it is named for.
  const siteOf = github?.match(/^([\w.]+?)-(?:web-?site|site|web|docs|documentation|blog|homepage)$/i)?.[1];
  if (siteOf) return siteOf;
  // "flutter/packages/…/packages/go_router/CHANGELOG.md": a repository of many packages, and the changelog is one's.
  // "home-assistant/addons/…/mosquitto/CHANGELOG.md": one add-on's, at the top of a repository of them.
  const member = url.match(/\/blob\/[^/]+\/(?:(?:packages|plugins|crates|libs|modules|extensions)\/)?([\w.-]+)\/[^/]+$/)?.[1];
  if (member && github && /^(?:packages|plugins|crates|libs|modules|extensions|monorepo|add-?ons|charts|integrations)$/i.test(github)) return member;
  // "capawesome-team/capacitor-plugins/…/packages/live-update/CHANGELOG.md": one plugin of a repository of a family of them;
  // "SonarSource/helm-chart-sonarqube/…/charts/sonarqube/CHANGELOG.md": one chart of a chart repository.
  if (member && github && /^[a-z][\w.]*-(?:plugins|packages|extensions|modules)$/i.test(github)) return member;
  const chart = url.match(/\/blob\/[^/]+\/charts\/([\w.-]+)\/[^/]+$/)?.[1];
  if (chart && github && /^helm-charts?(?:-|$)/i.test(github)) return chart;
  // "miniflux/v2", "laravel/framework", "urfave/cli": a repository named for what it holds; the two names together are the package's.
  if (github && owner && GENERIC_REPOSITORY.test(github)) return `${owner}/${github}`;
  // "nuxt-modules/i18n": one module of a framework's family of them, named by the framework and the module ("Nuxt i18n").
  const family = owner?.match(/^([a-z][a-z\d]*)-(?:modules|plugins|extensions)$/i)?.[1];
  if (github && family && !github.toLowerCase().includes(family.toLowerCase())) return `${family.charAt(0).toUpperCase()}${family.slice(1)} ${github}`;
  // "TanStack/db": an abbreviation under an organisation that writes its name in capitals of its own names the organisation's
  // product of that kind, as it spells its others ("TanStack Router"): "TanStack DB".
  if (github && owner && /^[a-z]{2,3}$/.test(github) && /^\p{Lu}\p{Ll}+\p{Lu}\w*$/u.test(owner) && namesItsProducts(owner, lines))
    return `${owner} ${github.toUpperCase()}`;
  // "NativePHP/laravel": a repository named for the framework it brings the organisation's product to. So is Catppuccin's
  // "catppuccin/nvim", its theme for Neovim.
  if (github && owner && FRAMEWORK_REPOSITORY.test(github) && !owner.toLowerCase().includes(github.toLowerCase())) return owner;
  // "Automattic/pocket-casts-android", "element-hq/element-x-android": an app's repository for one platform is the app's.
  // (Not "kivy/python-for-android": a tool for the platform, named whole.)
  const app = github?.match(/^([a-z][a-z\d]*(?:-[a-z\d]+)*)(?<!-(?:for|on|to|in|of))-(?:android|ios|desktop|mobile)$/)?.[1];
  if (app) return app.replace(/(?:^|-)(\w)/g, (_whole, letter: string, offset: number) => `${offset ? ' ' : ''}${letter.toUpperCase()}`);
  if (github) return github;
  const host = url.match(/^https?:\/\/([^/:?#]+)/)?.[1]?.toLowerCase();
  if (!host || /^\d/.test(host)) return null;
  const labels = host.split('.').filter((label) => !/^(?:www|docs?|blog|news|about|releases?)$/.test(label));
  return labels.length >= 2 ? labels[labels.length - 2]! : null;
}

/** Whether the notes name another product by the organisation's name and a word in capitals ("TanStack Router"). */
function namesItsProducts(owner: string, lines: string[]): boolean {
  const product = new RegExp(`\\b${owner}\\s+\\p{Lu}\\p{Ll}`, 'u');
  return lines.some((line) => line.includes(`${owner} `) && product.test(line));
}

/** A repository named for the part of a project it holds: "laravel/framework", "urfave/cli", "pterodactyl/panel", "statamic/cms". */
const GENERIC_REPOSITORY = /^(?:v\d+|framework|cms|core|server|client|cli|app|notes|android|ios|desktop|mobile|web|sdk|api|lib|panel|dashboard|daemon|agent)$/i;
const FRAMEWORK_REPOSITORY =
  /^(?:laravel|symfony|django|rails|flutter|react|vue|angular|svelte|electron|wordpress|n?vim|neovim|vscode|emacs|helix|zed|sublime|jetbrains|obsidian)$/i;

/** The first sentence of a change, cut at a word boundary when it runs long. */
function firstSentence(text: string, max = MAX_SENTENCE): string {
  return truncateWords(splitSentences(text)[0]!, max);
}

/**
 * The opening's first sentence that tells the reader something the headline does not: not "we're happy to announce a
 * new version", nor a field such as Redis' "Upgrade urgency: SECURITY, contains fixes to security issues".
 */
/** The sentences of an opening that tell a change, after the one the summary takes (at most three). */
function changesOfOpening(intro: NonNullable<ParsedNotes['intro']>): NoteItem[] {
  const summary = tellingSentence(intro.text);
  return splitSentences(intro.text)
    .filter(
      (sentence) =>
        sentence !== summary &&
        sentence.split(/\s+/).length >= 5 &&
        tellsNews(sentence) &&
        !FUTURE.test(sentence) &&
        // openHABian 1.9's "… we finally managed to switch over to latest RaspiOS which is "bookworm" based.": a move to a newer base.
        /\b(?:now|new|added|adds|supports?|faster|improved|fixe[sd]|switch(?:ed)?\s+(?:over\s+)?to|moved?\s+to|latest)\b/i.test(sentence),
    )
    .slice(0, 3)
    .map((sentence) => ({
      kind: /\bfixe[sd]\b/i.test(sentence) ? ('fix' as const) : ('feature' as const),
      text: sentence,
      lines: intro.lines,
      section: [],
      refs: [],
    }));
}

/** Whether a sentence of the notes' prose tells news: no announcement, thanks, pointer, question, tally or invitation. */
function tellsNews(sentence: string): boolean {
  return (
    !ANNOUNCEMENT.test(sentence) &&
    !GRATITUDE.test(sentence) &&
    // Carmine's "> **Dep**: Carmine is [on Clojars](…)", "> **Versioning**: …" over every release: fields, no news.
    !/^(?:deps?|dependency|versioning|licen[cs]e|homepage|repository|docs?|downloads?)\s*:\s/i.test(sentence) &&
    // Whoever a sentence names by a handle, it credits: no opening of a post that credits nobody.
    !/(?:^|\s)@[\w-]+(?![\w/-])/.test(sentence) &&
    // "Acme now requires the following:" points at a list it does not hold, as libsodium's "… from 1.0.21-stable, plus:".
    !/:\s*$|\b(?:the following|plus|including|as well as)\.?$/i.test(sentence) &&
    // Oban's "🌟 Looking for changes to Web or Pro? Check the …": a question asks; it tells nothing.
    !/\?(?:[\s\p{Extended_Pictographic}_*]|\uFE0F)*$/u.test(sentence) &&
    !ABOUT_THE_NOTES.test(sentence) &&
    // Solid 1.8's "I admit this is not the most exciting release from a feature standpoint.": its author's modesty, no news.
    !MODEST.test(sentence) &&
    // Flask-CORS 2.0.0rc1's "Would love to get some feedback to make sure there are no unexpected regressions.": asks.
    !ASKS_FEEDBACK.test(sentence) &&
    // tealdeer 1.8.0's "One year and one day have passed since tealdeer version 1.7.0 was released, so it's time for an
    // update!": how long it took, no news.
    !/\b(?:have|has)\s+passed\s+since\b|\bit['’]s\s+time\s+for\s+(?:an?\s+)?(?:new\s+)?(?:update|release)\b/i.test(sentence) &&
    // Eleventy 2.0's "You can try it out now:": an invitation, no news. Drill 1.9.0's "You can download it [here](…).":
    // where to get it, its link gone.
    !/^(?:you\s+can|go(?:\s+and)?|come)\s+(?:try|test|check)\s+(?:it|this|them)\s+out\b/i.test(sentence) &&
    !/^you\s+can\s+(?:download|get|grab|find)\s+(?:it|this|them)\s+(?:here|there|now)\.?$/i.test(sentence) &&
    // RBDOOM-3-BFG's "30 October 2021 - RBDOOM-3-BFG 1.3.0 - Download it from the ModDB Page": where to get it.
    !/\bdownload\s+(?:it|them|this(?:\s+release)?|the\s+release)\s+(?:from|at|on|here)\b/i.test(sentence) &&
    // Cayenne's "The latest version can be downloaded from here.", its link gone; devenv's "devenv 1.11 brings the following
    // improvements.", over the list it points at.
    !/\bcan\s+be\s+(?:downloaded|found|obtained|installed)\s+(?:from\s+)?(?:here|there|below)\.?$/i.test(sentence) &&
    !/\bthe\s+following\s+(?:[\w-]+\s+)?(?:improvements|changes|features|fixes|updates|enhancements|additions)\.?$/i.test(sentence) &&
    // SQLx's "16 pull requests were merged this release cycle.": how much work went in, not what it brings.
    !TALLY.test(sentence) &&
    // syslog-ng's "syslog-ng provides RPM and DEB package repositories for Ubuntu, …": where to get it, every release alike.
    !/\b(?:provides?|offers?|publish(?:es)?|ships?)\b[^.]{0,60}\b(?:package repositories|packages? for|ready-to-test binaries|binaries for|docker (?:images|containers))\b/i.test(
      sentence,
    ) &&
    // ISC DHCP's "Please note that that ISC DHCP is licensed under the Mozilla Public License": the terms, not the news.
    !/\blicen[cs]ed under\b|\blicen[cs]e terms\b/i.test(sentence) &&
    // Vitest's "We released Vitest 2 half a year ago.": the story so far, not this release.
    // NHibernate's JIRA export, "Release notes - NHibernate - Version 5.4.9.", Apache AGE's "Release Notes for Apache AGE
    // release 1.6.0 …": the document's title. GROMACS' "This version was released on July 11th, 2023.": when, no news.
    // libmicrohttpd's "Released GNU libmicrohttpd 0.9.76 hotfix. -CG": that it came out, signed.
    !/^released\s+(?:[\p{L}\d.+-]+\s+){0,3}v?\d+(?:\.\d+)+[\w.-]*\b/iu.test(sentence) &&
    // passwdqc's "Significant changes between 2.0.3 and 2.1.0.": the title of the list below.
    !/^(?:(?:significant|notable|major|main|important|summary\s+of)\s+)?changes\s+(?:between|since|from)\s+\S+(?:\s+(?:and|to)\s+\S+)?\.?$/i.test(sentence) &&
    // GlusterFS' "The release notes for 3.12.0, 3.12.1, … contain a listing of all the new features …": earlier releases' notes.
    !/^release notes\b|^(?:these|this|the)\s+(?:release\s+)?notes\s+(?:document|describe|list|cover|contain)\b|^the\s+release\s+notes\s+(?:for|of)\s/i.test(
      sentence,
    ) &&
    !/^(?:this (?:version|release)|[\p{L}\d.+ -]{1,40}?\s+v?\d[\w.-]*)\s+(?:was|is|has been)\s+released\s+(?:on\s+)?[^.]{0,30}\b(?:19|20)\d{2}\.?$/iu.test(
      sentence,
    ) &&
    // iroh 1.0.2's "Last release we were delighted to be boring.": the release before this one.
    !/^(?:last|in\s+the\s+(?:last|previous))\s+(?:release|version|time)\b/i.test(sentence) &&
    // Icecast 2.4.3's "We released a new version of Icecast last week.": when, which the headline says better.
    !/^we\s+(?:released|shipped|launched|published|introduced)\b[^.]*\b(?:ago|last\s+(?:week|month|year)|yesterday)\b/i.test(sentence) &&
    // basalt's "Basalt author and maintainer here!": an exclamation that tells no change greets, or cheers. So does Styler's
    // "That's right, a feature release again so soon!", which says no more than the headline. (Not Transmission 4's
    // "This is a major release, both in numbering and in effort!": a major one may break what people rely on.)
    !onlyCheers(sentence) &&
    !ONLY_A_KIND.test(sentence) &&
    !FIELD_LINE.test(sentence) &&
    !/\s\|\s/.test(sentence) &&
    // WavPack's "WavPack Library Source Code - 5.2.0 wavpack.exe (command-line encoder) - 5.2.0 …": what ships, by version.
    [...sentence.matchAll(/\s[-–]\s+v?\d+(?:\.\d+)+(?=\s|$)/g)].length < 2 &&
    sentence.split(/\s+/).length >= 4
  );
}

function tellingSentence(text: string): string | null {
  // K9s' "Thank you to all that contributed … I'll try to mark some of these issues as fixed.": a note to the community, not about the release.
  if (/^thank(?:s| you)\b/i.test(text.trim())) return null;
  // Pulsar's "A big shout-out to @Drsheppard01 for … And to several members of the community …": a paragraph of thanks.
  if (/^(?:an?\s+)?(?:big\s+|huge\s+|special\s+)?shout-?outs?\b/i.test(text.trim())) return null;
  // "… which was created with the effort of over a dozen participants! They are:": how the release was made, and by whom.
  if (/\b(?:participants|contributors|contributions from|effort of|with the help of)\b/i.test(splitSentences(text)[0] ?? '')) return null;
  return (
    splitSentences(text)
      .slice(0, 3)
      // Valkey's "Upgrade urgency SECURITY: This release includes …": the field goes, its sentence stays.
      // Thanos' "The biggest new things in this release are, I think, Receive component's …": the hedge is the writer's.
      .map((sentence) =>
        sentence
          // Isar's "⚠️ ISAR V4 IS NOT READY FOR PRODUCTION USE ⚠️": the signs frame the warning; its words say it.
          .replace(LEADING_EMOJI, '')
          .replace(CLOSING_EMOJI, '')
          .replace(/^\|\s*/, '')
          .replace(/^\p{Lu}[\p{L} ]{2,30}\s\p{Lu}{3,}:\s+(?=\p{Lu})/u, '')
          .replace(LOUD_LABEL, '')
          // UltraPlot's "High-Level Overview: This release focuses on …": the label of what follows, which the summary is.
          .replace(/^(?:(?:high[- ]level|quick|brief|short)\s+)?(?:overview|summary|tl;\s?dr|at a glance)\s*:\s+(?=\S)/i, '')
          // Lite XL's "… adjusted accordingly (see note below about plugin namespacing).": a pointer within the notes.
          .replace(/\s*\((?:see|cf\.?)\s[^()]{1,80}\)(?=[.!?]?$)/i, '')
          .replace(/,\s+(?:I|we)\s+(?:think|believe|guess|hope|feel),\s+/g, ' '),
      )
      .find(tellsNews) ?? null
  );
}
/**
 * Julia's "We want to thank all the contributors … Without you, this release would not have been possible.", Kubo's "This
 * release was brought to you by the Shipyard team.", Pulsar's "A big shout-out to …": thanks and credits, not news.
 */
const GRATITUDE =
  /^(?:(?:we|i)\s+(?:want|would like|'d like|wish)\s+to\s+)?thank|\bshout-?outs?\b|\bkudos\b|\bwithout (?:you|your help|them)\b|\b(?:grateful|gratitude)\b|\b(?:brought to you|made possible|sponsored|funded)\s+by\b/i;
/**
 * The opening prose as the security fix it tells, where the notes list no other: told whole, or (Xymon's "Several buffer
 * overflow security issues have been resolved, as well as a potential XSS attack … The assigned CVE numbers are:" over lines
 * of ids alone) its first sentence with those lines' ids, which then are no items of their own.
 */
function advisoryOfIntro(parsed: ParsedNotes): { item: NoteItem; idLines: NoteItem[] } | null {
  const intro = parsed.intro;
  if (!intro || !SECURITY_PROSE.test(intro.text.replace(BENEFITS_LISTED, '').replace(NO_SECURITY_FIXES, ''))) return null;
  const linesOf = (item: NoteItem) => parsed.lines.slice(item.lines.start - 1, item.lines.end);
  const idLines = parsed.items.filter((item) => item.kind === 'security');
  if (!idLines.every((item) => linesOf(item).every(namesOnlyAdvisories))) return null;
  if (idLines.length === 0) return { item: { kind: 'security', text: intro.text, lines: intro.lines, section: [], refs: intro.refs }, idLines };
  const ids = advisoryIds(idLines.flatMap(linesOf).join(' '));
  return {
    item: {
      kind: 'security',
      text: `${splitSentences(intro.text)[0]!.replace(/[.\s]+$/, '')} (${ids.join(', ')}).`,
      lines: { start: intro.lines.start, end: Math.max(...idLines.map((item) => item.lines.end)) },
      section: [],
      refs: intro.refs,
    },
    idLines,
  };
}
/** An announcement that names what the release brings after its version: "… announce ODMantic v1.0.0, with Pydantic v2 support!". */
const ANNOUNCED_WITH =
  /\bto\s+(?:announce|release|introduce|present|unveil)\s+[^,!.]{1,60}?\bv?\d[\w.-]*,?\s+(?:with|featuring)\s+(\p{Lu}[^!.?]{2,60}?)\s*[!.]/u;
const ANNOUNCEMENT =
  /\b(?:happy|excited|pleased|proud|thrilled|glad|delighted)\s+to\s+(?:announce|release|share|introduce|present|bring|unveil|launch|ship|showcase|show)\b|^(?:today,?\s+)?we(?:'re|\s+are)\s+(?:announcing|releasing)\b|^the latest \S+ release\b|^we(?:'ve|’ve| have) (?:just )?(?:uploaded|published|released|pushed)\b|^please (?:help|test|try|report|give)\b|\bwelcome to (?:the )?\S+(?:\s+\S+)?\s+v?\d[\w.-]*\s+release\b|\b(?:has (?:just |finally |now |officially )?been released|is (?:now |finally |officially )?(?:out|available|here)(?: for (?:testing|download|everyone))?)[.!]*(?:\s*\p{Extended_Pictographic}\uFE0F?)*\s*$/iu;
/** "RabbitMQ 4.1.0 is a new feature release.": what the headline says already. */
const ONLY_A_KIND =
  /^(?:[\w.@/ -]{1,40}\s)?(?:v?\d[\w.-]*\s)?(?:is|marks)\s+an?\s+(?:new\s+)?(?:feature|maintenance|patch|bug[- ]?fix|minor|major|point|security|preview|stable)\s+release(?:\s+of\s+[\w.@/ -]{1,40})?\.?$|^(?:note:\s*)?this (?:release|version) (?:has|contains|includes) breaking changes\.?$/i;
/** "- Breaking change: when creating a mapping …", "**BREAKING**": the item says itself that it breaks things. */
// HyperDX's changeset "- a0dc1b5: Breaking Search Syntax Change: …" after its commit, with the change's name between; git-cliff's
// "[**breaking**]" closing the commit (television).
// Rocket's "(**breaking**) `deadpool` was updated to `0.13`." marks it in brackets, with no colon; APISIX with ":warning:";
// marshmallow with "*Backwards-incompatible*:".
// Norm's "[!][f][t] The way `JOIN` statements are generated has been changed" marks a break with its legend's sign; APSW's
// "Async breaking changes:" names the part that breaks before the mark.
const BREAKING_MARK =
  /^\s*[-*+]?\s*(?:\[[+frtd]\])*\[!\]|\[\*\*breaking\*\*\]\s*$|^\s*[-*+]?\s*(?:[0-9a-f]{7,40}:\s+)?Breaking(?:\s+[\w-]+){0,3}\s+[Cc]hanges?\s*:|^\s*(?:Async|API|ABI|Minor|Small)\s+breaking\s+changes?\s*:|^\s*(?:[-*+]|\d+\.)?\s*(?:⚠\uFE0F?\s*)?(?:(?:\*\*)?\[?[Bb]reaking(?: [Cc]hanges?)?\]?(?:\*\*)?\s*:|[*_]*[Bb]ackwards?[- ]incompatible[*_]*\s*:|(?:\*\*)?[[(](?:\*\*)?[Bb]reaking(?:\*\*)?[\])](?:\*\*)?\s|:warning:\s|[*_]*(?::boom:|:collision:|💥))|\bBREAKING(?: CHANGES?)?\b|\([Bb]reaking(?: [Cc]hanges?)?\)\s*$/u;
/**
 * "For more details … please see the CERT report", "This note will begin by covering …", "You can view the milestone on
 * GitHub for more details.", "> 👉 For a structured walk-through of the changes … see the v1.0 Release Notes.": about the
 * notes, not the release.
 * python-telegram-bot's "This is the technical changelog for version 21.11. More elaborate release notes can be found in
 * the news channel": what the notes are and where others are, not what changed. Bottle 0.13's "This release contains
 * breaking changers, please read the notes below" sends readers on to the notes; Debezium's "July 14th 2023 [Detailed release
 * notes](…)" links to them; NimBLE's "For full release notes, please visit the Apache Mynewt Wiki." too.
 */
const ABOUT_THE_NOTES =
  /^(?:this is the (?:technical |full |complete |detailed )?(?:change ?log|release notes)\b|(?:more |further )?(?:elaborate |detailed )?(?:release notes|change ?logs?|details) (?:can|may) be found\b|for (?:more|further|full|the full) (?:details|information|info|release notes|change ?logs?)\b|(?:please )?(?:see|read|refer to)\b|the (?:changes|items|entries) marked with\b|(?:please )?check (?:out )?(?:the|our)\b.{0,80}?\b(?:change ?logs?|release notes|docs|documentation|blog|announcement)\b|this (?:note|document|post|page|changelog|article|file) (?:will|covers|describes|lists|contains|summari[sz]es|ignores|omits|skips|excludes)\b|(?:below|here) (?:is|are|you(?:'|’)ll find)\b|you can (?:view|find|read|see|check)\b|the following (?:sections?|lists?|notes?|pages?)\b|the (?:changes|items|entries) (?:are|were) (?:ordered|sorted|listed|grouped)\b|\(?(?:complete|full) (?:change ?log|list of changes|release notes) (?:for|of)\b)|\bbefore the (?:regular |actual |full )?(?:change ?log|release notes)\b|\bplease (?:read|see|check|review) (?:the )?(?:notes|changes|change ?log|list|details|sections?) below\b|\b(?:detailed|full|complete) (?:release notes|change ?log)\.?$|\bfor (?:more |further |full |additional )?(?:details|information|info)\b|^\W*for\b.*\bsee (?:the|our)\b/iu;
/** An exclamation that tells no change: a greeting, or a cheer that names no more than a minor kind of release. */
function onlyCheers(sentence: string): boolean {
  if (!sentence.endsWith('!') || CHANGE_SIGNAL.test(sentence)) return false;
  if (!/\b(?:release|version)\b/i.test(sentence)) return true;
  return /\b(?:feature|maintenance|patch|bug[- ]?fix|minor|point)\s+release\b/i.test(sentence) && sentence.split(/\s+/).length <= 12;
}
const ASKS_FEEDBACK =
  /^(?:(?:we|I)\s+)?(?:would|['’]d)\s+(?:love|like|appreciate)\s+(?:to\s+(?:get|hear|have|receive)\s+)?(?:some\s+|your\s+|any\s+)?(?:feedback|input|reports?)\b/i;
const MODEST =
  /^(?:I|we)\s+(?:must\s+|have to\s+)?(?:admit|confess)\b|\bnot (?:the most|a (?:very|particularly|terribly)|very|particularly) (?:exciting|interesting|big|large|flashy|eventful)\b/i;
const TALLY =
  /^(?:over |more than |nearly |almost |about )?\d[\d,]*\+?\s+(?:(?:new|merged)\s+)?(?:pull requests?|PRs|commits?|issues?|contributors?|people|authors?|changes)\b/i;
/**
 * "Upgrade urgency: SECURITY, …", "Release Date: 2024-10-14": a field of the release, not a sentence about it. Case counts
 * (no `i` flag, under which \p{Lu} matches any letter): XZ's "IMPORTANT: This includes a fix for …" is a sentence.
 */
const FIELD_LINE =
  /^\p{Lu}[\p{L} ]{2,30}:\s+(?:\p{Lu}{3,}\b|\d{4}-\d{2}-\d{2}|\d{1,2}\s+\p{L}+\s+\d{4})|^(?:[Cc]ode ?[Nn]ame|[Rr]elease(?: [Dd]ate)?|[Vv]ersion|[Dd]ate|[Ss]tatus|[Tt]ag):\s|^\p{Ll}[\w-]{1,30}:\s/u;

/**
 * The sentence of a feature's paragraph that says what changed ("With 1.28.0, the `#[global_allocator]` attribute is now
 * stable"), when the paragraph opens with background ("Allocators are the way that programs … obtain memory").
 */
function changeSentence(paragraph: string): string {
  // Vitest's "Rejoice! No more separate files …": an exclamation of a word or three cheers; it tells nothing.
  const told = splitSentences(paragraph).filter((sentence) => !/^\S+(?:\s+\S+){0,2}!$/.test(sentence.trim()));
  const sentences = (told.length > 0 ? told : splitSentences(paragraph)).slice(0, 4);
  // "With the previous v0.16 release Gleam gained …" tells the last release's news; "With this release …" tells this one's.
  // Volcano's "However, for hardware clusters that do not support IB networks …": a sentence that answers the one before it
  // says nothing alone.
  const ofThisRelease = sentences.filter((sentence) => !PREVIOUS_RELEASE.test(sentence) && !ANSWERS_THE_LAST.test(sentence));
  const candidates = ofThisRelease.length > 0 ? ofThisRelease : sentences;
  const chosen = CHANGE_SIGNAL.test(candidates[0]!) ? candidates[0]! : (candidates.find((sentence) => CHANGE_SIGNAL.test(sentence)) ?? candidates[0]!);
  // "With 1.28.0, the attribute is now stable": the release is the post's subject already.
  return chosen.replace(/^(?:with|as of|starting (?:with|in)|in|since) (?:v?\d[\w.]*|this release|this version),?\s+(?=\S)/i, '');
}
const ANSWERS_THE_LAST = /^(?:however|but|yet|still|nevertheless|nonetheless|that said|on the other hand|in contrast)\b,?/i;
// Turborepo's "In previous versions of Turborepo, you would need to …": how it was, before the sentence on what it does now.
const PREVIOUS_RELEASE =
  /\b(?:previous|last|prior|earlier) (?:v?\d[\w.]* )?(?:release|version)\b|^(?:in|with|for) (?:the )?(?:previous|prior|earlier|older) versions\b/i;
const CHANGE_SIGNAL =
  /\b(?:now|new|newly|is stable|stabili[sz]\w*|added|adds|introduc\w*|can now|you can|supports?|no longer|this release|with (?:v?\d[\w.]*|this version))\b/i;

function splitSentences(text: string): string[] {
  // "… from the public API. We intend …" ends a sentence; "(cf. Migration guide)", "e.g. Foo", Auxio's "(ex. RSAF)", an initial ("J. Smith") and
  // Crystal's "MacroIf#is_unless? AST node method" (a name ending in "?") do not. A letter before an opener is a name
  // ending a sentence: fmt's "… formatting to C. The new library …"; so is a placeholder, lint-staged's "… `git add <files>`. This …".
  return text.split(
    /(?<=[\p{L}0-9)`'"_>][.!?])(?<!\b(?:e\.g|i\.e|cf|vs|etc|approx|incl|a\.k\.a)\.)(?<!\(ex\.)(?:(?<!\b[A-Z]\.)|(?=\s+(?:The|This|These|It|Its|We|You|A|An)\s))(?<![#_]\w*[?!])\s+(?=\p{Lu}|@\p{Lu})/u,
  );
}

const ATTACKER = /\battack\w*|\bmalicious\b|\bcircumvent\w*|\bexploit\w*/i;
/** The fewest characters a clause cut short of a long sentence keeps: under it, a cut at a word says more. */
const MIN_CLAUSE = 50;
const balanced = (text: string) => (text.match(/\(/g)?.length ?? 0) === (text.match(/\)/g)?.length ?? 0);
export function truncateWords(text: string, max: number): string {
  if ([...text].length <= max) return text;
  // The advisory a security fix names is what a reader searches for: the words before it are cut, not the id.
  const advisory = text.match(CLOSING_ADVISORIES_STOPPED);
  // Qt WebEngine's "Security fixes from Chromium up to version 86.0.4240.183 (CVE-2020-6540, …)" lists over forty, more than
  // the room: the words stay, and as many ids as fit after them, the list closed.
  if (advisory && advisory[0].length > max - 20 && advisory.index! < max / 2) {
    const listed = advisory[0].split(/,\s*/);
    let kept = text.slice(0, advisory.index);
    for (const [at, id] of listed.entries()) {
      const next = `${kept}${at === 0 ? '' : ', '}${id.replace(/\)[.!]?$/, '')}`;
      if ([...next].length > max - 3) break;
      kept = next;
    }
    return `${kept}, …)`;
  }
  if (advisory) return `${truncateWords(text.slice(0, advisory.index), max - advisory[0].length).replace(/(?<!\.)\.$/, '')}${advisory[0]}`;
  const cut = [...text].slice(0, max - 1).join('');
  // A cut that would fall just after a sentence ends there, whole: "… with the specified text." not "… text.…".
  // (Centrifugo's "… on network steroids 🔥. Streaming …" ends one after an emoji.)
  const sentenceEnd = [...cut.matchAll(/(?<=[a-z0-9)]|\p{Extended_Pictographic})(?<!\b(?:e\.g|i\.e|eg|ie|vs|cf|etc|a\.k\.a))[.!?](?=\s)/giu)].at(-1);
  // Dulwich's "Refuse to write … through a symlink." before an account of the code cut mid-way: a whole first sentence says
  // more than both cut short, unless what follows tells what an attacker could do (mitmproxy's "… an attacker can circumvent …").
  const ended = sentenceEnd ? sentenceEnd.index! + 1 : 0;
  if (sentenceEnd && (ended > max / 2 || (ended > 60 && !IMPACT.test(cut.slice(ended)) && !ATTACKER.test(cut.slice(ended))))) return cut.slice(0, ended);
  // kubernetes.core's "… to the behavior option of the kubeconfig module, allowing entries to be deleted …, as well as Helm v4
  // compatibility …": a cut at the last clause that fits keeps a whole thought, not one cut off mid-way.
  // (Not at ", and": the end of a list, whose cut would read as the whole list.)
  // Mint's "…, so a malicious server can no longer exhaust client memory …": what it is for, a clause of its own.
  // Channels' "… backwards-compatible changes, including most notably enhanced async support and fixing …", Jellyfin's "… from
  // bottlenecking the system; this was a frequent …", IdeaVim's "… for modes that 'mouse' leaves out — dragging with …": a
  // whole clause said says more than two cut short, however early it ends.
  // (Not inside a bracket left open, OpenVPN's "(using … in a server config - not pushed, …".)
  const clause = [...cut.matchAll(/,\s+(?:as well as|allowing|including|such as|which|while|so that|so|making)\s|;\s+|\s+[—–]\s+|\s-\s+/g)]
    .reverse()
    .find(({ index }) => index >= MIN_CLAUSE && balanced(cut.slice(0, index)));
  if (clause) return `${cut.slice(0, clause.index).replace(/[\s,;:]+$/, '')}.`;
  // Kafka's "KIP-993: Allow restricting files accessed by File and Directory ConfigProviders: This KIP adds the ability to …":
  // a title of its own before its account says the change whole. (Not Ruby's "… a security fix for CVE-2026-46727: Use-after-free
  // in …": after an advisory's id, its flaw.)
  const titled = [...cut.matchAll(/:\s+(?=\p{Lu})/gu)].at(-1);
  const title = titled ? cut.slice(0, titled.index!) : '';
  if (titled && titled.index! >= 40 && title.split(/\s+/).length >= 5 && /[\p{Ll}\d)]$/u.test(title) && !/\bthe following\b|\d{4}-\d+$/i.test(title))
    return `${title}.`;
  const boundary = cut.lastIndexOf(' ');
  const words = boundary > max / 2 ? cut.slice(0, boundary) : cut;
  // pybind11's "… conversion behavior (to primary use case is…": a bracket left open is cut before, where that keeps enough.
  const open = words.lastIndexOf('(');
  const unclosed = open > words.lastIndexOf(')') && open > max / 2;
  return `${(unclosed ? words.slice(0, open) : words).replace(/[\s,;:(–—-]+$/, '')}…`;
}

/** Emoji, each of one or more characters (U+FE0F selects the emoji form, U+200D joins two): markers, not words. */
const EMOJI = String.raw`(?:\p{Extended_Pictographic}|\uFE0F|\u200D)`;
const LEADING_EMOJI = new RegExp(String.raw`^(?:${EMOJI}|\s)+`, 'u');
const CLOSING_EMOJI = new RegExp(String.raw`\s+${EMOJI}+(?=\s*[.!?]?$|:\s|\s+\p{Lu})`, 'gu');

/**
 * A change as a sentence: a capital first letter and a full stop, except that an identifier
 * (`lib.d.ts`, `addr_of`, `--experimental-inspect`, `fooBar`) keeps its exact case.
 */
function asSentence(text: string, code: string[] = []): string {
  // golangci-lint's "⚠️ New default values", "🌟 New option": the marker says the kind, the post's bullet says it again.
  // oauth2-proxy's "🕵️‍♀️ Vulnerabilities …" is one emoji of several characters, joined by U+200D.
  // gradio's "Support message format in chatbot 💬", "Tool use in Chatbot 🛠️: …", Ember's "… by default! 🎉 This has been …":
  // one that closes a sentence or a title goes too.
  const trimmed = text.trim().replace(LEADING_EMOJI, '').replace(CLOSING_EMOJI, '');
  const first = trimmed.split(/\s/)[0]!;
  const keepCase = isIdentifier(first) || code.some((span) => trimmed.startsWith(span)) || NAMED_SUBJECT.test(trimmed);
  const capital = keepCase ? trimmed : trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  // SciPy's "Incorrect use of NumPy scalar types instead of np.dtype...": a title its tracker cut short, cut as ours are.
  if (/\w\.{3}$/.test(capital)) return `${capital.slice(0, -3)}…`;
  // NUnit's issue title "… might lead to deadlock when used with WCF..": a stop typed twice.
  if (/[\p{L}\p{N})]\.\.$/u.test(capital)) return capital.slice(0, -1);
  // jsdom's "… MouseEvent. (These are from the Pointer Lock specification, …)": a bracket of its own sentences closes on its stop.
  return /[.!?…。！？]$|[.!?]\s+\([^()]*[.!?]\)$/.test(capital) ? capital : `${capital}.`;
}

/**
 * A sentence whose lower-case first word is its subject, a command or a program ("cp now preserves …", "tail --follow
 * now uses …", "install runs faster", Ansible's "ansible-test - Default to …", GnuPG's "gpg: New options …"), not an imperative
 * ("fix …"): the name keeps its case, and so does its possessive (mitmproxy's "mitmweb's API now requires …").
 */
const SUBJECT_VERBS =
  'now|no longer|would|will|can|could|should|is|are|was|were|has|had|accepts|uses|runs|handles|prints|supports|works|fails|failed|ignores|preserves|recognizes|exits|reads|writes|outputs';
const NAMED_SUBJECT = new RegExp(
  String.raw`^(?!(?:we|you|it|they|this|there|these|i|fix(?:e[sd])?|add(?:s|ed)?|remove[sd]?|update[sd]?|improve[sd]?)\s)(?:[a-z][\w.+/-]*:\s+\S|^[a-z][\w./+-]*(?:\s[\w./+-]+){0,3}\s[-–]\s|^[a-z][\w.+-]*['’]s\s+\S+\s+(?:now|no longer|is|are|was|were|has|had)\b|^[a-z][\w.+-]*(?::\s+(?:An?|The)\s|\s+(?:-{1,2}\w|[<>≥≤]=?\s*v?\d|(?:${SUBJECT_VERBS})\b))` +
    // labwc's "wlroots >=0.20.1 is required …": a name a version is compared with is a package's, in its own case.
    // libjpeg-turbo's "cjpeg, djpeg, tj3LoadImage*(), and tj3SaveImage*() now support …": programs listed as the subject.
    String.raw`|^[a-z][\w.+-]*(?:,\s+(?:and\s+)?[\w.+*()-]+)+\s+(?:${SUBJECT_VERBS}|support|accept|use|handle|print|work|read|write)\b)`,
);

function withStop(text: string): string {
  return /[.!?…。！？]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** A word in a case that means something: code, a flag, a file, a camelCase or snake_case name. */
export function isIdentifier(word: string): boolean {
  return /^[-@$]|[._/\\()[\]<>#=:`]\w|_|\p{Ll}\p{Lu}|\d/u.test(word.replace(/[.,;:!?]+$/, ''));
}
