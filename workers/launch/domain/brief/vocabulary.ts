import { ADVISORY_ID } from './advisory-id';
import { ISC_BREAKING_ENTRY, ISC_SECURITY_ENTRY } from './isc-changelog';
import type { Highlight } from './types';

/** A citation this long cites a section, not a claim; a summary cites the heading and each item it counts. */
export const MAX_CITED_LINES = 12;

/**
 * The words the grounding checker lets a sentence use without finding them in its cited lines.
 * Everything else a sentence says (lower-case words too, after stemming) must be in what it cites.
 * Keep this list short and reviewed: each word here is one a writer could use to say something
 * the notes do not, so each entry says why it cannot carry a claim about the release.
 */

/** Grammar: articles, pronouns, prepositions, conjunctions, auxiliaries. They join claims; they make none. */
export const FUNCTION_WORDS = new Set(
  (
    'a an the and or but of to in on at by for with from as into onto via per than then so that this these those it its ' +
    'is are was were be been being has have had do does did will would can could should may might must ' +
    'we our us you your they their them i my he she his her which who whom whose what when where how there here ' +
    'also too if up'
  ).split(' '),
);

/**
 * The templates' own words, with why each may stand without a source. A word is only here when
 * it frames the cited facts (names the release, the notes, the reader, the action to take) and
 * cannot change what the cited lines say.
 */
export const TEMPLATE_WORDS: Record<string, string> = {
  out: '"X v1 is out": says the release exists, which its cited version field proves.',
  released: '"We released X v1": says the release exists, which its cited version field proves.',
  release: 'Names the release itself or its notes ("the full release notes"), which the citation is.',
  notes: 'Names the cited release notes themselves.',
  documentation: "Names the profile's documentation link the sentence cites.",
  docs: "Names the profile's documentation link the sentence cites.",
  brings: '"It brings …": the release contains what the cited lines list; the list itself is checked.',
  read: 'Call to action ("Read the notes"): asks the reader to act, claims nothing about the release.',
  see: 'Call to action ("See the notes"): asks the reader to act.',
  full: '"the full release notes": qualifies the cited link, not the release.',
  more: '"Read more": qualifies the call to action.',
  first: '"read the breaking changes first": orders the reader\'s reading, not the changes.',
  update: 'Call to action for a new version ("update now"): what the cited version is for.',
  updating: 'Call to action for a new version.',
  upgrade: 'Call to action for a new version.',
  upgrading: 'Names the reader moving to the cited version.',
  now: '"Update now": urges the action; "X now does Y" restates a change the cited line describes.',
  anyone: 'Addresses the reader, claims nothing about the release.',
  everyone: 'Addresses the reader.',
  users: 'Addresses the reader ("existing users").',
  existing: '"existing users": the people on an earlier version, a reader, not a claim.',
  earlier: '"on an earlier version": the reader\'s version, not the release.',
  version: 'Names the cited version.',
  get: '"users get these changes by updating": the action, not a new fact.',
  changes: 'Generic name for the cited items ("these changes"); counts and kinds are checked separately.',
  change: 'Generic name for a cited item.',
  issues: 'Generic name for the cited items ("four security issues"); their count and kind are checked.',
  issue: 'Generic name for a cited item.',
  items: 'Generic name for the cited items.',
  list: '"the full list is in the release notes": names the notes\' own list, which the sentence cites.',
};

/** Words that turn a statement around: present in a sentence they must be in what it cites, and the other way round. */
export const NEGATIONS = new Set(['no', 'no longer', 'not', 'never', 'without', 'none', 'nor', 'neither', 'cannot', 'nothing', 'unless']);
/** Contractions carry the negation in their ending: `doesn't`, `won't`, `can't`. */
export const NEGATED_CONTRACTION = /n['’]t$/i;

/** Severity words: a security claim is only as severe as the cited advisory says. */
export const SEVERITIES = new Set(['critical', 'high', 'medium', 'moderate', 'low', 'severe', 'important']);

/** Quantifiers: "fixes every crash", "all platforms" claim a quantity the cited lines must state. */
export const QUANTIFIERS = new Set(['all', 'every', 'each', 'many', 'several', 'most', 'few', 'only', 'always']);

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  single: 1,
  dozen: 12,
};

/** Nouns that make a number a count of the cited items: "3 security fixes", "four vulnerabilities". */
export const COUNTED_NOUNS =
  /^(?:fix|fixes|bugs?|bugfix(?:es)?|changes?|issues?|vulnerabilit(?:y|ies)|cves?|features?|improvements?|items?|highlights?|patch(?:es)?|regressions?|additions?|removals?|deprecations?|advisor(?:y|ies))$/i;

type Kind = Highlight['kind'];

