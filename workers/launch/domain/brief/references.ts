import { ADVISORY_ID_START, mayNameAdvisory, withHyphenatedCves } from './advisory-id';

/**
 * What a line of release notes links to, and its text with the links taken out. Release notes
 * carry their evidence inline (`[#123](…/pull/123)`, `(abc1234)`, `by @user in …`); the brief
 * keeps that evidence as references beside each sentence and shows only the words.
 */
export type ReferenceKind = 'pull_request' | 'issue' | 'commit' | 'compare' | 'docs' | 'link';

export interface Reference {
  kind: ReferenceKind;
  /** As a reader names it: `#123`, `abc1234`, `owner/repo#12`, or the link's host and path. */
  label: string;
  url: string | null;
}

/** `https://github.com/owner/repo` when the release lives on GitHub, so bare `#123` can be linked. */
export function repositoryBase(url: string | null): string | null {
  const match = url?.match(/^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)/);
  return match ? `https://github.com/${match[1]}/${match[2]}` : null;
}

const GITHUB = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\/(pull|issues|commit|compare)\/([^\s?#)]+)/;
const SHA = /^[0-9a-f]{7,40}$/;

/** An issue named by its number ("#5135", "PR #4258", "(issue 5385)"), at the release's repository when there is one. */
export function issueReference(number: string, repoBase: string | null): Reference {
  return { kind: 'issue', label: `#${number}`, url: repoBase ? `${repoBase}/issues/${number}` : null };
}

function pullRequestReference(number: string, repoBase: string | null): Reference {
  return { kind: 'pull_request', label: `#${number}`, url: repoBase ? `${repoBase}/pull/${number}` : null };
}

function commitReference(sha: string, repoBase: string | null): Reference {
  return { kind: 'commit', label: sha.slice(0, 7), url: repoBase ? `${repoBase}/commit/${sha}` : null };
}

/** Doxygen's "%BillboardSet", "%UI": a name kept from being linked, its mark no word of it. */
export const DOXYGEN_UNLINKED = /(^|[\s(])%(?=\p{Lu}\p{Ll}|\p{Lu}{2,3}(?!\w))/gu;

/**
 * reStructuredText's named references ("`Twisted docs`_", "zope.interface_") read as their words: the parser cleans them
 * so, and the checker reads the cited lines so, for the two to agree.
 */
export function namedReferencesAsWords(text: string): string {
  const quoted = text.replace(/`([^`<>]+)`_{1,2}(?![\w`])/g, '$1');
  // GitLens' "the _GitHub Issues_ and …": an underscore that opens words too sets them in italics, no reference.
  if (/(?:^|[\s(])_\p{L}/u.test(quoted)) return quoted;
  // Most texts hold no name closed by an underscore: the pattern below, tried at every letter, is then skipped.
  if (!/_(?:[\s,.;:!?)]|$)/.test(quoted)) return quoted;
  // Two letters before an underscore are a prefix, Supabase's "sb_ key", not a reference's name. grafanalib's "Bar_Chart_"
  // names its target `Bar_Chart`, underscore and all.
  // (Not TagLib's "taglib_property_...": a prefix, its ellipsis after it.)
  return quoted.replace(/(^|[\s(])(\p{L}[\p{L}\d.-]+(?:_[\p{L}\d.-]+)*[\p{L}\d])_{1,2}(?=[\s,;:!?)]|\.(?!\.)|$)/gu, '$1$2');
}

function classifyUrl(url: string, repoBase: string | null): Reference {
  const github = url.match(GITHUB);
  if (github) {
    const [, owner, repo, kind, rest] = github;
    const local = repoBase === `https://github.com/${owner}/${repo}`;
    const prefix = local ? '' : `${owner}/${repo}`;
    if (kind === 'pull') return { kind: 'pull_request', label: `${prefix}#${rest!.replace(/\/.*$/, '')}`, url };
    if (kind === 'issues') return { kind: 'issue', label: `${prefix}#${rest!.replace(/\/.*$/, '')}`, url };
    if (kind === 'commit') return { kind: 'commit', label: `${prefix ? `${prefix}@` : ''}${rest!.slice(0, 7)}`, url };
    return { kind: 'compare', label: `${prefix ? `${prefix} ` : ''}${rest}`, url };
  }
  const label = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return { kind: /\bdocs?\b|\/guide|\/reference|\/blog\/|readthedocs|\/manual/i.test(url) ? 'docs' : 'link', label, url };
}

export interface CleanText {
  text: string;
  refs: Reference[];
  /** What the line wrote as code (`` `lib.d.ts` ``): names whose case is part of their meaning. */
  code: string[];
}