/** What the notes ask of whoever upgrades: BTCPay Server's "… you will need to update it.", "you must …". */
/** Earthly's "If you are using these in your scripts or CI, please remove them.": what upgraders must take out. */
export const ASKS_TO_TAKE_OUT = /\bif you (?:are )?(?:use|using|rely on|relying on|depend on)\b[^.]{0,60}\bplease (?:remove|replace|migrate)\b/i;
// Kanidm's "If you rely on this to perform … actions, you should instead use "systemctl restart"": what to do now it is gone.
// Data Contract CLI's "… no longer install PySpark, …; supply your own PySpark for the Spark session …": what upgraders must
// bring now (not "you can now provide your own template", a choice).
export const ASKS_UPGRADERS = new RegExp(
  String.raw`\b(?:you|users)\s+(?:will\s+)?(?:need|have)\s+to\b|\byou\s+must\b|\bif you (?:rely|depend) on\b[^.]{0,160}\byou should instead\b|[;:]\s+(?:supply|provide)\s+your\s+own\b|${ASKS_TO_TAKE_OUT.source}`,
  'i',
);

/**
 * What makes a kind true of cited lines: a cue in their section's headings or in their own words.
 * `other` needs none. A highlight's kind, and a kind word a sentence uses without citing it
 * ("It brings new features"), must be justified this way.
 */
/** rubyzip's "Prevent entries from being extracted outside specified directory": a path traversal told without its name. */
export const EXTRACTED_OUTSIDE = String.raw`\b(?:extract|writ)\w*\s+outside\s+(?:of\s+)?(?:the\s+)?(?:specified|target|destination|extraction|output)\s+director`;

export const KIND_CUES: Record<Exclude<Kind, 'other'>, RegExp> = {
  breaking: new RegExp(
    // arpack-ng's "=> API/ABI change", Matrix's "ABI version is incremented" and "should be rebuilt from sources".
    String.raw`breaking|\*\*BREAK\*\*|\boldest supported\b|(?:^|\s)(?:\[[+frtd]\])*\[!\]|\bAPI\s*\/\s*ABI\b|\bABI (?:version|change|break)|\b(?:rebuilt|recompiled)\b|[\w)]!:|incompatib|(?:non|not)[- ](?:fully[- ]|entirely[- ]|completely[- ])?backwards?[- ]compatible|\[Incompat\s+\d{8}\]|\bremov(?:e|ed|es|al|als|ing)\b|\bdrop(?:s|ped|ping)?\b|\bdiscontinu\w*|no longer|\bdeprecat|\brenam|\breplac|compatibility|\bmajor\b|⚠|:warning:|\bnow (?:requires?|depends? on|returns?|throws?|raises?|defaults?|uses?|errors?|fails?|denies|rejects|refuses|blocks|forbids|disallows)\b|\bmigrat|\brework|\brequir|\bforbid|\bdisallow|\breject|\b(?:do not|don['’]?t) accept\b|\bend[- ]of[- ]life|\beol\b|\bunsupported\b|\bmin(?:imum|imal)?\b[^.]{0,40}?\b(?:versions?|sdk)\b|\bas\s+(?:the\s+)?(?:new\s+)?baseline\b|\b(?:switch(?:ed|es)?|change[sd]?)\s+(?:the\s+)?default\b|\b(?:could|may|might|will) break\b|${ISC_BREAKING_ENTRY}|${ASKS_UPGRADERS.source}`,
    'im',
  ),
  feature:
    /\bfeat|\bnew\b|\badd(?:s|ed|ing|itions?)?\b|\bintroduc|\bsupport|\benhanc|\bimprov|\bhighlight|\bnotable|\ballow|\benabl|\bstabili[sz]|\bexpos|\bminor\b|\bnow\b|\boption|\bcommand|\bapi\b|\bimplement|\bpromot|\btier\s*1\b|\bwhat'?s new|\blanguage|\blibrar|following changes|(?:^|\n)`\+`\s/i,
  fix: /\bfix|\bbug|\bresolv|\bcrash|\bcorrect|\bregression|\bpatch|\bprevent|\bissue|\berror|\bwrong|\bincorrect|\bbroken|\bfail|\bhandl/i,
  performance: /\bperf|\bfaster|\bspeed|\bfast\b|\bquick|\bslow|\boptimi[sz]|\bmemory|\blatency|\bthroughput|\bcach|\bsmaller\b|\breduc/i,
  security: new RegExp(
    String.raw`\bsecurity|\bvulnerab|\bcve-\d|:cve:|\b(?:patch|fix) for (?:a |the )?CVE\b|\bCVEs\b|\bCVE (?:issues|vulnerabilities|findings)\b|\bprototype pollution\b|\bsensitive headers\b|\bghsa\b|\b${ADVISORY_ID}|\bcvss|\bexploit|\bm?xss\b|${EXTRACTED_OUTSIDE}|\binjection|\badvisor|\bsaniti[sz]|\bprivilege|denial of service|\bdeny(?:ing)? service\b|\bmalicious\b|\b(?:integer|buffer|heap|stack) (?:overflow|underflow)s?\b|\bsmuggl|\bspoof|\btraversal|\bcwe-\d|\bcross-site|\bbypass|\bremote(?:ly)? (?:crash|code execution|denial)|\b(?:DoS|ReDoS|RCE|SSRF|CSRF)\b|\battack(?:ers?|s|\s+vectors?)?\b|\[(?:\*\*)?sec(?:\*\*)?\]|${ISC_SECURITY_ENTRY}|\b(?:world|group)[- ]readable\b|\breadable by (?:others|other (?:local )?users|anyone|everyone|all users)\b|\b(?:insecure|overly permissive) (?:default )?(?:file )?permissions\b`,
    'im',
  ),
};

/** A section headed by a patch version (`# 3.9.5`) lists fixes: semver's patch is for backwards-compatible fixes. */
export const PATCH_HEADING = /^\W*v?\d+\.\d+\.[1-9]\d*\b/;

/** "Thanks to Leonid Krolle Bi.Zone for discovering": whom a security note thanks, before what they found (the change). */
export const THANKS_FOR_FINDING = /thanks to (?:[^.\n]|\.(?=\S)){1,80}? for (?:discovering|reporting|finding|identifying|disclosing)/i;

/** Credit lines ("New Contributors", "@x made their first contribution", "Full Changelog") justify no kind of change. */
// Crystal's "- Add `Iterator(T).empty` ([#15039], thanks @spuun)": thanks in the change's closing bracket credit its
// author, and leave the line a change.
// Nagios' "* Fix vulnerabilities in CSRF cookie (Thanks SeungMyung Lee) (Emmett Kapsner)": thanks in a closing bracket, even
// before its author's, credit the change; they do not make the line a credit.
// (rust-analyzer's "(first contribution) add `unwrap_block` assist" tags a change with who made it: the change is the line's.)
export const CREDITS = /contributors?\b|(?<!\()first contribution|full changelog|\bthanks?\b(?![^()\n]*\)(?:\s*\([^()\n]*\))*\s*\.?\s*$)|acknowledg/i;

/** Words that claim a kind; used without being cited, the cited lines must carry that kind. */
export const KIND_WORDS: Record<string, Kind[]> = {
  new: ['feature'],
  feature: ['feature'],
  features: ['feature'],
  improvement: ['feature', 'performance'],
  improvements: ['feature', 'performance'],
  fix: ['fix', 'security'],
  fixes: ['fix', 'security'],
  fixed: ['fix', 'security'],
  bug: ['fix'],
  bugs: ['fix'],
  breaking: ['breaking'],
  security: ['security'],
  vulnerability: ['security'],
  vulnerabilities: ['security'],
  performance: ['performance'],
  faster: ['performance'],
  other: ['other'],
};

/**
 * The verbs a change opens with when it says what was done ("Fix …", "added …", "expose …", "no longer …"): after a
 * scope they make it a scope (drafts), and before a fault they make it no fault statement (the generator).
 */
// Snowflake's "Remedied SQL injection vulnerability in …": a flaw remedied, mitigated or hardened against is done too.
export const ACTION_VERBS = String.raw`fix\w*|remed\w*|mitigat\w*|harden\w*|add(?:s|ed|ing)?|remov\w*|improv\w*|updat\w*|allow\w*|prevent\w*|avoid\w*|handl\w*|support\w*|make|made|use[sd]?|ensur\w*|show\w*|hide|enabl\w*|disabl\w*|respect\w*|correct\w*|restor\w*|resolv\w*|implement\w*|introduc\w*|deprecat\w*|drop\w*|expos\w*|rename\w*|replac\w*|stop(?:s|ped|ping)?|keep(?:s|ing)?|skip\w*|don't|do not|no longer`;

/** How often a fault struck, before its name ("Occasional stall before prompt"): the fault's words, not the change's. */
export const FAULT_QUALIFIER = String.raw`(?:occasional|rare|random|intermittent|sporadic|spurious|unexpected)\s+`;

/**
 * A function's name in camel case (RxJS' "debounceTime", h3's "getRequestUrl", validator.js' "isURL"), as a scope before a colon
 * names what a change is to; each capital opens a word in lower case, or a word of two letters or more is closed by an acronym,
 * so a platform's "macOS", "iOS" or "nRF52" and a protocol's "gRPC" are none.
 */
export const CAMEL_CASE_NAME = /^(?:[a-z][a-z\d]*(?:[A-Z][a-z\d]+)+|(?!(?:mac|watch|vision|tv)OS$)[a-z]{2,}[a-z\d]*(?:[A-Z][a-z\d]+)*[A-Z]{2,})$/;