// Swift's "[`treatWarning`](…/swiftsetting/treatwarning(_:as:_:)/)": an address may hold a bracket of its own.
const LINK = /!?\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))+)>?(?:\s+"[^"]*")?\s*\)/g;
const CREDIT_LINK = String.raw`\[[\w.-]+\]\(https?:\/\/(?=[^)\s]*\/(?:pull|issues|commit)\/[^)\s])[^)\s]+\)`;
const CREDIT_LINKS = new RegExp(String.raw`\(\s*${CREDIT_LINK}(?:\s*,\s*${CREDIT_LINK})*\s*\)`, 'g');
/** The role that opens an entry of a Sphinx "releases" changelog: its kind, with issue numbers and "major" in its argument. */
export const SPHINX_RELEASES_ROLE = /^\s*:(bug|feature|support|release):`[^`]*`\s*/;
/** A GitHub security advisory's page: `…/security/advisories/GHSA-…`, `github.com/advisories/GHSA-…`, OSV's `osv.dev/vulnerability/GHSA-…`. */
// MITRE's "https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2020-15999" names it in its query (FreeType's CHANGES).
const ADVISORY_PAGE =
  /(?:\/(?:(?:advisories|vulnerability)\/(GHSA(?:-[0-9a-z]{4}){3})|(CVE-\d{4}-\d{4,})(?:\.html?)?)\/?|[?&](?:name|id|cve(?:id)?)=(CVE-\d{4}-\d{4,}))$/i;
/** The advisory an address is the page of (its id in the path or the query), or null. */
export function advisoryOfAddress(url: string): string | null {
  const page = url.match(ADVISORY_PAGE);
  return page ? (page[1] ?? page[2] ?? page[3] ?? null) : null;
}
/** The verb a change fixes its advisory with, just before the advisory's address (Libreswan's "Fixes https://…/CVE-2023-38710"). */
const FIXES_ADDRESS = /\b(?:fix(?:e[sd])?|address(?:e[sd])?|patch(?:e[sd])?|resolve[sd]?)\s*:?\s*$/i;
/** "<https://…>"; with the colon that only led to it (TigerBeetle's "Add the API changes page to the docs: <https://…>."). */
const AUTOLINK = /(?::[ \t]*)?<(https?:\/\/[^>\s]+)>/g;
const LEADS_TO_ADDRESS = /\s+(?:(?:linked|listed|available|found|hosted)\s+)?(?:off\s+of|at|from|on|via)\s*(?=<https?:\/\/[^>\s]+>\s*(?:[(.,;)#[]|$))/gi;
const PROPS_HANDLE = String.raw`(?:\[@?[\w.-]+\]\([^)\s]*\)|@[\w.-]+)`;
const PROPS_CREDIT = new RegExp(
  String.raw`[,;]?\s*\b[Pp]rops\s+${PROPS_HANDLE}(?:\s*,?\s*(?:and\s+)?${PROPS_HANDLE})*(?:\s+via\s+((?:\[[^\]]+\]\([^)\s]*\)|\S+)(?:\s*(?:,|and)\s*\[[^\]]+\]\([^)\s]*\))*))?(\.)?`,
  'g',
);
const THANKS_BRACKET =
  /\s*\(\s*thanks?(?:\s+to|,)?(?:\s*(?:\[@?[\w.-]+\]\([^)\s]*\)|@[\w.-]+)(?:\s*(?:,|and|&)\s*(?:\[@?[\w.-]+\]\([^)\s]*\)|@[\w.-]+))*)?[\s,]*!*\s*\)/gi;
/** Ergo's "([GHSA-…](…), thanks [@ajaspers](…)!)", its handle gone or not: the bracket's last part thanks someone; what comes before it stays. */
const THANKS_CLOSING_BRACKET =
  /,\s*thanks?(?:\s+to)?(?:\s*(?:\[@[\w.-]+\]\([^)\s]*\)|@[\w.-]+)(?:\s*(?:,|and|&)\s*(?:\[@[\w.-]+\]\([^)\s]*\)|@[\w.-]+))*)?[\s,]*!*(?=\s*\))/gi;
const RIGHT_ALIGNED_TRACKERS = /[ \t]{3,}((?:[A-Za-z][\w-]{0,15}\s+[#!]\d+(?:\s*,\s*|\s+)?)+)$/;
/**
 * procps' NEWS aligns each change's trackers on the right, "ps: Fix buffer overflow …     Debian #1042887, issue #297": read
 * as the bracket of references they are, the trackers' names with them. (Before runs of spaces are made one.)
 */
export function withAlignedTrackers(text: string): string {
  const aligned = text.includes('   ') ? text.match(RIGHT_ALIGNED_TRACKERS) : null;
  if (!aligned) return text;
  return `${text.slice(0, aligned.index)} (${[...aligned[1]!.matchAll(/[#!](\d+)/g)].map((number) => `#${number[1]}`).join(', ')})`;
}
const HANDLE_OR_LINK = String.raw`(?:\[@[\w-]+\]\([^)\s]*\)|@[\w-]+)`;
const HAT_TIP_BRACKET = new RegExp(String.raw`\s*\(\s*h\/t:?\s+${HANDLE_OR_LINK}(?:\s*(?:,|and|&)\s*${HANDLE_OR_LINK})*\s*\)`, 'gi');
const HAT_TIP = new RegExp(String.raw`\s*[,;]?\s*\bh\/t:?\s+${HANDLE_OR_LINK}(?:\s*(?:,|and|&)\s*${HANDLE_OR_LINK})*!?`, 'gi');
const SUBMITTED_BY = new RegExp(String.raw`\s*\bSubmitted by\s+${HANDLE_OR_LINK}(?:\s*(?:,|and|&)\s*${HANDLE_OR_LINK})*`, 'g');
/**
 * dateutil's towncrier NEWS: "… returns None. Reported by @pganssle (gh issue #661) Fixed by @parsethis (gh pr #681)": who
 * reported and who fixed, each with the issue or pull request, after the change's own sentence.
 */
const GH_POINTER = String.raw`\(\s*gh\s+(?:issue|pr)s?\s+#\d+(?:\s*,\s*(?:(?:gh\s+)?(?:issue|pr)s?\s+)?#\d+)*\s*\)`;
export const CREDITS_WITH_GH_POINTERS = new RegExp(
  String.raw`(?<=[.!?])(?:\s+(?:reported|fixed|found|implemented|contributed|patch(?:ed)?|added)(?:\s+and\s+(?:reported|fixed|implemented|patched))?\s+by\s+${HANDLE_OR_LINK}(?:\s*(?:,|&|\band\b)\s*${HANDLE_OR_LINK})*(?:\s*${GH_POINTER})?\.?)+\s*$`,
  'i',
);
/**
 * Markdown's other bold, around words: PyMC3's "__No longer collapse length 1 vector shape into scalars.__" (not a Python
 * name's underscores, `__init__`, nor the ends of reStructuredText's links, `` `#883 <…>`__ ``). The checker reads it so too.
 */
export const UNDERSCORE_BOLD = /(?<![\w\\`>])__(?=[^\s_`<>])([^_`<>]*\s[^_`<>]*?)(?<=[^\s_`<>])__(?![\w`])/g;
const CLOSED_LINK = String.raw`\[[^\]\n]+\]\(https?:\/\/[^)\s]+\)`;
const CLOSES_LINKS_AT_END = new RegExp(String.raw`(?<=\S)(?:,\s*|\s+)closes\s+${CLOSED_LINK}(?:(?:\s*,\s*|\s+and\s+)${CLOSED_LINK})*[\s.]*$`);
const THANKS_AFTER_LINK = /(\]\([^)\s]+\))\s*,\s*thanks\s+@[\w-]+(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)@[\w-]+)*(?:\s*!)?\s*$/i;
const GNU_QUOTED = /(?<![`\w])`([^`'\s][^`']{0,38}?)'(?![\w'])/g;
const NAMED_AFTER_REFERENCE = /(#\d+\)?|\]\([^)\s]+\)\)?)\s+by\s+\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}\s*$/u;
const NAMED_AFTER_DASH =
  /\s+[-–—]\s+by\s+\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]*){1,3}(?:(?:,\s|\sand\s|\s&\s)\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]*){1,3})*$/u;
// BarnOwl's "* Fix numerous memory leaks. -andersk@mit.edu": its author's address after a dash (before the id it fixes).
const ADDRESS_CLOSING = /\s*\(\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*\)(?=[\s.]*$)|\s+-[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?=\s*(?:\([^()]*\)\s*)?$)/;
const ISSUE_LINK = String.raw`\[#\d+\]\(https?:\/\/[^)\s]+\)`;
const ISSUE_LINK_GLOBAL = new RegExp(ISSUE_LINK, 'g');
/** Words an idiom puts after "by" ("by default", "by design", "by hand"): never whom a change is by. */
export const IDIOM_AFTER_BY = `default|design|hand|name|date|size|type|value|itself|themselves|now|accident|mistake|example|reference|far`;
/** A full name: "by whitespace [#12](…)" is a word of the change, which a name in capitals is not. */
export const FULL_NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}`;
/** A full name, or a handle in lower case (only ever beside an issue's link here; not "by default [#12](…)", nor a key or a path). */
const CREDITED = String.raw`(?:${FULL_NAME}|(?!(?:${IDIOM_AFTER_BY}|id|key|index|path|url)\b)[a-z][\w-]{2,38})`;
const CREDITED_ISSUE = String.raw`(?:${ISSUE_LINK}\s+by\s+${CREDITED}|by\s+${FULL_NAME}\s+${ISSUE_LINK}|${CREDITED}\s+${ISSUE_LINK}|${ISSUE_LINK})`;
const LINKED_ISSUES_CREDITED = new RegExp(
  String.raw`\s+(?=${ISSUE_LINK}\s+by\s|by\s+${FULL_NAME}\s+${ISSUE_LINK})${CREDITED_ISSUE}(?:\s+and\s+${CREDITED_ISSUE})*\s*$`,
  'u',
);
// (A stop after a word or a call, not an initial: meld's translators, "Sergej A. (ru)".)
const NAME_AFTER_STOP =
  /(?<=(?:[\p{Ll}\d]{2}|[)`'"])[.!?])\s+\((?=[^)]*[a-z])(?!(?:[Ee]xperimental|[Dd]eprecated|[Bb]eta|[Aa]lpha|[Pp]review|[Bb]reaking|[Ss]ecurity|[Uu]nstable|[Oo]ptional|[Ww]indows|[Mm]acos|[Ll]inux|[Uu]nix|[Aa]ndroid|[Ii]os)\))[A-Za-z][\w-]{2,38}\)\s*$/u;
/**
 * kscript's "(thanks to Vsajip for initial implementation)", APScheduler's "(special thanks to Curtis Vogt for help with this
 * one)", SMAPI's "(thanks to Shockah!)", Rufus' "(courtesy of Martin Kuschnik)", stunnel's "(thx to Petr Strukov)": a bracket
 * that thanks someone, by name, for what they did; IntelliJ Elixir's "(understatement of changes, countless amount of changes to
 * help improve things, thank you so micj)", after an aside; MelonLoader's "(Credits to RinLovesYou :3)".
 */
export const THANKS_TO_BRACKET =
  /\s*\(\s*(?:[A-Za-z][^(),]{0,79},\s*){0,3}(?:(?:special|many|big|huge)\s+)?(?:thanks|thx|thank you|kudos|courtesy|credits?)\s+(?:go(?:es)?\s+)?(?:to\s+|of\s+)?[^()]{1,80}\)/gi;
/** A site's root address, its host captured: written by its name inside a sentence (see cleanInline), and read so by the checker. */
export const SITE_ROOT = String.raw`https?:\/\/(?:www\.)?([a-z\d-]+(?:\.[a-z\d-]+)+)\/?`;
const WHOLE_SITE_ROOT = new RegExp(`^${SITE_ROOT}$`, 'i');
// An IPv6 host is written in brackets: "http://[::1]:8000".
const BARE_URL = /https?:\/\/(?:\[[\da-f:.]+\](?:[^\s<>()\]]*[^\s<>()\].,;:!?'"])?|[^\s<>()\]]+[^\s<>()\].,;:!?'"])/gi;
/**
 * An address on the reader's own machine or a literal IP: what the change is about ("IPv6 addresses in `target` (ie.
 * "http://[::1]:8000")", "listens on http://localhost:8080"), not a page to read.
 */
const LOCAL_ADDRESS = /^https?:\/\/(?:localhost|[\w.-]+\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[[\da-f:.]+\])(?=[:/?#]|$)/i;
const NAMED_PULLS_BRACKET =
  /\(\s*(?:(?:PRs?|pull requests?|pulls?|issues?|GH)\s*#\d+(?:\s*(?:,|and)\s*(?:(?:PRs?|pull requests?|pulls?|issues?|GH)\s*)?#\d+)*(?:[.,;]?\s+(?:(?:with\s+)?thanks|reported|suggested|requested|found)\b[^()]{0,80}|\.?\s*)|#\d+(?:\s*(?:,|and)\s*#\d+)*[.;]\s+(?:(?:with\s+)?thanks|reported|suggested|requested|found)\b[^()]{0,80})\)/gi;
const HASH_REF = /(^|[\s(,[])((?:[\w.-]+\/[\w.-]+)?#(\d+))(?=$|[\s),.;:\]])/g;
/** Words a closing bracket tags a change with, which name no one. */
const BRACKET_TAG_WORD = /^(?:breaking|experimental|deprecated|security|linux|windows|macos|bsd|android|ios|wip|beta|alpha|internal|docs?|tests?|ci)$/i;
/** A person's page on GitHub: its owner's name and nothing after it. */
const PROFILE_ADDRESS = String.raw`https?:\/\/github\.com\/[\w-]+\/?`;
const BOLD_PROFILE_CREDIT = new RegExp(String.raw`(__|\*\*)[[(][^\]\n]{1,40}\]\(${PROFILE_ADDRESS}\)\1`, 'g');
/** A link to a person's GitHub profile (one path segment), as yt-dlp credits: `by [name](https://github.com/name)`. */
const PROFILE_LINK = String.raw`\[[^\]\n]{1,40}\]\(${PROFILE_ADDRESS}\)`;
/**
 * PhpRedis' "… in Redis::exec [362e1141](…) ([Pavlo Yatsukhnenko](https://github.com/yatsukhnenko)), ([Markus
 * Podar](https://github.com/mfn))": brackets of people's profiles closing the change, one after another, credit its authors.
 */
const BRACKETED_PROFILES_CLOSING = new RegExp(String.raw`(?:[\s,]*\(\s*${PROFILE_LINK}(?:\s*(?:,|and|&)\s*${PROFILE_LINK})*\s*\))+[\s,]*$`);
/** A colon closing a line that leads only to people's profiles: highlight.js' "… fixes for: [Josh Goebel][]", once resolved. */
export const COLON_THEN_PROFILES = new RegExp(String.raw`:\s*${PROFILE_LINK}(?:\s*(?:,|and)\s*${PROFILE_LINK})*\s*$`);
/** PMD's generated pull request list: "… resolution - [Anurag Agarwal](https://github.com/altaiezior) (@altaiezior)". */
const DASHED_PROFILE_CREDIT = new RegExp(String.raw`\s+[-–—]\s+${PROFILE_LINK}(?:\s*\(@[\w-]+\))?(?:\s*(?:,|and)\s*${PROFILE_LINK}(?:\s*\(@[\w-]+\))?)*\s*$`);
/** CocoaPods' "… ENABLE_MODULE_VERIFIER.  [sharplet](https://github.com/sharplet) [#12390](…)": after the words, its author's profile and the pull request. */
const PROFILE_AFTER_WORDS = new RegExp(String.raw`(?<=[.!?)])\s+${PROFILE_LINK}(?=(?:\s*\[[^\]\n]*\]\([^)\s]+\))*\s*$)`);
const BRACKETED_HASH = String.raw`(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?:\s+and\s+parents)?`;
const COMMITS_BRACKET = new RegExp(String.raw`\s*\[${BRACKETED_HASH}(?:\s*,\s*(?:${BRACKETED_HASH}|et\s+al\.?))*\]\s*(\.?)\s*$`);
/**
 * IGListKit's "… dequeue behavior in iOS 18 [Maxime Ollivier](https://github.com/maxolls) [(4bad7d52)](…/commit/…)": a
 * person's name, linked to their profile (on GitHub or a social site), between the words and the commits that close them,
 * after a word that does not lead to it.
 */
const PROFILE_BEFORE_COMMITS =
  /(?<!\b(?:to|from|at|of|by|for|with|into|the|and|or))\s+\[\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3}\]\(https?:\/\/(?:www\.)?(?:github|gitlab|twitter|x|instagram)\.com\/[\w.-]+\/?\)(?=(?:\s*,?\s*\[\(?[0-9a-f]{7,40}\)?\]\(https?:\/\/[^)\s]+\/commit\/[^)\s]+\))+\s*$)/u;
/**
 * ElixirLS' "… path to elixir standard library [Gilbert](https://github.com/gilbertwong96)": a name linked to its profile
 * closing the words, after a word that does not lead to it ("moved to [Acme](…)" names where).
 */
const PROFILE_CLOSING_WORDS = new RegExp(
  String.raw`(?<!\b(?:to|from|at|of|by|for|with|into|the|and|or)) \[\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}\]\(${PROFILE_ADDRESS}\)\s*$`,
  'u',
);
/** "by [a](…/a), [b](…/b)" and "(With fixes in [sha](…) by [c](…/c))": credits to people, named by their profiles. */
const PROFILE_CREDIT = new RegExp(
  String.raw`\s*(?:\(with fixes in\s+(?:\[[^\]]*\]\([^)]*\)[,\s]*)+by\s+${PROFILE_LINK}(?:\s*(?:,|and)\s*${PROFILE_LINK})*\)|\b(?:(?:patch(?:es)?|contributed|reported|authored|implemented|fixed)\s+)?by\s+${PROFILE_LINK}(?:\s*(?:,|and)\s*${PROFILE_LINK})*)`,
  'gi',
);
/**
 * uriparser's "Stop truncating `ptrdiff_t` to `int`" over "Thanks for the report to Ilia Alshanetsky and Joshua W. Windle!":
 * its lines joined, the thanks ends it, past a name's initial.
 */
const THANKS_SENTENCE =
  /(^|[.!?]|(?<=\S)(?=\s+Thanks\s+(?:to|for)\b))\s*(?:(?:many|special|big) )?(?:thanks|thank you)\b(?:\s+to)?\s+(?=(?:[^.!?]|(?<=\s[A-Z])\.)*(?:@[\w-]|\bfor (?:the |their |a )?(?:report\w*|fix\w*|review\w*|patch\w*|help\w*|contribut\w*|PR|diagnos\w*|test\w*|investigat\w*|suggest\w*|idea)))(?:[^.!?]|(?<=\s[A-Z])\.)*[.!?]?\s*$/i;
/**
 * Vifm's "… in $PATH.  Thanks to CaptainFantastic.", "Thanks to Steven Xu (a.k.a. stevenxxiu).": names alone after the thanks,
 * WeKan's "Thanks to ClemStrummer and xet7." with a handle among them.
 * ack's "Thanks, Thiago Perrotta.", "Thanks, mauke.": after a comma, a name or one handle.
 */
const POINTER_BRACKETS = /(?:,?\s*(?:and\s+)?\[(?:view|link|commit|diff)\])+(?=[\s.]*$)/gi;
const PR_SLASH_AND_INITIALS =
  /\s*\(pr\/\d+(?:\s*,\s*pr\/\d+)*\)(?:\s*\(\p{Lu}{2,3}(?:(?:\s*,\s*|\s+and\s+)\p{Lu}{2,3})*(?:,?\s+reviewed\s+by\s+\p{Lu}{2,3}(?:(?:\s*,\s*|\s+and\s+)\p{Lu}{2,3})*)?\))?(?=[\s.]*$)/u;
/** Norm's legend: "[!]" a break, "[+]" an addition, "[f]" a fix, "[r]", "[t]", "[d]" refactoring, tests and docs. */
export const SIGN_TAGS = /^(?:\[[!+frtd]\]){1,4}\s+(?=\S)/;
const ADVISORY_BRACKET = new RegExp(String.raw`\((${ADVISORY_ID_START}[^()]{4,300})\)`, 'gi');
// TortoiseGit's "(CVE-2026-11968, issue pointed out by Gabriele Paris of NATO Cyber Security Centre)": who, and where from.
const BRACKET_CREDIT_OR_COMMIT =
  /^(?:(?:fix(?:ed)?|commit)\s+)?(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?:\s+by\s+@?[\w.-]+)?$|^(?:(?:issue|bug|flaw|problem|vulnerability)\s+)?(?:report(?:ed)?|found|discovered|fix(?:ed)?|pointed\s+out|spotted)\s+by\s+@?[\w.'’-]+(?:\s+[&@]?[\w.'’-]+){0,9}$/i;
/** A bracket's parts without credits and commits, or null where none went. */
function advisoryBracketParts(inner: string): string | null {
  const parts = inner.split(/\s*,\s*/);
  const kept = parts.filter((part) => !BRACKET_CREDIT_OR_COMMIT.test(part.trim()));
  return kept.length === parts.length || kept.length === 0 ? null : kept.join(', ');
}
// (Two to six: WavPack's ten stay as its line lists them, which a post's room cuts to the words and the first.)
const IDS_AFTER_COLON = new RegExp(String.raw`:\s+((?:${ADVISORY_ID_START}[\w-]+\s+){1,5}${ADVISORY_ID_START}[\w-]+)\s*\.?$`, 'i');
const ADVISORY_AFTER_THANKS = new RegExp(
  String.raw`([.!?])\s+((?:[Mm]any |[Ss]pecial |[Bb]ig )?[Tt]hanks\b[^().!?]{1,80}?)\s*(\((?:${ADVISORY_ID_START})[^()]{4,200}\))[.!]?\s*$`,
  'i',
);
const THANKS_TO_NAMES =
  /(^|[.!?])\s*(?:[Mm]any |[Ss]pecial |[Bb]ig )?[Tt]hanks(?: to|,)\s+(?:(?:\p{Lu}[\p{L}'’.-]*|\p{Ll}[\w-]*\d[\w-]*)(?:(?:\s+|\s*,\s*|\s+and\s+)(?:\p{Lu}[\p{L}'’.-]*|\p{Ll}[\w-]*\d[\w-]*))*(?:\s*\(a\.k\.a\.?\s+[^()]+\))?|(?<=,\s+)[\p{Ll}\d][\w.-]{1,38}?)\.?\s*$/u;
/** A sentence left pointing at references that went: "See PR for details.", "See issues and for details.", "Continuation of and." */
const POINTER_SENTENCE =
  /(^|[.!?] )(?:see (?:the )?(?:(?:PRs?|pull requests?|issues?|design proposal|discussion)(?: ?(?:,|and))* ?)?(?:for (?:more )?(?:details|information|info|context)(?: there)?)?|continuation of(?: ?(?:,|and))*)(?: ?[.!?]|$)/gi;
/** A clause left pointing at references that went: TinyDB's ", see for background", ", see and for details on the replacement". */
const POINTER_CLAUSE = /,?\s+see\s+(?:(?:,|and)\s*)*for\s+(?:more\s+)?(?:background|details|information|info|context)(?:\s+(?:on|about)\s+[^.;]*)?(?=[.;]|$)/gi;
/**
 * Links to issues or pull requests (or bare numbers) closing a change, joined by commas or "and": written as Markdown, as
 * reStructuredText (PyJWT's "… in `#1148 <https://…/pull/1148>`__") or bare; client_golang's "… introduce in #1496 :warning:"
 * closes a warning's sign after them; pycodestyle's "… lines; #489 / #491" joins them with slashes.
 */
const REFERENCES_AT_END =
  /(?:\[[^\]]*#\d+\]\([^)\s]+\)|`[^`<]*#\d+\s*<[^>\s]+>`__?|(?<![\w&])#\d+)(?:(?:\s*[,/]\s*|\s+and\s+)(?:\[[^\]]*#\d+\]\([^)\s]+\)|`[^`<]*#\d+\s*<[^>\s]+>`__?|(?<![\w&])#\d+))*[\s.)]*(?:(?::warning:|⚠\uFE0F?)[\s.]*)?$/;
const SLASHED_REFERENCES = /#\d+\s*\/\s*#\d+[\s.]*$/;
/**
 * Dagger's "…, fixing https://github.com/…/issues/12996 by @x in https://github.com/…/pull/13156": an issue's address the
 * words point at, which goes as a reference; the word that pointed goes with it.
 */
const POINTED_TRACKER_URL =
  /\b(?:fix(?:es|ing)|clos(?:es|ing)|resolv(?:es|ing)|address(?:es|ing))\s+https?:\/\/[^\s/]+\/[^\s]*\/(?:issues|pull|pulls|merge_requests)\/\d+/;
const ISSUE_THEN_HANDLE_AT_END = /\s*\(\s*#(\d+)\s*,\s*@?(?!CVE-|GHSA-)\p{L}[\p{L}_-]*\d+\s*\)(?=\s*$)/iu;
const DASHED_HANDLE_PR = /\s+[-–—]\s+@[\w-]+(?:\s*(?:,|and|&)\s*@[\w-]+)*\s+PRs?\s+(#\d+(?:\s*(?:,|and)\s*#\d+)*)(?=[*_]*\s*$)/;
/** GitHub's generated credit closing a line: " by @user in https://github.com/…/pull/123". */
const GITHUB_CREDIT_AT_END = /\s+by\s+@[\w-]+(?:\[bot\])?\s+in\s+https?:\/\/\S+\s*$/;
const LINKED_CREDIT_IN = /\s+by\s+\[@[\w-]+\]\([^)\s]+\)(?:\s*(?:,|and)\s*\[@[\w-]+\]\([^)\s]+\))*\s+in\s+(?=\[[^\]]*#\d+\]\()/g;
/** A link's words that are one name in a case of its own: "add-lib", "sync_deps", "vim.pack", "fooBar". */
const LINKED_NAME = /^(?:[a-z][a-z\d]*(?:[-_.][a-z\d]+)+|[a-z]+[A-Z]\w*)$/;
/**
 * An "in" that may have pointed at a reference, not the particle of "opt in", "log in" (a word of the change). The look
 * back comes after the word, so it is tried only where an "in" is.
 */
const POINTING_IN = String.raw`in(?<!\b(?:opts?|opted|logs?|logged|signs?|signed|checks?|checked|plugs?|plugged|built|baked)[\s,;]+in)`;
/**
 * "…, resolving" once the issue it closed went; Pixi's "… that opt in by @x in [#6526](…)" keeps its "in". Words in capitals
 * are code's, not pointers: dbplyr's "`%notin%` … is translated to `NOT IN` (#1820)".
 */
const POINTING_WORDS_AT_END = new RegExp(
  // GHCup's "Fix filtering in `ghcup list` wrt [#1354](…)": "with respect to" the issue.
  String.raw`(?:[\s,;]+\b(?:${[POINTING_IN, 'by', 'and', 'see', 'via', 'from', 'with', 'wrt', 'resolving', 'fixing', 'closing', 'addressing']
    .map((word) => `[${word[0]}${word[0]!.toUpperCase()}]${word.slice(1)}`)
    .join('|')})\b)+[\s,;]*(?=\.?$)`,
);
// Centrifugo's "Transport error mode for server HTTP and GRPC APIs … - read [more in docs](…)" likewise.
const DETAILS_LINK = /\s[–—-]\s+(?:read\s+)?\[(?:details|more|read more|more info|more in (?:the )?docs)\]\([^)\s]+\)\.?\s*$/i;
/** The words of a details link once it went, before the ids of the advisory it pointed at, if any. */
const DETAILS_WORDS_AT_END = new RegExp(
  String.raw`\s+[–—-]\s+(?:details|more|read more|more info|read more in (?:the )?docs)(?=\s*(?:\(${ADVISORY_ID_START}[^()]*\))?\.?\s*$)`,
  'i',
);
// V's "… enums (fix #21569)" once its issue went: the word that pointed at it is all that is left (Yarr's "(fix)" opening an
// item marks its kind).
const BRACKET_OF_POINTERS =
  /(?<=\S)\s*\(\s*(?:,\s*)*(?:(?:fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)(?:\s*(?:,|and))?\s*)+(?:by\s+\p{Lu}[^()]{0,60})?\)/giu;
/**
 * ramsey/uuid's "…, as reported in [#518](…) and fixed in [#522](…).", client_golang's "… support introduce in #1496", DuckDB's
 * "backport the out-of-bounds security fixes made in #23100": once the issues went, the clause that pointed at them has
 * nothing to say.
 */
const POINTING_CLAUSE_AT_END =
  /,?\s+(?:as\s+)?(?:reported|requested|discussed|described|proposed|suggested|tracked|introduced?|caused|made|landed|merged)\s+(?:in|by|at)(?:\s*(?:and|,)\s+(?:fixed|resolved|implemented|addressed|closed)(?:\s+(?:in|by))?)?[\s,;]*(?=\.?$)/i;
/** The work a reference named, once its pointing "in" went: DuckDB's "… security fixes made". */
const WORK_MADE_AT_END = /(?<=\b(?:fix(?:es)?|changes?|improvements?|work))\s+(?:made|landed|merged)(?=\s*\.?\s*$)/i;
// (Not GitHub's "… that opt in by @x in [#6526](…)", whose "in" went with the credit.)
const IN_A_REFERENCE_BRACKET = /(?<!\bby\s+@[\w-]+)\sin\s+\(?\s*(?::[a-z]+:`[^`]+`|(?:[\w.-]+\/[\w.-]+)?#\d+|\[[^\]]*#?\d+\]\([^)\s]+\))/;
const POINTER_BEFORE_QUOTE = /\b(?:fixes|closes|resolves)\s+\[[^\]]*#\d+\]\([^)\s]+\)["”]/i;
const FOR_A_REFERENCE = /\sfor\s+\[[^\]]*#\d+\]\([^)\s]+\)[\s.]*$/;
// Wails' "… in [PR](…) by @x": once the reference went, the "in" that pointed at it goes with the credit. changelogithub's
// "by @BobbieGoede and **Bobbie Goede**": a co-author without a handle, in bold, after the handles. Ocelot's "… was added
// by @erannevo in pull request #2387.": the pull request the credit points at goes with it. libsixel's "reported by @nluedtke
// and fixed by @knok": who found it, and who fixed it.
const MENTION_CREDIT = new RegExp(
  String.raw`(?:\s+${POINTING_IN}(?=\s+by\s+@))?\s*\b(?:by|thanks to|thanks|contributed by|reported by|(?<=\b(?:project|work|contribution)s?\s+)of)\s+@[\w-]+(?:\s*(?:,|and|\+|&)\s*(?:@[\w-]+|\*\*[A-Z][^*\n]{0,40}\*\*))*(?:,?\s+and\s+(?:fixed|patched|implemented|reviewed|tested)\s+by\s+@[\w-]+)*(?:\s+in\s*(?:(?:pull requests?|PRs?)(?=\s|$)\s*)?(?:#\d+(?:\s*(?:,|and)\s*#\d+)*)?)?`,
  'gi',
);
/** The entities HTML changelogs write most; what they stand for. */
export const HTML_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
  // GitLens' "the _Commit Graph_ header &mdash; the _Start New_ menu".
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
};
/** Any entity of that table, by its name. */
const HTML_ENTITY = new RegExp(`&(${Object.keys(HTML_ENTITIES).join('|')});`, 'g');
const PULL_REFERENCE = String.raw`(?:\[(?:[\w.-]+\/[\w.-]+)?#\d+\]\(https?:\/\/[^)\s]+\)|(?:[\w.-]+\/[\w.-]+)?#\d+)`;
const BY_REFERENCES = new RegExp(String.raw`\s+by\s+(${PULL_REFERENCE}(?:\s*(?:,\s*and|,|and|&)\s*${PULL_REFERENCE})*)(?=\s*(?:[.,;)]|$))`, 'gi');
/** What the passes that credit in words and close issues need in a line before they scan it. */
const BY = /by/i;
const CLOSES = /closes/i;
/** What the last pass strips from either end of a line, once it is trimmed. */
const EDGE_MARKS = '-–—:,;';
/** A person's name of one or two capitalised words. */
const PERSON = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?`;
const PEOPLE = String.raw`${PERSON}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)${PERSON})*`;
/**
 * Thanks to people by name closing a sentence's words ("… support thanks to Jane Roe and Dan, and Christof."), or the words
 * that lead into a list (liblouis' "Improvements to the Russian and other Cyrillic tables thanks to Andrey Yakuboy:").
 */
const THANKS_CLOSING = new RegExp(String.raw`(?<=\p{Ll})\s+thanks\s+to\s+${PEOPLE}(?=[.;:]|$)`, 'gu');
/** Thanks opening the words, before what was done ("Also thanks to Christof, you can now use …"). */
const THANKS_OPENING = new RegExp(String.raw`^(?:[Aa]lso\s+)?[Tt]hanks\s+to\s+${PEOPLE},\s+(?=\p{Ll})`, 'u');
/** A credit's words closing a change ("contribution from @x", "patched by"), read from the word on. */
const CREDIT_WORDS_AT_END = /\b(?:(?:a\s+)?contributions?|contributed|patch(?:ed)?)\s+(?:from|by)(?:\s+@[\w-]+(?:(?:,|\s+and|\s*&)\s*@[\w-]+)*)?\.?$/i;
// Brackets left holding only connectors once their references went, or the "!" of PowerShell's "(Thanks @jborean93!)" once
// its credit went; `()` and `[]` stay (code: `res.status()`, `T[]`).
// Kuma's "(backport of [#14510](…))" once its reference went: the words that led to it. Sōzu's "(…; RFC …, closes …)" likewise.
const EMPTY_GROUPS =
  /\((?:\s|\b(?:and|in|by|via|see|closes|fixes|resolves|refs?|cf|PRs?|RFC|backport(?:ed)? (?:of|from)|cherry[- ]pick(?:ed)? (?:of|from)|follow[- ]up (?:to|of))\b\.?|,|;|&|\/|!)+\)|\[\s+\]|\[[\s,]*,[\s,]*\)/gi;

/**
 * camino's "(as of release, not documented due to [rust-lang/rust#158466](…))" once its reference went: an aside whose
 * words end on what would have led to it says nothing left; it goes whole.
 */
const DANGLING_ASIDE = /\s*\([^()]*\s(?:due to|because of|owing to|thanks to|see|per|via)\s*\)/gi;

/** A documentation generator's link to an API member: "[`method: Page.evaluate`]", "[event: Page.close]", "[class: Foo]". */
const DOC_MARKER =
  /\[`?(?:method|property|event|class|option|param|enum|type|interface|function|attribute)\s*:\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:#\d+)?`?\](?![([:])/g;
/** A class named in square brackets after a word ("the [Locator]", "[`AbortSignal`]"), no link after it; a leading "[Router]" is a scope. */
const DOC_CLASS = /(?<=\S[ \t]+)\[`?(\p{Lu}[\p{Ll}\d_$]+(?:\p{Lu}[\p{Ll}\d_$]*)*)`?\](?![([:])/gu;
const NOT_A_CLASS = /^(?:Breaking|Security|Fix|Fixed|Feature|New|Deprecated|Removed|Internal|Experimental|Beta|Alpha|Preview|Draft|Docs?)$/;

/**
 * The readable words of a line of notes, and what it links to. Links become their text (a link
 * whose text is itself a reference, `[#123](…)` or a commit hash, is dropped from the words);
 * bare `#123` resolves against the release's repository; credits (`by @user in …`) and
 * reference-only brackets go. Markup (emphasis, code ticks, HTML) is removed, never reworded.
 */
const HANDLES_BRACKET = /\s\(([^()]{2,300})\)(?=\.?\s*$)/;
/** A closing bracket each of whose parts names someone by a handle goes; a part its links left empty names no one. */
function creditsHandles(whole: string, inside: string): string {
  const parts = inside.split(/\s*,\s*/).filter((part) => part.trim() !== '');
  const named = (part: string) => /(?:^|\s)@[\w-]+(?![\w/])/.test(part);
  if (parts.length > 0 && parts.every(named)) return '';
  // CarrierWave's "(@mshibuya [00676e2](…), [GHSA-vfmv-jfc5-pjjw](…))": the advisory stays, its author goes.
  const rest = parts.filter((part) => !named(part));
  return rest.length < parts.length && rest.every((part) => /^(?:CVE-\d{4}-\d+|GHSA(?:-[\w]{4}){3})$/i.test(part.trim())) ? ` (${rest.join(', ')})` : whole;
}
const REFERENCE_CREDIT_BRACKET =
  /\s*\(\s*(?:(?:pull requests?|PRs?|issues?|fix(?:es)?|closes|see|based on|and|both)\s*,?\s+)*by\s+(?:\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}|[\w.-]+)\s*\)/gu;
/** GitHub's emoji shortcodes with a hyphen between letters; others so written name options and fields. */
const HYPHENATED_SHORTCODES = new Set(['e-mail', 't-rex', 'non-potable_water']);
const PROFILE = new RegExp(`^${PROFILE_ADDRESS}$`);
const CREDIT_AND_REFERENCES_TAIL = /\s+[-–]\s+((?:\[[^[\]]{1,60}\]\([^)\s]+\)(?:\s*,\s*|\s+and\s+)?)+)(\*\*|__)?\.?$/;
const PULL_REQUEST_LABELS =
  /(?:\s*\((?:breaking-change|new-(?:feature|integration|platform|component)|bug-?fix|enhancement|dependencies|code-quality|cherry-picked|backport)\))+(?=[\s.]*$)/g;

const READ_MORE_LINK =
  /\s*\(\[(?:docs?|documentation|RFC[ -]?\d+|summary|details|blog(?: post)?|guide|spec(?:ification)?|announcement|discussion|tracking issue|more|release notes|changelog)\]\(([^)\s]+)\)\)|(?<=[.!?])\s*\[(?:docs?|documentation|summary|details|blog(?: post)?|guide|announcement|discussion|more)\]\(([^)\s]+)\)(?=\s*(?:\[|$))/gi;

/**
 * Whether the text ends on `mark` once the spaces and full stops closing it are left out (at most `stops` of the stops): a
 * pattern held to the end after its mark (`(?=[\s.]*$)`, `\)\s*$`) can match nowhere else, and V8 tries it at every position.
 */
export function endsOn(text: string, mark: string, stops = Number.POSITIVE_INFINITY): boolean {
  let end = text.trimEnd();
  for (let left = stops; left > 0 && end.endsWith('.'); left--) end = end.slice(0, -1).trimEnd();
  return end.endsWith(mark);
}

const CODE_SPAN = /`+([^`]*)`+/g;
/** Laravel Pint's "Adds`stdin` support": code the notes set against a word is a word of its own once its marks go. */
const spanAsWords = (_whole: string, code: string, at: number, text: string) =>
  (at > 0 && /\p{L}/u.test(text.charAt(at - 1)) && /^\p{L}/u.test(code) ? ' ' : '') + code;
/** Text without its code marks, as a reader sees it. */
export const withoutCodeMarks = (text: string) => (text.includes('`') ? text.replace(CODE_SPAN, spanAsWords).replace(/`+/g, '') : text);

const TRACKER_LEFT_ALONE = /\s*[([]\s*(GitHub|GH|PRs?|pull requests?|issues?|bugs?|tickets?|Debian|Ubuntu|Launchpad|LP|Bugzilla)(\s*)[)\]]/gi;

const TRACKED_CLAUSE =
  /,?\s+which\s+(?:was|were|is|are|has been|have been)\s+(?:tracked|discussed|reported|requested|proposed)\s+(?:in|at|by|under|on)\s+[^.!?]{0,200}?(?=[.!?](?:\s|$)|$)/i;

export const IN_WORD_EMPHASIS = /(?<=\w)<\/?(?:b|i|em|strong|u)>(?=\w)/gi;

/** Turborepo's "<Kbd>j</Kbd> and <Kbd>k</Kbd> to select tasks": a key, typed as it is, like code. */
export const KEY_TAG = /<kbd>([^<>`]{1,20})<\/kbd>/gi;

const FIXED_VIA_PULL_REQUEST =
  /\s*\b(?:fixes|closes|resolves)\s+\[#\d+\]\([^)\s]+\)(?:\s*(?:,|and)\s*\[#\d+\]\([^)\s]+\))*\s+via\s+\[(?:PR\s+)?#\d+\]\([^)\s]+\)/gi;
const GITLAB_REFERENCES = /\s*\[(?=!\d)(?:[!#]\d+)(?:\s*,\s*[!#]\d+)*\]/g;
const GITLAB_REFERENCES_IN_PARENTHESES = /\s*\((?=[^()]*!\d)\s*[!#]\d+(?:\s*,\s*[!#]\d+)+\s*\)/g;

/**
 * LicenseFinder's "… - [3bbe12f7](…/commit/3bbe12f…) - Simon Warren" without the author after its last commit link; found
 * by the link's place, as a pattern over the whole line would be tried from every letter of it.
 */
function withoutAuthorAfterCommit(text: string): string {
  const commit = text.lastIndexOf('/commit/');
  const close = text.indexOf(')', commit);
  if (close < 0 || !/\p{L}/u.test(text.slice(0, text.lastIndexOf('[', commit)).replace(/\[[^\]]*\]\([^)]*\)/g, ''))) return text;
  return COMMIT_AUTHOR.test(text.slice(close + 1)) ? text.slice(0, close + 1) : text;
}
const COMMIT_AUTHOR = /^\s+[-–—]\s+(?:\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}|[\w-]{2,39})$/u;

const CREDITED_TO =
  /;\s+(?:credit(?:s|ed)?(?:\s+to)?|thanks\s+to|(?:bug\s+|issue\s+)?(?:discovered|reported|found|fixed)\s+by)\s+\[[^\]]{2,60}\]\(https?:\/\/[^)\s]+\)(?=\.?\s*$)|\s*\(credit(?:s|ed)?(?:\s+to)?:?\s+@?[\w.-]+(?:\s+(?:and\s+)?@?[\w.-]+){0,3}\)/i;
const PERSON_OR_LINKED = String.raw`(?:\[\p{Lu}[^\]]{1,40}\]\([^)\s]+\)|\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3})`;
const FOUND_BY_PEOPLE = new RegExp(
  String.raw`\s+(?:that|which)\s+(?:was|were|has\s+been|had\s+been)\s+(?:identified|reported|discovered|found|spotted)\s+(?:in\s+[\w.-]+\s+)?by\s+${PERSON_OR_LINKED}(?:(?:,\s*|\s+and\s+)${PERSON_OR_LINKED}){0,4}(?=[.!;]|$)`,
  'gu',
);
const CLOSING_ISSUE_SENTENCE =
  /(?:([.!?])\s+(?:fix(?:es|ed)?|closes?|closed|resolves?|resolved|alleviates?|addresses?|refs?)\s+(?:issues?|bugs?|tickets?)\.?|\s*\(\s*(?:fix(?:es|ed)?|closes?|resolves?)\s+(?:issues?|bugs?|tickets?)\s*\))$/i;
/**
 * B2's AsciiDoc "Port `bootstrap.jam` to {CPP} …": Asciidoctor's attribute for "C++", which it writes out. The parser and the
 * checker both read it so.
 */
export const hasCppAttribute = (text: string) => text.includes('{') && /\{cpp\}/i.test(text);
export const withCppAttributeWritten = (text: string) => (hasCppAttribute(text) ? text.replace(/\{cpp\}/gi, 'C++') : text);

export function cleanInline(raw: string, repoBase: string | null): CleanText {
  const refs: Reference[] = [];
  const add = (ref: Reference) => {
    if (!refs.some((known) => known.url === ref.url && known.label === ref.label)) refs.push(ref);
  };
  // GitLab's merge requests ("!" and a number) and issues, named as the tracker names them (its mirror on GitHub has neither).
  const gitlabIds = (ids: string) => {
    for (const [id] of ids.matchAll(/[!#]\d+/g)) add({ kind: id.startsWith('!') ? 'pull_request' : 'issue', label: id, url: null });
    return '';
  };
  // Most lines hold little markup: each pass below first asks for a character its pattern cannot
  // match without (a link's `](`, a role's `` :` ``), which costs far less than the pattern's scan.
  // One space for a run of them, as an item's words are read (see itemInline): patterns starting with a space scan a run
  // once per character.
  let text = withAlignedTrackers(raw).replace(/[ \t]{2,}/g, ' ');
  const has = (mark: string) => text.includes(mark);
  // Norm's "[!][f][t] The way `JOIN` statements are generated …": its legend's signs, which kindOfItem reads; no words.
  if (text.startsWith('[')) text = text.replace(SIGN_TAGS, '');
  // ssh-audit's "…; credit [Bareq Al-Azzawi](https://github.com/BareqAZ).", "…; bug discovered by [Adam Russell](…)"; sslscan's
  // "(credit tetlowgm)": who made or found it.
  if (has('credit') || has(' by [')) text = text.replace(CREDITED_TO, '');
  // BeanShell's "This release fixes a remote code execution vulnerability that was identified in BeanShell by [Alvaro Muñoz](…)
  // and [Christian Schneider](…).": who found the flaw, not what was fixed.
  if (has(' by ')) text = text.replace(FOUND_BY_PEOPLE, '');
  // ldapjs' "Add StartTLS support to client (Sponsored by: DoubleCheck Email Manager)": who paid for it.
  if (has('ponsored by')) text = text.replace(/\s*\((?:sponsored|funded)\s+by:?\s+[^()]{1,60}\)/gi, '');
  text = withCppAttributeWritten(text);
  // NTP's "[Bug 2950] … format clash. perlinger@ntp.org": who made it, by address, after the change's sentence.
  if (has('@')) text = text.replace(/(?<=[.!?)])\s+[\w.+-]+@[\w-]+(?:\.[\w-]+)+\.?\s*$/, '');
  // gnuplot's "… to points in xrange   Bug #2631": the tracker's number, closing the line after a run of spaces.
  if (has('Bug #')) text = text.replace(/\s+Bug\s+#\d+\s*$/, '');
  // NiBabel's "… from URLs. (pr/1129) (CM, reviewed by MB)": the pull request, then who made and reviewed it by initials.
  if (has('(pr/')) text = text.replace(PR_SLASH_AND_INITIALS, '');
  // The Metrics Server chart's "… ([#1540](…)) _@\nseankhliao_": an italic handle closing the change, wrapped after its "@".
  if (has('_@')) text = text.replace(/\s+_@\s?[\w-]+_\s*$/, '');
  // mirage-crypto's "(OSEC-2026-15, reported by @samoht, fix 1f0bf67044e6… by @hannesm)", MUNGE's "(CVE-2026-25506,
  // bf40cc27)": in a bracket of advisories, who found it and the commit that fixed it are no words of the change.
  if (has('(') && mayNameAdvisory(text)) text = text.replace(ADVISORY_BRACKET, (_whole, inner: string) => `(${advisoryBracketParts(inner) ?? inner})`);
  // Moka's "([#574][gh-pull-0574] by [@Squadrick][gh-Squadrick])": a reference link whose definition is outside the notes given
  // reads as its words (one defined in them was resolved before).
  // (Not Rakudo's "[4d62268a][1e66a50c]": commits, bracketed one after another.)
  // (Nor Longhorn's "[BACKPORT][v1.12.1][UI]": labels in capitals, one after another.)
  if (has('][')) text = text.replace(/(?<![\]!])\[(?![0-9a-f]{6,40}\]|[A-Z][A-Z\d _-]*\])([^[\]\n]+)\]\[[\w.:/-]+\](?!\[)/g, '$1');
  // GNOME Keyring's "Set xdg:schema for secrets [!89]", "… guard pointers [!43,#36]": GitLab's references, bracketed.
  if (has('[!')) text = text.replace(GITLAB_REFERENCES, gitlabIds);
  // Radicale's "option [auth] type oauth2 by code migration from https://gitlab.mim-libre.fr/…": an address closing the change
  // takes the word that led to it when it goes.
  // (Pointers, "Details at …", "Please see …", "available from …", are told as pointers below.)
  const ledToAddress = has('://') ? text.match(/\s+(?:from|via)\s+(<?https?:\/\/[^\s<>]+>?[.!]?)$/i) : null;
  if (ledToAddress && !/\b(?:available|download\w*|install\w*|details|see|read|more|found)\b/i.test(text.slice(0, ledToAddress.index)))
    text = `${text.slice(0, ledToAddress.index)} ${ledToAddress[1]}`;
  // LicenseFinder's "Support for Ruby 3.3.x - [3bbe12f7](…/commit/3bbe12f…) - Simon Warren": after the commit, its author.
  // (Not Lit's "[#3756](…) [`f06f7972`](…/commit/…) - Drop IE11 support": the change after its references.)
  if (has('/commit/')) text = withoutAuthorAfterCommit(text);
  // ExaBGP's "Fix: parsing of SID in BGP-LS" over "patch: Denis Krienbühl": who wrote the patch, closing the change.
  if (has('patch:')) text = text.replace(/(?<=\S)\s+patch:\s+\p{L}[\p{L}\d .'’-]{1,40}$/u, '');
  // Finagle's "Deposit budget once in MethodBuilder ``PHAB_ID=D1107653``": the Phabricator review the change went through.
  if (has('PHAB_ID=')) text = text.replace(/\s*`*PHAB_ID=D\d+`*/g, '');
  // MyST-Parser's "… see [](syntax/alerts) by <gh-user:chrisjsewell> in <gh-pr:1128>": its roles for a handle and a pull
  // request read as GitHub's own "@chrisjsewell" and "#1128"; a link with no words points at the docs and says nothing.
  if (has('<gh-')) text = text.replace(/<gh-(?:pr|issue):(\d+)>/g, '#$1').replace(/<gh-user:([\w-]+)>/g, '@$1');
  if (has('[](')) text = text.replace(/,?\s+see\s+\[\]\([^)\s]*\)(?=\s|$)/g, '');
  // JMeter's xdoc changes, "<li><issue>5682</issue><pr>717</pr> Open Model Thread Group: …": its tracker's numbers in tags.
  if (has('</'))
    text = text.replace(/\s*<(pr|issue|bug)>\s*(\d+)\s*<\/\1>\s*/gi, (_whole, kind: string, number: string) => {
      add(kind.toLowerCase() === 'pr' ? pullRequestReference(number, repoBase) : issueReference(number, repoBase));
      return ' ';
    });
  // Longhorn's "[BACKPORT][v1.12.1][UI][FEATURE] V2 Data Engine Fast Cloning": the branch it was carried to and its tracker's
  // labels, in capitals (read before a pair of brackets could read as a reference link); its section says its kind.
  if (text.startsWith('[')) text = text.replace(/^(?:\[(?:BACKPORT|CHERRY-?PICK|v?\d+(?:\.\d+)+)\]\s*)+(?:\[[A-Z]{2,12}\]\s*)*(?=\S)/, '');
  // Rakudo's "… (up from 15) [4d62268a][1e66a50c]", "… NativeCall 488783a7[7a302e08][820a4a94]": the commits, bracketed, close
  // the item (read before a pair of brackets could read as a reference link).
  if (has(']')) text = closingCommitGroups(text, add, repoBase);
  // AWS CDK's "…, closes [aws-cdk/…/stack-associator.ts#L91-L95](https://github.com/…)": what the change closes, linked, whatever
  // its words.
  if (has('closes [') && has(']('))
    text = text.replace(CLOSES_LINKS_AT_END, (links: string) => {
      for (const [, url] of links.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) add(classifyUrl(url!, repoBase));
      return '';
    });
  // DataLad's "… operations.  Fixes [#6566](…) via [PR #7174](…) (by [@adswa](…))": the issue it fixes and the pull request
  // that did, references both; the words that led to them go with them.
  if (has(' via [') && has(']('))
    text = text.replace(FIXED_VIA_PULL_REQUEST, (links: string) => {
      for (const [, url] of links.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) add(classifyUrl(url!, repoBase));
      return '';
    });
  // Styler's "(#240, h/t @defndaines)": a hat tip credits someone, alone in its bracket or beside a reference.
  if (has('h/t') || has('H/T')) text = text.replace(HAT_TIP_BRACKET, '').replace(HAT_TIP, '');
  // gql.tada's changesets: "… between the CLI and the LSP Submitted by [@kitten](…) (See [#147](…))".
  if (has('ubmitted by')) text = text.replace(SUBMITTED_BY, '');
  // Igniter's "handle `children = …` in `add_new_child` (#368) by James Harton": who made it, by name, after its pull request.
  if (has(' by ')) text = text.replace(NAMED_AFTER_REFERENCE, '$1');
  // terra's NEWS: "… [#1540](…) by Kevin J Wolz", "… by Timothée Giraud [#1627](…) and fchianucci [#1646](…)", "… [#495](…) by
  // Jakub Nowosad and [#1632](…)": who made it, each beside the issue, closing the change; the issues stay.
  // CodeceptJS' "Support for APIs in Playwright (#3665) - by Egor Bodnar": who made it, after a dash.
  if (has(' by ')) text = text.replace(NAMED_AFTER_DASH, '');
  // Gifsicle's "Add support for `--dither=atkinson` (daria@darkspot.net).": whom to thank, by address, closing the change.
  if (has('@')) text = text.replace(ADDRESS_CLOSING, '');
  if (has(' by ') && has('](')) text = text.replace(LINKED_ISSUES_CREDITED, (credits: string) => ` ${credits.match(ISSUE_LINK_GLOBAL)!.join(' ')}`);
  // jsdom's "Added `customElements.getName()`. (mash-graz)": a contributor's name in brackets after the sentence's stop.
  if (has('.') && has(')')) text = text.replace(NAME_AFTER_STOP, '');
  if (has('bd>')) text = text.replace(KEY_TAG, '`$1`');
  // httplib2's "IMPORTANT security vulnerability CWE-93 CRLF injection": the shout before the words is no word of the change.
  if (has('IMPORTANT') || has('URGENT')) text = text.replace(/^(\s*)(?:IMPORTANT|URGENT)!?\s+(?=\p{Ll})/u, '$1');
  // GNU NEWS quotes a name as `F' (sed's "New command `F' to print current input file name"): a backtick opens it, an
  // apostrophe closes it.
  // (Only where every backtick opens such a name: "`web: '>=0.5.0 <2.0.0'`" is a code span holding quotes.)
  if (has("'") && has('`')) {
    const quoted = text.match(GNU_QUOTED);
    if (quoted && quoted.length === text.split('`').length - 1) text = text.replace(GNU_QUOTED, '`$1`');
  }
  // libjxl's "… pipeline. (#4495 - [CVE-2025-12474](…))": a dash after the pull request's number parts the references as a
  // comma does.
  if (has('(#')) text = text.replace(/\((#\d+)\s+[-–]\s+(?=\S)/g, '($1, ');
  // WirePlumber's "… on mobile devices (!722, !729, #819)": GitLab's references, in parentheses.
  if (has('!') && has(',')) text = text.replace(GITLAB_REFERENCES_IN_PARENTHESES, gitlabIds);
  // KeePassDX's "Improved security #2480-#2489": a range of issues closing the words, read as the issues at its two ends.
  if (has('-#') || has('–#')) text = text.replace(/(#\d+)[-–](#\d+)(?=[\s.]*$)/, '$1 $2');
  // hiredis' "Support for RESP3 [\#697](…), [\#805](…), [more](…pulls?q=…)": an issue's number with its mark escaped is the
  // number, and a link to more of them ("more", "and more") points at the tracker, no word of the change.
  if (has('[\\#')) text = text.replace(/\[\\#(\d+)\]/g, '[#$1]');
  if (has('more](')) text = text.replace(/(?:,\s*|\s+)(?:and\s+)?\[(?:and\s+)?more(?:\s+\w+){0,2}\]\([^)\s]*\)/gi, '');
  // System.Linq.Dynamic.Core's "Fix CVE-2024-51417 [bug] contributed by …": the tracker's label of the change, not its words.
  if (has(']'))
    text = text.replace(
      /\s+\[(?:bug|bugfix|feature|enhancement|improvement|docs?|documentation|breaking(?: change)?|regression|refactor(?:ing)?|question|API|NEW)\](?=[\s.,;]|$)/gi,
      '',
    );
  // coverlet's "Fix [BUG] Crash during instrumentation": the issue's title after the tag starts with a capital a sentence gives
  // it; after "Fix" it is a fault's common word.
  if (has('Fix') || has('fix'))
    text = text.replace(
      /^(\s*fix(?:e[sd])?\s+)(Crash|Wrong|Missing|Incorrect|Broken|Error|Unexpected|Invalid|Race|Deadlock|Hang|Failure|Memory)(?=\s+\p{Ll})/iu,
      (_whole, verb: string, word: string) => `${verb}${word.toLowerCase()}`,
    );
  // gix's "… implemented in `gix-transport` via [this PR](…) which prevents …": a pointer at the link, no words of the change
  // once the link is a reference.
  if (has('this ') || has('This '))
    text = text.replace(/\s+(?:via|in|with|from|by|see)\s+\[(?:this|that)\s+(?:PR|pull request|commit|change|patch)\]\([^)\s]*\)/gi, '');
  // wasm-pack's "**Add option to skip optimization with wasm-opt - [sisou], [pull/1321]**": after a dash, who made the change
  // (a link to their profile) and its issues and pull requests; references, no words of the change.
  // Storybook's "CLI: Fix `yarn` detection - [#29448](…), thanks @ndelangen!": who is thanked after the pull request goes first.
  if (has('thanks @') && has('](')) text = text.replace(THANKS_AFTER_LINK, '$1');
  if (has(' - [') || has(' – ['))
    text = text.replace(CREDIT_AND_REFERENCES_TAIL, (whole, links: string, closing = '') => {
      const urls = [...links.matchAll(/\]\(([^)\s]+)\)/g)].map((link) => link[1]!);
      const references = urls.filter((url) => !PROFILE.test(url)).map((url) => classifyUrl(url, repoBase));
      if (references.length === 0 || references.some((ref) => ref.kind !== 'issue' && ref.kind !== 'pull_request' && ref.kind !== 'commit')) return whole;
      for (const ref of references) add(ref);
      return closing;
    });
  // MyST's roles (pip-tools' "-- by {user}`Dzhud`", "{issue}`1142`") are reStructuredText's, written another way.
  if (has('}`')) text = text.replace(/(?<=^|[\s(])\{([a-z][\w:-]*)\}`(?=[^`\s][^`]*`)/g, ':$1:`');
  // WordPress plugins credit with "props": ElasticPress' "New Sync page. Props [@JakePT](…), and [@MARQAS](…) via [#3657](…)",
  // Safe SVG's "(props [@dkotter](…) via [GHSA-3vr7-86pg-hf4g](…))", Stream's ", props [@Lucisu](…) via [Patchstack](…)".
  // The people go, and whatever the thanks came through unless it is a reference.
  // After the sentence's stop, its references are kept as references, not words.
  if (has('rops'))
    text = text.replace(PROPS_CREDIT, (_whole, via: string | undefined, stop: string | undefined, at: number, whole: string) => {
      const referenced = via !== undefined && /#\d|GHSA-|CVE-/.test(via);
      if (referenced && /[.!?]\s*$/.test(whole.slice(0, at))) {
        for (const [, url] of via.matchAll(/\]\(([^)\s]+)\)/g)) add(classifyUrl(url!, repoBase));
        return '';
      }
      return `${referenced ? ` ${via}` : ''}${stop ?? ''}`;
    });
  // xtensor's "`# 2768 https://github.com/xtensor-stack/xtensor/pull/2768`" on the line under its change: the pull request, in code.
  if (has('`#'))
    text = text.replace(/\s*`#\s?\d+\s+(https?:\/\/[^`\s]+)`/g, (_whole, url: string) => {
      add(classifyUrl(url, repoBase));
      return '';
    });
  // zap's "[#1071][]: Add `zap.Objects` …": an issue's reference-style link is the issue, read as its bracket alone.
  if (has('][')) text = text.replace(/(?<![\w\]`])\[(#\d+)\]\[[^[\]]*\](?!\()/g, '[$1]');
  // Cerbos' "#**BREAKING**# Switch to ContextEval …": AsciiDoc's highlight around the mark, which the kind already says.
  if (has('#**')) text = text.replace(/(^|\s)#\*\*(?:BREAKING|DEPRECATED|EXPERIMENTAL)\*\*#\s*/gi, '$1');
  // Fail2Ban's "(gh-3487)" and "(fallback to local libraries …, gh-3487)": its tracker's issues, references.
  if (has('gh-'))
    text = text.replace(/\s*\(\s*gh-\d+(?:\s*,\s*gh-\d+)*\s*\)|,\s*gh-\d+(?=\s*\))/gi, (ids) => {
      for (const [number] of ids.matchAll(/\d+/g)) add(issueReference(number, repoBase));
      return '';
    });
  // cloud-init's "(GH: 5364)", "(LP: #1979)": its trackers' issues by the tracker's name and a colon.
  if (has(': ')) text = text.replace(/\s*\(\s*(?:GH|LP)\s*:\s*#?\d+(?:\s*,\s*#?\d+)*\s*\)/g, '');
  // Melody's "Add `Sessions` to get all sessions (PR-53).": its pull request, by the tracker's prefix and a dash.
  if (has('(PR-'))
    text = text.replace(/\s*\(PR-(\d+)(?:\s*,\s*PR-\d+)*\)/g, (ids: string) => {
      for (const [number] of ids.matchAll(/\d+/g)) add(pullRequestReference(number, repoBase));
      return '';
    });
  // libopenmpt's "(r25623, r25645)": the Subversion revisions of the fix.
  // Subversion's "(r1918138, -39)": a revision, and one more written by the digits that differ.
  if (has('(r')) text = text.replace(/\s*\(\s*r\d{4,}(?:\s*,\s*(?:r\d{4,}|-\d{1,6}))*\s*\)/g, '');
  // libevent's "(be3acd7c Azat Khuzhin)", "(f0ded5f3, 48e04887 Enji Cooper)" closing each change: its commits and who made them.
  if (has('(') && endsOn(text, ')', 1) && /\([0-9a-f]{7}/.test(text))
    text = text.replace(/\s*\((?=[0-9a-f]*\d)[0-9a-f]{7,12}(?:\s*,\s*[0-9a-f]{7,12})*\s+\p{L}[\p{L}.'’ -]{1,40}\)(?=\s*\.?\s*$)/u, '');
  // WTForms' "⚠️breaking change⚠️: `iter_choices` now returns …": the mark, which the kind says.
  if (has('⚠')) text = text.replace(/⚠\uFE0F?\s*breaking changes?\s*⚠\uFE0F?:?\s*/gi, '');
  text = withHyphenatedCves(text);
  // Suricata's Redmine list, "Segfault when not anchored to a sticky buffer(HIGH - CVE 2025-59148)": the tracker's grade
  // joined to the id in capitals; the id is what a reader looks up.
  if (has('CVE-')) text = text.replace(/\s*\((?:CRITICAL|HIGH|MEDIUM|MODERATE|LOW)\s+[-–—]\s+(CVE-\d{4}-\d{4,})\)/g, ' ($1)');
  // Vendure's "… [CVE-2026-25050]": an advisory's id in square brackets, written as other notes write it; OAuthenticator's
  // "fixing [CVE-2026-33175]" names it as what was fixed, no aside.
  if (has('[CVE-'))
    text = text.replace(/(?<=(\S+)\s+|^)\[(CVE-\d{4}-\d{4,})\](?!\()/g, (_whole, before: string | undefined, id: string) =>
      before && /^(?:fix(?:e[sd]|ing)?|address(?:e[sd]|ing)?|patch(?:e[sd]|ing)?|resolv(?:e[sd]?|ing)|for|of|see)$/i.test(before) ? id : `(${id})`,
    );
  // python-kasa's "Experimental support for Kasa cameras[^1]": a footnote's mark, its words told elsewhere.
  if (has('[^')) text = text.replace(/\[\^[\w-]+\](?!:)/g, '');
  // sing-box's "Add multi network dialing **6**": a footnote's number in bold, its note a section below.
  if (has('**')) text = text.replace(/\s+\*\*\d{1,2}\*\*(?=[.!]?\s*$)/, '');
  // OPNsense's "python fix for CVE-2025-4516[5]", ReaR's "the [26]merge of /usr/bin", "See [27]https://…": a text browser's
  // numbered link marks, glued to what they link (after a number, or before a word or an address), listed at the end.
  // (Its lookbehinds come first, which V8 tries at every position: a bracketed number is looked for first.)
  if (has('[') && /\[\d{1,3}\]/.test(text)) text = text.replace(/(?<=\d)\[\d{1,3}\](?=[\s.,;:)]|$)|(?<=^|[\s(])\[\d{1,3}\](?=\p{L}|https?:)/gu, '');
  // GitHub's alert, "> [!WARNING]" over "> This release fixes a vulnerability …": its kind of box, not a word of it.
  if (has('[!')) text = text.replace(/^\s*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/i, '');
  // Doxygen's "GLFW now provides the @ref glfwGetEGLConfig native access function": the command links the name after it.
  // PLUMED's "\ref PBMETAD now supports …" writes the command with a backslash; Urho3D's "%BillboardSet" keeps a name
  // unlinked.
  if (has('@ref') || has('\\ref')) text = text.replace(/(^|[\s(])[@\\]ref\s+(?=[\w:#.]+)/g, '$1');
  // (Not Perl's "%LAST_PAREN_MATCH" nor zsh's "%F": a hash and a prompt escape.)
  if (has('%')) text = text.replace(DOXYGEN_UNLINKED, '$1');
  // tpm2-tss' "Fixes: GHSA-q759-vqg7-8rc5 CVE-ID requested": where the CVE id stands, not a word of the fix.
  if (has('CVE')) text = text.replace(/\s+\(?CVE(?:[- ]IDs?)?\s+(?:requested|pending|to be assigned|TBD)\)?\.?\s*$/i, '');
  // Vendure's conventional-changelog "**core** Prevent account enumeration …": the scope in bold, then the change.
  if (has('**')) text = text.replace(/^(\s*(?:[-*+]\s+)?)\*\*([a-z][\w./-]{1,30})\*\*\s+(?=\p{Lu})/u, '$1$2: ');
  // PyMC3's "Changed shape behavior: __No longer collapse length 1 vector shape into scalars.__" (see UNDERSCORE_BOLD).
  if (has('__')) text = text.replace(UNDERSCORE_BOLD, '$1');
  // Libcloud's "… login. [Veith Röthlingshöfer - @RunOrVeith]": a name and a handle in square brackets closing the item.
  if (has('- @')) text = text.replace(/\s*\[\p{Lu}[\p{L}'’.-]*(?:\s+[\p{L}'’.-]+){0,3}\s+-\s+@[\w-]+\]\s*$/u, '');
  // Libreswan's "pluto: Do not crash on ipcomp expiry msg [Andrew]": a name in square brackets closing the item credits its author,
  // with the "by" Liquid's "Add strict2_parse to assign and capture tags by [Alok Swamy]" leads it with.
  if (has('[') && endsOn(text, ']', 0))
    text = text.replace(/(?:\s+by)?\s+\[(\p{Lu}\p{Ll}+(?:\s\p{Lu}[\p{Ll}.]*){0,2})\]\s*$/u, (whole, name: string) =>
      BRACKET_TAG_WORD.test(name) ? whole : '',
    );
  // netCDF-C's "… by  @@WardF in https://…": a handle written with its mark twice is still a handle.
  if (has('@@')) text = text.replace(/(^|[\s([])@@(?=[\w-])/g, '$1@');
  // Lefthook's "by [@mrexox]()": a handle linked nowhere is a handle; cargo-dist's "impl @Gankra [Add …](…)", "impl @EliteTK +
  // @gankra …": who implemented it, before the pull request's title.
  if (has('[@')) text = text.replace(/\[(@[\w-]+)\]\(\s*\)/g, '$1');
  // Active Admin's "… Injection. [#8167] by [@mgrunberg]", its link defined where the cut notes end: a handle in brackets.
  // python-dotenv's "… by [@bbc2] in [790c5c0]": the commit it came in goes with whoever made it.
  if (has('by [@')) text = text.replace(/\s*\bby\s+\[@[\w-]+\](?:\s*(?:,|and|&)\s*\[@[\w-]+\])*(?:\s+in\s+\[[#\w.-]+\](?:\([^)\s]*\))?)?(?!\()/g, '');
  if (has('impl @')) text = text.replace(/^(\s*)impl\s+@[\w-]+(?:\s*(?:\+|,|&|and)\s*@[\w-]+)*\s+(?=\S)/i, '$1');
  // ChucK's "=> This release contains …": an arrow leading a paragraph marks it as a bullet would, it says nothing.
  if (has('=>')) text = text.replace(/^(\s*)=>\s+(?=\p{L})/u, '$1');
  // "by @renovate[bot]": a bot's handle with its mark is a handle.
  if (has('[bot]')) text = text.replace(/(@[\w-]+)\[bot\]/g, '$1');
  // Kotlin's "<web-summary>…</web-summary>": a custom element's tags (their names hold a dash) are markup; their words stay.
  // So are cargo-smart-release's self-closing "<csr-id-18b2921…/>" and "<csr-read-only-do-not-edit/>".
  // Shoelace's "`<sl-select>`", in code, names the component the change is about.
  if (has('-') && has('<'))
    text = text.replace(/<\/?[a-z][a-z\d]*-[\w-]*(?:\s[^<>]*)?\/?>/g, (tag, at: number, whole: string) =>
      whole.charAt(at - 1) === '`' && whole.charAt(at + tag.length) === '`' ? tag : ' ',
    );
  // Taskwarrior's "TW #2732 Fix urgency …": a tracker's key before the number is part of the reference.
  if (has(' #')) text = text.replace(/^(\s*(?:[-*+]\s+)?)[A-Z]{2,6}\s+(?=#\d+\s+[\p{Lu}`])/u, '$1');
  // which-key's "desc in \"&lt;nop&gt;\" keymaps": entities are the characters they stand for; CKEditor's "the `&nbsp;`
  // character", one alone in code, is its name.
  if (has('&'))
    text = text.replace(HTML_ENTITY, (entity, name: string, at: number, whole: string) =>
      whole.charAt(at - 1) === '`' && whole.charAt(at + entity.length) === '`' ? entity : HTML_ENTITIES[name]!,
    );
  // AnkiDroid's "It&#8217;s new version time!", "etc&#8230;&#8203;": an entity by its code point (a zero-width space is nothing).
  if (has('&#'))
    text = text.replace(/&#(?:(\d{2,7})|x([\da-f]{2,6}));/gi, (whole, decimal: string | undefined, hex: string | undefined) => {
      const point = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
      if (point === 0x200b || point === 0xfeff) return '';
      return point > 0x10ffff ? whole : String.fromCodePoint(point);
    });
  if (has('<!--')) text = text.replace(/<!--.*?-->/g, ' ');
  // Tridactyl's "(…, but I forgot :( )": an emoticon says a mood, and its bracket would open an aside that never closes.
  if (has(':') || has(';')) text = text.replace(/\s[:;]-?[()DPp](?=\s|\)|$)/g, '');
  // ratatui's "… by `@joshka` in [#2561](…)": a handle written as code after "by" is still a credit (`@AcmeType` alone is code).
  if (has('`@')) text = text.replace(/\bby\s+`(@[\w-]+)`/g, 'by $1');
  // highlight.js' "Exponential backtracking fixes for: [Josh Goebel][]": a colon that leads only to a person's profile
  // leads to a credit; both go.
  if (has(':') && has('](https://github.com/')) text = text.replace(COLON_THEN_PROFILES, '');
  // MySqlConnector's "Add opt-in stable OpenTelemetry semantic conventions: [#1435](…).": the colon only led to the reference.
  // (Not the colon closing Flipt's ":tada:" before its issue's link: that shortcode goes whole, below.)
  if (has(':') && has('](')) text = text.replace(/(?<!(?:^|\s):[a-z0-9_+-]+):((?:\s*\[[^\]]+\]\(https?:\/\/[^)\s]+\),?)+\.?\s*)$/, '$1');
  // GRDB's "… by [@groue](…) in [#1598](…) and [#1634](…)": once the references at the end went, the words that led to them go too.
  // DuckDB's "backport the out-of-bounds security fixes made in #23100 by @Tishj in https://…/pull/23197": before GitHub's
  // credit, the words end on a reference too.
  const endsWithReferences =
    (raw.includes('#') && REFERENCES_AT_END.test(raw.replace(GITHUB_CREDIT_AT_END, ''))) || (raw.includes('://') && POINTED_TRACKER_URL.test(raw));
  // Dagger's "… function by @x in https://…/pull/12923 \" over "Each generated `check` …": a backslash closing a line is
  // Markdown's line break, the end of the change's title.
  if (has(' \\ ')) text = text.replace(/(?<=[^\s.!?:;])\s+\\\s+(?=\p{Lu})/gu, '. ').replace(/(?<=[.!?:;])\s+\\\s+(?=\p{Lu})/gu, ' ');
  // Asterisk's "- #### http.c: Change httpstatus …" over its paragraph: a heading's marks inside a bullet title the item.
  if (has('# ')) text = text.replace(/^(\s*(?:[-*+]\s+)?)#{1,6}\s+(?=\S)/, '$1');
  // Lets-Plot's "… package refactoring.\" over "As a result …": a backslash closing a line (glued to its last word) is
  // Markdown's line break, nothing a reader sees.
  if (has('\\ ')) text = text.replace(/(?<=[^\s\\])\\\s+(?=[\p{L}`([])/gu, ' ');
  // Escaped Markdown (`\[`, `\_`) reads as the character itself; Node's commit lists escape their brackets.
  if (has('\\')) text = text.replace(/\\([[\]\\`*_#|<>()-])/g, '$1');
  // Okio's "to [Kotlin 2.1.21][kotlin_2_1_21]" cut from a changelog whose link definitions close the file: a reference link
  // with no definition is its words ("a[0][1]", indexing in code, is none).
  // (eslint-plugin-react's "[require-default-props][]: add option …": the rule's name, a label before its colon.)
  if (has('][')) text = text.replace(/(?<![\w\]`])\[([^[\]]*\p{L}[^[\]]*)\]\[[^[\]]*\](?!\(|:\s*(?:https?:|<|\/|$))/gu, '$1');
  // Playwright's doc links ("[`method: Page.evaluate`]", "[property: TestConfig.retryStrategy]", "[`method: Foo.bar#1`]", a
  // class "[Locator]" after a word): names in code, without the kind or the overload's index.
  if (has('[')) {
    text = text.replace(DOC_MARKER, (_whole, name: string) => `\`${name}\``);
    // (DOC_CLASS opens on a lookbehind, which V8 tries at every position: its bracket and capital are looked for first.)
    if (/\[`?\p{Lu}/u.test(text)) text = text.replace(DOC_CLASS, (whole, name: string) => (NOT_A_CLASS.test(name) ? whole : `\`${name}\``));
  }
  // xonsh's "… what is returned by [xonsh.platform.bash_command]{.title-ref}": pandoc's rendering of reStructuredText's default
  // role, a name in code; its words stay (they went with the attribute list below, leaving "returned by.").
  if (has('{.title-ref}')) text = text.replace(/\[((?:[^[\]]|\[[^[\]]*\])+)\]\{\.title-ref\}/g, '`$1`');
  // FastStream's "[#2092](…){.external-link target="_blank"}": Python-Markdown's attribute list styles the link, says nothing;
  // so does a heading's id, escaped in Rspack's MDX ("### Support for `import.meta` \{#import-meta}"), and kramdown's list
  // after a colon ("#### Important {: .error}", ExDoc's admonitions).
  if (has('{')) text = text.replace(/\\?\{:?\s*[.#][\w-]+(?:\s+(?:[.#][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}"'][^\s}]*)))*\s*\}/g, '');
  // FastMCP's "Support async auth checks by [@jlowin](…) in [#3152](…)": GitHub's credit with its links, whose "in" only led
  // to the pull request ("checks in" would otherwise read as the verb's particle once the link went).
  if (has('](') && BY.test(text)) text = text.replace(LINKED_CREDIT_IN, ' ');
  if (has('](') && BY.test(text)) text = text.replace(PROFILE_CREDIT, ' ');
  // gensim's "… __[julianpollmann](https://github.com/julianpollmann)__, [#3629](…)", mistyped "__(julianpollmann](…)__" too:
  // a profile in bold credits its author.
  if (has('](https://github.com/') && (has('__') || has('**'))) text = text.replace(BOLD_PROFILE_CREDIT, ' ');
  if (has('/commit/') && endsOn(text, ')', 0)) text = text.replace(PROFILE_BEFORE_COMMITS, ' ');
  if (has('](https://github.com/') && endsOn(text, ')', 0))
    text = text
      .replace(BRACKETED_PROFILES_CLOSING, '')
      .replace(DASHED_PROFILE_CREDIT, ' ')
      .replace(PROFILE_AFTER_WORDS, ' ')
      .replace(PROFILE_CLOSING_WORDS, '');
  // WordPress's "… support by [#439](…)." and "by [#828](…) and [#830](…).": a "by" followed only by references names the
  // pull requests that made the change, a credit; the references stay, the "by" goes.
  if (has('#') && BY.test(text)) text = text.replace(BY_REFERENCES, (_whole, run: string) => ` ${run.match(new RegExp(PULL_REFERENCE, 'g'))!.join(' ')}`);
  // Kando's "**:collision: The Hyprland backend**": a shortcode opening bold words is one too.
  // (Docutils' "options :start-after: and :end-before:" are a directive's options: words joined by a hyphen are a name, as
  // no shortcode is but a few.)
  if (has(':'))
    text = text
      .replace(/(^|\s):([a-z0-9_+-]+):(?=\s|$)/g, (whole, space: string, name: string) =>
        /[a-z]-[a-z]/.test(name) && !HYPHENATED_SHORTCODES.has(name) ? whole : space,
      )
      .replace(/(^|\s)\*\*:[a-z0-9_+-]+:\s+(?=\S)/g, '$1**');
  // An HTML link is a Markdown link by another name.
  if (has('<'))
    text = text.replace(
      /<a\s[^>]*?href="(https?:\/\/[^"]+)"[^>]*>(.*?)<\/a>/gi,
      (_whole, url: string, label: string) => `[${label.replace(/<[^>]+>/g, '')}](${url})`,
    );
  // reStructuredText links (`` `#123 <url>`_ ``) are Markdown links by another name, read as such below.
  if (has('`')) text = text.replace(/`([^`<]*?)\s*<(https?:\/\/[^>\s]+)>`__?/g, (_whole, label: string, url: string) => `[${label.trim() || url}](${url})`);
  // NSS's headings "`Distribution Information <#distribution_information>`__": a link to the page's own anchor is its words.
  if (has('<#')) text = text.replace(/`([^`<]+?)\s*<#[^>\s`]*>`__?/g, '$1');
  // NSS's "Bug 1995512 - Support for NIST Curves compressed points.": the tracker's bug number leads the change's words.
  if (has('Bug ')) text = text.replace(/^Bug\s+\d{4,8}\s+[-–—]\s+(?=\S)/, '');
  if (has('_')) text = namedReferencesAsWords(text);
  // towncrier's "-- by :user:`bdraco`", ESPHome's "by :ghuser:`kbx81`": the people who made a change are credits, not words of it.
  // virtualenv's "- by user::`LuNoX`": the role mistyped is the same credit.
  // Quod Libet's "… requires Python 3.10+ :pr:`4400` (:user:`Nick Boultbee <declension>`), and supports …": a bracket of
  // credits alone, wherever it stands.
  // django-money's "(:github-user:`antonagestam`, :github-user:`flaeppe`)" likewise, by its own role's name.
  if (has('(:')) text = text.replace(/\s*\(\s*:(?:github-)?user:`[^`]+`(?:\s*(?:,|and|&)\s*:(?:github-)?user:`[^`]+`)*\s*\)/g, ' ');
  if (has('user:')) text = text.replace(/(?:\s*(?:--?|—|–))?\s*\bby\s+:?(?:gh-?)?user::?`[^`]+`(?:\s*(?:,|and)\s*:(?:gh-?)?user:`[^`]+`)*/gi, ' ');
  // anndata's "Remove `AnnData.concatenate` {user}`ilan-gold` ({pr}`2370`)", pip-tools' "… 26.1 -- {user}`gaborbernat`.": the
  // role names its author wherever it stands.
  if (has('user:`')) text = text.replace(/(?:\s*(?:--?|—|–))?\s*:(?:gh-?|github-)?user:`[^`]+`(?:\s*(?:,|and|&)?\s*:(?:gh-?|github-)?user:`[^`]+`)*/g, ' ');
  // Rover's "**Add `--graph-ref` flag to `rover dev` - @dotdat PR #1984**": after a dash, its author's handle and the pull
  // request; the handle goes, the pull request stays a reference.
  if (has('@') && has('PR'))
    text = text.replace(DASHED_HANDLE_PR, (_whole, numbers: string) => {
      for (const [, number] of numbers.matchAll(/#(\d+)/g)) add(issueReference(number!, repoBase));
      return '';
    });
  // rbw's "Steam Guard TOTP secrets are now supported. (#250, nikp123)": the issue, then the handle of who made the change.
  if (has('(#') && has(','))
    text = text.replace(ISSUE_THEN_HANDLE_AT_END, (_whole, number: string) => {
      add(issueReference(number, repoBase));
      return '';
    });
  // mitmproxy's "… bound to localhost only, but @gronke found that an attacker can …": who found it is a credit; what they
  // found is the change's.
  if (has('@')) text = text.replace(/@[\w-]+\s+(?:found|discovered|noticed|reported|observed|pointed out)\s+that\s+/gi, '');
  // Pods' "… (HaoNH @haoit, Nhien Pham @nhienit - GalaxyOne, @sc0ttkclark)": a closing bracket each of whose parts names
  // someone by a handle credits them.
  if (has('@') && has(')')) text = text.replace(HANDLES_BRACKET, creditsHandles);
  // ESPHome's "… (new-integration) (breaking-change)": the labels its pull request had on the tracker, not the change's words.
  if (has('-') && has(')')) text = text.replace(PULL_REQUEST_LABELS, '');
  // "(cf. [Migration guide](…))": a pointer to more reading is a reference, not part of the change.
  if (has('](') && has('('))
    text = text.replace(/\(\s*(?:cf\.?|see(?: also)?|details in)\s+\[[^\]]+\]\((https?:\/\/[^)\s]+)\)\s*\)/gi, (_whole, url: string) => {
      add(classifyUrl(url, repoBase));
      return ' ';
    });
  // Ivy's "Fixes a Security Vulnerability, see [the scurity page](…) for details.": where to read more, closing the words, a
  // reference (an advisory's id stays a word of the fix).
  if (has('](') && /\bsee\s+\[/i.test(text))
    text = text.replace(
      /,\s*\bsee\s+\[(?![^\]]*(?:CVE|GHSA)-)[^\]]{1,60}\]\((https?:\/\/[^)\s]+)\)\s+for\s+(?:more\s+|further\s+)?(?:details|information|info)(?=\s*[.!]?\s*$)/gi,
      (_whole, url: string) => {
        add(classifyUrl(url, repoBase));
        return '';
      },
    );
  // effectful's "… quirks (see https://gitlab.haskell.org/ghc/ghc/-/issues/25520 for more information).": where to read more,
  // by its address alone, is a reference.
  if (has('(') && has('http') && /\(\s*(?:see|cf)\b/i.test(text))
    text = text.replace(
      /\s*\(\s*(?:see|cf\.?)\s+<?(https?:\/\/[^\s<>()]+)>?(?:\s+for\s+(?:more\s+|further\s+)?(?:details|information|info|context))?\s*\)/gi,
      (_whole, url: string) => {
        add(classifyUrl(url, repoBase));
        return '';
      },
    );
  // mcMMO's "… being ignored (See notes)": a pointer within the notes, which a post is read without.
  if (has('(') && /\(\s*(?:see|cf)\b/i.test(text)) text = text.replace(/\s*\(\s*(?:see|cf\.?)\s+(?:the\s+)?(?:notes?|below|above)\s*\)/gi, '');
  // Cargo's "… has been stabilized. ([RFC 3389](…)) ([docs](…))": a bracketed link to where to read more is a reference;
  // xUnit.net's "xUnit.net Analyzers `1.23.0` ([release notes](/releases/analyzers/1.23.0))" likewise.
  // So is "… for consistency. [summary](…)" after the sentence.
  if (has('](') && /\[(?:docs?|documentation|rfc|summary|details|blog|guide|spec|announcement|discussion|tracking|more|release notes|changelog)/i.test(text))
    text = text.replace(READ_MORE_LINK, (_whole, bracketed: string | undefined, after: string | undefined) => {
      const url = bracketed ?? after ?? '';
      if (/^https?:\/\//.test(url)) add(classifyUrl(url, repoBase));
      return ' ';
    });
  // Org-mode's code, `~transient-delimiter~` (Transient's changelog), is code as backticks are.
  if (has('~')) text = text.replace(/(?<![\w~`])~([^\s~][^~`]{0,80}?)~(?![\w~])/g, (_whole, name: string) => (/\s$/.test(name) ? _whole : `\`${name}\``));
  const code = has('`') ? [...text.matchAll(/`+([^`]+)`+/g)].map((match) => match[1]!.trim()).filter(Boolean) : [];
  // pywebview's "- `All` Display scaling support …" beside "`Cocoa`", "`GTK`": a tag for every platform names none.
  // (Read as a scope by then, "`All`: Display …".)
  if (text.startsWith('`All`')) text = text.replace(/^`All`:?\s+(?=\S)/, '');
  // SSHJ's "Merged https://…/pull/903[#903]: Fix for writing …": the verb says the pull request leading the change was merged,
  // no word of the change.
  if (has('Merged [')) text = text.replace(/^(\s*)Merged\s+(?=\[[#!]?\d+\]\(https?:\/\/[^)\s]+\/(?:pull|merge_requests)\/\d+\)\s*:\s)/, '$1');
  // K8ssandra's "[Metrics Collector for Apache Cassandra (MCAC)](Metrics Collector for Apache Cassandra)": a link whose
  // target is words, no address, leads nowhere; its label is what the notes say.
  if (has('](')) text = text.replace(/\[((?:[^[\]]|\[[^\]]*\])+)\]\((?![a-z][\w+.-]*:|[#/.])([^()]*\s[^()]*)\)/gi, '$1');
  if (has('](')) {
    // Mastodon's "([ClearlyClaire](…/pull/25058), [renchap](…/pull/25216))": the names credit authors, the links are the references.
    text = text.replace(CREDIT_LINKS, (group) => {
      // "([a51eff7](…/commit/…))" is a reference the link pass reads in its order; only names are credits.
      const labels = [...group.matchAll(/\[([\w.-]+)\]/g)].map((match) => match[1]!);
      if (labels.some((label) => SHA.test(label) || /^\d+$/.test(label))) return group;
      for (const [, url] of group.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) add(classifyUrl(url!, repoBase));
      return ' ';
    });
    // Open OnDemand's "… of `selinux-policy` in [5497](…/pull/5497).": the "in" that led to a pull request by its number.
    text = text.replace(/\s+in\s+(?=\[\d+\]\(https?:\/\/[^)\s]+\/(?:pull|issues)\/\d+\))/g, ' ');
    text = text.replace(LINK, (whole, label: string, url: string, at: number, source: string) => {
      if (whole.startsWith('!')) return ' ';
      if (!/^https?:\/\//.test(url)) return label;
      // Auth0's "([fern-api[bot]](https://github.com/apps/fern-api))": a GitHub App's page names the bot that made the change.
      if (/^https?:\/\/github\.com\/apps\/[\w-]+\/?$/.test(url)) return ' ';
      const ref = classifyUrl(url, repoBase);
      // Nextcloud News' "<a href=…/pull/1603>!1603 - Automatically trigger sync …</a>": the number, then the change it titles.
      // Slim's "[3180: Declare types](…/pull/3180)" likewise, its number without a mark.
      const titled = label.match(/^\s*[#!]\d+\s+[-–:]\s+(\S.*)$/s) ?? label.match(/^\s*\d+:\s+(\S.*)$/s);
      if (titled && (ref.kind === 'pull_request' || ref.kind === 'issue')) {
        add(ref);
        return titled[1]!;
      }
      // Pulsar credits "[@ Drsheppard01](…)", a space after the mark. changelogithub links each change's commit as
      // "[<samp>(debbe)</samp>](…/commit/debbe13e)": the hash, in a sample tag and brackets.
      const bare = label
        .replace(/[`*_]/g, '')
        .replace(/<\/?(?:samp|code|kbd|tt)>/g, '')
        .trim()
        .replace(/^\(([0-9a-f]{4,40})\)$/, '$1')
        .replace(/^@\s+(?=[\w-]+$)/, '@');
      // GitLab names a merge request "!6838".
      // Dapr's "[1033](https://github.com/dapr/java-sdk/pull/1033)", HashiCorp's "[GH-1379](…/pull/1379)": a number or a tracker
      // key linked to a pull request or issue is its reference.
      // Firefly III's "[Issue 12426](…/issues/12426)": a tracker's word and number, no "#".
      const numbered =
        // Wails' "in [PR](…/pull/5987) by @leaanthony": the word alone names the pull request too.
        // KaTeX's "closes [/datatracker.ietf.org/doc/html/rfc3986#section-3](https://github.com//…/issues/section-3)": a path
        // standing for the issue, garbled by its changelog generator.
        // RoadRunner's "…: [FR](…/issues/1555)": the feature request the change answers.
        // Apache MINA SSHD's "[GH-428/GH-392](…/issues/428)": two keys, joined.
        ((/^(?:[A-Z][A-Z\d]*-)?\d+(?:\/(?:[A-Z][A-Z\d]*-)?\d+)*$/.test(bare) ||
          /^(?:PR|pull request|pull|issue|bug|MR|FR|feature request)(?:\s+\d+)?$/i.test(bare)) &&
          (ref.kind === 'pull_request' || ref.kind === 'issue')) ||
        (/^\/\S+$/.test(bare) && /^https:\/\/github\.com\/\/\S+\/issues\//.test(url)) ||
        // Semantic UI's "… with various systems #7065 [React Issue](…) [CSS Repo Issue #81](…) [CSS Issue #75](…)": links
        // closing the change, each naming the tracker it is on (another repository's), are its references.
        (/^(?:\p{Lu}[\w.-]*\s+){1,3}(?:Issue|PR|Bug)(?:\s+#?\d+)?$/u.test(bare) &&
          (ref.kind === 'pull_request' || ref.kind === 'issue') &&
          /^(?:\s*\[[^\]]*\]\([^)\s]*\))*\s*\.?\s*$/.test(source.slice(at + whole.length)));
      // PlatformIO's reStructuredText "(`pull #4974 <…/pull/4974>`_)".
      // Perses' "[8015fb](…/commit/8015fb3…)": a hash of six digits, linked to its commit, is the commit too.
      const commitHash = SHA.test(bare) || (ref.kind === 'commit' && /^[0-9a-f]{4,6}$/.test(bare));
      // Manticore's "🆕 [v27.1.1](…/releases/tag/27.1.1) Added …": the release a change first shipped in, a reference. (Docker's
      // "Update Buildx to [v0.26.1](…/releases/tag/v0.26.1)": the version a thing went to, a word of the change.)
      if (/^v?\d+(?:\.\d+)+$/.test(bare) && /\/releases\/tag\/[^/\s]+\/?$/.test(url) && !/\b(?:to|from|version)\s+$/i.test(source.slice(0, at))) {
        add(ref);
        return ' ';
      }
      // Gerrit's "[Issue 486131256](https://issues.gerritcodereview.com/issues/486131256)", "[Change 554841](…/c/gerrit/+/554841)":
      // a tracker's word and the number its address ends on, on a tracker of its own.
      const trackerNumber = bare.match(/^(?:issue|bug|change|CL|ticket)\s+#?(\d+)$/i)?.[1];
      const onItsTracker = trackerNumber !== undefined && new RegExp(`[/=+]${trackerNumber}/?(?:[?#]\\S*)?$`).test(url);
      if (
        numbered ||
        onItsTracker ||
        // OSV-Scanner's "[Feature #1673](…/pull/1673) & [Feature #1664](…/pull/1664) All previous experimental flags …": the
        // pull request named by its kind.
        /^(?:(?:PR|pull request|pull|issue|bug|MR)\s*)?(?:[\w.-]+\/[\w.-]+)?[#!]\d+$/i.test(bare) ||
        (/^(?:feature|fix|bugfix|enhancement|task)\s*#\d+$/i.test(bare) && (ref.kind === 'pull_request' || ref.kind === 'issue')) ||
        commitHash ||
        /^@[\w-]+$/.test(bare)
      ) {
        if (!bare.startsWith('@')) add(commitHash ? { ...ref, kind: 'commit', label: bare.slice(0, 7) } : ref);
        // "by [@nikclayton](https://mastodon.social/@nikclayton)": the credit's "by" goes with its handle.
        return bare.startsWith('@') ? ' \u0000' : ' ';
      }
      add(ref);
      // HTTPie's "Fixed the [vulnerability](https://github.com/…/advisories/GHSA-9w4w-cpc8-h2fq) that caused …": the advisory's
      // id, given only by the address, is what a reader searches for, and is written beside the words.
      // (Not eturnal's "[recommended](https://rtcsec.com/article/cve-2020-26262-bypass-of-coturns-…)": an article's slug that
      // names an advisory is no advisory's page.)
      const advisory = url.match(/[/=](GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d{4,})(?![\w-])/i)?.[1];
      // Vendure's "([security advisory](…/GHSA-6f65-4fv2-wwch))": words that only say it is one give way to its id.
      if (advisory && /^\s*(?:the\s+)?(?:security\s+)?advisor(?:y|ies)\s*$/i.test(label)) return advisory;
      if (advisory && !/\b(?:GHSA|CVE)-/i.test(label)) return `${label.trim()} (${advisory})`;
      // Clojure's "[add-lib](…/clojure.repl.deps/add-lib) takes a lib …": a name linked to its reference is written as code.
      if (LINKED_NAME.test(bare)) code.push(bare);
      // Stalwart's "([CVE-2025-61600 ](…))": the space a label ends with is no word.
      return label.replace(/^\s+|\s+$/g, '');
    });
    // mitmproxy's "([fa89055](…/commit/…), @mhils)": once its links are references, a bracket of handles alone credits them.
    if (has('@')) text = text.replace(HANDLES_BRACKET, creditsHandles);
  }
  // rewrite-clj's AsciiDoc credits: "({lread})", "({lread}, thanks for the issue {person}mrkam2[mrkam2]!)" closing a change, an
  // attribute for who made it and a person's link for who reported it (not Espruino's "Bangle.setOptions({hrmStaticSampleTime})").
  if (has('}'))
    text = text
      .replace(/\s+\(\{[a-z][\w-]*\}(?:\s*,\s*thanks\b[^()]*)?\)(?=\s*[.!]?\s*$)/gi, '')
      .replace(/\{(?:person|user|author|contributor)\}[\w.-]+\[[^\]\n]*\]/g, '');
  // MyST roles: {pr}`123` and {issue}`45` are references, Manim's {user}`ishu9bansal` a handle, any other role is just its text.
  // A role is outside code: `{let}` or `{const}` (Svelte's blocks, written as code) are no role.
  if (has('{'))
    text = text
      .replace(/(?<!`)\{(pr|issue)\}`(\d+)`/g, ':$1:`$2`')
      .replace(/(?<!`)\{(?:user|author|contributor)\}`([\w-]+)`/g, '@$1')
      .replace(/(?<!`)\{[a-z]+(?::[a-z]+)?\}`([^`]+)`/g, '`$1`');
  // psycopg's "`~Cursor.executemany()`": Sphinx's default role, shortened by `~` as a role is.
  // A name, not Cypress' "`~0.2.3`", a version range.
  if (has('`~')) text = text.replace(/(?<![`:])`~\.?(?=[A-Za-z_])(?:[^`.]+\.)*([^`.]+)`(?!`)/g, '$1');
  if (has(':`')) {
    // Nilearn's ":bdg-dark:`Code` Allow …": sphinx-design's badge, a label of the area the change is in, no word of it.
    text = text.replace(/(^|\s):bdg(?:-[a-z]+)+:`[^`]*`\s*/g, '$1');
    // Nilearn's "(:gh:`4926` by `Himanshu Aggarwal`_)": the issue's role, and who made it by a link's name.
    // (Its link's marks went with the names defined below the notes.)
    text = text.replace(/\(\s*(:[a-z][a-z_-]*:`#?\d+`)\s+by\s+(?:`[^`<>]+`_{1,2}|\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3})\s*\)/gu, ' $1 ');
    // xarray's "(:issue:`11390`, :pull:`11394`)", Cython's "(Github issue :issue:`6908`)": a bracket of numbered roles alone,
    // named or not, goes with them.
    text = text.replace(/\(\s*(?:(?:github|gh)\s+)?(?:(?:issues?|prs?|pull requests?)\s+)?((?::[a-z]+:`#?\d+`(?:\s*[,;]\s*|\s+and\s+)?)+)\s*\)/gi, ' $1 ');
    // reStructuredText roles: :pr:`123` and :issue:`45` are references, any other role is just its text.
    // A connector left only to introduce the reference ("broken in 8.4.0 by {pr}`3126`") goes with it.
    // Flask-SQLAlchemy's ":issue:`508, 944`": one role for two issues.
    // Manim's MyST "… by {user}`fmuenkel` in {pr}`4351`": GitHub's credit, its pull request by role.
    // Mitogen's ":gh:issue:`827`": the role behind its domain's name, sphinx-issues' form.
    text = text.replace(/(?:\s+\b(?:by|from|via|see|in)\b)?\s*(?::gh)?:(pr|issue):`(\d+(?:\s*,\s*\d+)*)`/g, (_whole, role: string, numbers: string) => {
      for (const number of numbers.split(/\s*,\s*/)) add(role === 'pr' ? pullRequestReference(number, repoBase) : issueReference(number, repoBase));
      return ' ';
    });
    // Roles that name a standard or an advisory read as their name ("PEP 405", "CVE-2024-1"); a GHSA id is a link.
    text = text
      .replace(/:(pep|rfc):`(\d+)`/gi, (_whole, role: string, number: string) => `${role.toUpperCase()} ${number}`)
      .replace(/:cve:`(?:CVE-)?([\d-]+)`/gi, 'CVE-$1')
      .replace(/(?:\s+\b(?:see|in)\b)?\s*:ghsa:`(?:GHSA-)?([0-9a-z-]+)`/gi, (_whole, id: string) => {
        add({ kind: 'link', label: `GHSA-${id}`, url: `https://github.com/advisories/GHSA-${id}` });
        return ' ';
      })
      // Paramiko's Sphinx "releases" changelog types each entry by a leading role (":bug:`- major` Address …"): a kind, not words.
      .replace(SPHINX_RELEASES_ROLE, '')
      // zrepl's "(:commit:`5615f49`)": the commit, a reference.
      .replace(/\s*:commit:`([0-9a-f]{7,40})`/g, (_whole, sha: string) => {
        add(commitReference(sha, repoBase));
        return ' ';
      })
      // virtualenv's "(:issue:`u`)": a tracker's role left unnumbered is a reference with no number, no word.
      .replace(/\s*\(?:(?:issue|pr|pull|bug|gh):`[^`\d]*`\)?/g, ' ')
      // Any other numbered role (Django's :ticket:`35942`, :bug:, :gh:, Bokeh's :bokeh-pull:) is a reference to the tracker, not words.
      .replace(/(?:\s+\b(?:by|from|via|see)\b)?\s*\(?:[a-z][a-z_-]*:`#?(\d+)`\)?/g, (_whole, number: string) => {
        add({ kind: 'issue', label: `#${number}`, url: null });
        return ' ';
      });
    // A role with its own title shows the title (kitty's ":ref:`transient usage hint <image_usage_hints>`"), not the target;
    // Sphinx's `~` prefix shows a dotted name by its last part (":py:attr:`~acme.core.Accessor.day_of_week`" is "day_of_week"),
    // also after a leading dot (h5py's ":attr:`~.Dataset.filter_ids`").
    // A document named by its path (beets' ":doc:`/plugins/convert`") is named by its last part, "convert". A role's name
    // may hold an underscore (CMake's ":prop_dir:`MACROS`").
    text = text
      .replace(/:[a-z][a-z_]*(?::[a-z][a-z_]*)?:`([^`<]*[^`<\s])\s*<[^>`]+>`/g, '$1')
      .replace(/:doc:`\/?(?:[^`/\s]+\/)*([^`/\s]+)`/g, '$1')
      .replace(/:[a-z][a-z_]*(?::[a-z][a-z_]*)?:`~\.?(?:[^`.]+\.)*([^`.]+)`/g, '$1')
      .replace(/:[a-z][a-z_]*(?::[a-z][a-z_]*)?:`([^`]+)`/g, '$1');
  }
  if (has('<')) {
    // htmx's "… moved to their own repos linked off of <https://extensions.htmx.org>", knitr's "… as announced two years ago
    // at <https://yihui.org/…> (#2306).": the words that only led to the address go with it.
    text = text.replace(LEADS_TO_ADDRESS, ' ').replace(AUTOLINK, (_whole, url: string) => {
      add(classifyUrl(url, repoBase));
      return ' ';
    });
  }
  // django-oscar's "… (#4455) by Samar Hassan in https://…/pull/4455": who made it, by name, before the pull request.
  if (has(' by ') && has('http')) text = text.replace(/\s+by\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}\s+in\s+(?=https?:\/\/)/gu, ' in ');
  if (has('http')) {
    let addressed = false;
    const advisories: string[] = [];
    text = text.replace(BARE_URL, (url, offset: number, whole: string) => {
      if (LOCAL_ADDRESS.test(url)) return url;
      add(classifyUrl(url, repoBase));
      // ack's "… available for download at https://beyondgrep.com, now puts …": a site's root inside a sentence is its name; so
      // is AsciiDoc.py's "Changed website domain to https://asciidoc-py.github.io/.", where a sentence ends on what it changed to
      // (not FluentMigrator's "The new documentation is online on …": where to read, no news).
      const site = url.match(WHOLE_SITE_ROOT)?.[1];
      if (
        site &&
        (/\w/.test(
          whole
            .slice(offset + url.length)
            .replace(/^[\s,;:]*/, '')
            .charAt(0),
        ) ||
          /\bto\s*$/i.test(whole.slice(0, offset)))
      )
        return site;
      addressed = true;
      const id = advisoryOfAddress(url);
      if (id && FIXES_ADDRESS.test(whole.slice(0, offset))) return id;
      if (id) advisories.push(id);
      return ' ';
    });
    // "… in golang std lib, ref: <url>": the word that pointed at the address goes with it.
    // "… by [@user](…) in <url>": the "in" that pointed at the pull request goes too.
    // c-ares' "… introduced in v1.32.3.  Please see <url>", "Fixed it. See <url> for details.": a pointer with no address left says nothing.
    // waitress' "See <pull>, <issue> and <advisory>": the words between the addresses go with them.
    if (addressed)
      text = text
        .replace(/(?:\s*(?:,|\band\b))+\s*$/i, '')
        .replace(/[,;]?\s*\b(?:ref|refs|(?:please\s+)?(?:see|refer to)(?:\s+also)?|cf|in)\.?:?\s*$/i, '')
        .replace(/(?<=[.!?])\s+(?:please\s+)?(?:see|refer to)\s+(?:for (?:more )?(?:details|information)\s*)?\.?(?=\s*$)/i, '');
    // An advisory's page names the advisory: its id stays with the change, as it would had the notes written it.
    const unnamed = advisories.filter((id) => !text.includes(id));
    if (unnamed.length > 0) text = text.trimEnd().replace(/[.!]?$/, (stop) => ` (${[...new Set(unnamed)].join(', ')})${stop}`);
  }
  // grocy's "Data URLs for images are now supported (data:image/png;base64,xxxx)": an example with a placeholder, not words.
  if (has('xxx')) text = text.replace(/\s*\([^()]*(?:\b|,)x{3,}\b[^()]*\)/gi, ' ');
  // GitLab's merge requests in brackets, Knot Resolver's "… needs libknot >= 3.4 (!1497)": references.
  if (has('(!'))
    text = text.replace(/\s*\(!\d+(?:\s*,\s*!\d+)*\)/g, (group) => {
      for (const [id] of group.matchAll(/!\d+/g)) add({ kind: 'pull_request', label: id, url: null });
      return ' ';
    });
  // Fossil's wiki links, "[/help/timeline-mark-leaves|timeline-mark-leaves]": the words after the bar.
  if (has('[/') && has('|')) text = text.replace(/\[\/[^\]|\s]*\|([^\]]+)\]/g, '$1');
  // Meson's wiki links, "the [[generator.process]] method …": the name they link.
  if (has('[[')) text = text.replace(/\[\[([\w.:/ -]+)\]\](?![(:])/g, '$1');
  // Debian's "Reported by Yashashree Gund <yash_gund@live.com>.", "Thanks to Marko Zajc <marko@zajc.tel>.": a credit by address;
  // sysklogd's "…, by Martin Schulze <joey@infodrom.org>" too.
  if (has('@') && has('<'))
    text = text.replace(
      /,?\s*\b(?:(?:reported|suggested|requested|analy[sz]ed|patch(?:ed)?|fixed|based on a patch|thanks)\s+(?:by|to|from)|by)\s+[^<>.,]{2,60}<[^<>\s]+@[^<>\s]+>(?:\s*\([^()]*\))?\.?/gi,
      ' ',
    );
  // Debian's "… w/o «.». Closes: #1127383", Launchpad's "LP: #2092676": the bugs a change closes, read as references below.
  if (has(': #')) text = text.replace(/\b(?:Closes|LP):\s+(?=#\d)/gi, '');
  // openSUSE's "(bnc#831875, port from SLE11 bnc#704127)": each part names a bug of its tracker; the bracket is references.
  if (has('#') && has('('))
    text = text.replace(/\s*\(([^()]*\b[a-z]{2,5}#\d+[^()]*)\)/gi, (whole, inside: string) => {
      const parts = inside.split(/\s*,\s*/);
      if (!parts.every((part) => /\b[a-z]{2,5}#\d+\b/i.test(part) || /^(?:FATE|fate)\b/.test(part))) return whole;
      for (const [id] of inside.matchAll(/\b[a-z]{2,5}#\d+\b/gi)) add({ kind: 'issue', label: id, url: null });
      return ' ';
    });
  // APR's "… strict C99 compliance.  PR 66396, 66408, 66426.": a sentence of its bug tracker's numbers after the change's own.
  if (has('PR'))
    text = text.replace(/(?<=[.!?])\s+PRs?\s+(\d+(?:\s*(?:,|and)\s*\d+)*)\.?\s*$/, (_whole, numbers: string) => {
      for (const [number] of numbers.matchAll(/\d+/g)) add({ kind: 'issue', label: `PR ${number}`, url: null });
      return '';
    });
  // openSUSE's "(see commit 6c48fd7761)": the commit a change came from.
  if (has('see commit'))
    text = text.replace(/\s*\(see commit ([0-9a-f]{7,40})\)/gi, (_whole, sha: string) => {
      add(commitReference(sha, repoBase));
      return ' ';
    });
  // pyproj's "(pull #1481)", samtools' "(PR #2291.  Thanks to Ruben Vorderman)", HTSlib's "(PR #1978.  Reported by …)": a
  // bracket naming the pull requests in words, with the thanks for them or without, is references and credits, no word of the
  // change. Kolibri's "(Selected relevant high level issues and PRs: #9102, #9128, 9134.)" is one too.
  if (has('#') && has(':'))
    text = text.replace(/\s*\([^():]{0,60}\b(?:issues|PRs|pull requests)\s*:\s*(#?\d+(?:\s*(?:,|and)\s*#?\d+)*)\s*\.?\)/gi, (_group, ids: string) => {
      for (const [number] of ids.matchAll(/\d+/g)) add(issueReference(number, repoBase));
      return ' ';
    });
  // Jansson's "(#674, #675, #677. Thanks to Bruno Haible for the report …)": the same without the word.
  if (has('#') && /\(\s*(?:PR|pull|issue|GH|#\d)/i.test(text))
    text = text.replace(NAMED_PULLS_BRACKET, (group) => {
      for (const [number] of group.matchAll(/(?<=#)\d+/g)) add(issueReference(number, repoBase));
      return ' ';
    });
  // ggplot2's "Revert changes made in #4434 (apply transform to intercept in `geom_abline()`)": the words that led to the
  // number go with it; the bracket after says what the change was.
  if (has(' #') && has('('))
    text = text.replace(/\s+(?:(?:made|introduced|added)\s+)?(?:in|by)\s+#\d+(?=\s+\()/g, (words) => {
      add(issueReference(words.match(/\d+/)![0], repoBase));
      return '';
    });
  if (has('#'))
    text = text.replace(HASH_REF, (_whole, lead: string, label: string, number: string) => {
      const qualified = label.includes('/');
      const url = qualified ? `https://github.com/${label.replace('#', '/issues/')}` : repoBase ? `${repoBase}/issues/${number}` : null;
      add({ kind: 'issue', label, url });
      return `${lead} `;
    });
  // Rcpp's "(Dirk in \ghpr{1469} fixing \ghit{1468})" once its numbers went: "(Dirk in fixing)" closes with a word that
  // pointed at them; it credits who made the change.
  if (has('(') && endsOn(text, ')')) text = text.replace(/\s*\([^()]{0,80}?\s(?:in|fixing|closing|addressing|via|see)\s*\)(?=[\s.]*$)/, '');
  // Docusaurus' "In [#11327](…) and [#11421](…), we added …" once its links went: the words that led to them go too.
  if (has(',')) text = text.replace(/^\s*(?:in|with|via|since|thanks to)\s+(?:(?:and|,)\s+)*,\s+(?=\p{Ll})/iu, '');
  // plotly.py's "… [[#5393](…)], with thanks to @Zomtir for the contribution!", Meltano's "… -- _**Thanks @alexchenai!**_".
  if (has('hank')) text = text.replace(/(?:,?\s+with\s+(?:many\s+|special\s+|big\s+)?thanks\s+to\s+\S[^.!?]*|\s+--\s+[_*]*thanks\b[^.!?]*)[.!]?[_*]*\s*$/i, '');
  // R's NEWS "… negative years. Thanks to @a for the report and @b for the fix.": a closing sentence of thanks is a credit,
  // its stop before it forgotten or not (Taskwarrior's "… during `task _tags` command Thanks to Nikos Koukis for contributing.");
  // ("Thanks to the new parser, startup is faster." says what changed, and stays).
  // ikiwiki's "… an authorization bypass. Thanks, intrigeri. (CVE-2016-10026)": the advisory closing the thanks is the fix's;
  // it goes back to the words before them, which keep it once the thanks go.
  if (has('hank') && endsOn(text, ')')) text = text.replace(ADVISORY_AFTER_THANKS, ' $3$1 $2.');
  // SDL_image's "Fixed a number of security issues:" over "TALOS-2019-0820", "TALOS-2019-0821", … a line each: the ids it
  // fixed, in the bracket a sentence names them in.
  if (has(':') && mayNameAdvisory(text)) text = text.replace(IDS_AFTER_COLON, (_whole, ids: string) => ` (${ids.trim().split(/\s+/).join(', ')}).`);
  if (has('hank')) text = text.replace(THANKS_SENTENCE, '$1').replace(THANKS_TO_NAMES, '$1');
  // Changesets' "Thanks @tim-smart! - Add …": the credit's mark and dash go with it.
  if (has('@')) text = text.replace(MENTION_CREDIT, ' ').replace(/^\s*!\s*-\s+/, '');
  // rxvt-unicode's "… CVE-2022-4170 (reported and analyzed by David Leadbeater). While present …": who found it, in brackets,
  // wherever the bracket stands. (Lynx's "(report by "Dima")" likewise.)
  if (has('(') && BY.test(text))
    text = text.replace(
      /\s*\((?:reported|report|found|discovered|analy[sz]ed)(?:\s+and\s+(?:reported|analy[sz]ed|investigated|fixed|tested))?\s+by\s+["“]?\p{Lu}[^()]{1,60}\)/gu,
      '',
    );
  // jsrsasign's "… as reported by Franciny S Roj. Thank you indeed for those vulnerability reports and/or patches.": a closing
  // sentence of thanks is no word of the change.
  // ("Thanks to the new parser, …" says why, and stays.)
  if (has('hank'))
    text = text.replace(
      /(?<=[.!?])\s+(?:thank you|(?:many |big |special )?thanks)\b(?!\s+to\s+(?:the|a|an|its|this|these|our|their|new)\b)[^.!?]*[.!?]*\s*$/i,
      '',
    );
  // SoftHSM's NEWS: "… double free. (Patch from Brian J Murray)", Processing's "… SVG Parsing (contribution from
  // @bsapozhnikov)": whose patch it was, in brackets, closing the change.
  if (has('atch from') || has('ontribution from')) text = text.replace(/\s*[([](?:patch(?:es)?|contributions?)\s+from\s+[^()[\]]{2,60}[)\]][\s,;.]*$/i, '');
  // libjxl's "… (#4589 - Thanks to Mateusz Jurczyk of Google Project Zero for identifying this issue.)": thanks in a bracket
  // closing the change, once its pull request went.
  if (has('hanks to'))
    text = text.replace(
      /\s*\(\s*(?:,\s*)?(?:many\s+|special\s+|big\s+)?thanks\s+to\s+(?!(?:the|a|an|its|this|these|our|their|new)\b)[^()]{2,160}\)\.?\s*$/i,
      '',
    );
  if (BY.test(text))
    text = text
      // Sphinx's and Python's changelogs credit in words: "Patch by Adam Turner", "Contributed by …"; jsrsasign's "reported by
      // Bronson Yen of Calif.io and @Kr0emer", "reported by Yt(yutengsun) and Franciny S Roj": a site and a handle among them.
      // ccache's "… release. _[contributed by Joel Rosdahl]_": in brackets and italics, the same credit.
      // Not React Native Bottom Sheet's "wrong index reported by modal + TextInput + autofocus": what caused it, no one's name.
      // libpng's "(Reported by <yosiimich@users.noreply.github.com>.)", "(Contributed by Tobias Stoeckmann.)": an address, and
      // the stop inside the bracket.
      .replace(
        /(?:^|[.;]\s*|\s+)(?:as\s+)?[_*]?[([]?(?:patch(?:es)?|contributed|reported|authored|implemented|fixed|provided)(?:\s+(?:on|via|through)\s+[\w.-]+)? by\s+(?!(?:the|a|an|default)\s|\w+ing\s)(?=\S{2})(?:[^.;()[\]+<]|\.(?=\w)|\([\w-]+\)|<[^<>\s]+@[^<>\s]+>){1,60}?\.?[)\]]?[_*]?\.?\s*$/i,
        '. ',
      )
      .replace(/[,;]?\s*\bby\s+\u0000/g, ' ')
      // "… by name. :pr:`25093` by `Thomas Fan`_.": once the reference went, what follows a sentence's end is its credit
      // (SBCL's "(added e.g. by TRACE, PROFILE)" ends no sentence at "e.g.").
      .replace(/(?<!\b(?:e\.g|i\.e|cf|vs|etc))([.!?])\s+by\s+(?=\S)[^.!?]{1,159}[^.!?\s][.!?]?\s*$/, '$1')
      // xarray's "… on round-trip. By `Ana Lima <https://github.com/ana>`_.": a sentence of names ("By default, …" is none).
      .replace(/([.!?])\s+By\s+\p{Lu}[\p{L}'’-]*(?:(?:\s+|,\s*)(?:\p{Lu}[\p{L}'’-]*|and|&))*\.?\s*$/u, '$1');
  // erlang-jose's "…, thanks to [@ssepml](…); see [#145](…)", "thanks to [@a](…) and [@b](…)": thanks to linked handles go with them.
  if (has('\u0000') && has('hanks to'))
    text = text.replace(/,?\s*\bthanks\s+to\s+\u0000(?:\s*(?:,|and|&)\s*\u0000)*(?:\s*[;,]\s*see\b(?=\s*(?:[.;]|$)))?/gi, ' ');
  if (has('\u0000')) text = text.replace(/\u0000/g, ' ');
  // "__Security__: …": a capitalised word in bold underscores is emphasis (Python's dunders are in lower case).
  if (has('__')) text = text.replace(/(^|\s)__(\p{Lu}\p{Ll}+(?: \p{L}+){0,2})__(?=[:\s])/gu, '$1$2');
  // Parcel's "Add REPL playground for Parcel to the website – [Details](…/pull/9365)": the link's words only point at it.
  if (has('etails') || has('ore'))
    // Blazer's "Fixed stored XSS vulnerability - [more info](…/advisories/GHSA-…)": the advisory's id, named after it, stays.
    text = text.replace(DETAILS_WORDS_AT_END, (tail) => (DETAILS_LINK.test(raw) ? '' : tail));
  // Centrifugo's "Support for EC keys in JWK sets …, [JWKS docs updated](…)": the docs that came with it are no part of it.
  if (has('docs') || has('documentation')) text = text.replace(/,\s+(?:[\w-]+\s+){0,2}(?:docs|documentation)\s+(?:updated|added|improved)\.?\s*$/i, '');
  // lintr's "(consistent with … `undesirable_operator_linter()`; #2717, @MichaelChirico)": handles closing an aside after its
  // words credit its author once its issue went.
  if (has('(') && has('@')) text = text.replace(/(?<=[^\s(,;])(?:\s*[;,])+\s*@[\w-]+(?:\s*(?:,|and|&)\s*@[\w-]+)*(?=\s*\))/g, '');
  // Rocq's "(`#21479 <…>`_, fixes `#21476 <…>`_, by Yann Leray)": what is left of a bracket of references, the word that
  // pointed at one and who made it, says nothing.
  if (has('(') && (has('by') || has('fix') || has('clos'))) text = text.replace(BRACKET_OF_POINTERS, '');
  // tmux's "(issue 5385)", Kea's "(Gitlab #4058)", Noda Time's "[issue 1366]": a reference written in words; LAME's
  // "Fixed [ 3558466 ] Bug in path handling", a tracker's number spaced inside its brackets.
  if (has('(') || has('['))
    text = text.replace(
      /\s*(?:\((?:issues?|bugs?|PR|pull request|GH|GitLab|GitHub)\s*#?\d+(?:\s*(?:,|and)\s*#?\d+)*\)|\[(?:issues?|bugs?|PR|pull request)\s*#?\d+(?:\s*(?:,|and)\s*#?\d+)*\](?!\(|\[)|\[\s+#?\d+\s+\](?!\(|\[))/gi,
      (group) => {
        for (const [number] of group.matchAll(/\d+/g)) add(issueReference(number, repoBase));
        return ' ';
      },
    );
  // rust-analyzer's "pr:22078[] (first contribution) store parse errors …": who made it, once its pull request went.
  if (has('first contrib')) text = text.replace(/(^|\s)\(first contributions?\)\s*/gi, '$1');
  // Changesets' "Thanks [@user](…)! - " once the handle went; Envelop's "… - ## New `Instruments` API", an entry opening on
  // its own heading, whose marks go with it.
  if (has('Thanks')) text = text.replace(/(^|\s)Thanks\s*(?:(?:,|and)\s*)*!\s*(?:-\s+(?:#{1,6}\s+)?)?/g, '$1');
  // htmx's "The website now supports dark mode! (Thanks [@pokonski](…)!)": thanks in brackets credit someone, once named or not.
  if (has('hank')) text = text.replace(THANKS_BRACKET, ' ').replace(THANKS_CLOSING_BRACKET, '').replace(THANKS_TO_BRACKET, '');
  else if (has('redit')) text = text.replace(THANKS_TO_BRACKET, '');
  // Hypothesis' "|st.from_type| can now resolve …": a reStructuredText substitution of a dotted name reads as the name; so does
  // a Vim help tag in UltiSnips' ChangeLog ("|g:UltiSnipsInsertTriggerOnFailure| controls …", "See |UltiSnips-autotrigger|.").
  if (has('|')) text = text.replace(/(?<![|\w])\|([A-Za-z_]\w*(?:\.\w+)+|[A-Za-z][\w.]*[:#(-][\w:#.()-]*)\|(?![|\w])/g, '$1');
  // Jekyll's Liquid: a link to "{% link en/news/… %}" is its words; a "{{ release.url.gz }}" placeholder is no word at all.
  // (zk's "The `{{date}}` template helper was renamed to `{{format-date}}`": in code, the helpers' names.)
  if (has('{')) text = text.replace(/\[([^\]]+)\]\(\s*\{%[^%]*%\}\s*\)/g, '$1').replace(/(?<!`)<?\{\{[^}]*\}\}>?(?!`)/g, ' ');
  // GitBook's "{% hint style="danger" %}" around a notice: markup of the page, no words of it.
  if (has('{%')) text = text.replace(/\{%[^%]*%\}/g, ' ');
  // OpenResty's "OpenResty [% version %] is a security update …": a Template Toolkit variable, filled in when the page is built
  // (spaced inside its marks: roxygen2's "[%in%]" is an R operator).
  if (has('[% ')) text = text.replace(/\s*\[%[-+~]?\s[^%\]]*\s[-+~]?%\]/g, '');
  // Heading anchors: "## Tools {#tools}", and MDX's "## Actions {/*actions*/}".
  if (has('{')) text = text.replace(/\s*\{#[\w-]+\}|\s*\{\/\*[^*]*\*\/\}/g, ' ');
  // Eio's "(@avsm @art-w @talex5 )", Dapper's "(#1975 via @mgravell)" once its pull request went: handles alone credit them.
  if (has('(') && has('@')) text = text.replace(/\(\s*(?:via\s+)?@[\w-]+(?:(?:\s*,\s*|\s+)@[\w-]+)*(?:\s*,\s*(?:fixes|closes))?\s*\)/g, ' ');
  // GitLab's "(Pishel @pishel65)", "(Rafael Fonseca @rafael.fonseca1)": a contributor's name with their handle.
  if (has('(') && has('@')) text = text.replace(/\s*\(\s*\p{Lu}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,3}\s+@[\w.-]+\s*\)/gu, ' ');
  // jq's "Fix heap buffer overflow in … . @itchyny e47e56d…": handles closing an item, each with the commit it made, credit its authors.
  // ExternalDNS' chart: "… (#5889) _@lexfrei_", the handle in italics.
  // Luacheck's "Documentation improvements (#92 and #89) — @rcloran and @hramrach": handles set off by a dash close it.
  if (has('@'))
    text = text
      .replace(/(?<=\s)([_*])(@[\w-]+)\1(?=\s|$)/g, '$2')
      .replace(/\s+[—–-]\s+@[\w-]+(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)@[\w-]+)*\s*$/, '')
      // (Not NullAway's "Support added for JUnit's @TempDir": a name a possessive owns is an annotation, no one's handle.)
      .replace(/(?<!['’]s)(?:\s+@[\w-]+(?:\s+[0-9a-f]{7,40})?)+\s*$/, '');
  // KeePassium's "… (#420) [thanks, everyone]", "[thanks, u/binroth]": thanks in square brackets closing an item, to whoever.
  if (has('hank')) text = text.replace(/\s*\[\s*thanks?(?:,|\s+to)?\s+[^\]\n]{1,40}\](?!\()(?=[\s.]*$)/i, ' ');
  // Dear ImGui's "… (forked from Metal 3 backend). [@AmelieHeinrich]": handles in square brackets closing an item credit its authors.
  if (has('[') && has('@')) text = text.replace(/\s*\[\s*@[\w.-]+(?:(?:\s*[,;&]\s*|\s+)@[\w.-]+)*\s*\](?!\()(?=[\s.]*$)/, ' ');
  // ModSecurity's "[Issue #3048 - @martinhsv, @theseion]", "[Issue security/code-scanning/2 - @airween]": the issue and who
  // worked on it, closing the item.
  if (has('[') && has('@'))
    text = text.replace(
      /\s*\[\s*(?:issues?|PRs?|pull requests?|bugs?|tickets?)\b[^\]\n]{0,60}?\s+-\s+@[\w.-]+(?:\s*,\s*@[\w.-]+)*\s*\](?!\()(?=[\s.]*$)/i,
      ' ',
    );
  // xbps' "Fix file descriptor leaks. [gt7-void]", "… values. [eater, duncaen]": handles in square brackets after the sentence
  // credit its authors (not a tag of its kind or platform).
  if (has('[') && has(']'))
    // Friendica's "… to set the length of displayed links [annando]", "[annando, apexrabbit, Devilx86]": with no stop too, or
    // after the pull request (Nanoc's "… `command_dirs` (#1725) [zor-el]")
    // (not raylib's "raylib project creator [rpc]", a short name for the tool).
    text = text.replace(
      /(?:(?<=[.!?])|(?<=[\w)`])(?=\s+\[(?:[a-z\d][\w.-]{4,}\]|[\w.-]+\s*,)))\s*\[\s*([\w.-]{2,39}(?:\s*,\s*[\w.-]{2,39})*)\s*\]\.?\s*$/,
      (whole, names: string) => (names.split(/\s*,\s*/).some((name) => BRACKET_TAG_WORD.test(name)) ? whole : ''),
    );
  // Contao's "… in the registration form ([fritzmg])", "([ausi], [aschempp])": who made it, as reference links in a bracket
  // closing the item.
  if (has('(['))
    text = text.replace(/\s*\(\s*\[([\w.-]{2,39})\](?:\s*(?:,|and|&)\s*\[[\w.-]{2,39}\])*\s*\)\.?\s*$/, (whole, name: string) =>
      BRACKET_TAG_WORD.test(name) || /^#?\d+$/.test(name) ? whole : '',
    );
  // SQLx's "… [[@kolinfluence]]", Rack's "([#2420](…), [@ioquatix])": a handle as a reference link, defined elsewhere in the file.
  if (has('[@')) text = text.replace(/\s*\[\[?@[\w.-]+\]\]?(?![([:])/g, ' ');
  if (has('(')) text = text.replace(/\(\s*[0-9a-f]{7,40}\s*\)/g, ' ');
  // Wget2's "Fix a redirect/mirror regression from 400713ca": the commit a regression came from is a reference too.
  // Both patterns below close on a commit's hash: asked of the last character, not of a hex run anywhere ("added" is one).
  const closesWithHash = /[\da-f]/.test(
    text
      .trimEnd()
      .replace(/[.\]]+$/, '')
      .slice(-1),
  );
  if (closesWithHash) text = text.replace(/\s+(?:from|since|in|by)\s+(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\.?$/, '');
  // Ginkgo's "… regressions [37a511b]", handlebars' "… enumerable - 1988878": the commit closing a change, bracketed or set off.
  if (closesWithHash) text = text.replace(/\s+(?:\[(?=[0-9a-f]*\d)[0-9a-f]{7,40}\]|-\s+(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f]?)[0-9a-f]{7,40})\.?$/, '');
  if (has('[')) text = text.replace(/\s\[\d+\]\s*$/, ' ');
  // fd's "…, see #472, #476 and #555": the references went, the pointer stays behind.
  // fd's "… depth. See #404.": a sentence of pointers alone goes whole; "(see CVE-2018-1058 …)" is no sentence break.
  if (/\bsee\b/i.test(text))
    text = text
      .replace(
        /[,;]?\s*\b(?:see|See(?=(?:\s+(?:PRs?|pull requests?|issues?))?[\s,]*(?:and\s*)*(?:[.;]|$)))\b(?:\s+(?:PRs?|pull requests?|issues?))?(?:[\s,]|\band\b)*(?=[.;]|$|(\p{Lu}(?=\p{Ll}|\s)))/gu,
        (_whole, next?: string) => (next ? '. ' : ' '),
      )
      .replace(/([.!?])\s+\.(?=\s|$)/g, '$1');
  // Vue's "…, closes #123": the reference went, the verb stays behind.
  if (CLOSES.test(text)) text = text.replace(/(\S),?\s+closes\s*(?:(?:,|and)\s*)*$/i, '$1 ');
  // NodeBB's "closes #14635, fix reporterUid" once the issue went: the verb that led to it goes too.
  if (CLOSES.test(text)) text = text.replace(/^(\s*)(?:closes|resolves)\s*[,;:]\s*(?=\S)/i, '$1');
  // broot's "… internals - Fix #1115" once the issue went: the dash and verb that led to it go too.
  if (has(' - ')) text = text.replace(/\s+[-–]\s+(?:fix(?:es)?|closes|resolves)\s*$/i, ' ');
  // SLF4J's "getRequeste<b>d</b>ApiVersion": a tag of emphasis inside a word marks a letter of it, and parts nothing.
  if (has('<'))
    text = text
      .replace(IN_WORD_EMPHASIS, '')
      // Courier's "<tt>couriermlm</tt>'s template files": an inline tag closing before a possessive or a stop parts nothing.
      .replace(/<\/(?:tt|code|kbd|samp|var|b|i|em|strong)>(?=['’][a-z]|[.,;:!?)])/g, '')
      // leafwing's "`app.init_resource::<ActionState<A>>()`": one capital letter in angle brackets is a type's parameter.
      .replace(
        /<\/?(?:a|b|i|u|p|br|hr|em|strong|code|kbd|span|div|img|sup|sub|small|mark|ins|cite|abbr|var|samp|details|summary|li|ul|ol|dl|dt|dd|tt|pre|h[1-6])\b[^>]*>/gi,
        (tag: string) => (/^<\/?[A-Z]>$/.test(tag) ? tag : ' '),
      );
  // MDX and Vue components in a heading (Nushell's "<JumpToc/>", "<PrBy :pr=\"18531\" user=\"Bahex\" />"): markup, not words.
  // Self-closing or with attributes, after a space: "Supplier<Path>" and "<FILE>" are types and placeholders.
  // (Excalidraw's "`<DefaultSidebar />` triggers are now …": a component the notes write in code is its name, and stays.)
  if (has('<')) text = text.replace(/(?<![\w<])<\p{Lu}[\w.]*(?:\s+[^<>]*=[^<>]*?\s*\/?|\s*\/)>/gu, (tag) => (code.includes(tag) ? tag : ' '));
  // DBI's "*** WARNING: Next release will require perl-5.12 ***": a run of stars standing alone decorates, it marks nothing up.
  if (has('***')) text = text.replace(/(^|\s)\*{3,}(?=\s|$)/g, '$1');
  // Only `**` is emphasis here: `__` is far more often a name (`__proto__`, `__init__`) than markup.
  // LDC's "_**requires**_": bold inside italics.
  if (has('_**')) text = text.replace(/(^|[\s(])_\*\*(\S(?:.*?\S)?)\*\*_(?=$|[\s).,:;!?])/g, '$1$2');
  // Fluent Bit's "**… Security Fix (**[CVE-2024-50609](…)**)**": bold closed before a link and opened again after it pairs
  // across the link at the first pass, leaving the inner marks for a second.
  for (let pass = 0; pass < 2 && has('**'); pass++) text = text.replace(/(^|[\s(])\*\*(\S(?:.*?\S)?)\*\*(?=$|[\s).,:;!?])/g, '$1$2');
  // NSS's "released on *18 November 2025**.": emphasis opened with one star and closed with two, mistyped, is markup all the same.
  if (has('**')) text = text.replace(/(^|[\s(])\*([^*\s](?:[^*]*?[^*\s])?)\*\*(?=$|[\s).,:;!?])/g, '$1$2');
  // As CommonMark has it, the closing mark follows a word, not a space: Underscore's "_.flatten and _.isEqual" is two names.
  if (has('*') || has('_')) text = text.replace(/(^|[\s(])[*_]([^*_\s](?:[^*_]*?[^*_\s])?)[*_](?=$|[\s).,:;])/g, '$1$2');
  // xmlschema's reStructuredText "*MAX_XML_ELEMENTS* package limit", kscript's AsciiDoc "*KSCRIPT_DIRECTORY_ARTIFACTS*": a
  // constant's name set in emphasis keeps the underscores it is written with.
  if (has('*') && has('_')) text = text.replace(/(^|[\s(])\*([\p{Lu}\d]+(?:_[\p{Lu}\d]+)+)\*(?=$|[\s).,:;])/gu, '$1$2');
  // IdeaVim's "while the `:` command line is active": a mark alone in code is quoted, or it would read as punctuation.
  // Taskwarrior's "`task show` now shows `hooks.location.": a mark left unpaired is markup all the same.
  if (has('`'))
    text = text
      .replace(/(?<=^|[\s(])`([^`\p{L}\p{N}\s'"]{1,3})`(?=$|[\s.,;)])/gu, '"$1"')
      // Apollo Server's "(with optional parameters such as `; charset=utf-8`)": code opening with a semicolon or comma is
      // quoted too, or its mark would end a clause.
      .replace(/(?<=^|[\s(])`([;,][^`'"]{0,40})`(?=$|[\s.,;)])/gu, '"$1"');
  text = withoutCodeMarks(text);
  if (has('(') || has('['))
    for (let previous = ''; previous !== text; ) {
      previous = text;
      text = text.replace(EMPTY_GROUPS, ' ');
    }
  if (has('(')) text = text.replace(DANGLING_ASIDE, '');
  if (/\s\s|[^\S ]/.test(text)) text = text.replace(/\s+/g, ' ');
  // Every space is one ' ' from here on.
  // "… strings. <a>Issue #220</a>." once the reference went: one stop (an ellipsis, with no space, stays).
  if (/[.!?] [.,;]/.test(text)) text = text.replace(/([.!?])(?: [.,;])+(?= |$)/g, '$1');
  // "(Queues for Kafka, [KIP-932](…))" once the link's reference went: the comma that led to it goes too.
  if (has(', )')) text = text.replace(/, \)/g, ')');
  // cargo-deny's "… updated `rustsec` to 0.31, resolving [#804](…).": the issue it closes went, and so does the word.
  // Google Gen AI's "… client. ([012804d](…)), refs [#2680](…)": after a comma, "refs" only pointed at them ("fetch all refs" names git's).
  if (endsWithReferences)
    text = text
      .replace(POINTING_CLAUSE_AT_END, '')
      .replace(POINTING_WORDS_AT_END, '')
      .replace(WORK_MADE_AT_END, '')
      .replace(/(?<=[.)])\s*,?\s*refs?\s*$/i, '');
  // SnappyMail's "Check HTMLInputElement.validity() for [#1733](…)": the linked issue was what it was for (ScalaPB's "… any
  // collection type there is a CollectionAdapter for (#1509)" keeps its word: the bracket set the reference aside).
  if (endsWithReferences && FOR_A_REFERENCE.test(raw)) text = text.replace(/\s+for\s*$/, '');
  // pycodestyle's "Repository renamed to `pycodestyle`; Issue #466 / #481": the slashes between the ids, and the tracker they
  // were numbers of, go with them.
  if (endsWithReferences && SLASHED_REFERENCES.test(raw)) text = text.replace(/[\s,;]*(?:\b[Ii]ssues?\b)?[\s/]*(?=\.?$)/, '');
  // Argo Rollouts' "Revert "fix(controller): rollout stuck in `Progressing`. fixes [#3988](…)"": the quoted commit's pointer
  // goes with its reference, before the closing quote.
  if (has('"') && POINTER_BEFORE_QUOTE.test(raw)) text = text.replace(/[\s.,;]+(?:fixes|closes|resolves)\s*(?=["”]\s*\.?\s*$)/i, '');
  // PlatformIO's "… where the |LDF| occasionally excluded …": a reStructuredText substitution inside the words reads as its
  // name (scikit-learn's "|Feature|" badges lead an item, and are read as its kind).
  if (has('|')) text = text.replace(/(?<=\w )\|([A-Za-z][\w-]{1,20})\|(?=[\s.,;:)]|$)/g, '$1');
  // aiosmtpd's "Support for |PROXY Protocol|_": a substitution that is also a link, its name in words.
  if (has('|_')) text = text.replace(/(?<![|\w])\|(\p{L}[\p{L}\d .+-]{0,40}[\p{L}\d])\|_{1,2}(?![\w|])/gu, '$1');
  // regclient's "… redirects. ([PR 1093][pr-1093])" once its reference went: an empty bracket after the sentence.
  if (has('()')) text = text.replace(/(?<=[.!?])\s*\(\s*\)/g, '');
  // Invoke's ":bug:`557 major` (with assist from :issue:`640`) Fix the …": the help credited went with its issue's reference.
  if (has('(with ')) text = text.replace(/\s*\(\s*with\s+(?:assist|help)(?:\s+from)?\s*\)/gi, '');
  // Joda-Time's "Fix bug in time-zone binary search [#332, #386]": the bracket its references left, with their commas; where
  // it closed the item's title line over the sentences after it ("… [#332, #386] The fix in v2.9.2 …"), it ended a sentence.
  if (has('[') && /\[\s*[,;&]/.test(text))
    text = text.replace(/(?<=[\p{L}\d)])\s*\[\s*(?:[,;&]\s*)+\](?=\s+\p{Lu}\p{Ll})/gu, '.').replace(/\s*\[\s*(?:[,;&]\s*)+\]/g, '');
  // OctoPrint's "[#1239](…) & [#3227](…) - Add command line interface …": the joins and dash between leading references and
  // the words go with them.
  if (/^\s*[[#]/.test(raw) && /^\s*(?:&|and\b|,)/.test(text)) text = text.replace(/^\s*(?:(?:&|and\b|,)\s*)+(?:[-–—:]\s+)?(?=\S)/, '');
  // samtools' "… reads an invalid CRAM header. (CVE-2026-31973)": the advisory closing the item after its stop is the sentence's.
  if (has('VE-') || has('HSA-')) text = text.replace(/([.!?]) (\((?:CVE|GHSA)-[^()]+\))\.?$/, ' $2$1');
  // IdentityModel's "… internal. See issues [#2651](…) and [#1722](…) for details.", "Continuation of #2637 and #2646. Add …"
  // once the references went: a sentence that only pointed at them goes too.
  // (A change that is only such a pointer keeps it: its section may be all it says.)
  if (refs.length > 0 && (has('ee ') || has('ontinuation'))) {
    const pointed = text.replace(POINTER_SENTENCE, (_whole, lead: string) => lead).trim();
    if (/\p{L}/u.test(pointed)) text = pointed;
  }
  // TinyDB's "Python 2 support has been removed, see `issue 284 <…>`_ for background" once the issue went: the clause that
  // pointed at it goes too.
  if (refs.length > 0 && has('see ') && has(' for ')) text = text.replace(POINTER_CLAUSE, '');
  // packaging's "… the ``abi3.abi3t`` free-threading tag in (:pull:`1099`)", "… wheel tags in (:pull:`804`) (old name …)":
  // once the reference went, the "in" that led to it.
  if (refs.length > 0 && has(' in') && IN_A_REFERENCE_BRACKET.test(raw)) text = text.replace(/\s+in(?=\s*(?:[.;]?\s*$|\())/, '');
  // "… Injection. by" once a bracketed handle went: a "by" after the sentence's stop led only to the credit.
  if (text.endsWith('by') || text.endsWith('by.')) text = text.replace(/(?<=[.!?])\s+by\.?$/i, '');
  // Earthly's "`dockerd` wrapper cleans up after itself [#4267](…)/[#4268](…)" once both went: the slash between them.
  if (raw.includes(')/[') || raw.includes(') / [')) text = text.replace(/(?<=[\p{L}\d)`])\s*\/\s*(?=\.?$)/u, '');
  // Grape's "Restore public `schema` reader on ContractScope validator - [@ericproulx](…)." once the credit went: its dash.
  if (has(' -') || has(' –') || has(' —')) text = text.replace(/\s+[-–—]\s*(?=\.?$)/, '');
  // Yggdrasil's "Authenticated peering handshake with optional password, i.e." over the list of its uses: the words that led
  // into the list go where the list does not follow.
  if (has('.') || has('such as') || has('including')) text = text.replace(/,?\s+(?:i\.\s?e\.|e\.\s?g\.|such as|including)(?:\s*[:,])?\s*$/i, '');
  // Loki's "… to v1.1.2 (release-3.6.x)": the branch a backport went to, no word of the change.
  if (has('(release-')) text = text.replace(/\s*\(release-[\w.]+\)/g, '');
  // netCDF-C's "Add an exploratory fix to #3199 by @x in <url>" once the issue went: a "fix to" closing the words led only to it.
  if (has(' to')) text = text.replace(/\b(fix(?:es)?|follow[- ]?ups?|workarounds?)\s+to(?=\s*\.?\s*$)/i, '$1');
  if (/ [,.;:!?)]/.test(text)) text = text.replace(/\s+([,.;:!?)])(?=\s|$)/g, '$1');
  // dio's "… via `import 'package:dio/io.dart';`. Classes …": a statement's semicolon before the sentence's stop.
  if (has(';.')) text = text.replace(/;\.(?=\s|$)/g, '.');
  // "… no longer error, [#7641](…). The …" once the reference went: the comma that led to it goes too.
  if (has(',')) text = text.replace(/,+(?=[.;:!?](?:\s|$))/g, '').replace(/,{2,}/g, ',');
  if (has('( ')) text = text.replace(/\(\s+/g, '(');
  // k6's "**_(new since v2.0.0-rc1)_**": which pre-release first had the change, a note to those who ran it, not its words.
  if (has('since')) text = text.replace(/\s*\(\s*(?:new|added|changed|fixed) since v?\d[\w.+-]*\s*\)/gi, ' ').replace(/(^|\s)[*_]{2,8}(?=\s|$)/g, '$1');
  // fastfetch's "… on SunOS. (#1995 / #2418, Memory)" once its references went: after the sentence, the modules it touched
  // are labels, not words.
  if (has('(')) text = text.replace(/(?<=[.!?])\s*\(\s*[/,;&+][\s/,;&+]*(?!CVE-|GHSA-)\p{Lu}[\w.+-]*(?:\s*,\s*\p{Lu}[\w.+-]*)*\s*\)/gu, '');
  // Cassandra's "Experimental support for Transient Replication … introduced by CASSANDRA-14404": the ticket that brought it
  // is a reference, no word of the change.
  if (has('troduced ') || has('dded ') || has('mplemented '))
    text = text.replace(/\s+(?:introduced|added|implemented)\s+(?:by|in|with|via)\s+[A-Z][A-Z\d]+-\d{3,}(?=[\s.,;:)]|$)/g, '');
  // JaCoCo's "(GitHub #2076)", Bareos' "[PR #1115]", Octave's "(bug #65544)", xterm's "(Debian #1031837)" once the number
  // went: the tracker's name alone points nowhere.
  // uriparser's "(GitHub #304)" leaves "(GitHub)", no space before its bracket: a tracker named before a number in the line
  // as written.
  if (has('(') || has('['))
    text = text.replace(TRACKER_LEFT_ALONE, (whole, name: string, space: string) =>
      space || new RegExp(String.raw`[([]\s*${name}\s+#?\d`, 'i').test(raw) ? '' : whole,
    );
  // zrepl's "(:commit:`3f75127`, thanks, `@deajan <…>`_)" once the handle went: the commit and a thanks to no one.
  if (has('hank')) text = text.replace(/\s*\(\s*(?:[0-9a-f]{7,40}\s*)?,\s*thanks!?\s*\)/gi, '');
  // WeeChat's "([#2178](…), [CVE-2024-46613](…))" once the issue's link went: the comma it left opens nothing.
  if (has('(,')) text = text.replace(/\(,\s*/g, '(');
  // OpenJPEG's "(CVE-2021-3575, fixes \#1347)" once the issue went: the verb that closed it goes too.
  if (has(')')) text = text.replace(/,\s*(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?|see|refs?)\s*\)/gi, ')');
  // towncrier's "(fixes a regression introduced in #6xx)" once the issue went: the words that led to it go too.
  if (has('introduced in )')) text = text.replace(/\s+introduced\s+in\s*\)/g, ')');
  // ntfy's "([#1360](…)/[#1252](…), thanks to [@pixitha](…))": once the references and the handle went, only the thanks stayed.
  // MiniProfiler's "([#483](…) - thanks [@lillo42](…)!)" likewise, after a dash; its "(…, and not intended for normal
  // operation - [#482](…))" leaves the dash that led to the reference.
  if (refs.length > 0 && has(' -)')) text = text.replace(/\s+[-–]\)/g, ')');
  if (has('hank')) text = text.replace(/\s*\([\s/,;&–-]*thanks(?:\s+to)?[\s,!]*\)/gi, '');
  // kramdown's "(pull request [#774] by Bryce Willey)", "(fixes [#806] and based on pull request [#807], both by Honza Sterba)"
  // once the references went: who made it, with the tracker's words that led to the references.
  if (refs.length > 0 && has(' by ')) text = text.replace(REFERENCE_CREDIT_BRACKET, '');
  // ocamlformat's "Support OCaml 5.5 syntax\n(#2772, #2774, @Julow)\nThe update brings …": once the pull requests went, the
  // bracket credits its author alone; on a line of its own between two sentences, it ended the first.
  if (has('(@'))
    text = text.replace(/([^\s.!?:;])?\s*\(@[\w-]+(?:,\s*@[\w-]+)*\)(?=(\s+\p{Lu})?)/gu, (_whole, before = '', capital?: string) =>
      before && capital ? `${before}.` : before,
    );
  // Pure Data's "… for emscripten support thanks to Claude Heiland-Allen and IOhannes, Dan, and Christof.", "Also thanks to
  // Christof, you can now use …": whom the change is owed to, by name, inside the sentence.
  // sh's "… support for Zsh in the parser and formatter, which was tracked in issue #120 alongside the label https://…": where
  // the work was tracked, which leaves "tracked in issue alongside the label" once its pointers go.
  if (has('which')) text = text.replace(TRACKED_CLAUSE, '');
  // Checkstyle's "NewCheck: UseEnhancedSwitch. Author: Octavia Togami": who wrote it, after the change's sentence.
  if (has('Author')) text = text.replace(/(?<=[.!?])\s+Authors?:\s+\S[^.!?:]{0,150}$/, '');
  if (has('hanks to')) text = text.replace(THANKS_CLOSING, '').replace(THANKS_OPENING, '');
  // HTML Purifier's "… (#336), contributed by Kieran.", Camaleon's "… — thanks, Neo Andrew.", Textpattern's "(thanks,
  // rezozero/ambroisemaupate)": who made or reported it, by name, closing the change.
  if (has(' by ') || has('hanks'))
    text = text
      .replace(/[\s,]*(?:[-–—]\s*)?\b(?:contributed|reported|suggested)\s+by\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}\.?$/u, '')
      // (wmbusmeters' "New amazing feature contributed by Aras Abbasi, you can run …": mid-sentence, before its comma.)
      .replace(/\s+contributed\s+by\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}(?=,\s)/u, '')
      .replace(/\s*[-–—]\s*thanks,?\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}\.?$/u, '')
      .replace(/\s*\(\s*thanks,\s+[^()]{1,60}\)/gi, '');
  // Thunder's "… in markdown bodies - contribution from @micahmo": the credit's words, once its handle went.
  const credited = (has('from') || has('by')) && CREDIT_WORDS_AT_END.exec(text);
  if (credited)
    text = text
      .slice(0, credited.index)
      .trimEnd()
      .replace(/[-–—,]$/, '')
      .trimEnd();
  // django CMS's "… slots (#8709) -- Fabian Braun", eSpeak NG's "added cmake build system  -- djphoenix": a signature closing the change.
  if (has(' -- ')) text = text.replace(/(\S\s+\S+)\s+--\s+(?:\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}|@?[\w.-]+)\s*\.?$/u, '$1');
  text = text.trim();
  // Bareos' "fix memory leak on failed PAM login [PR #1115] [CVE-2022-24756](…)" once the pull request went: an advisory's
  // id after the words names the flaw they fixed, in brackets as other notes write it; its "[No known CVE](…/GHSA-…)" says
  // only that the advisory has no CVE.
  if (raw.includes('](') && /\[(?:CVE-\d{4}-\d{4,}|GHSA(?:-[0-9a-z]{4}){3}|no known CVE)\]\(https?:[^)\s]+\)\s*\.?\s*$/i.test(raw))
    text = text
      .replace(/\s+no known CVE\s+(?=\(GHSA-)/i, ' ')
      .replace(/(\S+\s+\S+\s+(\S+))\s+((?:CVE-\d{4}-\d{4,}|GHSA(?:-[0-9a-z]{4}){3}))\.?$/i, (whole, words: string, last: string, id: string) =>
        // (Not netty's "… contains a fix for a [CVE-2025-55163](…)": an article names the id as the thing.)
        /^(?:fix(?:e[sd]|ing)?|address(?:e[sd]|ing)?|patch(?:e[sd]|ing)?|resolv(?:e[sd]?|ing)|for|of|in|to|and|or|see|as|is|an?|the|\(?CVE-[\d-]+,?|GHSA-[\w-]+,?|\W+|.*[.!?])$/i.test(
          last,
        )
          ? whole
          : `${words} (${id})`,
      );
  // HTML Purifier's "Allow contenteditable="false" (#336)." once the pull request went: no space before the stop.
  if (/\s[.!?]$/.test(text)) text = text.replace(/\s+([.!?])$/, '$1');
  // The Terraform TLS provider's "… ([#210](…), [#225](…)))." closes a bracket it never opened.
  if (text.endsWith(').') || text.endsWith(')')) {
    const unopened = (text.match(/\)/g) ?? []).length - (text.match(/\(/g) ?? []).length;
    if (unopened > 0) text = text.replace(/\s+\)(\.?)$/, '$1');
  }
  // gridstack's "full RTL support - thank you [Daniel Cohen Gindi](…)", ldns' "… extended errors Thanks Roland van Rijswijk-Deij":
  // thanks closing the change, once the name's link went or with the name written out.
  if (has('hank'))
    text = text
      .replace(/\s+[-–—]\s+thank\s+you\s*[.!]?\s*$/i, '')
      .replace(/(?<=\S)\.?\s+Thanks\s+(?:to\s+)?\p{Lu}[\p{L}'’.-]+(?:\s+\p{L}[\p{L}'’.-]+){0,3}\s*[.!]?\s*$/u, '.');
  // Cryptol's "Fix #1578, which caused `parmap` to crash …", "Fixed #1455, making anything …" once the issue went: what was
  // fixed is the issue it named.
  if (/^fix(?:e[sd])?,\s/i.test(text))
    text = text
      .replace(/^(fix(?:e[sd])?),\s+(?=(?:which|making|so|allowing)\s)/i, '$1 an issue, ')
      .replace(/^(fix(?:e[sd])?) an issue, which\s/i, '$1 an issue which ');
  // Doxygen's "… in layout file [<a href="…/commit/…">view</a>]", "[view], [view], and [view]" once the links went: the
  // brackets that held them; its "issue <a …>#11111</a> Overloaded functions are mixed …", the word that named the issue.
  if (has('[view]') || has('[link]') || has('[commit]')) text = text.replace(POINTER_BRACKETS, '');
  if (/^issue\s/i.test(text) && /^\s*(?:[-*+]\s+|<li>\s*)?issue\s+(?:<a\b[^>]*>|\[)?#\d+/i.test(raw)) text = text.replace(/^issue\s+(?=\p{Lu})/iu, '');
  // Norm's "Fix [#79](…). `NULL` foreign keys are not omitted in selects anymore …" once the issue went: the fix is told by the
  // sentence after the verb left alone.
  if (/^fix(?:e[sd])?\.\s/i.test(text)) text = text.replace(/^fix(?:e[sd])?\.\s+(?=\S)/i, '');
  // Diesel's "… for malformed packages in the " (its own line ends so): a sentence cannot end on an article.
  if (/\s(?:the|an?)$/.test(text)) text = text.replace(/(?:\s+(?:in|on|of|for|to|with|at|from|by|into))?\s+(?:the|an?)$/, '');
  // Firefly III's "[Issue 12426](…) (Important: The latest version removed …)" once the reference went: the aside is all it says.
  if (text.startsWith('(') && /^\([^()]+\)\.?$/.test(text)) text = text.replace(/^\(([^()]+)\)(\.?)$/, '$1$2');
  // TuneD's "Set correct permission for tempdir resolves: RHEL-121198": the tracker's key it closes.
  if (has(': ')) text = text.replace(/\s+(?:resolves|related|fixes|closes)\s*:\s*[A-Z][A-Z\d]+-\d+(?:\s*,\s*[A-Z][A-Z\d]+-\d+)*\s*$/, '');
  // SQLGlot's git-cliff "due to [`5c12472`](…) - stop optimizing …": the commit it was due to went, and what led to it.
  if (text.startsWith('due to')) text = text.replace(/^due to\s*[-–:]\s+(?=\S)/, '');
  // Bootstrap's "First, we've added …", "Second, we've replaced …": the order the post tells them in, not the change's words.
  if (/^(?:first|second|third|fourth|fifth|finally|lastly|also|additionally|next),\s+\p{L}/iu.test(text)) text = text.replace(/^\w+,\s+/, '');
  // bottom's "[#1641](…) + [#1692](…): Support …" and "[#1770](…) (originally [#1627](…)): Add …" once the pull requests went:
  // what joined them, or said which came first, leads to nothing.
  if (/^[+&/(]/.test(text)) text = text.replace(/^(?:[+&/]\s*)*(?:\(\s*(?:originally|formerly|previously|supersedes|replaces)\s*\)\s*)?:\s+/i, '');
  // A leading `--flag` is the change's first word, not a dash left before it; so is V's "`-warn-about-allocs` for …", a
  // flag of one dash the notes wrote in code.
  if (EDGE_MARKS.includes(text.charAt(0)) || EDGE_MARKS.includes(text.charAt(text.length - 1))) {
    const flag = text.startsWith('-') && code.some((name) => name.startsWith('-') && text.startsWith(name));
    text = text.replace(flag ? /^[–—:,;\s]+|[-–—:,;\s]+$/g : /^(?:[–—:,;\s]|-(?!-\w))+|[-–—:,;\s]+$/g, '');
  }
  // hiredis' "Support for RESP3 [\#697](…), [\#805](…) ([Yossi Gottlieb](…))" once the pull requests went: the comma that
  // listed them is left before the closing bracket of names. (archive's "… with symlinks, https://…/issues/265.
  // https://osv.dev/vulnerability/GHSA-…." leaves two spaces where the issue's address was.)
  if (refs.length > 0 && (has(', (') || has(',  ('))) text = text.replace(/,\s+(?=\([^()]*\)\.?$)/, ' ');
  // tfenv's "…, fixing #391 and #283 (Mike Peachey <mike.peachey@bjss.com>)": who made it, by name and address.
  if (has('@') && has('<')) text = text.replace(/\s*\((?:[^()<>]{1,60}\s)?<[^<>\s@]+@[^<>\s]+>\)\.?$/, '');
  // React Navigation's "…, closes [#11910](…) - by @satya164" once the issue and the credit went: the verb that led to them.
  // (tfenv's "…, fixing #391 and #283" too.)
  if (/,\s*(?:closes|fixes|resolves|fixing)(?:\s+and)?$/.test(text)) text = text.replace(/,\s*(?:closes|fixes|resolves|fixing)(?:\s+and)?$/, '');
  // 389 Directory Server's "Issue [6112](…) - RFE - add new operation note for MFA authentications": the word that led to the
  // issue's number, once it went, and the tracker's "RFE" (a request for enhancement) mark.
  // (Not SciPy's "BUG: remez hilbert segfault" nor yii2's "Bug #20697: …": a label of the kind.)
  if (refs.length > 0 && /^issues?\s+[-–]/i.test(text)) text = text.replace(/^issues?\s+[-–]\s+(?:RFE\s*[-–:]\s+)?(?=\S)/i, '');
  // cups-browsed's "… `#include ...`" over "Pull request #40": the sentence that named the pull request, once it went.
  if (refs.length > 0 && /pull requests?\.?$/i.test(text)) text = text.replace(/(?<=[.!?])\s+pull requests?\.?$/i, '');
  // MojoMojo's "… (page must exist). Fixes issue #83.", "Alleviates issue #39.": the sentence that named the issue, once it went.
  if (refs.length > 0 && /\b(?:issues?|bugs?|tickets?)\)?\.?$/i.test(text))
    text = text.replace(CLOSING_ISSUE_SENTENCE, (_whole, stop: string | undefined) => stop ?? '');
  // zsh-syntax-highlighting's "… [c0e64fe13178 and parents, e86f75a840e7, et al]": the commits that made it, in a bracket.
  if (has('[') && endsOn(text, ']', 1)) text = text.replace(COMMITS_BRACKET, '$1');
  // Ocelot's "(originally developed by @TomPallister in pull requests #248, #310)" once the credit and its pull requests went.
  if (has('(')) text = text.replace(/\s*\(\s*(?:originally\s+)?(?:developed|contributed|implemented|written|authored|created)\s*\)/gi, '');
  // Metalsmith's "* **New [`Metalsmith#statik`][api_method_statik] method": bold its author opened and never closed.
  if (has('**') && (text.match(/\*\*/g) ?? []).length % 2 === 1) text = text.replace(/^\*\*(?=\S)|(?<=\S)\*\*$/, '');
  return closingCommitsAndCredits({ text, refs, code }, repoBase);
}

/** A short commit hash: seven to twelve hex digits, with a digit and a letter among them (not "deadbeef" or "1234567"). */
const HASH = String.raw`(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}`;
const LEADING_HASH = new RegExp(String.raw`^(${HASH})\s+(?=\S)`);
// (A hash alone closing the words may be what they are about: Falco's "Driver version is b7eb0dd".) python-dotenv's "… by
// [@bbc2] in [790c5c0]": the "in" that led to it goes with it.
const HASH_GROUPS = new RegExp(String.raw`(?:\s+(?:in|from|via))?(?:\s+(?:${HASH})?(?:\[${HASH}\])+)+\s*$`);
const NAME_AND_HASH = new RegExp(String.raw`\s*\*?\(\s*[^()]{1,40}?\s+-\s+(${HASH})\s*\)\*?\s*$`);
const EVERY_HASH = new RegExp(HASH, 'g');
const NAME_IN_HASH = new RegExp(String.raw`\s*\(\s*(?:#\d+,\s*)?[\w.-]{1,30}\s+in\s+(${HASH})\s*\)\.?\s*$`);
/** sqlite3-ruby's "… (GHSA-…)" after its author's handle: the advisory's bracket, which the handle goes from before. */
const HANDLE_BEFORE_ADVISORIES = new RegExp(String.raw`([.!?])?\s+@[\w-]+\s+(\(${ADVISORY_ID_START}[^()]+\))\.?$`, 'i');

/** Rakudo's "… (up from 15) [4d62268a][1e66a50c]": the commits closing an item, bracketed, are its references. */
function closingCommitGroups(text: string, add: (ref: Reference) => void, repoBase: string | null): string {
  return text.replace(HASH_GROUPS, (group) => {
    for (const [sha] of group.matchAll(EVERY_HASH)) add(commitReference(sha, repoBase));
    return '';
  });
}

/**
 * The commits and credits some changelogs close an item with, or lead it with, once its links went: kepler.gl's git log
 * ("b5ffed55b feat: add extra map export resolutions"), esptool's "… flasher stub *(Radim Karniš - cf9cdb7)*",
 * sqlite3-ruby's "… for more information. #710 @flavorjones", Fedify's "[[#963], [#980] by Junseok Oh\]". The commits are
 * references; who made it, no word of the change.
 */
function closingCommitsAndCredits(clean: CleanText, repoBase: string | null): CleanText {
  let { text } = clean;
  const refs = [...clean.refs];
  const commit = (_whole: string, sha: string) => {
    refs.push(commitReference(sha, repoBase));
    return '';
  };
  // Each pass first asks for the mark its pattern needs, as cleanInline's do: this runs on every item.
  const has = (mark: string) => text.includes(mark);
  text = text.replace(LEADING_HASH, commit);
  // rtpengine's Debian changelog: "[39616a9] TT#14008 add packet loss tracking …", the key of its tracker's ticket leading.
  if (/^(?:\[[0-9a-f]{7,12}\]\s+)?[A-Z]{2,6}#\d/.test(text)) text = text.replace(/^(\[[0-9a-f]{7,12}\]\s+)?(?:[A-Z]{2,6}#\d+[,\s]+)+(?=\p{L})/u, '$1');
  if (has(' - ') && has(')')) text = text.replace(NAME_AND_HASH, commit);
  // MacPorts' "… receipt is missing. (#71339, jmr in dab32c5)": the ticket, who made it, and the commit.
  if (has(' in ') && has(')')) text = text.replace(NAME_IN_HASH, commit);
  if (has('@')) {
    if (has('#')) text = text.replace(/(?<=[.!?])\s+#\d+(?:(?:,\s*|\s+)#\d+)*\s+@[\w-]+(?:(?:,\s*|\s+)@[\w-]+)*\s*$/, '');
    text = text.replace(HANDLE_BEFORE_ADVISORIES, (_whole, stop: string | undefined, ids: string) => ` ${ids}${stop ?? ''}`);
  }
  if (has(']')) text = text.replace(/\s*\[[\s,]*(?:by\s+)?\p{Lu}[\p{Ll}'’.-]+(?:\s+\p{Lu}[\p{Ll}'’.-]+){1,3}\\?\]\s*$/u, '');
  return text === clean.text ? clean : { text, refs, code: clean.code };
}
