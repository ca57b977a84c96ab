import { docbookAsMarkdown } from './docbook';
import { texAsMarkdown } from './tex-notes';
import { doubleDashListsAsMarkdown } from './double-dash-lists';
import { joomlaChangelogAsMarkdown } from './joomla-changelog';
import { scribbleAsMarkdown } from './scribble-notes';
import {
  advisoryOfAddress,
  COLON_THEN_PROFILES,
  type CleanText,
  cleanInline,
  endsOn,
  FULL_NAME,
  IDIOM_AFTER_BY,
  CREDITS_WITH_GH_POINTERS,
  issueReference,
  KEY_TAG,
  SPHINX_RELEASES_ROLE,
  SIGN_TAGS,
  THANKS_TO_BRACKET,
  type Reference,
  withAlignedTrackers,
} from './references';
import { halibutAsMarkdown } from './halibut-notes';
import { releaseXmlAsMarkdown } from './release-xml';
import { rstChangelogAsMarkdown } from './rst-changelog';
import { tiddlerAsMarkdown } from './tiddler-notes';
import {
  ACTION_VERBS,
  ASKS_TO_TAKE_OUT,
  ASKS_UPGRADERS,
  EXTRACTED_OUTSIDE,
  FAULT_QUALIFIER,
  KIND_CUES,
  MAX_CITED_LINES,
  THANKS_FOR_FINDING,
} from './vocabulary';
import { advisoryMailAsMarkdown } from './advisory-mail';
import { advisoryPageAsMarkdown } from './advisory-page';
import { ADVISORY_ID_START, intoClosingIds, mayNameAdvisory, withAdvisoryId } from './advisory-id';
import { asciidocAsMarkdown } from './asciidoc-notes';
import { withoutFrontMatter } from './front-matter';
import { blurbAsMarkdown } from './blurb-notes';
import { cueReleaseAsMarkdown } from './cue-notes';
import { dashTagLinesAsMarkdown } from './dash-tag-notes';
import {
  CLOCK_DATE_DAY_FIRST,
  CLOCK_DATE_MONTH_FIRST,
  clockDateLinesAsTitles,
  dateKeyedEntriesAsList,
  datedBlocksAsMarkdown,
  datedLinesAsMarkdown,
} from './dated-lines';
import { jsonChangesAsMarkdown, jsonKindListsAsMarkdown, languageNewsAsMarkdown, rushChangelogAsMarkdown } from './json-changes';
import { changeEntriesAsMarkdown } from './change-entries';
import { trackerKeyLinesAsList } from './tracker-key-lines';
import { labelLinesAsList } from './label-lines';
import { gitLogGraphAsList, handleSignedLinesAsList, kindWordLinesAsList, outlineNumbersAsList, shortTagLinesAsList } from './line-lists';
import { pullRequestHeadingsAsList } from './pr-headings';
import { templateTagsRemoved } from './template-tags';
import { orgNotesAsMarkdown } from './org-notes';
import { rdNotesAsMarkdown } from './rd-notes';
import { rdocAsMarkdown } from './rdoc-notes';
import { textileAsMarkdown } from './textile-notes';
import { typstAsMarkdown } from './typst-notes';
import { iscChangeLogAsMarkdown } from './isc-changelog';
import { escapeRegExp, SKIP } from './regexp';
import { podAsMarkdown } from './pod-notes';
import { texinfoAsMarkdown } from './texinfo-notes';
import { pretChangesAsMarkdown } from './pret-changes';
import { releaseToolTomlAsMarkdown } from './toml-notes';
import { yamlNotesAsMarkdown, versionbotChangelogAsMarkdown } from './yaml-notes';
import { vimHelpAsMarkdown } from './vim-help';

/**
 * Release notes read for their structure: headings (ATX, setext and reStructuredText underlines,
 * bold or colon-ended labels), bullets (`-`, `*`, `+`, numbers, curl's `o`), paragraphs and code
 * fences. Each change becomes an item with the exact lines it came from, its kind (from its
 * section, a Conventional Commit prefix or an explicit breaking marker) and its references.
 */
export type ChangeKind = 'breaking' | 'feature' | 'fix' | 'performance' | 'security' | 'other' | 'internal';

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

export interface NoteItem {
  kind: ChangeKind;
  /** The change in the notes' own words, markup and references removed. */
  text: string;
  lines: LineRange;
  /** The headings it sits under, outermost first. */
  section: string[];
  refs: Reference[];
  /** Words the notes wrote as code (in backticks): their case is part of their meaning. */
  code?: string[];
  /** A heading with its own prose (blog-style notes): a feature the release leads with. */
  flagship?: boolean;
  /** The first paragraph under a flagship heading, what it says about itself. */
  detail?: string;
  /**
   * The line of its account that says its kind, cited beside its first lines: the mark that makes it breaking ("⚠️ **BREAKING
   * CHANGE:** …"), or the advisory id a security fix was given ("CVE-… was reserved for this.").
   */
  kindMark?: LineRange;
  /** A paragraph after the opening, read as a change because the notes list none (Cairo's NEWS): the opening's own come first. */
  afterOpening?: boolean;
}

export interface ParsedNotes {
  lines: string[];
  /** The opening prose before the first change, when the notes have one. */
  intro: { text: string; lines: LineRange; refs: Reference[] } | null;
  items: NoteItem[];
}

interface PendingHeading {
  heading: Heading;
  line: number;
  end: number;
  hasBullets: boolean;
  /** Whether a list came before any paragraph: the heading titles the list, not a change told by its paragraph. */
  bulletsFirst?: boolean;
  hasProse: boolean;
  /** The heading's first paragraph: what a flagship item cites and says. */
  first: { start: number; end: number; text: string; code: string[] } | null;
  /** Whether its first paragraph opened the notes: then it titles the release. */
  titlesRelease?: boolean;
}

/**
 * A feature's own heading, told first by its paragraph, with its parts under it (a blog post's "## New affected projects
 * tracker", its paragraph, then "### Control the depth" or a list of what it tracks): a change, whatever follows. A
 * section's, an advisory's or a release's heading introduces what follows.
 */
function namesAFeature(open: PendingHeading): boolean {
  return (
    open.first !== null &&
    !open.bulletsFirst &&
    open.heading.kind !== 'internal' &&
    !titlesAKind(open.heading.text) &&
    // AntennaPod's blog post, "# Introducing the Inbox" over its account and a list of what it lets you do: a top-level heading
    // is the document's title elsewhere, but one that introduces a thing (not "Introducing Foo 2.0") names the release's feature.
    (open.heading.level >= 2 || INTRODUCES_A_THING.test(open.heading.text)) &&
    !SECTION_TITLE.test(open.heading.text) &&
    !NOT_A_CHANGE_HEADING.test(open.heading.text) &&
    (!RELEASE_TITLE.test(open.heading.text) || INTRODUCES_A_THING.test(open.heading.text)) &&
    !/\d|what['’]?s\s|\bseverity\b|\benhancements\b/i.test(open.heading.text)
  );
}

function listsUnder(open: PendingHeading): void {
  if (!open.hasBullets && open.first === null) open.bulletsFirst = true;
  open.hasBullets = true;
}

interface Heading {
  level: number;
  raw: string;
  text: string;
  refs: Reference[];
  kind: ChangeKind | null;
  /** An empty kind heading ("### Breaking changes") that titles the headings of its own level after it (Grafana). */
  adopts?: boolean;
}

const ATX = /^ {0,3}(#{1,6})\s+(.*)$/;
/**
 * An ATX heading's level and words, without a closing run of `#` after a space ("## Fixes ##"); "C#" keeps its mark. The
 * closing run is cut here rather than in the pattern, whose lazy words before optional marks backtrack per character.
 */
function atxHeading(line: string): { level: number; text: string } | null {
  const atx = line.includes('#') ? line.match(ATX) : null;
  return atx ? { level: atx[1]!.length, text: atx[2]!.replace(/(?:^|\s)#+\s*$/, '').trim() } : null;
}
export const UNDERLINE = /^\s*([=\-~^"'`*+#])\1{2,}\s*$/;
// reStructuredText numbers a list for itself with "#." (Ceres Solver's version history) or "#)" (ODPI-C).
// ArduPilot's "6) Bug fixes:" over "    a) resolve barometer …": an indented letter numbers the list under an item.
// Yash's NEWS marks each indented item with its kind's symbol, "=" a change and "." anything else beside "+" and "*";
// Ettercap's CHANGELOG marks its items "!!", "+" and "-"; JSPWiki's release notes mark the items under one "->", indented.
const BULLET = /^(\s*)(?:!!|[-*+•!]|o|\*\)|\d{1,3}[.)]|(?<=^\s+)(?:[a-z]\)|->)|(?<=^\s+)[=.](?=\s\s)|#[.)])\s+(\S.*)$/;
// CommonMark: a backtick fence's info string holds no backtick; OpenVPN's wrapped "```--auth-gen-token …``" is a code
// span gone wrong, not a fence.
const FENCE = /^\s*(`{3,}(?=[^`]*$)|~~~)/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
/** Column names of a table whose rows are changes: an advisory list, a feature matrix with descriptions. */
const CHANGE_COLUMNS = /\b(?:descriptions?|changes?|summary|title|cves?|vulnerabilit\w*|advisor\w*|issues?|fix\w*|features?|what|severity|impact|details?)\b/i;
// Apache Yetus' "| JIRA | Summary | Priority | Component |" (HBase): where in the project and how urgent to its tracker, no
// word of the change either.
const CREDIT_COLUMN = /^(?:authors?(?:\(s\))?|contributors?|by|credits?|thanks(?: to)?|reporters?|reported by|assignee|priority|components?)$/i;
const TABLE_RULE = /^\s*(?:\|\s*)?:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*(?:\|\s*)?$/;
/** What a body's first sentence opens with, as a name wrapped onto the next line ("Windows", "Series") does not. */
const BODY_OPENER = /^(?:The|This|These|Those|There|It|Its|We|You|Users?|Previously|Now|When|If|As|Note|Also|Before|After)\s+\p{Ll}/u;
/** A commit title of a few words that does not end on a word a sentence could not stop before ("… for", "… the"). */
const TITLE_OVER_BODY = /^(?=(?:\S+\s+){0,11}\S+$)(?!.*\b(?:and|or|the|a|an|of|to|in|for|with|by|on|at|from|into|than|that|is|are|was|were)$).*[\p{L}\d)`]$/iu;
/** How many bullets are a title over an indented body led as a sentence is ("- Do not generate PPD …" over "  If the …"). */
function titlesOverBodies(lines: string[]): number {
  let count = 0;
  for (let index = 0; index + 1 < lines.length; index++) {
    const bullet = lines[index]!.match(BULLET);
    const next = lines[index + 1]!;
    if (!bullet || next.trim() === '' || BULLET.test(next) || indentOf(next) <= indentOf(lines[index]!)) continue;
    if (TITLE_OVER_BODY.test(bullet[2]!.trim()) && BODY_OPENER.test(next.trim().replace(/`/g, ''))) count++;
  }
  return count;
}
/** A line closed by Markdown's hard line break, a backslash, ended as a sentence is (unless it already is). */
const endingHardBreak = (text: string) => (text.endsWith('\\') ? text.replace(/([.!?:;])?\s+\\$/, (_whole, stop?: string) => stop ?? '.') : text);
/** A field under a change naming who made or reported it, or where it was reported (CPAN's Changes). */
const CREDIT_FIELD = /^(?:contributors?|reported[- ]by|reporters?|authors?|reference|references)\s*:\s+\S/i;
/**
 * A line of code written into a change's account without a fence: Moto's "`@mock_aws(config={…})`", "config={…}", ")",
 * "MOTO_IAM_LOAD_MANAGED_POLICIES=true". It shows how, and is no words of the change.
 */
const CODE_LINE = /^`?(?:@?[A-Za-z_][\w.]*\((?:[^()]*\b\w+=|[^()]*[{[]|\s*$)[^`]*|[A-Z][A-Z\d]*(?:_[A-Z\d]+)+=\S*|[a-z_]\w*=[[{(].*|[)\]}]+[,;)]*)`?$/;
/** The sections a commit-log generator sorts commits into (conventional-changelog's, git-cliff's). */
const COMMIT_LOG_SECTION =
  /^(?:bug fixes|features|documentation|tests|code generation|code refactoring|refactor(?:ing)?|unclassified|chores?|performance(?: improvements)?|reverts|build system|continuous integration|styles|dependencies|miscellaneous(?: chores)?)$/i;
// (OpenResty's announcements open on a Template Toolkit directive, "[% major_ver = "1.25.3"; version = major_ver _ ".2" -%]".)
// (Videomass' "+------------------------------------+" over each release: a box's border drawn in text.)
// RBDOOM-3-BFG's release notes rule their banner off with a line of underscores.
const NOISE = /^\s*(?:\+-{3,}\+|_{3,}|<a\s[^>]*>\s*<\/a>|<!--.*-->|\{%[^%]*%\}|\[%[-+~]?\s[^%]*%\]|!\[[^\]]*\]\([^)]*\)|\[[^\]]+\]:\s*\S.*)\s*$/i;

/**
 * Keycloak's "If you are using any of these capabilities:" over them: who the change above affects, not more changes; so are
 * logback's "A successful RCE attack … requires *all* of the following conditions to be met:".
 */
const AFFECTED_UNLESS =
  /\b(?:affected|vulnerable|impacted)\b[^.!?]{0,40}\b(?:unless|if|when)\s*:\s*$|\brequires?\s+[*_]*(?:all|any|one|each)[*_]*\s+of\s+the\s+following\s+conditions\b[^.!?]{0,30}:\s*$|(?:^|[.!?]\s+)if you(?:'re| are)? (?:use|using|rely on|relying on|depend on|depending on|have)\b[^.!?]{0,80}:\s*$/i;
/**
 * ncdns 0.3's post, "Meanwhile, here are some important caveats you should be aware of in this integration:" over its
 * numbered list: what still falls short, told so people know; and "Additional features we intend to add to the ncdns
 * installer in the future include:" over what is not in this release yet. Flink's "As a result of that certain artifacts are
 * not yet available:" over the artifacts still to come likewise.
 */
const CAVEATS_INTRO = /\b(?:caveats|known\s+(?:issues|limitations|problems|bugs)|limitations|not\s+yet\s+available)\b[^.!?:]{0,80}:\s*$/i;
// Ziglua's "There is still plenty of work for the future:" over what it has yet to do.
const FUTURE_INTRO =
  /\b(?:intend|plan|hope|want)s?\s+to\s+add\b[^.!?:]{0,80}\bin\s+the\s+future\b[^.!?:]{0,30}:\s*$|\b(?:work|plans|things\s+to\s+do)\s+for\s+(?:the\s+)?future\s*:\s*$/i;
/** Apache Hop's "This is a patch release to address some regressions … The following issues have been solved:" over its list. */
const FIXES_INTRO =
  /\b(?:the\s+following\s+(?:issues|bugs|problems|regressions)\s+(?:have\s+been|were|are)\s+(?:solved|fixed|resolved|addressed)|(?:fixes|solves|resolves)\s+the\s+following\s+(?:issues|bugs|problems|regressions))\s*:\s*$/i;
/**
 * The heading a lead-in paragraph opens over the list below it, and no further (the first that says so). A list said to be
 * solved takes its kind from a heading that gives one already.
 */
const LIST_LEAD_INS: Array<{ pattern: RegExp; heading: string; underAKind: boolean }> = [
  { pattern: CAVEATS_INTRO, heading: 'Known issues', underAKind: true },
  { pattern: FUTURE_INTRO, heading: 'Not in this release', underAKind: true },
  { pattern: FIXES_INTRO, heading: 'Fixed issues', underAKind: false },
  // Nippy's "As always:" over where to read, to test before updating, and to report problems: advice, no change.
  { pattern: /^as (?:always|usual)\s*:\s*$/i, heading: 'As always', underAKind: true },
  // MediaGoblin's "… you should deauthorize. To check this:" over where to click: what to do, no change.
  { pattern: /(?:^|[.!]\s+)to (?:check|verify) (?:this|it|that)\s*:$/i, heading: 'How to check', underAKind: true },
  // gonic's "Verify the vendored WASM artifacts using Artifact Attestations:" over their addresses, and its "Opting out of
  // WebAssembly:" over how, and what that mode lacks.
  { pattern: /^verify\s+(?:the\s+)?[^.]{3,80}:$/i, heading: 'How to verify', underAKind: true },
  { pattern: /^(?:opting out of|to opt out of)\s+[^.]{2,60}:$/i, heading: 'How to opt out', underAKind: true },
];
const LIST_ONLY_HEADINGS = new Set(LIST_LEAD_INS.map((leadIn) => leadIn.heading));
const GUIDANCE =
  /\b(?:affected|fixed|patched|vulnerable) versions?\b|^affected\b|\baction required\b|^recommended actions?$|^receive\b.*\bnotifications$|\bam i (?:vulnerable|affected)\b|\bhow do i\b|\bmitigations?\b|\bworkarounds?\b|^references$|^detection$|^timeline$/i;

/**
 * bugwarrior's "Lots of updates from various contributors:" over its changes: what people made, told before the people, is
 * the list, not their credits (a lookahead the credit patterns below open with).
 */
const WORK_OF_CONTRIBUTORS = String.raw`(?!.*\b(?:updates|changes|improvements|fixes)\s+(?:from|by)\b)`;
const SECTION_RULES: Array<[RegExp, ChangeKind]> = [
  // GitLab's security release lists its "Non Security Patches" after the advisories: fixes of no flaw.
  [/\bnon[- ]security\b/i, 'fix'],
  // Credits are not changes: GitHub's "New Contributors", "Full Changelog", thanks lists, Kedro's "Community contributions".
  // SciPy's "Authors" over "* Name (commits)" and one name a line, auto's "Authors: 5"; NetworkX's "10 authors added to this
  // release" and "9 reviewers …"; tcsh's announcement, "I would like to thank:" over "* everyone who sent bug reports".
  [
    // (Not bugwarrior's "Lots of updates from various contributors:": see WORK_OF_CONTRIBUTORS.)
    new RegExp(
      String.raw`^${WORK_OF_CONTRIBUTORS}(?:.*?\b(?:new contributors?|contributors?|(?:community|external) contributions?|committers?|full changelog|thanks|acknowledg\w*|commits|brought to you by)\b|(?:authors|reviewers)(?::?\s*\d+)?$|\d+\s+(?:authors|reviewers|people)\b|(?:i|we)(?:['’]d|\s+would)\s+(?:also\s+)?like\s+to\s+thank\b)`,
      'i',
    ),
    'internal',
  ],
  // devenv 1.11's "Each entry includes:" over "- `date`: When the change was introduced (YYYY-MM-DD)": the fields of a format
  // the post explains, no changes.
  [/^(?:each|every)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:includes?|contains?|has|consists\s+of|must\s+have|accepts?)\b/i, 'internal'],
  // Spyder's "New, updated and removed plugins": a section of every kind says none; its items' own words do.
  [/\b(?:new|added|updated)\b.*\b(?:and|&)\s+(?:removed|deprecated)\b/i, 'other'],
  // Flowblade's "Small features, changes, removals and bugfixes" likewise, removals one kind among the others.
  [/^(?!.*\bbreaking\b)(?=.*\b(?:features?|fix(?:es)?|bug\s?fixes|additions|improvements|enhancements)\b).*\bremovals\b/i, 'other'],
  // drf-spectacular's "Breaking changes / important additions:" likewise: breaks beside additions, each told by its words.
  [
    /\bbreaking\s+changes?\s*(?:\/|&|\band\b)\s*(?:(?:important|notable|major|other)\s+)?(?:additions|(?:new\s+)?features|improvements|enhancements)\b/i,
    'other',
  ],
  // Lemmy's "Support development" over its donation links: how to fund the project, no change of the release.
  [/^(?:support (?:the )?(?:development|developers|project|us)|donat\w*|ways to donate|sponsors?|funding)$/i, 'internal'],
  // MDN's browser-compat-data "### Statistics": how many features, contributors and stargazers the project has, no change.
  // cargo-smart-release's "### Commit Statistics" and "### Commit Details": how the release was made, commit by commit.
  [/^(?:statistics|stats|release stats|by the numbers)$|^commit\s+(?:statistics|stats|details)$/i, 'internal'],
  // Cockpit 184's "### Try it out" over "Cockpit 184 is available now:" and links to each distribution's package: where to
  // get the release, no change of it.
  [/^try\s+it(?:\s+out)?!?$/i, 'internal'],
  // Auxio's "Dev/Meta": the build's targets and its libraries, the project's own.
  // asciidoctor-reveal.js' "Release meta" over "Released on: 2018-01-31", "Released by: …", "Release coffee: …": who cut it, when.
  [/^(?:(?:dev(?:elopment)?\s*(?:\/|&|and)\s*)?meta|release\s+meta(?:data)?)$/i, 'internal'],
  // Shotwell's "Added/updated translations:" over "kk.po, courtesy of …": which languages were translated, and by whom.
  [/^(?:(?:added|new|updated)(?:\s*(?:\/|and|&)\s*(?:added|new|updated))?\s+)?translations?$/i, 'internal'],
  // Scala Native's "Supported Scala versions" over its table of them: which versions it runs on, a notice every release
  // repeats; a version newly supported is said as a change ("Add support for Scala 3.8").
  [/^(?:currently\s+)?supported\s+(?:[\w.+-]+\s+){0,2}versions$/i, 'internal'],
  // CanvasBlocker's "known issues:": what still goes wrong in the release, told so people know, no change of it.
  // (And what the prose before a list says is not in the release yet: see FUTURE_INTRO.)
  // Flink's "As a result of that certain artifacts are not yet available:" over them: what is still to come.
  // (Ziglua's "There is still plenty of work for the future" over what it has yet to do, titled by its lead-in.)
  [
    /^known\s+(?:[\w-]+\s+)?(?:issues|bugs|problems|limitations|regressions)(?:\s+(?:and|&)\s+(?:issues|bugs|problems|limitations))?$|^not in this release$|\bnot\s+yet\s+available$|\b(?:work|plans|things\s+to\s+do)\s+for\s+(?:the\s+)?future$|^as always$/i,
    'internal',
  ],
  // Weave Scope's "Security and bug fixes:" over two advisories' fixes and six plain ones: fixes, each its own kind by its words.
  [/^(?:security\s+(?:and|&)\s+bug\s*fixes|bug\s*fixes\s+(?:and|&)\s+security(?:\s+fixes)?)$/i, 'fix'],
  // Kale 2.0's "## Want to Contribute?" over its GitHub, Slack and working group links: where to join, no change.
  [/^(?:want|how)\s+to\s+(?:contribute|help|get\s+involved)\??$|^(?:contributing|get\s+involved|join\s+(?:us|the\s+community))!?$/i, 'internal'],
  // HDF4's "CONTENTS" over the sections below, and its "Platforms Tested": the document's map, and where it was tried.
  [/^(?:table\s+of\s+)?contents$|^platforms?\s+tested$|^tested\s+platforms?$/i, 'internal'],
  // Mumble's "## Warning" over "The static server binary for Linux is using an outdated version of OpenSSL …": a caveat of
  // what ships, as a known issue is.
  [/^warnings?$/i, 'internal'],
  // A security announcement's guidance ("Am I vulnerable?", "Affected Versions", "How do I mitigate this?", GitLab's
  // "Recommended Action" and "Receive Security Release Notifications") tells who is affected and what to do; the fix itself is
  // the announcement's own prose or its change items.
  [GUIDANCE, 'internal'],
  // Changesets and release-please name sections by the semver part they bump.
  // Changesets' "### Major Changes" is semver's major. XStream's and Stack's "Major changes" are their weightier ones: only a
  // change whose words break is a break there (see BREAK_PRONE_SECTION).
  [/^Major Changes?$/, 'breaking'],
  [/^minor changes?$/i, 'feature'],
  [/^patch changes?$/i, 'fix'],
  // github_changelog_generator's "**Closed issues:**" and "**Fixed bugs:**": the issues the release closed, each titled by
  // its fault.
  [/^(?:closed|resolved) issues$/i, 'fix'],
  // "Notable Behavioral Changes", "lib.d.ts Changes": changes in behaviour are neither new nor, by themselves, breaking.
  [/\bbehaviou?ral changes?\b|\bchanges? in behaviou?r\b|\bbehaviou?r changed?\b/i, 'other'],
  // What a release announces for later (curl's "Planned upcoming removals") is not a change of this release.
  // Boa's "Looking Forward", a roadmap's "What's next": the same.
  // NNG's "End of Feature Announcements": what it will stop supporting. Trickster 2.0's "Still to Come" likewise.
  [/\b(?:planned|upcoming|future|looking (?:forward|ahead)|what['’]?s next|next steps|roadmap|end of feature|still to come|coming soon)\b/i, 'other'],
  // Trickster 2.0's "Configuration & Security" over YAML configuration and environment variables: an area beside security,
  // each change of its own kind.
  [/^(?:configuration|config|settings|deployment|operations)\s*(?:&|and)\s*security$/i, 'other'],
  // LibreSSL's "Compatibility changes" (symbols exposed, macros removed): changes to the interface, breaking only where
  // an item says it takes something away.
  [/^(?:api\s+|abi\s+)?compatibility\s+changes?$/i, 'other'],
  // "Removed", "Removals", Jira's "Remove Feature"; not a heading that tells one change ("GS/HW: Remove Handling of Provoking First
  // Vertex"), whose own words say what it is.
  // Ant's WHATSNEW: "Changes that could break older environments:".
  // (Not FastEndpoints' "⚠️ Sponsorship Level Critically Low ⚠️": the signs call for attention to how the project is funded;
  // nor Inno Setup's "Removed main size limits": a limit taken away is room given.)
  [/\bremov(?:ed|al)\s+(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}(?:limits?|limitations?|restrictions?)\b/i, 'feature'],
  [/\bsponsor(?:s|ship)\b|\bfunding\b|\bdonations?\b/i, 'internal'],
  // Popeye's and K9s' "♫ Sounds Behind The Release ♭": the songs the author listened to, no change.
  [/\bsounds? behind\b|\bsoundtrack\b|\bplaylist\b/i, 'internal'],
  // iTerm2 3.5.11's advisory in questions: "Who is affected?", "When does this occur?", "What should you do?", "How I'm
  // addressing this": whom the flaw reaches and what to do, which the posts' call to update says; no change of the release.
  [
    /^(?:who\s+is\s+affected|(?:am\s+i|are\s+you)\s+affected|when\s+does\s+(?:this|it)\s+(?:occur|happen)|what\s+should\s+(?:you|i|users)\s+do|how\s+(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+addressing\s+(?:this|it))\??$/i,
    'internal',
  ],
  // gonic's "### ⚠ Note to package maintainers": what packagers change in their recipes, which breaks no user.
  [/\bnotes?\s+(?:to|for)\s+(?:package\s+maintainers|packagers|distributors|distributions?)\b/i, 'other'],
  // PHP-JWT 7.0.0's "### ⚠️ ⚠️ ⚠️  Security Fixes ⚠️ ⚠️ ⚠️": warning signs around a security heading call attention to the fixes.
  [/^(?:⚠\uFE0F?\s*)+security(?:\s+(?:fix(?:es)?|updates?|issues?|advisor(?:y|ies)))?(?:\s*⚠\uFE0F?)+$/i, 'security'],
  [
    /breaking|incompatib|non[- ]backwards?[- ]compatible|compatibility notes|backwards?[- ]compatibility changes?|\bremov(?:ed|al|als)\b|^remove(?: features?)?$|urgent upgrade|⚠|\b(?:could|may|might|will) break\b/i,
    'breaking',
  ],
  [/\bdeprecat\w*\b/i, 'other'],
  // Cookiecutter's "Development dependency updates (no user impact)" over the advisories of its lint tools.
  [/\bno user impact\b/i, 'internal'],
  // Its "What's better" over the improvements, beside "What's new" and "What's fixed".
  [/^what['’]?s\s+(?:better|improved)$/i, 'feature'],
  // JHipster's "Help and bugs" over where to report them, and its "How to upgrade" over the commands that do it: no change.
  // MediaGoblin's "**Do this to upgrade**" likewise.
  // Corsica's "**Upgrading** from 1.x to 2.0.0 is a matter of these things:" over the steps to take, likewise.
  [
    /^(?:help|getting help|support)\s+(?:and|&)\s+(?:bugs?|feedback|questions)$|^how\s+to\s+(?:upgrade|update|install|check|verify|opt out)\b|^do\s+this\s+to\s+(?:upgrade|update)$|^(?:upgrading|to\s+upgrade)\s+from\s+\S+\s+to\s+\S+\s+(?:is|takes|means|needs|requires)\b/i,
    'internal',
  ],
  [/security|vulnerab|\bcve\b/i, 'security'],
  // OpenVPN's "Building improvements" (a CI workflow cherry-picked): how the project builds itself, not what users get.
  // LibreSSL's "Internal improvements": the library's own insides, whatever "improvements" says.
  // PowerShell's "Build and Packaging Improvements" likewise.
  [
    /^(?:build(?:ing)?|ci|infrastructure|internal|packaging|tooling)(?:\s+(?:and|&)\s+(?:build(?:ing)?|ci|infrastructure|packaging|tooling|tests?|release))?\s+(?:improvements?|changes?|updates?)$/i,
    'internal',
  ],
  // Jupyter's "Maintenance and upkeep improvements", "Documentation improvements": the project's own upkeep and docs,
  // whatever they improve.
  // towncrier's "Improved Documentation": the docs, however improved.
  // ArviZ's "Maintenance and fixes" (a function made consistent, a warning only when asked): fixes people meet, told by their words.
  [/\b(?:maintenance|upkeep)\s+(?:and|&)\s+(?:bug\s*)?fix(?:es)?$|^(?:bug\s*)?fix(?:es)?\s+(?:and|&)\s+maintenance$/i, 'other'],
  // gensim's "Tutorial and doc improvements".
  [/\b(?:maintenance|upkeep)\b|^(?:improved\s+|updated\s+)?(?:(?:tutorials?|examples?)\s+(?:and|&)\s+)?(?:documentation|docs?)\b/i, 'internal'],
  // HandBrake's "Third-party libraries" lists the versions it bundles: dependencies, not its own changes.
  [/\b(?:third[- ]party|bundled|vendored)\s+(?:libraries|librar(?:y|ies) updates?|dependencies|components)\b/i, 'internal'],
  // Transmission's "Community" and "Code Modernization": how the project works and is built, not what users get.
  [/^(?:(?:better\s+)?community|code\s+moderni[sz]ation)$/i, 'internal'],
  // Not iperf's own name in its version heading ("iperf-3.18 2024-12-13").
  [/\bperf(?:ormance)?\b|speed|faster/i, 'performance'],
  // PowerShell's "Engine Updates and Fixes", "General Cmdlet Updates and Fixes": additions and fixes side by side, each
  // item's verb says which.
  [/\b(?:updates?|improvements?|enhancements?|features?|changes)\s+(?:and|&)\s+(?:bug\s*)?fix(?:es)?\b/i, 'other'],
  // (Not Dart Code's "## Debugger": a part of the product, no bug.)
  [/\bfix|(?<!de)bug/i, 'fix'],
  // darktable's "The Big Ones" heads its flagship changes.
  [
    /\b(?:feat|features?|added|add|additions?|new|enhancements?|improvements?|improved|highlights?|announcements?|notable|key changes|following changes|language|libraries|compiler|stabili[sz]ed|ui, workflows|big (?:ones|changes|features))\b/i,
    'feature',
  ],
  [
    // "Build 2412100" numbers a firmware release; "Build" alone is the build system's section.
    // Path::Tiny's "[Testing]", not a feature's "A/B testing" heading.
    // RIOT's closing "Discussions" (where to chat) and "License" (what the code is under), Asterisk's "Links" (to the diff
    // and the tarball): the project's standing notices.
    // DOSBox Staging's "0.81.2 commit authors" (not SMAPI's "For mod authors", what they get).
    // (Not Dart Code's "Code Coverage for Flutter tests" nor its "Dependencies Tree": what people get for their tests and
    // dependencies; nor bugwarrior's "Lots of updates from various contributors": see WORK_OF_CONTRIBUTORS.)
    new RegExp(
      String.raw`^${WORK_OF_CONTRIBUTORS}(?:^testing$|^(?:development|discussions?|licen[cs]es?|licensing|contact(?: us)?|stay in touch|get in touch|social media|(?:useful )?links)$|^(?:v?\d[\w.-]*\s+)?(?:commit\s+|release\s+)?(?:authors|maintainers)$|.*?\b(?:internals?|translations?|released packages|chores?|docs|documentation|documented|downloads?|checksums?|development (?:updates?|changes)|ci|build(?!\s+\d)|(?<!\b(?:coverage|support)\s+for\s+(?:[\w-]+\s+)?)tests?|tooling|refactor(?:ing)?|dependenc(?:y|ies)(?!\s+(?:tree|view|graph|panel|explorer|sidebar)\b)|deps|packaging|maintenance|contributors?|commits|hall of fame|full changelog|continuous integration|miscellaneous tasks|polish|thank(?:s| ?you)|sponsors?|supporters?|backers?|credits|acknowledge?ments?)\b)`,
      'i',
    ),
    'internal',
  ],
];

/** A change led by the word for its kind, without a colon: a verb in lower case, or a part of the product before one (not
 * sysklogd's "Bugfix against invalid PRI values", a fix told by what it guards against). */
const BUGFIX_WORD = /^\s*(?:Bug-?fix|BUGFIX|Hotfix)\s+(?!(?:for|in|to|of|on|against|with|release|releases|only|and)\b)(?=[a-z]+\s|[\p{L}\d_./-]+:\s)/u;
/** A Sphinx "releases" entry's role: ":support:" is upkeep (docs, packaging, backports) beside the bugs and features. */
const SPHINX_ROLE_KIND: Record<string, ChangeKind> = { bug: 'fix', feature: 'feature', support: 'other' };
const MIXED_WITH_INTERNAL = /\binternals?\b|\bdevelopment support\b|\brefactor/i;

const TAGS =
  'feat|feature|features|fix|fixes|bugfixes|bugfix|bug|perf|performance|security|docs|doc|chore|ci|build|test|tests|refactor|style|revert|deps|types|breaking';
// Test Runner for Java's "fix - method parsing error", "build - Update jacoco to 0.8.12": the type before a dash.
// Vyper's "feat[lang]!: move sqrt to new stdlib math module": the scope in square brackets.
const PREFIX = new RegExp(`^(?:\\[[^\\]]+\\]\\s*)?(${TAGS})(\\([^)]*\\)|\\[[^\\]\\s]*\\])?(!)?(?::|\\s+-(?=\\s))\\s*`, 'i');
const UPKEEP_BRACKET = /^\[(?:meta|actions|github actions|dev ?deps|dev|readme|eslint|npmignore|repo|workflows?|tooling|(?:docs?-|code-)?infra)\]:?\s+/i;
/** GitHub release labels written as a bracket tag: `[feat] Add …`, `[fix] …`, `[chore] …`. */
const BRACKET_TAG = new RegExp(`^\\[(${TAGS})(!)?\\]:?\\s*`, 'i');
const BRACKETED_KIND_WORD = /^\[(New|Add|Added|Misc|new|add|added|misc)\]:?\s+(?=\S)/;
const BRACKETED_KIND: Record<string, ChangeKind> = { new: 'feature', add: 'feature', added: 'feature' };
/** seaborn stacks them: "|Defaults| |Enhancement| When passing …". */
// zrepl's "|bugfix|" beside "|feature|".
const BADGES = /^(?:\|(?:MajorFeature|Feature|Efficiency|Enhancement|Fix|Bugfix|API|Security|Defaults|Deprecation|Docs)\|\s*)+/i;
const BADGE_KIND: Record<string, ChangeKind> = {
  majorfeature: 'feature',
  feature: 'feature',
  efficiency: 'performance',
  enhancement: 'feature',
  fix: 'fix',
  bugfix: 'fix',
  api: 'other',
  defaults: 'other',
  deprecation: 'other',
  docs: 'internal',
  security: 'security',
};
const TYPE_CELL = new RegExp(`^(?:${TAGS})!?$`, 'i');
const PREFIX_KIND: Record<string, ChangeKind> = {
  feat: 'feature',
  feature: 'feature',
  features: 'feature',
  fix: 'fix',
  fixes: 'fix',
  bugfix: 'fix',
  // Mailu's towncrier lines, "- Bugfixes: Fix a bug preventing POP3 …" beside "- Features: …".
  bugfixes: 'fix',
  bug: 'fix',
  perf: 'performance',
  performance: 'performance',
  security: 'security',
  breaking: 'breaking',
};
const KIND_LABEL =
  /^(Breaking [Cc]hange|New|Add|Added|Feature|Implemented|Task|Improved|Improvement|Enhancement|Enhance|Enh|Change|Changed|Chg|Removed|Deprecated|Fix|Fixed|Bugfix|Defect|Patch|Upgrade|Update|Updated|Security Item|Security|Sec|Vulnerability|CVE|Major|Minor|Major release|Minor release|Dev|Internal|Optimization|Documentation|Tweak|Compatibility)(?:\s*#\d+(?:(?:,|\s+and)\s*#\d+)*)?(?:\s+and)?(?::|\s+[-–—])\s+(?=\S)/;
const KIND_TAG_IN_BRACKETS = /^(?:CHANGE|CHANGED|BUGFIX|FIX|FEATURE|ENHANCEMENT|IMPROVEMENT|SECURITY|BREAKING)$/;
const WARNING_SIGN = /⚠\uFE0F?\s*|:warning:\s*/g;
const CODE_KIND_TAG = /^\s*(?:[-*+]\s+)?`(NEW|ADD|CHG|FIX|REVERT)`\s+(?=\S)/;
const CODE_TAG_KIND: Record<string, ChangeKind> = { NEW: 'feature', ADD: 'feature', FIX: 'fix' };
/** "`len()` works on …", "Platform.request accepts …": a name in code, then what it does. */
const NAME_AND_ITS_VERB =
  /^[\w.]*(?:\(\)|\.\w)[\w.()]*\s+(?:now\s+)?(?:works|accepts|supports|returns|allows|handles|takes|uses|raises|respects|includes|produces|emits)\b/;
const TRACKER_ISSUE_RESOLVED =
  /^(?:Resolved|Closed)\s+(?:(?:GitHub|GitLab|Pagure|Bugzilla|Launchpad|Savannah|SourceForge|Trac|Jira|JIRA|Redmine|RHBZ|rhbz|BZ|LP)(?:\s+(?:issues?|bugs?|tickets?))?|(?:issues?|bugs?|tickets?)(?=[-\s#]*\d))(?:[-\s#]*\d+)?\s*:\s+(?=\S)/;
/** Labels that are a change's verb in the past tense. */
const VERB_LABEL = /^(?:Added|Changed|Removed|Deprecated|Fixed)$/;
/** Words that open a sentence with its own verb: "Add …", "Fixes …", "Make …", "Use …". */
const OWN_VERB =
  /^(?:Fix(?:es|ed)?|Add(?:s|ed)?|Remove[sd]?|Drop(?:s|ped)?|Deprecate[sd]?|Improve[sd]?|Update[sd]?|Allow(?:s|ed)?|Support(?:s|ed)?|Introduce[sd]?|Prevent(?:s|ed)?|Avoid(?:s|ed)?|Correct(?:s|ed)?|Restore[sd]?|Revert(?:s|ed)?|Handle[sd]?|Make[sd]?|Made|Use[sd]?|Change[sd]?|Rename[sd]?|Replace[sd]?|Move[sd]?|Set|Sets|Enable[sd]?|Disable[sd]?|Expose[sd]?|Bump(?:s|ed)?|Switch(?:es|ed)?|Implement(?:s|ed)?|Reject(?:s|ed)?|Ensure[sd]?|Let|Lets|Show(?:s|ed|n)?|Hide[sd]?|Display(?:s|ed)?|Reduce[sd]?|Increase[sd]?|Automatically|Saniti[sz]e[sd]?|Escape[sd]?|Validate[sd]?|Restrict(?:s|ed)?|Block(?:s|ed)?|Mitigate[sd]?|Harden(?:s|ed)?|Require[sd]?|Disallow(?:s|ed)?|Forbid(?:s|den)?)\b/;
/** The text with its first letter in lower case where `starts` matches ("Width of …" after "Fixed"), else as written. */
const lowerFirst = (text: string, starts: RegExp) => (starts.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
/** OpenTTD's "Fix #12345: Crash on some tar files": without its label a post would announce the crash; the label is the verb. */
/** An issue's title that tells what goes wrong: "… fails to recognize …", "… not working inside …", "… causes indentation problem". */
const REPORTED_FAULT =
  /\b(?:fails?\s+to|doesn['’]t|does\s+not|not\s+working|removes\s+useful|causes?\s+(?:\w+\s+){0,2}(?:problems?|issues?|errors?|crash(?:es)?)|wrongly|improper(?:ly)?|incorrect(?:ly)?|was\s+wiped\s+out|is\s+broken)\b/i;
// (A fault told in a clause, "… if server doesn't supply one", is the condition a change handles.)
const isReportedFault = (title: string) =>
  REPORTED_FAULT.test(title) &&
  !/\b(?:if|when|unless|where|whenever|that|which)\b/i.test(title.slice(0, title.search(REPORTED_FAULT))) &&
  title.split(/\s+/).length <= 16 &&
  !/^(?:we|i|you|this|it|there|resolved|addressed|corrected)\b/i.test(title) &&
  !OWN_VERB.test(title.charAt(0).toUpperCase() + title.slice(1));
/** An issue's title that opens on its verb ("Fails to recognize …"), not a fault's name ("Crash on …"): told in quotes. */
export const OPENS_ON_FAULT_VERB = /^(?:fails?|doesn['’]t|does\s+not|not|can['’]?t|cannot)\b/i;
/**
 * The title told as fixed: a fault named first stays so ("Fixed improper line concatenation …"), one that opens on its verb
 * is quoted ('Fixed "Fails to recognize Handlebars block …"'), and a subject with its verb is the issue where it happened.
 */
function reportedFaultFixed(title: string): string {
  const words = title.replace(/[.\s]+$/, '');
  if (OPENS_ON_FAULT_VERB.test(words)) return `Fixed "${words}".`;
  if (FAULT_FIRST.test(words) || /^improper\b/i.test(words)) return `Fixed ${lowerFirst(words, /^\p{Lu}\p{Ll}/u)}.`;
  // (Liberation Fonts' "Liberation Sans renders …": two capitalised words are a name, which keeps its case.)
  return `Fixed an issue where ${lowerFirst(words, /^\p{Lu}\p{Ll}+\s(?!\p{Lu})/u)}.`;
}
function asFixed(text: string): string {
  if (!FAULT_FIRST.test(text) || FINITE_VERB.test(text) || /\bfix/i.test(text) || text.split(/\s+/).length < 2) return text;
  return `Fixed ${lowerFirst(text, /^\p{Lu}\p{Ll}/u)}`;
}

/**
 * After a "fix:" label, the fault: CudaText's "fix: regression: ui-tab titles were not restored from session" tells what
 * went wrong, a subject and its verb; a post would otherwise announce the fault.
 */
function faultFixed(text: string, otherwise = asFixed): string {
  const fault = text.replace(/^regression:\s+/i, '');
  if (!TOLD_FAULT.test(fault) || /\bfix/i.test(fault) || OWN_VERB.test(fault.charAt(0).toUpperCase() + fault.slice(1))) return otherwise(text);
  return `Fixed an issue where ${lowerFirst(fault, /^(?:\p{Lu}\p{Ll}+\s|A\s)/u)}`;
}
const TOLD_FAULT =
  /^(?:the\s+)?[\w.-]+(?:\s+(?!(?:when|if|where|while|after|before|unless|because|since|once|as|and|or|that|which|who|so)\b)[\w.-]+){0,4}?\s+(?:was|were|is|are|did|does|could|would|got)\s+(?:not\s+|never\s+)?\w/i;
/** A sentence that tells what happened ("Ships could get lost …"), not a bare name of a fault ("Crash on some tar files"). */
const FINITE_VERB = /\b(?:no longer|now|not|is|are|was|were|could|would|can|did|does|do|has|have|had|will|should|might|may|got|gets|caused?|causes)\b/i;
/** A fault named first ("Crash on …", "Desync after …", "Wrong colour …"), where a post would otherwise announce it; "Detect running on …" is a verb. */
const FAULT_FIRST = new RegExp(
  String.raw`^(?:${FAULT_QUALIFIER})?(?:crash\w*|desyncs?|hangs?|freezes?|leaks?|memory leaks?|errors?|failures?|glitch\w*|regressions?|panics?|overflows?|deadlocks?|stalls?|wrong|incorrect|missing|broken|invalid)\b`,
  'i',
);
const LABEL_KIND: Record<string, ChangeKind | undefined> = {
  new: 'feature',
  add: 'feature',
  added: 'feature',
  feature: 'feature',
  implemented: 'feature',
  improved: 'feature',
  improvement: 'feature',
  // restic's calens summary ("Enh #4278: …", "Chg #5293: …", "Sec #…") and its details ("Enhancement #4278: …", "Bugfix #…").
  enhancement: 'feature',
  enh: 'feature',
  // node-fetch's "Enhance: added `insecureHTTPParser` Parameter.".
  enhance: 'feature',
  fix: 'fix',
  fixed: 'fix',
  bugfix: 'fix',
  // Redmine's "Defect #44010: …" and "Patch #43447: …": its tracker's kinds; a patch is any change someone sent.
  defect: 'fix',
  sec: 'security',
  // Notepad++'s "Vulnerability: Fix Stack Buffer Overflow in …".
  vulnerability: 'security',
  // Spotube's "CVE: Remote path traversal through websocket …", a flaw with no id yet.
  cve: 'security',
  // Chatterino's "Major: …", "Minor: …", "Bugfix: …", "Dev: …": how much a change matters, and the developers' own work.
  dev: 'internal',
  removed: 'breaking',
  // Manticore's "**Breaking change**: replication clusters that relied on … no longer work the same way".
  'breaking change': 'breaking',
  deprecated: 'other',
  security: 'security',
  // HTCondor's version history: "*Security Item*: This release of HTCondor fixes a security-related bug …".
  'security item': 'security',
  // Foam's changesets: "Internal: Report the number of user templates in telemetry …".
  internal: 'internal',
  // Suricata's Redmine export: "Optimization #7769: …", "Documentation #7890: …".
  optimization: 'performance',
  documentation: 'internal',
};
/** Node's commit lists mark semver with a bold tag: `**(SEMVER-MAJOR)**`. */
const SEMVER_TAG = /^\(SEMVER-(MAJOR|MINOR|PATCH)\)\s*/i;
/**
 * Bots, dependency bumps (Cake's "Update System.Reflection.Metadata 9.0.7", without its "to"), first contributions, docs
 * fixed ("Doc fixes") and Astropy's numbers ("858 commits have been added since 7.1", "50 people have contributed"): chores
 * and credits, whatever their section.
 */
// xed's "Add .gitignore file", Gnumeric's "Add basic testing of most analysis tools", Falco's "Add Fairwinds to the adopters
// list", Gerbera's "cxxopts was updated to version 3.3.1": the project's own upkeep. isort's "Update pre-commit.md version
// number", "Fixed year of version 5.12.0 in CHANGELOG.md", "Fixed: add newest version to pre-commit docs": its pages; "Fixed
// assertions in test_git_hook": its tests. mod_auth_openidc's "Fix code scanning alerts.", "Fix compiler warnings": its own
// tools' findings; pypdf's "Stop testing on Python 3.8 and start testing on Python 3.14": its CI. google-auth's "Update test
// to consider new error message …", Mailgun's "Fix readme with correct method …": its tests and pages. The OpenTelemetry Operator's "Components" list ("OpenTelemetry Collector - v0.150.0"):
// the versions of what it ships. Asterisk's "Security Advisories Resolved: 4", "Commits: 4": counts of what the notes list.
// Docker's "docker/cli, 28.3.3 milestone", Dependency-Track's "API server milestone 4.6.2": a tracker's list of what went in, linked. shoulda-matchers' "Update Ruby versions to
// latest stable releases" (the versions it is tested on: one version is a requirement), pkgconf's "Add -D_POSIX_C_SOURCE=… to
// the build definitions" and "Added a manual page for bomtool", bandwhich's "Remove redundant imports" and "Apply suggestions
// from new clippy lint …": its CI, build, pages and code's tidiness. uriparser's "Soname: 3:2:2 — see …" (the library's
// version for the linker) and "Simplify internal function `CompareRange` into `RangeEquals`": its packaging and its insides.
// typescript-transformer's "Add Conductor repository settings": its repository, set up for a tool. stern's "Replace
// actions/cache with setup-go's cache": a GitHub Action of its CI swapped. laravel-pdf's "Add PHP 8.4 to test matrix": what its
// CI runs on. Numaflow's "Add Atlan into USERS.md": who uses it, listed. Optim.jl's "Added NEWS.md" and OneDrive Client for
// Linux's "Renamed various documentation files …": its own papers.
const CHORE_LINE =
  /^(?:(?:[a-z]+\s+){0,3}[a-z]+:\s*\d+\.?$|[\w@/.-]+\s+v?\d+\.\d+(?:\.\d+)?\.?$|(?:bump|bumps|update|upgrade|pin|pins|pinned)\s+\S+(?:\s+\S+)?\s+(?:from\s+\S+\s+)?to\s+(?:[=<>~^]=?|==)?v?\d|(?:bump|bumps|update|upgrade)\s+[\w@*-]+(?:[./][\w@*-]+)+\s+v?\d+(?:\.\d+)+\.?$|(?:update|upgrade)\s+(?:dependency|dependencies|deps)\b|(?:updated|upgraded)\s+(?:all\s+)?(?:dependencies|deps)\.?$|removed\s+(?:unused|unneeded|unnecessary|redundant)\s+(?:dependencies|deps)\.?$|(?:updated|added|removed|upgraded)\s+dependency\s+\S+@|next release from \S+ branch is\b|(?:prepar(?:e|es|ed|ing)|prep|cut|tag(?:ged)?)\s+(?:for\s+)?(?:the\s+)?(?:new\s+)?release(?:\s+(?:of\s+)?v?\d+(?:\.\d+)+)?\.?$|document(?:ed)?\s+(?!\S*:)(?![\w-]+\s+(?:is|are|was|were|can|now|will|has|have|supports?)\b)|(?:the\s+)?(?:release notes|changelog|readme|documentation)(?:\s+page)?\s+(?:has|have|had|was|were|is|are)(?:n['’]t|\s+not)?\s+(?:been\s+)?(?:updated|fixed|corrected|missing)\b|(?:the\s+)?(?:issue|bug|problem|vulnerability|flaw)\s+(?:was\s+)?(?:found|discovered|reported|identified)(?:\s+and\s+(?:reported|disclosed|fixed))?\s+by\b|full changelog\b|(?:docs?|documentation|typo)\s+(?:fix(?:es)?|updates?|improvements?|changes|tweaks|clean-?ups?)\.?$|fix(?:e[sd])?\s+(?:an?\s+|the\s+|some\s+)?(?:\w+\s+)?typos?\b|(?:update[sd]?|improve[sd]?|clarif(?:y|ied|ies)|expand(?:s|ed)?|fix(?:e[sd])?)\s+(?:the\s+|some\s+)?(?:\w+\s+)?(?:documentation|docs|docstrings?|README|test\s+scripts?|tests|test\s+suite|test(?=\s+(?:to|for|so|that)\b))\b|\d[\d,]*\s+(?:(?:new\s+)?commits?|issues?|pull requests?|PRs|people|(?:new\s+)?contributors?|authors?|of which)\b|(?:add(?:ed|s)?|update[sd]?)\s+(?:a\s+|the\s+)?\.(?:gitignore|gitattributes|editorconfig|mailmap)\b|(?:add(?:ed|s)?|update[sd]?)\s+(?:\w+\s+)?repo(?:sitory)?\s+settings\b|(?:replace[sd]?|switch(?:e[sd])?|migrate[sd]?|move[sd]?)\s+(?:from\s+)?actions\/[\w.-]+\b|.{0,80}?\b(?:test|ci|build)\s+matrix\b|add(?:ed|s)?\s+(?:\w+\s+)?(?:tests?|testing)\s+(?:for|of)\b|add(?:ed|s)?\s+\S+(?:\s+\S+)?\s+(?:in)?to\s+(?:the\s+)?(?:adopters\b|users\.md\b)|[\w@/.+-]+\s+(?:was|has been)\s+(?:updated|upgraded|bumped)\s+to\s+(?:version\s+)?v?\d|(?:update[sd]?|fix(?:e[sd])?)\s+(?:the\s+)?[\w-]+\.(?:md|rst)\b|add(?:ed|s)?\s+(?:the\s+|an?\s+)?[\w-]+\.(?:md|rst)\.?$|rename[sd]?\s+(?:\w+\s+)?(?:documentation|docs?)\s+files\b|(?:fix(?:e[sd])?|update[sd]?|correct(?:s|ed)?|add(?:ed|s)?):?\s+(?:[\w.-]+\s+){1,6}(?:in|to|of)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:docs|documentation|README|CHANGELOG|CHANGES)(?:\.md)?(?:\.?$|\s+(?:re|about|on|regarding|explaining|describing)\s)|fix(?:e[sd])?\s+(?:\w+\s+){0,3}in\s+test_\w+\.?$|(?:fix(?:e[sd])?|address(?:e[sd])?|resolve[sd]?|silence[sd]?)\s+(?:some\s+|several\s+|all\s+|the\s+|many\s+)?(?:code[- ]scanning|codeql|coverity|sonar(?:cloud|qube)?|static[- ]analysis|compiler|clang-tidy|cppcheck|lint(?:er)?|gcc|msvc|pylint|flake8|mypy|ruff|eslint|clippy|rubocop|shellcheck|golangci-lint)\s+(?:alerts?|warnings?|issues?|findings?|errors?)\.?$|(?:stop|start)\s+testing\s+(?:on|with|against)\b|[\w@/.+-]+(?: [\w@/.+-]+){0,3}\s+[-–—]\s+v?\d+(?:\.\d+)+[\w.-]*\.?$|[\w./-]+,?\s+v?\d[\w.-]*\s+milestone\.?$|(?:[\w./-]+\s+){0,3}milestones?\s+v?\d[\w.-]*\.?$|(?:update[sd]?|bump(?:s|ed)?|upgrade[sd]?)\s+(?:the\s+)?(?:ruby|python|node(?:\.js)?|go|rust|java|jdk|php|elixir|erlang|otp)\s+versions\s+(?:to|in|used|tested)\b|(?:add(?:ed|s)?|pass(?:ed|es)?)\s+\S+\s+to\s+(?:the\s+)?build\s+(?:definitions|flags|scripts?|files?)\b|(?:add(?:ed|s)?|write|wrote)\s+(?:a\s+|the\s+)?(?:manual\s+page|man\s+page|manpage)s?\s+for\b|(?:(?:significant|various|many|several|minor)\s+)?improvements?\s+to\s+(?:the\s+)?(?:\S+\s+)?(?:manual|man)\s+pages\.?$|remove[sd]?\s+(?:redundant|unused|unneeded|dead)\s+(?:imports?|code|variables?|includes|comments)\.?$|apply(?:ing)?\s+(?:the\s+)?(?:suggestions|fixes|lints?)\s+(?:from|of)\s+(?:the\s+)?(?:new\s+)?(?:clippy|lint|linter|rubocop|eslint|ruff)\b|so(?:name|version)s?\s*:|(?:simplif(?:y|ies|ied)|refactor(?:s|ed)?|rework(?:s|ed)?|restructure[sd]?|reorgani[sz]e[sd]?|clean(?:s|ed)?\s+up|tid(?:y|ies|ied)(?:\s+up)?)\s+(?:the\s+|an?\s+|some\s+)?internal\b)/i;
const FIRST_CONTRIBUTION = /\bmade (?:their|his|her) first contribution\b/i;
/** ESAPI's "A special shout out to Jaroslav Lobačevski, a security researcher …, who notified the ESAPI team …": a credit. */
const SHOUT_OUT = /^(?:an?\s+)?(?:(?:special|big|huge|quick)\s+)?shout[- ]?outs?\s+(?:goes\s+)?to\b/i;
/**
 * Ent's blog post closing on "Subscribe to our [Newsletter](…)": where to follow the project. FreeIPA's commit list's "Become
 * FreeIPA 4.8.8": the commit that sets the release's version.
 */
const NOT_OF_THE_PRODUCT =
  /^(?:(?:subscribe|sign up)\s+(?:to|for)\s+(?:our|the)\s+(?:\w+\s+)?(?:newsletter|mailing list|blog|feed|channel)\b|follow\s+us\s+on\b|become\s+\S+(?:\s+\S+)?\s+v?\d+(?:\.\d+)+(?:\s+commit)?[.\s]*$)/i;
/** watchexec's "quit on Terminate in home page example": a change to an example, not to what users run. */
const IN_AN_EXAMPLE = /\bin\s+(?:the\s+)?(?:[\w-]+\s+){0,2}examples?\.?$/i;
/**
 * Excon's "add ruby 4.0 and drop 3.2 from ci", HonKit's "Use Node.js 14, 16, 18 for CI": the versions the project's CI
 * tests on (not "support for running in CI").
 */
const CI_MATRIX =
  /^(?:add(?:ed|s)?|drop(?:ped|s)?|remov(?:e|ed|es)|test(?:ed|s)?|use[sd]?)\s+(?!.*\b(?:support|running|detect\w*|when)\b)(?:(?:[^.\s]|\.(?=\w))+\s+){1,12}?(?:from|to|in|on|for)\s+(?:the\s+)?ci\.?$/i;
/**
 * reNgine's "Updated Github Actions Workflows", dbt utils' "Use CircleCI contexts for environment variables",
 * laravel-responsecache's "Fixed incorrect grammar" and "Added missing Laravel 11.x Documentation", python-lsp-server's
 * "Fix Fedora instructions": the project's own pipelines and pages.
 */
const OWN_PAGES_AND_PIPELINES =
  /^(?:(?:update[sd]?|upgrade[sd]?|bump(?:ed|s)?|fix(?:e[sd])?)\s+(?:the\s+)?(?:github\s+actions?|ci)\s+workflows?\.?$|(?:use[sd]?|switch(?:e[sd])?\s+to|migrate[sd]?\s+to)\s+(?:circleci|travis(?:\s+ci)?|appveyor|github\s+actions)\b|fix(?:e[sd])?\s+(?:incorrect\s+|bad\s+|some\s+|a\s+few\s+)?(?:grammar|spelling|wording)\.?$|fix(?:e[sd])?\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:install(?:ation)?\s+)?instructions\.?$|(?:add(?:ed|s)?|update[sd]?)\s+(?:the\s+)?(?:missing\s+)?(?:[\w.-]+\s+){0,3}(?:documentation|docs)\.?$)/i;
/** k3d 4.0.0's "We're open for chats via Slack or GitHub discussions" among its breaking changes: an invitation, no change. */
const INVITATION = /^we(?:['’]re|\s+are)\s+(?:always\s+)?(?:open|available|happy|here)\s+(?:for|to)\s+(?:chats?|questions|feedback|discussions?|talk|help)\b/i;
/** Marp CLI's "Set up CI for Windows with Azure Pipelines": the project's own testing, set up. */
const CI_SETUP = /^(?:set\s*up|setup|configured?|enabled?|added?)\s+(?:the\s+)?(?:ci|continuous integration)\b(?!\s+(?:mode|detection|support)\b)/i;
/** debhelper's "Thanks, Modestas Vainius for much of the work on parallel build support.": a credit, as its own item. */
const THANKS_FOR_WORK = /^[Tt]hanks,?\s+(?:to\s+)?\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3},?\s+for\b/u;
/**
 * A file an editor or a desktop leaves behind (`.DS_Store`, `Thumbs.db`), removed: the repository's tidying (not Nikola's
 * "Ignore .DS_Store files in listing indexes", what the product reads).
 */
const STRAY_FILE = /^(?:remov(?:e|ed|es)|delet(?:e|ed|es))\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:\.DS_Store|Thumbs\.db|desktop\.ini)\b/i;
/** Every pattern of a chore but one reads the line from its start, and V8 then tries no other place in it. */
const isChore = (text: string) => {
  let chore = parseMemo?.chores.get(text);
  if (chore === undefined) {
    // cmark-gfm's "We removed an unneeded .DS_Store file", "We added a test for …": the project's own work, told by "we".
    const told = text.startsWith('We ') ? text.replace(/^We\s+(\p{Ll})/u, (_whole, first: string) => first.toUpperCase()) : text;
    chore =
      CHORE_LINE.test(told) ||
      FIRST_CONTRIBUTION.test(told) ||
      SHOUT_OUT.test(told) ||
      NOT_OF_THE_PRODUCT.test(told) ||
      IN_AN_EXAMPLE.test(told) ||
      BUILT_WITH.test(told) ||
      CI_MATRIX.test(told) ||
      CI_SETUP.test(told) ||
      STRAY_FILE.test(told) ||
      THANKS_FOR_WORK.test(told) ||
      OWN_BUILD.test(told) ||
      COVERAGE_FIGURES.test(told) ||
      INVITATION.test(told) ||
      OWN_PAGES_AND_PIPELINES.test(told) ||
      OWN_TESTS.test(told);
    parseMemo?.chores.set(text, chore);
  }
  return chore;
};
/**
 * Distributed's "Remove `zict`-related skips", "Remove `pytest.mark.repeat` from `test_prometheus_collect_task_states`", "Add
 * code coverage", "Add pre-commit to environments"; librosa's "Removed deprecated 'hanning' window specification from tests";
 * aubio's "azure: added basic configuration": how the project tests itself, read from the change's first words. Each run of
 * spaces ends before a word, so no two parts share one (recheck found a fourth-degree polynomial where they did).
 */
const OWN_TESTS =
  /^(?:(?:add(?:ed|s)?|remov(?:e|ed|es)|mark(?:ed|s)?|enable[sd]?|disable[sd]?)\s+(?=\S)(?:\S+\s+){0,2}?(?:[\w-]*-related\s+)?(?:test\s+)?skips\.?$|(?:add(?:ed|s)?|remov(?:e|ed|es))\s+pytest\.mark\.\w+|(?:add(?:ed|s)?|enable[sd]?)\s+(?:the\s+)?(?:code\s+)?coverage(?:\s+(?:badge|reports?|reporting))?\.?$|(?:add(?:ed|s)?|remov(?:e|ed|es))\s+(?=\S).{1,80}\s+(?:from|in|to)\s+(?:the\s+)?(?:tests|test suite|unit tests)(?=\.|$)|(?:add(?:ed|s)?|enable[sd]?)\s+pre-commit\b|(?:azure|travis|appveyor|circleci|github actions)\s*:\s+(?:add(?:ed|s)?|update[sd]?|fix(?:e[sd])?)\s+(?:basic\s+)?(?:configuration|config|setup)\.?$)/i;
/** TypeDB's "Add bazel disk cache to speed up local builds …", "Introduce bazel ci config setting": how its developers build it. */
const OWN_BUILD = /^(?:add(?:ed|s)?|introduce[sd]?|enable[sd]?)\s+(?:an?\s+|the\s+)?bazel\b|\bspeed\s+up\s+(?:local|ci|dev(?:elopment)?)\s+builds\b/i;
/** OAuth2's "COVERAGE: 100.00% -- 542/542 lines in 15 files", "88.35% documented": how well its own tests and docs cover it. */
const COVERAGE_FIGURES = /^(?:(?:branch|line|test|code)\s+)?coverage\s*:\s*\d+(?:\.\d+)?\s*%|^\d+(?:\.\d+)?\s*%\s+(?:documented|covered|coverage)\.?$/i;
/** Centrifugo's "Release is built with Go 1.21.3": the toolchain the binaries came from, no change to what users run. */
const BUILT_WITH =
  /^(?:the\s+|this\s+)?(?:release|binaries|builds?|packages?)\s+(?:is|are|was|were)\s+(?:now\s+)?(?:built|compiled)\s+(?:with|using)\s+(?:go|golang|rust|rustc|gcc|clang|msvc|node(?:\.js)?|jdk|java|zig|\.net)\s+v?\d[\w.]*\.?$/i;
/** What a project removes of its own without breaking anyone: "unnecessary", "unused", "out of date" things. */
const LEFTOVER = String.raw`(?:an?\s+|the\s+|some\s+|more\s+|(?:a\s+)?(?:bunch|lot|couple)\s+of\s+|lots\s+of\s+)?(?:unnecessary|unneeded|unused|redundant|dead|superfluous|stale|leftover|stray|duplicated?|out[- ]of[- ]date|outdated)\b`;
const REMOVED_LEFTOVER = new RegExp(String.raw`^(?:removed?\s+)?${LEFTOVER}|\bfrom (?:the\s+)?[\w\x60.-]+ (?:examples?|tests?|docs?)\b`, 'i');
const REMOVED_TARGETS = /\b(?:remove[sd]?|drop(?:ped|s)?)\s+(?:the\s+|support\s+for\s+(?:the\s+)?)?((?:[\w-]+(?:,\s*|\s+and\s+|\s+)){1,6})targets?\b/i;
const PLATFORM_NAME = /\b(?:ios|android|watchos|tvos|macos|linux|mingw|windows|js|wasm|jvm|arm|x86|x64|mips|riscv|native|i[3-6]86|aarch64|ppc|s390)\w*/i;
/** The Mosquitto add-on's "Remove unsupported architectures (armhf, armv7, i386)": the machines it no longer runs on, named. */
const REMOVED_ARCHITECTURES = /\b(?:remove[sd]?|drop(?:ped|s)?)\s+(?:support\s+for\s+)?(?:the\s+)?(?:[\w-]+\s+)?(?:architectures?|archs?)\b([^.;]{0,80})/i;
export function removesPlatformTargets(text: string): boolean {
  const names = text.includes('target') ? text.match(REMOVED_TARGETS)?.[1] : undefined;
  if (names !== undefined && PLATFORM_NAME.test(names) && !/\b(?:make|build|ci|test|lint|npm|cmake|bazel|gradle)\s*$/i.test(names.trim())) return true;
  const architectures = text.includes('arch') ? text.match(REMOVED_ARCHITECTURES)?.[1] : undefined;
  return architectures !== undefined && PLATFORM_NAME.test(architectures);
}
/** A dependency update, read as a security fix where its tag or section says it is one. */
// (Pingora's "This release bumps the minimum h2 crate dependency to guard against …": the release said to make it.)
const SECURITY_BUMP = /^(?:this\s+(?:release|version)\s+)?(?:bump|bumps|update[sd]?|upgrade[sd]?)\s/i;
/** kube-rbac-proxy's "bump Go to 1.19.1 #178 (contains fixes for CVEs)": an update for flaws it does not name. */
const FIXES_UNNAMED_ADVISORIES =
  /\b(?:contains?|includes?|brings?|with)\s+(?:security\s+)?fix(?:es)?\s+for\s+(?:several\s+|multiple\s+|some\s+|various\s+)?(?:CVEs|vulnerabilities|security\s+(?:issues|vulnerabilities))\b/i;
/** A bump that says what it fixes for the people using the product: "… to 0.46.1 to fix a crash", "…, fixing a leak". */
/** "Update phpseclib to 3.0.52 for CVE-2026-40194": a dependency bumped for an advisory, which users get fixed. */
/** glTF Transform's "Updated `sharp` CLI dependency to address high-priority WebP vulnerability in libwebp": what it is for. */
const TO_FIX_A_VULNERABILITY =
  /\bto\s+(?:(?:fix|address|resolve|patch|mitigate)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}vulnerabilit(?:y|ies)|(?:guard|protect)\s+against\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}attacks?)\b/i;
const bumpForAdvisory = (text: string) =>
  SECURITY_BUMP.test(text) &&
  (namesAdvisory(text) || FIXES_UNNAMED_ADVISORIES.test(text) || TO_FIX_A_VULNERABILITY.test(text)) &&
  !OWN_MACHINERY_UPDATE.test(text);
const BUMP_TO_FIX = /\bto\s+v?\.?\d[\w.-]*\s*(?:,\s*)?(?:(?:in order\s+)?to\s+(?:fix|address|resolve|prevent|avoid)|fixing|which\s+fixes)\b/i;
const OWN_MACHINERY_UPDATE =
  /^(?:update[sd]?|upgrade[sd]?|bump(?:ed|s)?|pin(?:ned|s)?)\s+(?:the\s+)?(?:website|web\s?site|docs?|documentation|docs?\s+site|ci|examples?|tests?|playground)(?:'s)?\s+(?:\S+\s+)?(?:dependenc(?:y|ies)|deps|lock\s?files?|packages?|versions?)\b/i;
/**
 * factory_bot's "Add workflow to prepare a release PR", "Require MFA for gem pushes"; ktlint's "Add code vulnerability scanning
 * with CodeQL", "Add SECURITY.md file", "Add public key to GitHub"; node-gyp's "add commit-lint"; Pocket ID's "remove `breaking/**` push trigger from
 * actions", ingress-nginx's "Images: Trigger controller build.", Material UI's "Remove obselete lerna options", polkit's "HACKING: add link to Code of Conduct", spatie/schema-org's "Keep the ReferencedType generator template in sync with src", Stateless' "Use PackageLicenseExpression in
 * csproj file", ghostwriter's "Updated file licenses to be compliant with REUSE", Lettuce's "Join the chat at …": how the project releases, guards and keeps itself (PHPMailer's "See SECURITY.md for details" points at the advisory).
 */
const OWN_REPOSITORY_UPKEEP =
  /\b(?:(?:release|publish(?:ing)?|code[- ]scanning|documentation|docs)\s+workflows?|workflows?\s+(?:to|for)\s+(?:prepare|publish(?:ing)?|cut|release)|scanning\s+with\s+CodeQL|^(?:add(?:ed|s)?|create[sd]?|update[sd]?)\s+(?:an?\s+|the\s+)?(?:SECURITY\.md|CODEOWNERS|commit-?lint|lint-staged|husky|pre-commit\s+hooks?)|^remove[sd]?\s+(?:the\s+)?(?:\w+\s+)?(?:lerna|husky|lint-staged|commit-?lint)\s+(?:options?|config(?:uration)?|settings?|scripts?)|\bcode\s+of\s+conduct\b|\bCODE_OF_CONDUCT\b|^keep\s+(?:the\s+)?\S+(?:\s+\S+){0,4}\s+in\s+sync\s+with\b|\bin\s+(?:the\s+|its\s+)?(?:[\w.-]+\.)?(?:csproj|nuspec|gemspec)\s+files?\b|\blicen[cs]es?\b[^.]{0,40}\bREUSE\b|^join\s+(?:us|the\s+(?:chat|discussion|community|conversation)|our\s+(?:discord|slack|gitter|matrix|chat|community|forum))\b|MFA\s+for\s+(?:gem|package|npm|crate)\s+(?:pushes|publishing|releases)|public\s+key\s+to\s+GitHub|(?:push|pull[-_ ]request|workflow|schedule)\s+triggers?\s+(?:from|to|in|for)\s+(?:the\s+)?(?:github\s+)?(?:actions|workflows?|ci)|^(?:\w+:\s+)?trigger\s+(?:\S+\s+){0,2}builds?)\b/i;
/**
 * The bots that keep a project's dependencies, CI, releases and translations: what they make is upkeep. Not every "[bot]": Fern's
 * "fern-api[bot]" writes Auth0's SDK from its API, and its changes are the release's.
 */
const BOT =
  /\b(?:dependabot|renovate|greenkeeper|github-actions|pre-commit-ci)(?:\[bot\])?|\b(?:mergify|all-?contributors|release-please|weblate|crowdin|imgbot|snyk-bot|depfu|pyup-bot|copilot-swe-agent|(?:deps|dependenc\w*|update|upgrade|bump|sync|lock)[\w-]*)\[bot\]/i;
/** BOT's test where the text holds a bot's name or mark, one of which each of its alternatives needs. */
const byBot = (text: string) => {
  const lower = text.toLowerCase();
  return BOT_NAMES.some((name) => lower.includes(name)) && BOT.test(text);
};
const BOT_NAMES = ['[bot]', 'dependabot', 'renovate', 'greenkeeper', 'github-actions', 'pre-commit-ci'];
/** The runtimes and platforms a release stops supporting by version: "Drop Python 3.8", "drops support for Go 1.21". */
export const RUNTIME = String.raw`python|node(?:\.js)?|ruby|php|perl|java|jdk|go|\.net|postgres(?:ql)?|pyqt|qt|ios|android|macos|windows`;
/** Languages a release may require a version of, beside the runtimes above: "requires GHC 9.4", "requires Rust 1.75". */
export const LANGUAGE = String.raw`GHC|OCaml|Erlang\/OTP|OTP|Elixir|Julia|Swift|Kotlin|Dart|Flutter|Rust`;
/** Frameworks and compilers a library supports by version, as it does a runtime: "Rails 8.1", "GHC 9.10", "Erlang/OTP 27". */
export const FRAMEWORK = String.raw`rails|django|ghc|elixir|erlang(?:\/otp)?|otp`;
/** PaperTrail's "Add support for Rails 8.1": a runtime supported from now on, by its version. */
const ADDS_RUNTIME_SUPPORT = new RegExp(
  String.raw`^(?:add(?:s|ed)?\s+support\s+for|support(?:s|ed)?)\s+(?:${RUNTIME}|${FRAMEWORK})\s+v?\d+(?:\.\d+)*\.?$`,
  'i',
);
/**
 * Dropping a supported runtime, platform or dependency line ("Drop Python 3.11 support", "Drop support for Node 18", a
 * heading's "Removal of ARM32 (armhf) support" or "Support for Python 3.7, 3.8, and 3.9 dropped", a sentence's "Android
 * 5.0 and 5.1 are no longer supported", napari's heading "Dropping Python 3.10 and PyQt5", knitr's "spin() dropped support for
 * "#-" as the chunk delimiter token") breaks whoever still uses it;
 * removing a deprecated way of doing something ("Remove deprecated support to …") is the removal its deprecation announced,
 * and a runtime taken out of a test matrix or a set of prebuilt wheels ("Remove node 16 from test matrix") drops no support.
 */
// Libcloud's "Support for Python 3.6 which has been EOL for more than a year now has been removed": a clause on the way.
// ESLint 10's heading "Node.js < v20.19.0, v21.x, v23.x no longer supported": the versions, then what became of them.
// QUAST's "Linux 32-bit systems are not supported anymore." says the same.
// Play 2.9's heading "Scala 2.12, sbt 0.13 and Java 8 Support discontinued" likewise, and pyparsing's "Discontinued support for
// Python 3.6, 3.7, and 3.8.".
// Hysteria 1.2.2's "Drop server's legacy protocol (v2) support.": a version of a protocol dropped, named by its words first.
const DROP_SUPPORT = new RegExp(
  // mysqlclient's "Add Python 3.14 and drop Python 3.8, 3.9 support.": the drop told second (Arcjet's "… and drop EOL Node.js
  // 20", the runtime's end of life said); drf-yasg's "Support was dropped
  // for Python 2.7, DRF 3.8, DRF 3.9.", in the passive; Beanie's "Drop EOL Python 3.9, MongoDB 4.4/5.0/6.0, Pydantic v1", its end
  // of life said first.
  String.raw`^support\s+(?:was|has\s+been|is)\s+(?:dropped|removed|discontinued)\s+(?:for|of)\s+\S|\band\s+(?:drop(?:ped|s)?|remov(?:ed|es))\s+(?:support\s+for\s+)?(?:EOL\s+|end-of-life\s+)?(?:${RUNTIME})\s*v?\d+(?:\.\d+)*(?:(?:\s*,\s*|\s+and\s+)v?\d+(?:\.\d+)*)*(?:\s+support)?(?:\s|$|,|\.)|^(?:[\w.()]+\s+){1,2}(?:has\s+)?(?:dropped|removed)\s+support\s+(?:for|of)\b|^(?:the\s+)?(?:[\w.-]+\s+){1,2}no\s+longer\s+supports\s+(?:the\s+)?\S|^(?:this\s+(?:release|version)\s+)?(?:drop(?:ped|s|ping)?|remov(?:e[sd]?|ing|al\s+of)|discontinu(?:e[sd]?|ing)|end\s+of)\s+(?:support\s+(?:for|of)\b|(?:EOL\s+|end-of-life\s+)?(?:${RUNTIME})\s*v?\d+(?:\.\d+)*(?![^.]*\b(?:tests?|ci|workflows?|matrix|wheels?|builds?|binar(?:y|ies)|installers?|images?)\b)(?:\s|$|,|\.$)|(?:the\s+)?(?!deprecated\b)[\w.-]+\s+(?:v?\d[\w.]*(?:(?:\s*,\s*|\s+and\s+)v?\d[\w.]*)*\s+|\([\w\s.-]+\)\s+)?support\b|(?:[\w.-]+(?:['’]s)?\s+){1,3}\(v?\d[\w.]*\)\s+support\b)|^(?:the\s+)?[\w.-]+(?:,?\s+(?:(?:and|&)\s+)?[\w.-]+){0,4}\s+(?:is|are)\s+(?:no\s+longer\s+supported|not\s+supported\s+any\s?more)\b|^[\w.-]+\s*(?:<=?\s*)?v?\d[\w.]*(?:\s*,\s*(?:and\s+)?v?\d[\w.]*)*\s+(?:(?:is|are)\s+)?no\s+longer\s+supported\b|^support\s+for\s+[\w.-]+(?:,?\s+(?:and\s+)?(?!(?:is|are|was|were|will|be|been|deprecated|which|that)\b)[\w.<>=-]+){0,5}(?:,?\s+(?:which|that)\s+[^.;,]{1,80}?)?\s+(?:(?:has|have)\s+been\s+|was\s+|is\s+)?(?:dropped|removed|discontinued)\b|^[\w.]*\w(?:[ ,]+(?:and\s+)?[\w.]*\w){0,8}\s+support\s+(?:(?:has|have)\s+been\s+|was\s+|is\s+)?(?:discontinued|dropped|removed)\b`,
  'i',
);
/**
 * DROP_SUPPORT's test where the text holds a word one of its alternatives needs (a drop, a removal, "no longer", "anymore", a
 * discontinuing, an opening "end of"): most items hold none, and the pattern scans each for its "and drop…".
 */
export const dropsSupport = (text: string) => {
  const lower = text.toLowerCase();
  return (
    (lower.includes('drop') ||
      lower.includes('remov') ||
      lower.includes('longer') ||
      lower.includes('anymore') ||
      lower.includes('any more') ||
      lower.includes('discontinu') ||
      lower.startsWith('end')) &&
    DROP_SUPPORT.test(text)
  );
};
/**
 * "Last version supporting PHP 7.4", "the last release compatible with macOS Big Sur", DBI's "Next release will require
 * perl-5.12": whoever is on it stays behind next time.
 */
export const END_OF_SUPPORT =
  /\b(?:last|final)\s+(?:version|release)\s+(?:to\s+support|supporting|compatible\s+with|(?:that\s+)?(?:supports|works\s+on|runs\s+on)|with\s+support\s+for|for)\s+\S|\bnext\s+(?:release|version|major(?:\s+release)?)\s+will\s+(?:require|drop|remove|no\s+longer)\b/i;
/**
 * Raising the oldest runtime or SDK it runs on ("Raise the min Dart SDK version to 2.15.0", "The minimum supported Java
 * version changes from 6 to 7") leaves whoever is on an older one behind, as dropping its support does; a compiler needed
 * only to build from source (NumPy's "The minimum supported GCC version is now 9.3.0", Newsboat's "Bumped minimum supported
 * Rust version to 1.92.0") does not. So does a runtime that
 * is "from now on the only supported runtime version" (grocy's PHP 8.5), Fyne's "Go 1.17 or later is now required." and
 * roxygen2's "roxygen2 now requires R 4.1" (said of itself first, not Docusaurus' "Rspack 1.5 now requires Node.js 18.12"),
 * and pyproj's "Minimum supported Python version 3.11" told alone, and jsdom 27's "Node.js v20 is now the minimum supported
 * version", the new minimum named first; rpy2's "R >= 4.5.0 is *required*.", the bound written as a comparison. Mycodo's
 * "This release updates several python packages that require Python >= 3.8" and "This release requires Python 3.10": the
 * release's requirement, said of itself or bounded by a comparison. spglib's "Raised minimum python requirements to 3.9": a
 * runtime's requirements raised (not Pencil2D's "minimum system requirements of our AppImages"). Quassel's "Qt 4.8+ or Qt 5.2+
 * now required", without its verb; JFlex's "JFlex build and runtime now depend on JDK 1.7+" (not a build tool's). ZAP's
 * "Update to a Minimum of Java 17" and "ZAP now requires a minimum of Java 17 to run".
 */
// PDL's "minimum Perl 5.16 due to lvalue problems": the runtime's new minimum, said alone. Asciidoctor EPUB3's "bump the oldest
// supported Ruby to 2.6", AUCTeX's "AUCTeX now requires GNU Emacs 27.1 or higher": the same in other words.
const RAISED_MINIMUM_PATTERN = new RegExp(
  String.raw`^min(?:imum|imal)\s+(?:${RUNTIME}|${LANGUAGE})\s+v?\d+(?:\.\d+)+\b|\b(?:raise[sd]?|bump(?:ed|s)?|increase[sd]?)\s+(?:the\s+)?oldest\s+supported\s+\p{Lu}[\w.]*\s+(?:version\s+)?to\s+v?\d|\bnow\s+requires?\s+GNU\s+\p{Lu}[\w.]*\s+v?\d+(?:\.\d+)*\s*(?:\+|or\s+(?:later|newer|higher|above))|\b(?:raise[sd]?|bump(?:ed|s)?|increase[sd]?|update[sd]?|change[sd]?)\s+(?:the\s+)?min(?:imum|imal)?\b(?![^.]{0,25}\b(?:rust|msrv|gcc|clang|msvc|compiler|cmake|meson|cython)\b)[^.]{0,40}?\b(?:version|sdk|requirement)\b|\b(?:raise[sd]?|bump(?:ed|s)?|increase[sd]?)\s+(?:the\s+)?min(?:imum|imal)?\s+(?:${RUNTIME}|${LANGUAGE})\s+requirements\b|\bmin(?:imum|imal)?\s+(?:supported\s+|required\s+)?(?!(?:gcc|clang|msvc|compiler|cmake|meson|cython)\b)[\w.]+\s+(?:version|sdk)\s+(?:is\s+now|changes|changed|was raised|is raised|was bumped|rises|goes)\b|\b(?:is|are)\s+(?:from\s+now\s+on\s+|now\s+)?the\s+only\s+supported\s+(?:runtimes?|versions?|platforms?|(?:runtime|platform)\s+versions?)\b|\b\p{Lu}[\w.]*\s+v?\d+(?:\.\d+)*\s*(?:\+|or (?:later|newer|higher|above))\s+(?:(?:is|are)\s+)?now\s+required\b|\b\p{Lu}[\w.]*\s+v?\d+(?:\.\d+)*\s+is\s+now\s+the\s+min(?:imum|imal)\s+(?:supported\s+|required\s+)?version\b|\bnow (?:requires?|depends? on)\s+(?!(?:GCC|Clang|MSVC|CMake|Meson|Cython|Maven|Gradle|Ant)\b)\p{Lu}[\w.]*\s+v?\d+(?:\.\d+)*\s*(?:\+|or (?:later|newer|higher|above))|^min(?:imum|imal)?\s+(?:supported\s+|required\s+)?(?:(?!(?:gcc|clang|msvc|compiler|cmake|meson|cython|rustc?)\b)[\w.-]+)\s+version\s+(?:is\s+(?:now\s+)?)?v?\d+(?:\.\d+)*\.?$|^(?:(?:[\w.+-]+\s+){0,2}now\s+)?requires?\s+(?:${RUNTIME}|R|${LANGUAGE})\s+(?:>=?\s*|≥\s*)?v?\d+(?:\.\d+)*\b|^\p{Lu}[\w.]*\s+(?:>=?|≥)\s*v?\d+(?:\.\d+)*\s+(?:is|are)\s+(?:now\s+)?required\b|\b(?:(?:this|the)\s+(?:release|version)\s+(?:now\s+)?requires?\s+(?:${RUNTIME}|R|${LANGUAGE})\s+(?:>=?\s*|≥\s*)?|(?:packages|dependencies|libraries)\s+that\s+require\s+(?:${RUNTIME})\s*(?:>=|≥)\s*|\bmin(?:imum|imal)\s+(?:supported\s+|required\s+)?versions\s+(?:for|of)\s+(?:the\s+|its\s+)?dependencies\s+(?:are|have\s+been\s+raised|were\s+raised)(?=\s+(?:now|to)\b)\s+\w+\s*:?\s*\S+\s*(?:>=?|≥)\s*(?=\d)|\b(?:requires?|to)\s+a\s+min(?:imum|imal)\s+(?:version\s+)?of\s+(?:${RUNTIME}|${LANGUAGE})\s+v?\d|^switch(?:es|ed)?\s+to\s+(?:${RUNTIME}|${LANGUAGE})\s*(?=v?\d+(?:\.\d+)*\s+as\s+(?:the\s+)?(?:new\s+)?(?:baseline|minimum)\b)|(?:^|[.;]\s+)note\s+(?:that\s+)?(?:the\s+)?(?!(?:[\w.-]+\s+){0,3}?(?:tests?|docs?|documentation|build|building|ci)\b)(?:[\w.-]+\s+){1,3}(?:now\s+)?requires\s+(?:${RUNTIME}|${LANGUAGE})\s+(?:>=?\s*|≥\s*)?)v?\d+(?:\.\d+)*\b`,
  'iu',
);
/** mobile_scanner's "Minimum iOS version changed from 15 to 12": a minimum lowered leaves nobody behind. */
const LOWERED = /\bfrom\s+v?(\d+(?:\.\d+)?)\S*\s+to\s+v?(\d+(?:\.\d+)?)/i;
const lowered = (text: string) => {
  const [, from, to] = text.match(LOWERED) ?? [];
  return from !== undefined && to !== undefined && Number.parseFloat(to) < Number.parseFloat(from);
};
/** Each way above names a minimum, the only supported version or a requirement: a line naming none is not scanned. */
export const RAISED_MINIMUM = {
  test: (text: string) => /min|only|requir|baseline|oldest|\bdepends?\s+on\b/i.test(text) && RAISED_MINIMUM_PATTERN.test(text) && !lowered(text),
};
// SolidStart 2.0's "- [Read the full SolidStart v2 announcement](…)", "- [Follow the migration guide](…)": where to read, as a link.
const OTHER_NOTES_LINK =
  /^\s*(?:[-*+]\s+)?\[(?:(?:read|follow|view|see|check out|browse)\s+(?:\S+\s+){0,5}?(?:announcement|blog post|post|guide|changelog|release notes|notes|docs|documentation)\b|breaking changes|release notes|changelog|changes|what['’]s new|upgrade guide|migration guide|upgrading)\b[^\]]*\]\([^)\s]+\)\s*$/i;
/** A Conventional Commit scope naming the project's own machinery (`fix(ci):`, `feat(website):`): internal work, whatever its type. */
const INTERNAL_SCOPE = /^[([](?:ci|build|deps|deps-dev|dev-deps|docs?|tests?|testing|website|site|release|chore|infra|workflows?|lint|tooling)[)\]]$/i;
/** A component of the project's own upkeep named before the change (Uppy's "examples: …", "e2e: …"). */
// Material UI's "[docs-infra] Allow custom annotations": the machinery of its docs site.
// SoundSwitch's "**release:** add parserOpts breakingHeaderPattern …": how its releases are cut. (Not CKEditor's
// "build-tools:", a package it publishes.)
const INTERNAL_AREA = /^(?:examples?|e2e|website|(?:docs?-|code-)?infra|tooling|workflows?|\.github|release)\s*:\s+(?=\S)/;
/**
 * An advisory id in a line (`GHSA-xxxx-xxxx-xxxx`, RustSec's `RUSTSEC-2024-0363`, Sphinx's `:ghsa:` role) marks a security
 * fix as a CVE does.
 */
const ADJACENT_ID_BRACKETS = withAdvisoryId(String.raw`\(({ID}(?:,\s*{ID})*)\)\s+\(({ID}(?:,\s*{ID})*)\)`, 'gi');
const NAMES_ADVISORY = withAdvisoryId(String.raw`\b{ID}\b`, '');
/** "… exploitable by sandboxed process CVE-2026-32603": an advisory's id closing the words, bare. */
const CLOSING_ADVISORY = withAdvisoryId(String.raw`\s+({ID})([.\s]*)$`, '');
/** elFinder's "[security:CVE-2022-26960]" leading a change: its kind and the advisory it fixes. */
const ADVISORY_TAG = withAdvisoryId(String.raw`^\[security:\s*({ID})\]:?\s+(?=\S)`, 'i');
/** "The vulnerability, identified as CVE-2005-0837, allows an attacker to …": a paragraph that tells a flaw, not mentions one. */
const ADVISORY_TOLD =
  /\b(?:the|this) vulnerability\b[^.]{0,80}\b(?:allow(?:s|ed)|let(?:s)?|enable[sd]?)\s+(?:an?\s+)?(?:remote\s+|local\s+|unauthenticated\s+)?attackers?\b/i;
const ADVISORY_LINK_TITLE = withAdvisoryId(String.raw`^\s*\[({ID})\s*[|:–—-]\s*([^\]\s][^\]]{2,119})\]\([^)\s]+\)\s*$`, 'i');
/** A bracket of who found a flaw and who fixed it, closing a change or before its advisory's id. */
const FOUND_BY_BRACKET =
  /\s*\((?:found|reported|discovered)(?:\/(?:found|reported|discovered))?\s+by\s+[^()]{2,80}(?:\([^()]{1,40}\)[^()]{0,80})?\)(?=[\s.]*(?:\((?:CVE|GHSA)-[^()]*\))?[\s.]*$)/i;
const WRITTEN_BY_ASIDE = new RegExp(String.raw`,\s+(?:written|contributed|implemented|developed)\s+by\s+${FULL_NAME}(?=,\s+\p{Ll})`, 'u');
const RAISED_BY_CLOSING = new RegExp(
  String.raw`(?<=\S)\s*(?:[-–—]\s+)?(?:as\s+)?(?:exposed|raised|reported|found|discovered|spotted)\s+by\s+${FULL_NAME}(?:\s\(@[\w-]+\))?,?(?:\s+in\s+(?:issue|PR|pull request)\s#?\d+)?(?=\.?\s*$|\.\s+\p{Lu})`,
  'u',
);
// (Read a word at a time: a run of any characters between two runs of spaces backtracked cubically.)
const READ_MORE_CLOSING = /(?<=[.!?)])\s+See\s+(?:the\s+)?(?:[^\s.!?()]+\s+){1,10}?for\s+(?:more\s+|further\s+|full\s+)?(?:details|information)\.?$/;
const KIND_LABELLED_PARAGRAPH = /^\*\*(Security|Fix(?:es|ed)?|Bug ?fix(?:es)?|Features?|New|Added|Changed|Improve(?:d|ments?)|Performance)\*\*:\s+(?=\S)/i;
/** Krill's "Firstly, this release fixes CVE-2023-0158:", "Secondly, locking was added …": paragraphs that count the changes. */
const ORDINAL_LEAD = /^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|finally|lastly),\s+(?=\S)/i;
/** "this release fixes CVE-2023-0158:" and its advisory's address: which flaw, not what it was. */
const FIXES_AN_ADVISORY = withAdvisoryId(
  String.raw`^(?:this (?:release|version) |it )?(?:fix(?:es)?|address(?:es)?|patch(?:es)?|resolves?)\s+({ID})\s*[:.]?(?:\s+<?https?:\/\/\S+?>?)?$`,
  'i',
);
/** "This CVE describes an exposure where …": the words that name the account, not the flaw. */
const DESCRIBES_THE_FLAW = /^this (?:cve|advisory|vulnerability|issue) (?:describes|is about|concerns)\s+(?=\S)/i;
/** Lynis' "CVE-2020-13882 - Discovered by Sander Bos, code submission by Katarina Durechova": the id, then only who found it. */
const ADVISORY_ONLY_CREDITED = withAdvisoryId(
  String.raw`^(\s*{ID})\s+[-–—:]\s+(?:[Dd]iscovered|[Rr]eported|[Ff]ound)\s+by\s+${FULL_NAME}(?:\s*(?:,|and)\s*(?:code submission|patch|fix)\s+by\s+${FULL_NAME})*\.?\s*$`,
  'u',
);
const NAMED_ADVISORIES = withAdvisoryId(String.raw`\b{ID}\b`, 'g');
const ADVISORY_IDS = withAdvisoryId(String.raw`\b{ID}\b`, 'gi');
/** The CVE, GHSA and RUSTSEC ids a text names, each once, in the order it names them. */
export function advisoryIds(text: string): string[] {
  return [...new Set(text.match(ADVISORY_IDS) ?? [])];
}
/** "(same class as CVE-2018-1058)", "this completes the fix for GHSA-…": an id a change is likened to, not one it fixes. */
const COMPARED_TO =
  /\b(?:(?:same|similar)\s+(?:\w+\s+)?(?:as|to)|like|cf\.?|see also|related to|variant of|as in|incomplete fix for|regression of|(?:completes|extends|follows up on) the (?:fix|patch) for)\s+$/i;
/** The advisory ids a change fixes: those it names, but not those it is compared to. */
export function fixedAdvisoryIds(text: string): string[] {
  const compared = new Set(
    [...text.matchAll(ADVISORY_IDS)].filter((match) => COMPARED_TO.test(text.slice(Math.max(0, match.index - 40), match.index))).map((match) => match[0]),
  );
  const ids = advisoryIds(text);
  return ids.some((id) => !compared.has(id)) ? ids.filter((id) => !compared.has(id)) : ids;
}
/**
 * Words by which a line says the change it follows fixes an advisory: "This addresses RUSTSEC-…", "Fixes CVE-…", or that the
 * flaw it closes was given the id (gevent's "CVE-2023-41419 was reserved for this.", "This issue has been assigned CVE-…").
 */
/** An advisory's id closing a line after a dash or in a bracket: "… do not support Unicode characters - CVE-2021-28667." */
const ADVISORY_CLOSING_CLAUSE = withAdvisoryId(String.raw`(?:\s[-–—:]\s*|\(\s*){ID}\s*\)?[.\s]*$`, '');
const ADDRESSES =
  /\b(?:address(?:es|ed)?|fix(?:es|ed)?|resolv(?:es|ed)|patch(?:es|ed)|mitigat(?:es|ed)|(?:was|were|has been|have been)\s+(?:reserved|assigned|allocated|issued)|assigned|tracked\s+as)\b/i;
/**
 * RobustToolbox's "Fixed a DoS exploit related to decrypting network packets", ATLauncher's "Add JVM argument to prevent Log4J
 * zero day exploit": an exploit said to be an attack's. (Not a game's "Fixed an exploit where players could duplicate items":
 * there an exploit is a cheat.)
 */
const QUALIFIED_EXPLOIT = String.raw`(?:DoS|DDoS|denial[- ]of[- ]service|zero[- ]day|0-day|RCE|remote|security|privilege[- ]escalation)\s+exploits?\b`;
/**
 * What a fix calls itself when it closes a security hole: a CWE, a vulnerability. Naming the kind of bug alone ("Fix path
 * traversal bug", MPD) does not: the notes did not call it a security fix, and neither may the brief.
 */
// Ring's "Fixed ReDoS attack vector in wrap-nested-params middleware": a fix that says what an attacker could do;
// YunoHost's "Fix security issue where apps' system conf would be owned by the app": one that says it is a security fix.
// reqwest's "Fix redirect handling to strip sensitive headers when the scheme changes": one that stops a credential leak.
// WP Super Cache's "Fixed authenticated RCE in the settings page": code run remotely is an attacker's, whatever the bug was.
// (Not a scanner's vulnerabilities, which it shows, reports or keeps in a database: Vuls' "Running Vuls tui before vuls report
// does not show vulnerabilities checked by CPE", Wazuh's "Fixed the purge of the Redhat vulnerabilities database".)
// (Not hashcat's "Fixed handling of password candidates … in Association Attack": the attack a tool makes is where it was fixed;
// nor VCMI's "Fixed possible crash when player … attack with Vampire Lords", nor DevilutionX's "Petrified monsters turning to
// face the attacker": a game's attacks and attackers are its play. An attack is a flaw's when an attacker makes it ("an
// attacker could"), it has a vector, or it is named as one: a timing attack, attacks guarded against.)
// Scalyr Agent 2.1.16's "fixes default permissions for the agent.json file … not readable by others by default": a secret others
// could read.
const NAMED_FLAW = new RegExp(
  String.raw`\bsensitive\s+headers\b|\bCWE-\d+\b|\b${QUALIFIED_EXPLOIT}|\bvulnerabilit(?:y|ies)\b(?<!\b(?:shows?|showing|shown|reports?|reporting|reported|detects?|detecting|detected|lists?|listing|listed|displays?|displaying|scans?|scanning|finds?|finding)\s+(?:that\s+)?(?:(?:the|a|all|any|new|known)\s+)?vulnerabilit(?:y|ies))(?!\s+(?:warnings?|alerts?|scanners?|reports?|databases?|db|feeds?|data|detection|checked|detected|scan(?:s|ning)?)\b)|\b(?:an?|remote|malicious|unauthenticated|authenticated|local|potential|possible|any|untrusted)\s+attackers?\b|\battackers?(?:-controlled|\s+(?:can|could|may|might|would|to|who|with|controlling)\b)|\battack\s+(?:vectors?|surface)\b|\bdenial[- ]of[- ]service\s+attacks?\b|\b(?:DoS|DDoS|timing|replay|buffer[- ]overflow|brute[- ]force|side[- ]channel|downgrade|injection|MITM|man[- ]in[- ]the[- ]middle|phishing|spoofing|smuggling|traversal|CSRF|XSS|ReDoS|relay|amplification|dictionary|collision|oracle|clickjacking|homograph|enumeration|poisoning|hijacking)\s+attacks?\b|\b(?:against|prevent(?:s|ing)?|block(?:s|ing)?|mitigat(?:e|es|ing)|stop(?:s|ping)?)\s+(?:(?:possible|potential|such|these|those|the|any)\s+)?attacks?\b|\bReDoS\b|\bsecurity\s+(?:issues?|bugs?|flaws?|holes?|problems?|risks?)\b|\bm?XSS\b|\bzip\s?slip\b|${EXTRACTED_OUTSIDE}|\bcross-site scripting\b|\b(?:SQL|command|code|header|CRLF|HTML|template)\s+injection\b|\bpossible to inject\b|\bprototype pollution\b|\bRCE\b|\b(?:remote|arbitrary)\s+code\s+execution\b|\b(?:world|group)[- ]readable\b|\breadable\s+by\s+(?:others|other\s+(?:local\s+)?users|anyone|everyone|all\s+users)\b|\b(?:insecure|overly\s+permissive)\s+(?:default\s+)?(?:file\s+)?permissions\b`,
  'i',
);
/**
 * HTTPie's "**SECURITY** Fixed the vulnerability …": a kind in bold capitals leading the item, its label. Only a tag that
 * is no word of the sentence: Dapr's "**REMOVED** unnecessary loglines" is the change's verb.
 */
const BRACKETED_SECURITY_TAG = /^\s*(?:[-*+]\s+)?\[(?:\*\*)?(?:sec|security)(?:\*\*)?\]\s+(?=\S)/i;
const SHORT_KIND_TAG = /^\s*(?:[-*+]\s+)?\\?\[(new|mod|fix|sec|prf|doc|nop)\\?\]\s+(?=\S)/;
/** "mod" (modified) keeps its section's kind: under BREAKING it breaks. */
const SHORT_TAG_KIND: Record<string, ChangeKind> = { new: 'feature', fix: 'fix', sec: 'security', prf: 'performance', doc: 'internal', nop: 'internal' };
/** The tags leading the words: the kind's, if still there, then parts (`[server]`) and advisories (`[GHSA-…]`). */
const SHORT_TAG_RUN = /^(?:\[(?:new|mod|fix|sec|prf|doc|nop|[a-z][\w-]{0,20}|GHSA(?:-[0-9a-z]{4}){3}|CVE-\d{4}-\d{4,})\]\s*)+/i;
const BOLD_SECURITY_TAG = /^\s*(?:[-*+]\s+)?\*\*SECURITY\*\*:?\s+(?=\S)/;
// Libreswan's "SECURITY IKEv2: Fixes …": the kind in capitals before the change's scope; snapd's "SECURITY UPDATE: …" a label.
const SHOUTED_SECURITY_TAG =
  /^\s*(?:(?:⚠\uFE0F?|:warning:)\s*SECURITY\b:?|SECURITY\s+(?:UPDATE|FIX|ISSUE)S?:|SECURITY\s+[–—-](?=\s)|SECURITY(?=\s+(?=[\w./-]*[a-z\d])[\w./-]{2,30}:\s))\s*(?=\S)/;
const BUMP_LEAD_IN =
  /^(?:upgrade[sd]?|update[sd]?|bump(?:s|ed)?)\s+(?:\S+\s+){0,2}?(?:wheels?|dependenc(?:y|ies)|deps|packages?|librar(?:y|ies)|modules?|crates?|gems?)\b/i;
/** Renovate's "Update dependency x to v2 [SECURITY]", k6's "Updates `golang.org/x/net` to `v0.53.0` [security] (CVE-…)". */
const CLOSING_SECURITY_TAG = /\s*\[security\](?=[\s.]*(?:\([^()]*\)[\s.]*)*$)/i;
/** "to prevent SQL injection", "guards against path traversal": what a change is for, named as an attack it stops. */
const ATTACK = String.raw`(?:injection|m?XSS|cross-site scripting|request smuggling|privilege escalation|(?:path|directory) traversal|remote code execution|sandbox escapes?|CSRF|SSRF|open redirects?|(?:Re)?DoS|denial[- ]of[- ]service|${QUALIFIED_EXPLOIT})\b`;
// ammonia's "fix: unexpected namespace switches after cleanup can cause mXSS": the fault the fix closes opens the attack.
const PREVENTS_ATTACK = new RegExp(
  String.raw`\b(?:(?:prevent(?:s|ing)?|avoid(?:s|ing)?|block(?:s|ing)?|mitigat(?:e|es|ing)|(?:protect(?:s|ing)?|guard(?:s|ing)?) against)\s+(?:(?:an?|the|any|possible|potential)\s+)?|(?:can|could|may|might)\s+(?:cause|lead to|result in|allow|enable)\s+(?:an?\s+)?)(?:[\w-]+\s+)?${ATTACK}`,
  'i',
);
// PocketMine-MP 5.11.1's "Harden options used for processing JSON data, … to close security issues.": hardening said to be
// for security issues closes them.
const SECURITY_ISSUES_CLOSED = /\bto\s+(?:close|fix|address|resolve|mitigate)\s+(?:\w+\s+)?security\s+(?:issues?|holes?|problems?|bugs?|flaws?)\b/i;
// PostGIS's "Harden extension install … against attacker-controlled object resolution" hardens; it fixes no flaw told.
const NOT_SECURITY = /\bnot\s+(?:classified|considered|treated|rated)\s+as\s+(?:an?\s+)?security\b|^harden(?:s|ed|ing)?\b/i;
/** Something added whose stated purpose is to stop an attack: "Add JVM argument to prevent …", "… to guard against …". */
const ADDED_AGAINST_ATTACK =
  /^(?:add(?:s|ed)?|introduce[sd]?|enable[sd]?|set(?:s)?)\b[^.]{0,60}?\bto\s+(?:prevent|block|mitigate|stop|(?:protect|guard)\s+against)\b/i;
/** A change whose stated purpose is to stop a named attack, and is not said to be no security fix. */
function stopsAttack(text: string): boolean {
  return PREVENTS_ATTACK.test(text) && !NOT_SECURITY.test(text);
}
const REMOVES_A_FLAW =
  /^(?:remove[sd]?|eliminate[sd]?|close[sd]?)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}(?:vulnerabilit(?:y|ies)|security\s+(?:issues?|holes?|flaws?|bugs?))\b/i;
/** A fix that names the flaw it closes, or the attack it stops. */
function namesFlaw(text: string): boolean {
  return (NAMED_FLAW.test(text) && !NOT_SECURITY.test(text)) || stopsAttack(text) || SECURITY_ISSUES_CLOSED.test(text);
}
/**
 * Electrum's "security fix: multiple lightning-related security issues have been fixed": a label saying the kind; GNU
 * Parallel's "Security fix. An attacker on the local system could …", a sentence of its own saying so.
 */
export const SECURITY_FIX_LABEL = /^security\s+fix(?:es)?\s*(?::|\.(?=\s+\p{Lu}))\s+(?=\S)/iu;
/**
 * flutter_downloader's "Security update for iOS": a fix of a flaw, told by where it is. TCExam's "This version includes
 * security fixes, please update ASAP.": the release's, told as one of its changes.
 */
export const SECURITY_FIXES_TOLD =
  /^(?:(?:several|multiple|some|various|a few|important|critical)\s+)?security\s+(?:fix(?:es)?|patch(?:es)?|updates?)\s+(?:in|for|to)\s+\S|^this\s+(?:version|release)\s+(?:includes|contains|brings)\s+(?:(?:several|multiple|some|important|critical)\s+)?security\s+(?:fix(?:es)?|patch(?:es)?)\b/i;
/**
 * Mojolicious' "classify this as a security issue"; Absinthe 1.10.2's one change, "Patch for CVE", and netCDF-C's "Fixed
 * outstanding CVE issues." name no id but say what they are.
 */
/**
 * An opening that calls the release a security update: Exim's "This is a security release, addressing …", CairoSVG's
 * "**WARNING:** this is a security update.", behind the label it may carry.
 */
const SUPPORT_ADDED_PARAGRAPH =
  /^(?:(?:additionally|also|finally|in addition),?\s+)?(?:support\s+(?:has\s+been|was)\s+added\s+for\s+\S(?:[^.!?]|\.(?=\d)){0,80}[.!]?$|support\s+for\s+\S(?:[^.!?]|\.(?=\d)){0,60}\s+(?:has\s+been|was)\s+added[.!]?$)/i;
/** "We strongly recommend to upgrade …", "Please update …": what readers should do, not what was fixed. */
const ADVICE =
  /^(?:we\s+(?:strongly\s+)?(?:recommend|advise|urge|suggest)|please\b|(?:all\s+)?users\s+(?:should|must|are\s+(?:advised|encouraged))|you\s+(?:should|must))/i;
const WHAT_IS_THE_ISSUE = /^what\s+(?:is|was)\s+the\s+(?:issue|problem|bug|flaw|vulnerability)\??$/i;
/** iTerm2 3.5.11's "This release contains a critical security fix.": one fix, the release's reason. */
export const HOLDS_A_SECURITY_FIX = /\b(?:contains?|is)\s+an?\s+(?:critical\s+|important\s+|urgent\s+)?security\s+fix\b/i;
// Publify's "This is a bug fix and security release.": the security release named beside what else it is.
// MediaGoblin's "This release is a security and bugfix release." too.
export const SAYS_SECURITY_UPDATE =
  /^(?:(?:(?:warning|note|important|attention|notice)\s*:\s*)?this is an? (?:\w+ )?(?:(?:[\w-]+ ){1,3}(?:and|&) )?security (?:\w+ )?(?:release|update)|this (?:release|version|update) is an? (?:\w+ )?security (?:(?:and|&) [\w-]+ )?(?:release|update))\b/i;
// (Mezzanine's "password reset: 'http' -> ``request.schema``. This fixes a potential security vulnerability in which …": the
// change's second sentence says what it fixed.)
const CALLED_SECURITY =
  /\bclassify (?:this|it) as a security (?:issue|fix|vulnerability)\b|\bthis is a security (?:fix|issue)\b|[.!]\s+(?:this|it|which)\s+(?:fixes|closes|addresses|resolves)\s+an?\s+(?:potential\s+|possible\s+|critical\s+|serious\s+)?(?:security\s+)?vulnerability\b|^(?:(?:a\s+)?(?:patch|fix)\s+for\s+(?:a\s+|the\s+)?CVE|CVE\s+(?:patch|fix))\.?$|^(?:fix(?:e[sd])?|address(?:e[sd])?|resolve[sd]?|patch(?:e[sd])?)\s+(?:[\w-]+\s+){0,2}(?:CVEs|CVE\s+(?:issues|vulnerabilities|findings))\b/i;
const FLAW_SAID_FIXED =
  /^(?:an?|the|one|two|three|several|multiple)\s+[^.]{0,80}?\b(?:has|have|was|were)\s+(?:now\s+)?been\s+(?:fixed|patched|addressed|resolved|mitigated)\b/i;
/**
 * The parts a security write-up is told in: whom it affects, how to fix it, how it was handled. Infinispan's "### What's
 * affected" under "## Infinispan and Log4j CVE-2021-44228", JHipster's "- **How this issue was handled** This issue was found
 * by …": each tells of the one flaw, none is a change of its own.
 */
const ADVISORY_PART =
  /^(?:what(?:'s|’s|\s+is)\s+affected|who\s+is\s+affected|are\s+you\s+(?:vulnerable|affected)|affected\s+versions|impact|how\s+to\s+(?:fix|upgrade|mitigate)(?:\s+the\s+(?:issue|vulnerability))?|how\s+(?:this|the)\s+(?:issue|vulnerability)\s+was\s+(?:handled|found|discovered|fixed)|what\s+will\s+happen\s+next|what\s+(?:should|can)\s+(?:i|you)\s+do|timeline)\s*[?:.]?$/i;
/** MISP's advisory in its release post: "## CVE-2019-16202 - …" over "### Fix", "Upgrade to a version of MISP that has …". */
const ADVISORY_FIX_HEADING = /^(?:(?:the\s+)?fix|solution|resolution|patches)$/i;
/** Its other parts, "### Conditions to be vulnerable", "### Details", "### Mitigation", "### Credits": no change of their own. */
const ADVISORY_ACCOUNT_HEADING =
  /^(?:conditions\s+to\s+be\s+vulnerable|vulnerable\s+conditions|details|description|mitigations?|workarounds?|credits?|references)$/i;
const FIXED_BY = /\b(?:fix(?:es|ed|ing)|upgrad(?:es|ed|ing)|patch(?:es|ed|ing)|updat(?:es|ed|ing))\b/i;
/** Where one sentence ends and the next begins: a stop, a space, a capital. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=\p{Lu})/u;
const ADVISORY_PART_LABEL = /^\s*(?:[-*+]\s+)?\*\*([^*]{3,50})\*\*\s+\S/;
/** A paragraph of how things were that leads into an example: "Back in the day, our … APIs all looked like this:". */
const BACKSTORY_INTO_EXAMPLE = /^(?:back in the day|previously|in the past|historically|until now)\b[^.!?]*\b(?:like this|like so|as follows)[:.]?$/i;
/**
 * The security fix a heading's first paragraph tells, with its advisory ids: Apache MINA's "### [CVE-2024-52046](…)" over
 * "**MINA** applications using unbounded deserialization may allow **RCE**." (not authentik's "# CVE-2024-47070" over
 * "_Reported by …_": who found it, its flaw told below), or Infinispan's "### What's affected" under "## Infinispan and Log4j
 * CVE-2021-44228", whose paragraph tells whom it affects first and then, in the sentence that is the fix, how it is fixed. The
 * ids of such a part are those of the headings open at it (its own words, a part's name, hold none).
 */
function advisoryToldBelow(heading: string, paragraph: string, above: Heading[]): { words: string; ids: string[] } | null {
  if (ADVISORY_IDS_ONLY.test(heading)) return REPORTED_BY.test(paragraph) ? null : { words: paragraph, ids: advisoryIds(heading) };
  if (!(ADVISORY_PART.test(heading) || ADVISORY_FIX_HEADING.test(heading)) || namesAdvisory(paragraph)) return null;
  const ids = advisoryIds(above.map((parent) => parent.text).join(' '));
  return ids.length === 0 ? null : { words: paragraph.split(SENTENCE_BREAK).find((sentence) => FIXED_BY.test(sentence)) ?? paragraph, ids };
}
/** Who found a flaw, told first: authentik's "_Reported by …_", OpenPMIx's "A security issue was reported by François Diakhate". */
const REPORTED_BY =
  /^(?:reported|discovered|found|credits?|thanks)\b|^(?:an?|the|this)\s+(?:security\s+)?(?:issue|vulnerability|flaw|bug|problem)\s+(?:was|has been)\s+(?:reported|discovered|found)\s+by\b/i;
const ADVISORY_IDS_ONLY = withAdvisoryId(String.raw`^{ID}(?:\s*(?:,|and)\s*{ID})*\.?$`, 'i');
const ADVISORY = withAdvisoryId(String.raw`\b{ID}\b|:ghsa:` + '`', 'i');
/** ADVISORY's test where the text holds how one of its ids starts: few items name an advisory, and the pattern scans each. */
const namesAdvisory = (text: string) => mayNameAdvisory(text) && ADVISORY.test(text);
/**
 * Sections whose items may break a user's code without saying "breaking": Keep a Changelog's Changed, Removed, Deprecated and
 * Packaging, and R's "DEPRECATED AND DEFUNCT" (readr's "Deprecated or superseded functions and features").
 */
const BREAK_PRONE_SECTION =
  /^(?:changed|changes|removed|deprecated|deprecations|deprecated (?:and|or) (?:defunct|removed|superseded)(?: (?:functions?|features?|apis?|methods?|functions and features))?|defunct|packaging|(?:api |abi )?compatibility changes?|major changes|important(?: changes| notes?)?)$/i;
/** OneDrive Client for Linux 2.5.0's "… and is not backwards compatible with v2.4.x.", Picasso's "This version is not fully backwards compatible with previous 2.x releases!": said outright. */
// MCollective 2.0.0's "This release is not compatible with older versions.", Neo4j-OGM's "It is not compatible with the
// previous major version 5 of the driver.": the release, with what came before, the same. (Not JanusGraph's "The changes in
// the schema structure are not compatible with earlier versions", of a feature once adopted.)
export const NOT_BACKWARDS_COMPATIBLE =
  /\b(?:is|are)\s+not\s+(?:fully\s+|entirely\s+|completely\s+)?backwards?[- ]compatible\s+with\b|\b(?:release|version|it)\s+is\s+not\s+compatible\s+with\s+(?:the\s+|any\s+)?(?:older|previous|earlier|prior)\b/i;
/**
 * "This is a breaking change" (Galene's "This is an incompatible change."), asdf's "However, a number of breaking changes were introduced.", and OneDrive Client for
 * Linux's "This version introduces significant changes … and is not backwards compatible with v2.4.x."
 */
const SAYS_IT_BREAKS = new RegExp(
  String.raw`\b(?:includes?|is|introduces?|contains?|brings?)\s+(?:an?\s+)?(?:(?:minor|small|major|potential|possible)\s+)?(?:BC|B\/C|backwards?[- ]compatibility|(?:backwards?[- ])?incompatible|breaking)\s+(?:break|change)\b|\b(?:a (?:number|few|couple) of|several|some|many)\s+breaking\s+changes\s+(?:were|have been|are|got)\s+introduced\b|\bin\s+an?\s+(?:backwards?[- ])?incompatible\s+(?:way|manner|fashion)\b|${NOT_BACKWARDS_COMPATIBLE.source}`,
  'i',
);
/** A sentence after the first that opens by taking away a flag, an option, a command or support. */
const REMOVED_LATER =
  /[.!?]\s+(?:Removed|Dropped)\s+(?:the\s+)?(?:support\s+for\b|[^.]{0,80}?\b(?:flags?|options?|commands?|settings?|APIs?|arguments?|parameters?|functions?|methods?|support)\b)/;
/** What older things will do after the change: "old plugins will throw errors", "older launchers will fail to locate …". */
export const OLD_ONES_FAIL =
  /\b(?:old|older|existing|your)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:will|may|might|could)\s+(?:no longer work|stop working|throw errors|crash|fail|break)\b/i;
/** Whether a sentence after the first says what older things will do after the change. */
function saysLaterOldOnesFail(text: string): boolean {
  const at = text.search(OLD_ONES_FAIL);
  return at > 0 && /[.!?]\s/.test(text.slice(0, at));
}
// Quagga's "--disable-ipv6 no longer exists as an option." likewise.
const NO_LONGER_OFFERED = /\bno longer\s+(?:(?:be\s+)?part of|provided|exported|included|shipped|exists\s+as\s+an?\s+option)\b/i;
/** Lombok's "PLATFORM:", "BUGFIX:", "IMPROBABLE BREAKING CHANGE:": a kind in capitals labelling the change. */
const SCOPED_KIND_LABEL = /^(Fixed|Added|Changed|Removed|Improved)\s+((?=[\w.-]*(?:[a-z][A-Z]|\.\w))[A-Za-z][\w.-]{1,40}):\s+(?=\S)/;
const CAPITALS_KIND_LABEL = /^((?:(?:IMPROBABLE|POTENTIAL|MINOR)\s+)?BREAKING CHANGE|FEATURE|BUGFIX|PLATFORM|PERFORMANCE|ENHANCEMENT):\s+(?=\S)/;
/** SBCL's NEWS labels each change with its kind in lower case: "minor incompatible change:", "bug fix:", "optimization:". */
// The Java extension for VS Code's "enhancement - Add …", "bug fix - Fix …": the same tags, set off by a dash.
const LISP_KIND_LABEL = /^((?:minor\s+)?incompatible\s+change|bug\s?fix|optimi[sz]ation|enhancement|new\s+feature)(?::\s+|\s+[-–]\s+)(?=\S)/i;
/** The kind each of those tags says (and fl_chart's bold "**FEATURE**"), by the tag in lower case without spaces or its hedge. */
const TAG_KIND: Record<string, ChangeKind> = {
  breakingchange: 'breaking',
  break: 'breaking',
  new: 'feature',
  incompatiblechange: 'breaking',
  feature: 'feature',
  newfeature: 'feature',
  enhancement: 'feature',
  improvement: 'feature',
  platform: 'feature',
  bugfix: 'fix',
  fix: 'fix',
  // Volta's and yarr's bracketed verbs: "(ADDED)", "(fixed)", "(CHANGED)" (a change says its kind by its words).
  added: 'feature',
  improved: 'feature',
  fixed: 'fix',
  changed: 'other',
  performance: 'performance',
  optimization: 'performance',
  optimisation: 'performance',
};
/** A line that only credits people by their handles: "authors: @a and @b", "Contributors: @a, @b". */
const HANDLES_CREDITED = /^(?:authors?|contributors?|credits?|thanks(?:\s+to)?)\s*:?\s+@[\w-]+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)@[\w-]+)*\.?$/i;
/** "Security: …" opening a fix's words: the part of the project it is in is its security. */
const SECURITY_SCOPE = /^security:\s+(?=\S)/i;
/** The part of the project a change is in, before its words: "[XrdCl] …", "runtime: …" (not Numba's "PR: …", a reference's leftover). */
const AREA_LEAD = /^(?:\[[^\]\s][^\]]{0,29}\]|[a-z][\w./-]{0,30}:)\s+/;
const DROPS_SUPPORT_FOR = /^(?:drop(?:ped|s)?|remov(?:e[sd]?)|discontinu(?:e[sd]?))\s+(?:official\s+)?support\s+(?:for|of)\s/i;
const tagKind = (tag: string): ChangeKind => TAG_KIND[tag.toLowerCase().replace(/^(?:improbable|potential|minor)\s+|\s+/g, '')]!;
/** Unison's "Drop old wire protocol. Unison will no longer interoperate with versions before 2.52.0 …": older ones cut off. */
export const NO_LONGER_WITH_OLDER =
  /\bno longer\s+(?:interoperates?|works?|(?:be\s+)?compatible|reads?|loads?|opens?|accepts?|talks?|connects?)\b[^.]{0,60}?\b(?:before|older than|prior to|pre-)\s*v?\d/i;
/** servant's "Remove GHC <= 8.10.7 from the support window": versions no longer supported, said by the window they left. */
/** UPX 4.2.0's "disable macOS support until we fix compatibility with macOS 13+": a platform it no longer runs on, for now. */
export const PLATFORM_DISABLED =
  /^(?:[\w.-]+:\s+)?disabl(?:e[sd]?|ing)\s+(?:the\s+)?(?:macos|os x|windows|linux|ios|android|freebsd|openbsd|netbsd|solaris|aix|haiku|32-bit|arm(?:64)?|x86)\s+support\b/i;
const LEAVES_SUPPORT_WINDOW = /\b(?:remove[sd]?|drop(?:s|ped)?)\s+\S.{0,60}?\s+from\s+(?:the\s+|our\s+)?support(?:ed)?\s+(?:window|matrix|range|policy)\b/i;
/**
 * glibc's advisory closes with git-trailer fields ("Fix-Commit: f9dc609… (2.40)", "Public-Date: 2024-04-17", "Reported-By:
 * Charles Fol"): the record of the flaw told above them, not changes. Its "CVE-Id:" field is read as the advisory's id
 * (itemInline drops the field's name).
 */
const TRAILER_FIELD = /^(?:[A-Z][a-z]+-)+[A-Z][a-z]+:\s+(?:[0-9a-f]{7,40}\b|\d{4}-\d{2}-\d{2}\b|\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+$)/u;
/** Skaffold's "**Linux amd64**" over "`curl -Lo skaffold https://… && chmod +x skaffold …`", "**Docker image**" over its name: how to get it. */
const INSTALL_LINE =
  /^(?:[\p{L}\d ]{1,30}:\s+)?(?:(?:curl|wget|brew|npm|pnpm|yarn|pipx?|pip3|cargo|go|gem|docker|podman|apt(?:-get)?|dnf|yum|choco|scoop|winget|sudo)\s+(?:-\S+\s+)*(?:install|add|pull|run|get|-L\w*|i)\b|\S+\.(?:io|com|org|dev)\/\S+:v?\d[\w.-]*$)/iu;
const HISTORY_POINTER = /^(?:(?:the\s+)?(?:full|complete)\s+)?(?:history|list|log)\s+of\s+(?:all\s+)?(?:the\s+)?(?:changes|commits)\s*[:.]?$/i;
const LABELLED_LINK = /^\s*(?:[-*+]\s+)?(\p{L}[\p{L} ]{1,30}):\s*(?:<?https?:\/\/[^\s>]+>?|\[[^\]]*\]\(https?:\/\/[^)\s]+\))\s*$/u;
/** A line that opens with an advisory's id and says what it fixed: "CVE-2024-32041 [Low] OutOfBound Read in …". */
const ADVISORY_LINE = withAdvisoryId(String.raw`^\s*({ID})\b[\s:,–—-]*(?:\[(critical|high|medium|moderate|low)[\]\[]\s*)?(\p{L}.{8,})$`, 'iu');
/** Flink's "… a version upgrade for Log4j to address CVE-2021-44228 and CVE-2021-45046": the id is what the fix is for. */
const FIXES_AN_ID = withAdvisoryId(
  String.raw`\b(?:fix(?:es|ed)?|patch(?:es|ed)?|address(?:es|ed)?)\s+(?:the\s+)?(?:issues?\s+|vulnerabilit(?:y|ies)\s+)?{ID}`,
  'i',
);
/** A paragraph's sentence that says the release fixes flaws it names by their advisory ids, or null. */
function securityFixSentence(paragraph: string): string | null {
  const sentences = paragraph.split(SENTENCE_BREAK);
  return (
    sentences.find(
      (sentence) =>
        sentence.length <= 400 &&
        /\b(?:fix(?:es|ed)?|patch(?:es|ed)?|address(?:es|ed)?)\b/i.test(sentence) &&
        (NAMED_FLAW.test(sentence) || FIXES_AN_ID.test(sentence)) &&
        advisoryIds(sentence).length > 0,
    ) ?? null
  );
}
const ADVISORY_FIX_PARAGRAPH = withAdvisoryId(
  String.raw`^((?:address|fix|patch|resolve)(?:e?[sd])?)\s+(?:<?https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/security\/advisories\/)?({ID})>?\.?$`,
  'i',
);
const ADVISORY_LIST_LABEL = /^\s*(?:CVEs?|advisories|security(?: fixes| advisories)?|vulnerabilities)\s*:\s*$/i;
/**
 * JabRef's "We removed the misleading message "Doing a cleanup for X entries" …": what is read or seen went, nothing used;
 * markdown-it's "Reworked issue templates and contribution guidelines." likewise, the project's own pages.
 */
const SEEN_NOT_USED =
  /^(?:we\s+)?(?:replace[sd]?|remove[sd]?|rename[sd]?|rework(?:ed|s)?)\s+(?:[^\s.]+\s+){0,4}?(?:links?|pages?|buttons?|icons?|wording|tooltips?|logos?|screenshots?|banners?|placeholders?|illustrations?|error log files?|(?:error |warning |info )?messages?|notifications?|dialogs?|(?:issue|pr|pull request|bug report)\s+templates?|(?:contribution|contributing|contributor)\s+guidelines?|readme)\b(?!\s+(?:propert|field|attribute|key|param|argument|column|type|class|method|object)\w*)/i;
/** What a release may take away and break nobody: "remove the limit on …", "the size limit was removed". */
const NO_LOSS = '(?:need|limit|limitation|restriction|requirement|dependency|cap|warning|overhead)s?';
/**
 * The loss as a removal names it: "the limit", bpftrace's "length limitations for strings" (what limited, then the limit).
 * Under a section prone to breaks only a limit taken away is no break: Poetry's "Remove the dependency on
 * poetry-plugin-export so that `poetry export` is not included per default" takes a command away with it.
 */
const lossNamed = (loss: string) => String.raw`(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}${loss}\b`;
const LOSS_NAMED = lossNamed(NO_LOSS);
const WARNING_REMOVED = new RegExp(String.raw`^(?:remov(?:e|ed|es)|drop(?:ped|s)?|silence[sd]?)\s+${lossNamed('warnings?')}`, 'i');
const LIMIT_NAMED = lossNamed('(?:limit|limitation|restriction|cap)s?');
/**
 * The words of a change that breaks what depended on it, read under a section prone to breaks ("Changed", "Removed"): what
 * went, was replaced or renamed, and what was accepted and now fails (just's "Forbid duplicate groups", "Don't accept option
 * arguments starting with `-=`"), and a default switched (Jib 3's "Switched the default base images from Distroless to …").
 */
const BREAK_WORDS = new RegExp(
  String.raw`^(?:replaced?(?!\s+(?:deprecated|internal|our own)\b)|replaces|rework(?:ed|s)?|drop(?:ped|s)?\s+(?:support|python|node)|remove[sd]?(?!\s+${LEFTOVER})(?!\s+${LIMIT_NAMED})|rename[sd]?|forbid(?:s|den)?|disallow(?:s|ed)?|reject(?:s|ed)?|(?:do not|don['’]?t) accept)\b|\b(?:backwards?[- ])?incompatible with (?:the )?(?:previous|earlier|older|prior)\b|\b(?:no longer(?!\s+(?:restricted|limited|required|necessary|needed|mandatory|capped)\b)|now returns?|now requires?|now (?:denies|rejects|refuses|blocks|forbids|disallows)|is now required|must now|drop(?:ped|s)? support for|(?:was|were|has been|have been) removed|(?:has|have) been changed to (?:directly |now |only )?(?:accept|take|return|require|expect)s?)\b|\bno-ops?\b(?=[^.]{0,40}\bwith this release\b|\s*(?:now|from now on)\b)|\b(?:now|is|are) (?:a )?no-ops?\b|\bdefault\b[^.]{0,80}\bis now\b|^(?:switch(?:ed|es)?|change[sd]?)\s+(?:the\s+)?default\s+[\w -]{1,40}?\s+from\b`,
  'i',
);

/**
 * A complaint taken away: no longer warns, errors, crashes, hangs, fails, raises a warning, reports, flags, complains, or no longer considers something unassigned or an error.
 * So is a barrier: WezTerm's "installer no longer prevents installing the x64 binary on arm64 systems", LLDAP's "login form
 * no longer enforces a password length limit", bindgen's "--wrap-static-fns related options no longer require the
 * experimental feature or flag".
 */
const NO_LONGER_COMPLAINS =
  /\bno longer\s+(?:be\s+)?(?:prevent(?:s|ed)?|enforce[sd]?|require[sd]?\s+(?:the\s+)?(?:experimental|unstable|nightly|beta|preview)\b|restrict(?:s|ed)?|forbid(?:s|den)?|disallow(?:s|ed)?|warn(?:s|ed)?|error(?:s|ed)?|crash(?:es|ed)?|hang(?:s)?|fail(?:s|ed)?|panic(?:s|ked)?|(?:raise|emit|throw|produce|generate|show|print|give)[sn]?\s+(?:an?\s+|any\s+)?(?:[\w-]+\s+)?(?:warnings?|errors?|exceptions?|diagnostics?|offen[cs]es?)|report(?:s|ed)?|flag(?:s|ged)?|complain(?:s|ed)?|(?:consider(?:s|ed)?|treat(?:s|ed)?|regard(?:s|ed)?|marks?|marked)\s+(?:[^.;\s][^.;]{0,39}?\s+)?(?:as\s+)?(?:unassigned|unused|undefined|unreachable|an?\s+(?:error|warning|offen[cs]e)|errors?|warnings?|offen[cs]es?))\b/gi;

/** The gitmoji that say a change's kind; the many that only decorate (🔧, 💄, 🌐) say none. */
const GITMOJI_KIND: Record<string, ChangeKind> = {
  '🐛': 'fix',
  '🐞': 'fix',
  '🚑': 'fix',
  '🩹': 'fix',
  '✨': 'feature',
  '🆕': 'feature',
  '💥': 'breaking',
  '🔒': 'security',
  '🔐': 'security',
  '⚡': 'performance',
  '📝': 'internal',
  '✅': 'internal',
  '👷': 'internal',
  '💚': 'internal',
  '⬆': 'internal',
  '⬇': 'internal',
  '📌': 'internal',
  '🚨': 'internal',
  '♻': 'internal',
};

function sectionKind(text: string): ChangeKind | null {
  const known = parseMemo?.sectionKinds.get(text);
  if (known !== undefined) return known;
  const kind = sectionKindOf(text);
  parseMemo?.sectionKinds.set(text, kind);
  return kind;
}
function sectionKindOf(text: string): ChangeKind | null {
  // React Native's "# React Native 0.86 - Edge-to-Edge and DevTools Improvements, no breaking changes": said to break nothing.
  if (NO_BREAKS.test(text)) return null;
  // Hertz 0.7.0's blog post, "## Refactor Binding" and its "### Description Of Refactoring" over "You can use
  // \"WithCustomBinder\" to inject your own custom Binder": a rework of a part people use, named, then told; no section of the
  // project's own upkeep.
  // (py_webauthn 2.1.0's "### Refactor Guidance" over how to move off `.parse_obj()`: advice on the change its list told.)
  if (/^(?:refactor(?:ing)?|upgrade|upgrading|migration|porting)\s+guidance$/i.test(text.trim())) return 'internal';
  if (/^[Rr]efactor(?:ed|ing)?\s+\p{Lu}\p{Ll}/u.test(text) || /^(?:description|details|overview|summary)\s+of\s+(?:the\s+)?refactor(?:ing)?$/i.test(text))
    return null;
  for (const [pattern, kind] of SECTION_RULES) if (pattern.test(text)) return kind;
  return null;
}
const BREAKS_TO_COME = /^\s*(?:\*\*)?breaking\s+changes?\s+(?:are\s+)?(?:coming|planned|ahead|upcoming)\b/i;
const STAYS_COMPATIBLE =
  /^(?:(?!\b(?:which|that)\b)(?:[^.]|\.(?=\d))){0,80}?\b(?:is|are|remains?|stays?)\s+(?:fully\s+)?(?:[\w-]+\s+and\s+)?[\w-]*(?<!in)compatible\s+with\b/i;
const BREAKING_WORDS_AFTER = /\b(?:dropped|removed|no longer|must|breaks?|breaking|incompatib\w*|renamed|requires?)\b/i;
const AVOID_THE_FLAWS =
  /^(?:to\s+(?:avoid|mitigate|prevent|protect (?:yourself )?against)\s+(?:these|this|such|the)\s+(?:flaws?|issues?|vulnerabilit(?:y|ies)|attacks?|problems?)\b|until you (?:can )?(?:update|upgrade)\b)/i;
// CPAN.pm 1.93's "several relevant bugfixes, including one related to security (setting $Archive::Tar::CHMOD=0 …)" too.
const COUNTED_SECURITY_FIXES =
  /^(?:(?:more than|over|about|around|nearly|almost|some|several|numerous|many|multiple|a few|lots of|plenty of)\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a dozen)?\s*security\s+(?:bug\s?)?fix(?:es)?\b|^(?:several|some|many|a few|various)\s+(?:relevant\s+|important\s+)?bug-?\s?fix(?:es)?,\s+including\s+(?:one|some|two|three|a few)\s+(?:related\s+to|concerning|regarding)\s+security\b/i;
const FUTURE_RELEASE_MAY = /^(?:an?\s+|the\s+)?(?:future|later|next|upcoming)\s+(?:major\s+)?(?:release|version)s?\b[^.]{0,40}?\b(?:may|might|will|could)\b/i;
/**
 * Credits a note closes each change with, in its own way: RRDtool's "… on transparent areas <turban>", Lynx's "… without
 * exiting Lynx -TD". `mark` is a character a line needs to hold one, `line` finds one closing a line of the notes, `item` one
 * closing an item's words.
 */
const CLOSING_CREDITS = [
  {
    mark: '>',
    line: /^\s*[-*+]\s.*\S\s+<(?!\/)[^<>@\s/.:]+(?:\s+[^<>@\s/.:]+){0,3}>\s*$/u,
    item: /\s+<(?!\/)[^<>@\s/.:]+(?:\s+[^<>@\s/.:]+){0,3}>(?=[.!]?$)/u,
  },
  { mark: ' -', line: /\S\s+-[A-Z]{2,3}\.?\s*$/, item: /\s+-[A-Z]{2,3}(?=[.!]?$)/ },
  // Mezzanine's changelog from its commits: "* Removed null attribute from slug CharField - Samir Shah", "… - ryneeverett": its
  // authors sign many changes each (not wiki.js' "Added Search Engine - Azure Search", a different thing each time).
  {
    mark: ' - ',
    repeated: true,
    line: /\S\s+-\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}|[a-z][a-z\d]{2,30}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\s*$/u,
    // (Its reStructuredText reads the dash as a stop: "… CharField. Samir Shah".)
    item: /(?:\s+-|(?<=[.!?]))\s+(?:\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}|[a-z][a-z\d]{2,30}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?=[.!]?$)/u,
  },
  // xdotool's "… by window role with `--role` flag (#305, altblue)": the issue, then who made it; once the issue went, the bracket
  // closing the change is the credit, whatever the name.
  // (A name of a few words, no advisory nor issue key: Graphite's "(because True often causing issues in Docker)" is the change's.)
  {
    mark: '(#',
    line: /\S\s+\(#[\d?]+,\s+[^()#@]+\)\.?\s*$/,
    item: /\s+\((?![A-Z][A-Z\d]*-\d)[\p{L}\d_.'’-]+(?:\s+[\p{L}\d_.'’-]+){0,3}\)(?=[.!]?$)/u,
  },
  // MojoMojo's Perl "Changes": "- Navigation bar for /.users both at top and bottom of the page now  (dandv)", its author's
  // CPAN id set off by two spaces.
  { mark: '  (', line: /\S {2,}\([\w.-]{2,30}\)\.?\s*$/, item: /\s+\([\w.-]{2,30}(?:\s+and\s+[\w.-]{2,30})?\)(?=[.!]?$)/ },
  // Openswan's "* tests: cleanup warnings in libpluto unit tests [Bart Trojanowski]", its author's name in square brackets.
  {
    mark: ']',
    line: /\S\s+\[\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}\]\s*$/u,
    item: /\s+\[\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}(?:\s+\([^()]*\))?\](?=[.!]?$)/u,
  },
  // SDL Perl's "- SDLx::App made the docs a lot better [Blaizer]": a CPAN id or a nick in square brackets, signing several.
  {
    mark: ']',
    repeated: true,
    line: /\S\s+\[(?![A-Z]+-\d)([\w.-]{2,30})\]\s*$/,
    item: /\s+\[(?![A-Z]+-\d)[\w.-]{2,30}\](?=[.!]?$)/,
  },
  // Firebird's "* [#8761](…): Add API method `Util::convert`" over "  Contributor(s): Adriano dos Santos Fernandes".
  { mark: 'Contributor', line: /^\s*Contributors?(?:\(s\))?:\s+\S/, item: /\s+Contributors?(?:\(s\))?:(?:\s+[^()]*?)?(?=\s*(?:\([^()]*\))?[.!]?$)/ },
];
/**
 * The credit a note closes its changes with, where three lines or more close so (once, "Support <textarea>" is the change),
 * and, where the shape is also a change's own, some name closes more than one.
 */
const closingCreditOf = (source: string[]) =>
  CLOSING_CREDITS.find((credit) => {
    const closing = source.filter((text) => text.includes(credit.mark) && credit.line.test(text));
    return closing.length >= 3 && (!('repeated' in credit) || new Set(closing.map((text) => text.match(credit.line)![1])).size < closing.length);
  })?.item ?? null;
const LABEL_BULLET =
  /^\s*[-*+]\s+(?:new\s+features?|features?|bug\s?fix(?:es)?|fix(?:es|ed)?|improvements?|enhancements?|changes|(?:issues?|bugs?|pull requests?)\s+(?:closed|fixed|merged)|breaking\s+changes?|api\s+changes?|removed|deprecated|other)\s*:\s*$/i;
const ONLY_A_TRACKER_WORD = /^(?:issues?|bugs?|prs?|pull requests?|commits?|tickets?)\.?$/i;
const OTHER_CHANGES_UNTOLD =
  /^(?:(?:and|plus)\s+)?(?:lots|plenty|loads|a lot|many|several|numerous|various|a (?:number|bunch|host) of)\s+(?:of\s+)?(?:other\s+)?(?:small(?:er)?\s+|minor\s+)?(?:changes|fixes|improvements|bug\s?fixes|tweaks)\b/i;
const CALLED_BREAKING = /\b(?:it['’]s|it\s+is|this\s+is|that['’]s|which\s+is)\s+(?:also\s+)?a\s+breaking\s+change\b/i;
/**
 * Mavericks 3.0's "Mavericks 3.0 introduces one breaking change: `MavericksViewModelConfig.BlockExecutions` is extracted …",
 * ssh-audit's "Added failure, warning, and info notes to JSON output (note that this results in a breaking change to …)".
 */
const TOLD_AS_A_BREAK = /\b(?:introduces?|brings?|contains?)\s+(?:a|one)\s+breaking\s+change\b|\bresult(?:s|ing)?\s+in\s+a\s+breaking\s+change\b/i;
const saysItBreaks = (item: NoteItem, source: string[]) =>
  source.slice(item.lines.start, item.lines.end).some((line) => line.includes('breaking') && CALLED_BREAKING.test(line));
const saysNoBreaks = (item: NoteItem, source: string[]) => source.slice(item.lines.start - 1, item.lines.end).some((line) => NO_BREAKS.test(line));
const NO_BREAKS = /\b(?:no|without|zero)\s+(?:user-facing\s+|major\s+|known\s+)?breaking\s+changes?\b|\bnon-breaking\b/i;

/**
 * The kind an item's own words claim, over its section's: a breaking marker in the raw line
 * (`**Breaking:**`, `BREAKING CHANGE`, `⚠`), a Conventional Commit prefix on its words
 * (`feat!:` is breaking, `docs:` internal), a CVE. Returns the words without the prefix.
 */
/** Vicare's "* BACKWARDS INCOMPATIBILITY Nausicaa's support for … has been removed": the mark, shouted. */
const SHOUTED_INCOMPATIBILITY = /^\s*BACKWARDS? INCOMPATIBILIT(?:Y|IES)\s+(?=\S)/;
/** SublimeLinter's "BREAKING CHANGE:  TL;DR - By default, only whole files are linted from now on.": the gist, so labelled. */
const GIST_LABEL = /^TL;\s?DR\s*[-–—:,]\s*(?=\S)/;
const SEE_FOR_DETAILS = /^(?:also\s+)?see\s+(?:the\s+)?(?:issues?|PRs?|pull requests?)\b[^.]*\bfor (?:more )?details\.?$/i;
/** "Thanks to Name for a fix to …", "… for fixing …": whom the notes thank, then the fix they made. */
const THANKED_FOR_A_FIX =
  /^(?:(?:many|big|special)\s+)?thanks\s+(?:go(?:es)?\s+)?to\s+[\p{Lu}@][^,;:]{1,60}?\s+for\s+(?:(?:a|the)\s+fix\s+(?:to|for|of)\s+|fixing\s+)(\S.{3,})$/iu;
/** A fix marked at its end as a security one: "(security)", "(security fix)". */
const MARKED_SECURITY = /\s*\((?:security|security fix|sec)\)\s*$/i;

function itemKind(raw: string, written: string, inherited: ChangeKind, section = ''): { kind: ChangeKind; text: string } {
  const read = kindOfItem(raw, written, inherited, section);
  const told = read.text.startsWith('TL') ? { ...read, text: read.text.replace(GIST_LABEL, '') } : read;
  // NNG's "A future release of NNG may break compatibility for …" under "ZeroTier Incompatible Changes": a warning of what a
  // later release may do breaks nothing in this one.
  if (told.kind === 'breaking' && FUTURE_RELEASE_MAY.test(told.text)) return { ...told, kind: 'other' };
  // hvac 2.0's announcements: "Breaking changes coming to `Client.write` method", a break a later release will make.
  if (told.kind === 'breaking' && BREAKS_TO_COME.test(written)) return { kind: 'other', text: written.trim() };
  // Net-SNMP's "To avoid these flaws, use strong SNMPv3 credentials …" among its CVEs: advice on the flaws, no fix of one.
  if (told.kind === 'security' && AVOID_THE_FLAWS.test(told.text)) return { ...told, kind: 'other' };
  // Kudu's "Incompatible Changes" section says what stays compatible ("The Kudu 1.18 Java client library is API- and
  // ABI-compatible with Kudu 1.17."): no change at all.
  if (told.kind === 'breaking') {
    const [claim, ...rest] = told.text.split(/(?<=\.)\s+(?=\p{Lu})/u);
    if (
      STAYS_COMPATIBLE.test(claim!) &&
      !/\bnot\b|n['’]t\b|\b(?:and|or) (?:above|later|newer|higher)\b/i.test(claim!) &&
      !BREAKING_WORDS_AFTER.test(rest.join(' '))
    )
      return { ...told, kind: 'internal' };
  }
  // GStreamer 1.24.10's "More than 40 security fixes across a wide range of elements following an audit by the GitHub Security
  // Lab, …" leading its highlighted bug fixes: the security fixes, counted.
  if ((told.kind === 'other' || told.kind === 'fix') && COUNTED_SECURITY_FIXES.test(told.text)) return { ...told, kind: 'security' };
  // Dash Faction's "fixed multiple Buffer Overflows in RF code (security)": a fix its notes mark a security one.
  if ((told.kind === 'other' || told.kind === 'fix') && MARKED_SECURITY.test(told.text))
    return { kind: 'security', text: told.text.replace(MARKED_SECURITY, '').replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()) };
  // styled-components 6.4.0's "Dropped IE11 support: ES2015 build target, …" under a changeset's "Minor Changes": its authors
  // bumped the minor number for it and keep what breaks their users for "Major Changes", so support dropped there breaks no
  // one they count (unless its words say it breaks). (R's NEWS "MINOR CHANGES" are small ones, of any kind.)
  const droppedInAMinorChangeset =
    told.kind === 'breaking' &&
    /^(?:Minor|Patch) Changes$/.test(section.trim()) &&
    !/\bbreak/i.test(raw) &&
    (dropsSupport(told.text) || RAISED_MINIMUM.test(told.text));
  return droppedInAMinorChangeset ? { ...told, kind: 'other' } : told;
}

const WARNS_OF_A_BREAK =
  /\bmerge[sd]?\b[^.]*\binto\b|\b(?:remov|drop|renam|replac|no longer|anymore|not supported|unsupported|must|requir|instead|default|deprecat|incompatib|break|migrat|upgrad|chang|now\s+(?:returns?|throws?|fails?|errors?))\w*/i;
/** What the pattern of a break's marks needs one of, looked for first: most items have none. */
const BREAK_SIGNS = ['BREAKING', '⚠', ':warning:', ':boom:', ':collision:', '💥', '(breaking'];

// (Not Paramiko's "Address CVE-2023-48795 … as follows:", nor Hikari's "Added reason parameter to the following endpoints: …":
// changes that go on to say how. Only what something received or how it was improved, the list left to tell it.)
const LEADS_INTO_LIST =
  /\b(?:(?:has|have)\s+(?:received|gained|got(?:ten)?|seen)|(?:has|have)\s+been\s+(?:improved|updated|changed|enhanced|extended)\s+in)\s+the following(?:\s+[\w-]+){0,2}\s*[:.]?\s*$/i;
const BOLD_BRACKET_LABELS = /^(?:\[\*\*[\w .-]{1,30}\*\*\]\s*)+(?=\S)/;
const UPKEEP_LABEL = /^(?:chore|documentation|docs|dependencies|deps|internal|tests?|ci|build|refactor(?:ing)?|github_actions)$/;
const SYMBOLS_LISTED = /^(?:(?:API|ABI)(?:\s+(?:and|&)\s+(?:API|ABI))?\s+(?:modifications|changes)[.:]|interface\s+changes\s+(?:relative\s+to|since)\s)/i;
function kindOfItem(raw: string, written: string, inherited: ChangeKind, section = ''): { kind: ChangeKind; text: string } {
  // A changeset's "- 116c89f: feat(ai): remove telemetry data …": the commit it came from leads, then its commit message.
  // Electric's "0947230: Reduce OTel span volume …": a short hash may be all digits.
  // rsyslog's ChangeLog dates each entry: "2025-09-03: omrelp: keep-alive support added".
  // coturn's ChangeLog: "merge PR #579: (by islamoglus)" over its change, "*Ignore MD5 for BoringSSL": the merge and who made it
  // lead, then the change.
  // Panda CSS's "- 36252b1d: ## --minimal flag": the change titled as a heading after its commit.
  // Evolution CMS's "* [GitHub: 39af92a74] - fix: search in tv": the commit in brackets, set off by a dash.
  const text = written
    .replace(/^(?:(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}|\d{7}|\d{4}-\d{2}-\d{2}):\s+(?:#{1,6}\s+)?(?=\S)/, '')
    .replace(/^\[(?:(?:GitHub|GitLab|git|commit)\s*:?\s*)?(?=[0-9a-f]*\d)[0-9a-f]{7,40}\]\s+[-–—]\s+(?=\S)/i, '')
    // Spark's Jira export: "[SPARK-2291] - Fix Zip Slip Vulnerability", the ticket's key in brackets, set off by a dash, before
    // the fix of a flaw its words name.
    .replace(/^\[[A-Z][A-Z\d]+-\d+\]\s+[-–—]\s+(?=(?:fix(?:e[sd])?|address(?:es|ed)?|patch(?:es|ed)?)\s[^.]{0,60}\bvulnerabilit)/i, '')
    // ABCL's "* [r15692][r15701]-[r15707] Substantially re-worked …", "* [r15711] (Alan Ruttenberg) Restore …": the Subversion
    // revisions it came in, then who made it.
    // (Its "[r15692][r15701]" reads as a reference link, its label left: "r15692-[r15707] …".)
    .replace(/^(?:\[?r\d{2,7}\]?(?:\s*-\s*\[?r\d{2,7}\]?)?\s*)+(?:\([^()]{2,40}\)\s+)?(?=\S)/, '')
    // Faiss' "- 033e6acc6995d1adb9ea5317fadff152df3116bc Add RaBitQStats for …": a whole commit id, then its message.
    .replace(/^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{40}\s+(?=\S)/, '')
    .replace(MERGED_PULL_REQUEST, '')
    // Jolt Physics' "20240327 - *SBS* - SoftBodySharedSettings::CreateEdges was renamed …": the day it landed, and the area.
    .replace(/^\d{8}\s+-\s+(?:\*?[A-Z]{2,8}\*?\s+-\s+)?(?=\S)/, '')
    // MAME's "With the end of November in sight, it’s time to check out MAME 0.216! We’ve addressed …": the sentence that
    // announces the release opens the paragraph of its changes, and is none of them.
    .replace(/^(?:[^.!?]{0,80},\s+)?it['’]s time to (?:check out|try|grab|download|upgrade to)\s+[^!?\s](?:[^!?]{0,58}?[^!?\s])?[.!]\s+(?=\p{Lu})/u, '');
  // Norm's legend, "[!][f][t] The way `JOIN` statements are generated has been changed", "[+] Add `selectAll` procs": a
  // break, an addition and a fix marked in brackets of one sign; the other marks (refactoring, tests, docs) leave the words to say.
  // (cleanInline took them out of the words; the line as written keeps them.)
  const signs = raw.includes('][') || raw.includes('] ') ? raw.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').match(SIGN_TAGS) : null;
  const signed = signs?.[0].includes('[!]') ? 'breaking' : signs?.[0].includes('[+]') ? 'feature' : signs?.[0].includes('[f]') ? 'fix' : null;
  if (signed) return { kind: signed, text };
  // Neos Flow's "!!! FEATURE: Introduce flushByTags to taggable cache backends": its commits' mark of a change that may break
  // code built on it, before the commit's type.
  const mayBreak = text.startsWith('!!!') ? text.match(/^!!!\s*(?:FEATURE|TASK|BUGFIX):\s+(?=\S)/) : null;
  if (mayBreak) return { kind: 'breaking', text: text.slice(mayBreak[0].length) };
  // GNU SASL's "** API and ABI modifications." over "GSASL_CB_TLS_EXPORTER: Added.", GPGME's "Interface changes relative to
  // the 1.24 branch:" over its table: the names the changes above added or removed, listed for whoever links against it.
  if (SYMBOLS_LISTED.test(text)) return { kind: 'internal', text };
  // LightDM's "Remove deprecated use of G_TYPE_INSTANCE_GET_PRIVATE, G_PARAM_PRIVATE": the code stops calling an API its
  // library deprecated; nothing its users call goes.
  if (STOPS_USING_DEPRECATED.test(text)) return { kind: 'internal', text };
  // fl_chart 1.0.0's "**IMPORTANT** You can read more about this release and the history of fl_chart here in my blog post":
  // where to read about the release, no change in it.
  if (/^(?:important\s*:?\s+)?you\s+can\s+(?:read|find|learn)\s+more\s+about\s+(?:this|the)\s+(?:release|version|update)\b/i.test(text))
    return { kind: 'internal', text };
  // Kivy's "Removes broken support e-mail address in the README.md, and improve the support section.": the project's page.
  // (Its first clause: not Jekyll AsciiDoc's "Bump minimum version of Jekyll to 2.3.0 and document requirement in README".)
  if (/^(?:(?!\band\b)[^,;.!?])*?\b(?:in|from|to)\s+(?:the\s+)?README(?:\.\w+)?\b/.test(text)) return { kind: 'internal', text };
  // Ory Hydra's "### Code Generation" over "* Pin v1.8.5 release commit": the release's own commit, made by its tooling.
  if (/^pin\s+v?\d+(?:\.\d+)+\S*\s+release\s+commit\b/i.test(text)) return { kind: 'internal', text };
  // Doorkeeper's changelog ends its list on "- Please add here": the place for the next entry, no change.
  if (/^(?:please\s+)?add\s+(?:(?:your\s+|new\s+)?(?:changes?|entry|entries)\s+)?(?:here|above|below)\.?$/i.test(text)) return { kind: 'internal', text };
  // Mathesar's "### Set up security policy" (a SECURITY.md on how to report flaws): the project's own page, no fix.
  if (
    /^(?:set\s*up|add(?:ed|s)?|create[sd]?|update[sd]?|introduce[sd]?)\s+(?:an?\s+|the\s+|our\s+)?(?:initial\s+|new\s+)?security\s+polic(?:y|ies)\b/i.test(text)
  )
    return { kind: 'internal', text };
  // HonKit's "Node.js 12 is EOL https://nodejs.org/…" under the break that drops it: why it went, no change of its own.
  if (/^[\w.+-]+(?:\s+[\w.+-]+){0,2}\s+v?\d+(?:\.\d+)*(?:\.x)?\s+(?:is|has reached|reached)\s+(?:its\s+)?(?:EOL|end[- ]of[- ]life)\.?$/i.test(text))
    return { kind: 'internal', text };
  // Easy-RSA's "New X509 Type: 'selfsign' Internal only": said to be the project's own.
  if (/[\s(]internal(?:\s+use)?\s+only\)?\.?$/i.test(text)) return { kind: 'internal', text };
  // JHipster's "- **How this issue was handled** This issue was found by …", "- **Are you vulnerable?** if you use JWT …":
  // a part of the one advisory the notes tell, no fix of its own.
  const advisoryPart = raw.includes('**') ? raw.match(ADVISORY_PART_LABEL) : null;
  if (advisoryPart && ADVISORY_PART.test(advisoryPart[1]!.trim())) return { kind: 'internal', text };
  // xml-crypto's "[**breaking-change**] Mark `getKeyInfo()` private …", "[**chore**] [**breaking-change**] …", "[**javascript**]
  // Bump …": a pull request's labels in bold brackets before its title. A break labelled breaks; upkeep labelled is upkeep;
  // the rest is read by its words and its section.
  const labelled = text.includes('[**') ? text.match(BOLD_BRACKET_LABELS) : null;
  if (labelled) {
    const labels = [...labelled[0].matchAll(/\[\*\*([^*\]]+)\*\*\]/g)].map((label) => label[1]!.toLowerCase());
    const rest = text.slice(labelled[0].length);
    if (labels.some((label) => /^breaking(?:[- ]changes?)?$/.test(label))) return { kind: 'breaking', text: rest };
    if (labels.some((label) => UPKEEP_LABEL.test(label))) return { kind: 'internal', text: rest };
    return kindOfItem(raw, rest, inherited, section);
  }
  // libevent's "Merge branch 'fix-signal-leak' (poll/select now needs reinit)": a merge named by its branch, not a change.
  if (/^Merge (?:remote-tracking )?(?:branch|tag)\s+['"`]/i.test(text)) return { kind: 'internal', text };
  // DuckDB's "Backport #23468 and #23510", Scala's "Backport from Metals [#22426](…)": a backport that names nothing but
  // the pull requests it carries over.
  if (ONLY_A_BACKPORT.test(text)) return { kind: 'internal', text };
  // git-cliff's "*(test)* Conditionalize a zip64 doctest" under "Bug Fixes": a scope of the project's own machinery, in
  // italics before the words.
  const cliffScope = text.startsWith('(') ? text.match(/^\((\w[\w-]*)\)\s+(?=\S)/) : null;
  if (cliffScope && /^\s*(?:[-*+]\s+)?[*_]{1,2}\(/.test(raw) && INTERNAL_SCOPE.test(`(${cliffScope[1]})`)) return { kind: 'internal', text };
  // statsmodels' "`Stable <https://www.statsmodels.org/>`_, the latest release": a place to read, named and described.
  if (raw.includes(':') && /^\s*(?:[-*+]\s+)?(?:\[[^\]]+\]\(https?:[^)\s]+\)|`[^`<]+<https?:[^>\s]+>`_)\s*,\s+the\s/i.test(raw))
    return { kind: 'internal', text };
  // Samba's "o  Douglas Bagnall <douglas.bagnall@example.org>" over the bugs they fixed: who, not what; WLED's "WLED
  // 0.15.0 release" among its changes names the release, not a change.
  // librdkafka's "See the Share consumers section of INTRODUCTION.md …" points at reading, it changes nothing.
  // EF Core's "- [Breaking changes in EF Core 9](xref:…)": a link to another release's notes, for reading, not a change.
  // The Matter Server add-on's "For more details, see the [Migration FAQ](…)" likewise.
  // python-ecdsa's NEWS opens "* Release 0.19.2 (26 Mar 2026)" as a bullet of its own: the release, not a change.
  // RELEASE_LINE, VERSION_TITLE and CHANGES_RANGE_LINE each need a version: a digit, a dot and a digit.
  const versioned = /\d\.\d/.test(text);
  if (
    (text.includes('@') && AUTHOR_LINE.test(text)) ||
    (versioned && RELEASE_LINE.test(text)) ||
    (versioned && VERSION_TITLE.test(text.trim())) ||
    (versioned && CHANGES_RANGE_LINE.test(text)) ||
    NOTICE_LABEL.test(text) ||
    /^(?:for (?:more|full|further) (?:details|information|info),?\s+)?(?:see|refer to)\s+the\s/i.test(text) ||
    // TextMate's "* See [all changes since v2.0.6](…/compare/v2.0.6...v2.0.10)": where the rest is.
    /^see\s+all\s+(?:the\s+)?(?:changes|commits)\s+since\b/i.test(text) ||
    // Stencil's "See BREAKING_CHANGES.md - v4.0.0 for a comprehensive list of breaking changes.": where to read them.
    // golang-jwt 3.2.1's "Imported Path Change: See MIGRATION_GUIDE.md for tips on updating your code": likewise, after a label.
    /^(?:[\p{L} ]{1,30}:\s+)?(?:see|refer to)\s+\S.{0,80}\bfor\s+(?:(?:an?|the|more|some)\s+(?:\w+\s+){0,2}(?:list|guide|details|information|overview)|tips|instructions|help)\b/iu.test(
      text,
    ) ||
    (raw.includes('](') && OTHER_NOTES_LINK.test(raw)) ||
    // libmodbus' "Add .vscode/ to .gitignore": what git leaves out of the project's own tree.
    (text.includes('.gitignore') && /^(?:add(?:ed|s)?|update[ds]?|ignore[ds]?)\s.{0,60}?\bto\s+\.gitignore\.?$/i.test(text)) ||
    // Nippy's "**Dependency**: [on Clojars](…)", "**Versioning**: [Break Versioning](…)": where to get it and how it is
    // numbered, a link under a label.
    (raw.includes('](') && RELEASE_METADATA_LINK.test(raw)) ||
    LISTS_CONTENTS.test(text) ||
    // LXQt's "Downloads and links are hosted on downloads.lxqt.org.", "The full release announcement is available on the mailing
    // list.", open-vm-tools' "A complete list of the granular changes in … is available at:", PLplot's "Changes relative to
    // PLplot 5.8.0 (the previous stable release).": where to get it, read it, and since when.
    /^(?:downloads?|binaries|packages|tarballs)\b[^.]{0,40}\b(?:are|is)\s+(?:hosted|available)\s+(?:on|at|from)\b|^(?:an?|the)\s+(?:complete|full|detailed)\s+(?:release\s+)?(?:announcement|change ?log|release notes|list|log|record)\b.{0,100}?\b(?:is|are|can\s+be)\s+(?:available|found|read)\b|^(?:changes|differences)\s+relative\s+to\s+\S/i.test(
      text,
    ) ||
    // ImpressCMS' "Unzip the contents of the 'htdocs' folder in the root folder of your site, and go in a browser to …": how
    // to install it, no change.
    /^(?:unzip|extract|unpack|upload|copy)\s+(?:the\s+)?(?:contents|archive|files?|zip|tarball|package)\b[^.]{0,60}\b(?:folder|directory|server|site)\b/i.test(
      text,
    ) ||
    // open-vm-tools' "Please see the Resolved Issues and Known Issues sections below.", "Updated on: 26 October 2023": where to
    // read more, and when the page changed.
    // (Two linear tests: one pattern from the verb to "sections below" backtracked cubically over a run of spaces.)
    (/^(?:please\s+)?(?:see|refer\s+to|read)\s/i.test(text) && /\bsections?\s+(?:below|above)\b/i.test(text.slice(0, 120))) ||
    /^(?:last\s+)?(?:updated|published|posted)(?:\s+on)?\s*:\s*\S[^.!?]{0,30}\d{4}\.?$/i.test(text) ||
    // Dibbler's "If you find bugs, please report them on http://…": where to report, no change.
    /^if\s+you\s+(?:find|encounter|notice|hit|run\s+into|experience|spot|see)\b[^.!?]{0,80}?\b(?:please\s+)?(?:report|let\s+us\s+know|file|open|tell\s+us)\b/i.test(
      text,
    ) ||
    // containers 3.0's "see https://github.com/…/issues/290 for a summary of a subset of these changes.": where to read of
    // them, no change.
    /^see\s+(?:\S+\s+){0,6}?for\s+(?:an?\s+|the\s+|more\s+|further\s+)?(?:(?:full|complete|short|brief|detailed)\s+)?(?:summary|details?|list|overview|explanation|discussion|information|background|rationale)\b/i.test(
      text,
    ) ||
    // A Debian stanza's "* New upstream release.": the package follows the project's release, which the notes tell; reprepro's
    // "* New release." alone likewise.
    /^new\s+upstream\s+(?:release|version)\b|^new\s+(?:release|version)\.?$/i.test(text) ||
    // perlbrew's "Thanks to our contributors: Branislav Zahradník, …"; GNU Parallel's "GNU Parallel was cited in: …": who helped,
    // and who cited it.
    /^(?:(?:many|special|big)\s+)?thanks\s+(?:go(?:es)?\s+)?to\s+(?:all\s+)?(?:of\s+)?(?:our|the)\s+(?:\w+\s+)?(?:contributors|translators|testers|sponsors|reporters|patchers)\b|^\S+(?:\s+\S+){0,3}\s+(?:was|is|has\s+been)\s+(?:cited|used|mentioned|featured)\s+in\s*:/i.test(
      text,
    ) ||
    // Liberation Fonts' RPM changelog "- Releasing liberation-fonts 2.1.0 version": the entry is that release, no change in it.
    /^(?:releasing|tagging|tagged)\s+(?:[\w.-]+\s+){0,2}v?\d+(?:\.\d+)+[\w.-]*(?:\s+(?:version|release))?\.?$/i.test(text) ||
    // Robot Framework's "Altogether 9 issues. View on the issue tracker." under its table of them: a count and where to look.
    /^altogether\s+\d+\s+(?:issues?|bugs?|changes|fixes)\b/i.test(text) ||
    // MAME's "Of course, these are just the highlights. You can get the source …": the rest is elsewhere, no change.
    /^(?:of course,?\s+)?(?:these|those|that|this)\s+(?:are|is)\s+(?:just|only|merely)\s+(?:the|some)\s+highlights\b/i.test(text) ||
    // TF-A's "Issues resolved since last release" over "No issues known at 1.6 release resolved in 2.0 release": nothing was.
    /^no\s+(?:known\s+)?issues?\s+(?:known\s+)?(?:at|in|from|since)\s.{0,60}?\b(?:resolved|fixed)\b/i.test(text)
  )
    return { kind: 'internal', text };
  if (text.includes(':') && TRAILER_FIELD.test(text)) return { kind: 'internal', text };
  // KeyStore Explorer's "The context menu for multi-selections … has received the following improvements:" over its list: a
  // sentence that leads into the changes, none itself.
  if (LEADS_INTO_LIST.test(text)) return { kind: 'internal', text };
  // fontTools' "[varLib.main]: **SECURITY** Only use basename(vf.filename) …": the module a change is in, then its kind in bold
  // capitals, neither of them words of the change.
  const scopedKind = raw.includes('**') ? raw.match(SCOPED_SHOUTED_KIND) : null;
  if (scopedKind) return { kind: sectionKind(scopedKind[1]!) ?? inherited, text: text.replace(/^\[[^\]]+\]:?\s+[A-Z]+:?\s+/, '') };
  // AltTab's "* announcement: https://github.com/…/discussions/5533" under its breaking changes: a label over a link to read.
  // chi's "- History of changes: see https://github.com/go-chi/chi/compare/…": what is left once the address went says so.
  // (Not Calva's "- Fix: [Custom command snippets use the wrong ns …](…/issues/2653)": a kind's label over the issue's title.)
  const linkLabel = raw.includes('://') ? raw.match(LABELLED_LINK)?.[1]?.trim().toLowerCase() : undefined;
  if ((linkLabel !== undefined && LABEL_KIND[linkLabel] === undefined) || HISTORY_POINTER.test(text) || INSTALL_LINE.test(text))
    return { kind: 'internal', text };
  // Ant Design's "🐞 修复 …", gitmoji's "✨ Add …": where the section does not say, the marker leading an item does.
  if (raw.includes('**') && BOLD_SECURITY_TAG.test(raw)) return itemKind('', text.replace(/^\s*SECURITY:?\s+/, ''), 'security', section);
  // libopenmpt's "[**Sec**] Possible heap out-of-bounds read when loading …": the tag in brackets says the kind.
  if (raw.includes('[') && BRACKETED_SECURITY_TAG.test(raw)) return itemKind('', text.replace(BRACKETED_SECURITY_TAG, ''), 'security', section);
  // http-kit's (Peter Taoussanis' projects') "\[sec] \[client] \[GHSA-h7mc-gw66-cwmx] Enforce decoded max-body limits": a
  // short tag of its kind, the parts it touches (words of no post), the advisory it fixes.
  const shortTag = raw.includes('[') ? raw.match(SHORT_KIND_TAG) : null;
  if (shortTag) {
    const advisories: string[] = [];
    const rest = text
      .replace(SHORT_TAG_RUN, (run) => {
        advisories.push(...(run.match(/GHSA(?:-[0-9a-z]{4}){3}|CVE-\d{4}-\d{4,}/gi) ?? []));
        return '';
      })
      .trim();
    const told = advisories.length > 0 ? `${rest.replace(/[.\s]+$/, '')} (${advisories.join(', ')})` : rest;
    return itemKind('', told, advisories.length > 0 ? 'security' : (SHORT_TAG_KIND[shortTag[1]!] ?? inherited), section);
  }
  // Apollo Server's changeset "⚠️ SECURITY `@apollo/server/standalone`: …": the tag in capitals after the warning sign.
  if (text.includes('SECURITY') && SHOUTED_SECURITY_TAG.test(text)) return itemKind('', text.replace(SHOUTED_SECURITY_TAG, ''), 'security', section);
  // Renovate's "**deps:** update module github.com/buger/jsonparser to v1.1.2 [security] (release-3.6.x)" (Loki): the tag may
  // be read off the words already; an update for a security fix is one, whatever its scope.
  if ((text.includes('[') && CLOSING_SECURITY_TAG.test(text)) || (raw.includes('[security]') && CLOSING_SECURITY_TAG.test(raw))) {
    const told = itemKind('', text.replace(CLOSING_SECURITY_TAG, ''), 'security', section);
    // A dependency update read as upkeep is still the security fix it is tagged as.
    return told.kind === 'internal' && SECURITY_BUMP.test(told.text) ? { ...told, kind: 'security' } : told;
  }
  const gitmoji = inherited === 'other' ? GITMOJI_KIND[text.trimStart().match(/^\p{Extended_Pictographic}/u)?.[0] ?? ''] : undefined;
  if (gitmoji) return itemKind(raw, text, gitmoji, section);
  const role = raw.includes(':`') ? raw.match(SPHINX_RELEASES_ROLE) : null;
  if (role) return role[1] === 'release' ? { kind: 'internal', text } : itemKind('', text, SPHINX_ROLE_KIND[role[1]!]!, section);
  // GNU Make's NEWS: "WARNING: Backward-incompatibility! GNU Make now uses temporary files …": the label says it breaks; its
  // "WARNING: Future backward-incompatibility!" tells of the next release's.
  const warned = text.includes(':') ? text.match(WARNED_INCOMPATIBLE) : null;
  if (warned) return { kind: warned[1] ? 'other' : 'breaking', text: text.slice(warned[0].length) };
  // UIkit's "### Changed" over "IMPORTANT: Rename `@accordion-*` to `@accordion-default-*` …", "IMPORTANT: Add
  // `uk-accordion-defaut` class to apply style": a change upgraders must act on. The label is no part of its words.
  const attention = text.startsWith('IMPORTANT:') ? /^IMPORTANT:\s+(?=\S)/.exec(text) : null;
  if (attention) {
    const rest = itemKind(raw.replace(/IMPORTANT:\s+/, ''), text.slice(attention[0].length), inherited, section);
    // (Not Ghostscript's "<b>IMPORTANT:</b> For the 10.04.0 release … we will be adding protection …": a later release's.)
    const changed = inherited === 'other' && /^chang(?:ed|es)$/i.test(section.trim());
    return changed && (rest.kind === 'other' || rest.kind === 'feature') ? { ...rest, kind: 'breaking' } : rest;
  }
  // Rocket's "(**breaking**) `deadpool` was updated to `0.13`." marks it in brackets.
  // Moya's "**Breaking Change** Changed `Hashable` …", whose bold words are read as a sentence of their own, with its stop.
  // marshmallow's "*Backwards-incompatible*: `__version__` … attributes are deprecated": the same mark, in other words.
  // MixedModels.jl's "[BREAKING ]`likelihoodratiotest` has been reworked": a space inside the bracket is still the mark's.
  // Paho's "Possible breaking change: Add properties to access …": a break it may be is one a reader must check; APSW's "Async
  // breaking changes:  This SQLite release requires …" names the part it breaks.
  // Gradle Docker plugin's "**Breaking Change!** Minimal supported version for plugin is Gradle 9.2": with a shout.
  // biblatex's "**INCOMPATIBLE CHANGE**", "**CRITICAL CHANGE**" over the change's account: the same mark in its words; so is
  // Vicare's "* BACKWARDS INCOMPATIBILITY Nausicaa's support for … has been removed", shouted (JanusGraph's "Backward
  // Incompatibility:" heads a note's list, not a change).
  const marker =
    /^\s*(?:\*\*|__)?(?:[[(] ?)?(?:\*\*|__)?(?:(?:possible|potential|possibly|async|api|abi|minor|small)\s+)?(?:breaking|backwards?[- ]incompatible|(?:incompatible|critical)(?= changes?\b))(?: changes?)?(?:\*\*|__)?(?: ?[\])])?[:.!]?(?:\*\*|__)?:?\s*/i;
  // APISIX marks each change that breaks with ":warning:", the shortcode of ⚠️.
  // Thanos' "Receive: *breaking :warning:* removed `--shipper.ignore-unequal-block-size`": the mark, set in italics after a scope.
  const scopedMark = /^([^:]{1,40}:\s+)breaking(?:\s*:warning:|\s*⚠\uFE0F?)?\s+(?=\S)/i;
  // git-cliff's "- _dgw_: [**breaking**] drop the prx_usr … claims", "- *(dgw)* [**breaking**] …": its mark in brackets.
  const cliffMark = /^((?:[^:[]{1,40}:\s+|[*_]?\([^()]{1,40}\)[*_]?\s+)?)\[\*\*breaking\*\*\]\s+(?=\S)/i;
  // (A conventional commit's "refactor: [**breaking**] …" is read with its type below.)
  if (text.includes('[**') && cliffMark.test(text) && !PREFIX.test(text)) return { kind: 'breaking', text: text.replace(cliffMark, '$1') };
  // Its default template closes the commit with the mark instead: television's "*(config)* Use `$HOME/.config/television` by
  // default for macOS … [**breaking**]" under "🚜 Refactor", whatever its group.
  const cliffClosingMark = /\s*\[\*\*breaking\*\*\]\s*$/i;
  if (text.includes('[**') && cliffClosingMark.test(text) && !PREFIX.test(text)) return { kind: 'breaking', text: text.replace(cliffClosingMark, '') };
  // rio-tiler's "- remove python 3.9 and 3.10 support **breaking change**": the mark in bold closing the line.
  if (raw.includes('**') && /\*\*breaking(?: changes?)?\*\*\s*$/i.test(raw) && !PREFIX.test(text))
    return { kind: 'breaking', text: text.replace(/\s*breaking(?: changes?)?\.?\s*$/i, '') };
  // Fypp's "Injecting local variables into macros … is not possible any more. … [Backwards\n incompatible]", GNU Prolog's
  // "rename hexfilter -> gplc-filter (backward incompatibility)": the mark in brackets closing the entry, wrapped or not.
  const bracketClosingMark = /\s*(?:\[|\()(?:backwards?[- ]incompatib(?:le|ility)|breaking(?: changes?)?)[\])]\.?\s*$/i;
  if (/[\])]\.?$/.test(text) && bracketClosingMark.test(text) && !PREFIX.test(text)) return { kind: 'breaking', text: text.replace(bracketClosingMark, '') };
  // Lets-Plot's "[BREAKING, only affects users of Lets-Plot Kotlin API] The entire project …": the mark, and whom it breaks.
  const qualifiedMark = text.includes('[') ? text.match(/^\s*\[breaking(?: changes?)?,[^\]]{3,80}\][\s.\\]*(?=\S)/i) : null;
  if (qualifiedMark) return { kind: 'breaking', text: text.slice(qualifiedMark[0].length) };
  if (text.includes(':') && scopedMark.test(text) && /\*{1,2}breaking\b/i.test(raw)) return { kind: 'breaking', text: text.replace(scopedMark, '$1') };
  // flutter_local_notifications' "[Android] **Breaking changes** the positional parameters …": the platform, then the mark.
  const platformMark = /^\[([^\]]{1,30})\]\s+(?:\*\s+)?breaking changes?[:.]?\s+(?=\S)/i;
  const platformMarked = raw.includes('**') && /\*\*breaking changes?\*\*/i.test(raw) ? text.match(platformMark) : null;
  // Tempo's "[CHANGE] **BREAKING CHANGE** Remove …": a kind's tag in the bracket, no part of the project; it goes.
  if (platformMarked)
    return {
      kind: 'breaking',
      text: `${KIND_TAG_IN_BRACKETS.test(platformMarked[1]!) ? '' : `${platformMarked[1]}: `}${text.slice(platformMarked[0].length)}`,
    };
  // PocketBase's "⚠️ Fixed a pre-hijacking OAuth2 linking vulnerability": the sign warns of the flaw it fixes, nothing breaks.
  if ((raw.includes('⚠') || raw.includes(':warning:')) && !marker.test(text) && !/\bBREAKING\b/.test(raw)) {
    const unwarned = itemKind(raw.replace(WARNING_SIGN, ''), text.replace(WARNING_SIGN, ''), inherited, section);
    if (unwarned.kind === 'security') return unwarned;
    // Streamlit's emoji-led list: "⚠️ When dataframes have cell values that are inconsistent with their configured type,
    // Streamlit shows a tooltip describing the error": the sign is the icon of a warning it now shows, in words that take
    // nothing away.
    if (/^\s*(?:[-*+]\s+)?(?:⚠\uFE0F?|:warning:)\s*\p{Lu}/u.test(raw) && !WARNS_OF_A_BREAK.test(unwarned.text)) return unwarned;
  }
  // Kando's "**:collision: The Hyprland backend** now …" (💥, gitmoji's mark of a break, by its other shortcode) and
  // Vimium C's "… matches wrong URLs (breaking)" mark it too.
  if (
    marker.test(text) ||
    SHOUTED_INCOMPATIBILITY.test(text) ||
    (BREAK_SIGNS.some((sign) => raw.includes(sign)) &&
      /(?:\b|(?<=(?:^|[\s(])__))BREAKING(?: CHANGES?)?(?:\b|(?=__))|⚠|^\s*(?:[-*+]\s+)?:warning:|^\s*(?:[-*+]\s+)?[*_]*(?::boom:|:collision:|💥)|\((?:breaking|breaking changes?)\)\.?\s*$/.test(
        raw,
      ))
  ) {
    // melos' "BREAKING feat(share_plus): Change …": the commit's type after the mark is no word of the change either.
    // Spring Cloud GCP's "Renamed methods (…[#865])  ⚠️ **breaking change**": the mark closing the line goes as well.
    // OpenTelemetry Go's "⚠️ **Breaking Change:** Remove `Kind` …": the sign, then the mark.
    // Volta's "🚨 (BREAKING) 🚨 We upgraded …": the mark between two signs.
    const unmarked = text
      .replace(/^\s*(?:⚠\uFE0F?|\p{Extended_Pictographic}\uFE0F?)\s*(?=[[(]?breaking\b)/iu, '')
      .replace(marker, '')
      .replace(SHOUTED_INCOMPATIBILITY, '')
      .replace(/^(?:💥|🚨)\s*/u, '')
      .replace(/\s*(?:⚠\uFE0F?\s*)?(?:\*\*)?[[(]?breaking(?: changes?)?[\])]?(?:\*\*)?\.?\s*$/i, '');
    // http-proxy-middleware's "chore: remove legacyCreateProxyMiddleware() [BREAKING CHANGE]": whatever the commit's type, it
    // is no word of the change.
    // LDC's "Breaking change for dcompute: The special @kernel UDA is now a function …": what breaks, then how. LinOTP's
    // "breaking changes to the `linotp audit cleanup` CLI:" over what changed: the mark is the sentence's subject.
    if (/^(?:to|in|for|of|on)\s/i.test(unmarked) && /^\s*breaking changes?\s/i.test(text)) {
      const scoped = unmarked.match(/^(?:to|in|for|of|on)\s+([^:]{1,60}:\s+\S.*)$/i);
      return { kind: 'breaking', text: scoped ? scoped[1]! : text };
    }
    const typed = unmarked.match(PREFIX);
    return { kind: 'breaking', text: typed ? unmarked.slice(typed[0].length) : unmarked };
  }
  // axum's "**added:**", "**fixed:**", "**changed:**": a lower-case bold label is the item's section, written on its line.
  // A WordPress readme's "**Breaking Changes:**", "**Bug Fixes:**": a capitalised bold label is one only when it titles a
  // kind of change in two words; "**New command**: …" or "**Artifact Versioning Improvements**: …" names the change itself.
  // Dapr's "**ADDED** State serializer …", "**REMOVED** Unnecessary loglines": a verb in capitals, the change's own; what
  // went is not breaking for being removed ("loglines").
  // fl_chart's "**FEATURE** (by @kamilJ96) Add `gradient` property …", "**BUGFIX** …": a kind in bold capitals, then the change.
  const tagged = raw.includes('**') ? raw.match(BOLD_KIND_TAG) : null;
  if (tagged) return itemKind('', text.replace(new RegExp(`^${tagged[1]}\\s*:?\\s*`), ''), tagKind(tagged[1]!), section);
  // Hypercorn's "Bugfix pass the correct quic connection …", Mido's "Bugfix Backends/rtmidi: Prevent …": the kind's word leads
  // the change, no colon after it. (Not "Bugfix release for …", what the release is.)
  const bugfixWord = BUGFIX_WORD.exec(text);
  if (bugfixWord && inherited !== 'internal') return itemKind('', text.slice(bugfixWord[0].length), 'fix', section);
  // Volta's "🎉 (NEW) 🎉 We now ship a pre-built binary …": a kind in brackets and capitals, between two signs. yarr's "(new)
  // serve on unix socket", "(fix) …", "(etc) theme-color support": in lower case, "etc" for the rest.
  const bracketed = text.match(
    /^\s*(?:\p{Extended_Pictographic}\uFE0F?\s*)?\((NEW|ADDED|FIXED|FIX|CHANGED|IMPROVED|new|added|fixed|fix|changed|improved|etc)\)\s*(?:\p{Extended_Pictographic}\uFE0F?\s*)?(?=\S)/u,
  );
  // highlight.js' "(fix) Exponential backtracking fixes for: …" under its "Security" line: a fix of a security section is a
  // security fix.
  if (bracketed) {
    const kind = bracketed[1] === 'etc' ? 'other' : tagKind(bracketed[1]!);
    return itemKind('', text.slice(bracketed[0].length), kind === 'fix' && inherited === 'security' ? 'security' : kind, section);
  }
  const shouted = (raw.includes('**') ? raw.match(BOLD_KIND_SHOUTED) : null) ?? raw.match(PLAIN_KIND_SHOUTED);
  if (shouted) {
    const rest = text.replace(new RegExp(`^${shouted[1]}\\s*:?\\s*`), '');
    // khal's "NEW the `configure` command can now set up vdirsyncer": the tag names no verb, the change says it all; qsv's
    // "NEW implode command: …" is read with it.
    if (shouted[1] === 'NEW') {
      // (khal's "NEW `discover` collection type now supports …", a sentence, opens on its name as written.)
      const said = /^(?:the|an?|better|more|\p{Lu})/u.test(rest)
        ? `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`
        : /\b(?:now|can|is|are|has|have|will)\b/.test(rest)
          ? rest
          : `New ${rest}`;
      return itemKind(raw.slice(shouted[0].length), said, 'feature', section);
    }
    // gnuplot's "FIX\t prevent segfault if …", "CHANGE check plugin version …": an order's tag before the change's own words,
    // which say it.
    if (shouted[1] === 'FIX' || shouted[1] === 'CHANGE') {
      // (Its words may have lost the capitals: "Fix prevent segfault …".)
      // "FIX possible memory corruption …" names the fault, told as fixed; "FIX (regression) only y autoscale …" how it is now.
      const words = text.replace(/^(?:fix|change)\s*:?\s*/i, '').replace(/^\([^()]{1,30}\)\s+/, '');
      const own = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
      const told = shouted[1] === 'CHANGE' || OWN_VERB.test(own) || /^\(/.test(text.replace(/^(?:fix)\s*:?\s*/i, '')) ? own : `Fix ${words}`;
      return itemKind(raw.slice(shouted[0].length), told, shouted[1] === 'FIX' ? 'fix' : inherited, section);
    }
    const verb = shouted[1]!.charAt(0) + shouted[1]!.slice(1).toLowerCase();
    // drf-yasg's "**IMPROVED:** updated ``swagger-ui`` …", "**FIXED:** fixed compatibility …": a change told with its own verb.
    const ownVerb = `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
    // (Not khal's "DROPPED support for …", where the words after the tag go on from it.)
    const toldOwn = shouted[0].includes('*') ? OWN_VERB.test(ownVerb) : rest.toLowerCase().startsWith(verb.toLowerCase().slice(0, 4));
    const said = toldOwn ? ownVerb : `${verb} ${lowerFirst(rest, /^\p{Lu}\p{Ll}/u)}`;
    return itemKind(raw.slice(shouted[0].length), said, shouted[1] === 'REMOVED' ? inherited : (sectionKind(verb) ?? inherited), verb);
  }
  const titled = raw.includes('**') || raw.includes('__') ? raw.match(BOLD_KIND_TITLE) : null;
  const bold =
    (raw.includes('**') ? raw.match(BOLD_KIND_LABEL) : null) ??
    (titled && titled[1]!.split(' ').length <= 2 && SECTION_TITLE.test(titled[1]!) && sectionKind(titled[1]!) !== null ? titled : null);
  const unlabelled = bold ? text.replace(new RegExp(`^${bold[1]}\\s*:\\s*`), '') : text;
  if (bold && unlabelled !== text) return itemKind(raw.slice(bold[0].length), unlabelled, sectionKind(bold[1]!) ?? inherited, bold[1]!);
  const semver = text.startsWith('(') ? text.match(SEMVER_TAG) : null;
  if (semver) {
    const rest = itemKind(raw, text.slice(semver[0].length), inherited, section);
    return semver[1]!.toUpperCase() === 'MAJOR' ? { ...rest, kind: 'breaking' } : rest;
  }
  // scikit-learn's substitution badges: `|Feature|`, `|Efficiency|`, `|API|`.
  // The weightiest badge says the kind: a security fix over a fix, a fix or a feature over an API or a default changed.
  const badges = text.startsWith('|') ? text.match(BADGES) : null;
  if (badges) {
    const kinds = [...badges[0].matchAll(/\|(\w+)\|/g)].map((badge) => BADGE_KIND[badge[1]!.toLowerCase()]!);
    const kind = (['security', 'feature', 'performance', 'fix', 'other', 'internal'] as const).find((known) => kinds.includes(known)) ?? inherited;
    return { kind, text: text.slice(badges[0].length) };
  }
  // HAProxy's commit subjects: "BUG/MEDIUM: quic: Fix …", "CLEANUP: …", "OPTIM: …", "MINOR: mux: add …". The tag says the
  // kind (a bug's severity stays on its line, for ranking); a "dev/…:" subsystem is the project's own tooling.
  const subject = text.includes(':') ? text.match(SUBJECT_TAG) : null;
  if (subject) {
    const rest = text.slice(subject[0].length);
    const tagged = subject[1]!;
    if (/^dev\/[\w./-]*:\s/.test(rest) || SUBJECT_INTERNAL.test(tagged)) return { kind: 'internal', text: rest };
    if (tagged === 'BUG') return { kind: namesAdvisory(raw) ? 'security' : 'fix', text: rest };
    if (tagged === 'OPTIM') return { kind: 'performance', text: rest };
    return itemKind(raw, rest, 'other', section);
  }
  const numpyTags = text.match(NUMPY_TAGS);
  if (numpyTags) {
    const rest = text.slice(numpyTags[0].length);
    const tags = numpyTags[1] ?? numpyTags[2]!;
    // pyproj's "DEP: Add win_arm64 wheels", "DEP: Minimum supported Python version 3.11" (NumPy's "DEP:" deprecates): what a
    // dependency or deprecation does to users is in the words.
    if (tags === 'DEP') return itemKind(raw, rest, inherited, section);
    return { kind: numpyTagKind(tags, raw), text: rest };
  }
  // elFinder's "[security:CVE-2022-26960] Fixed a path traversal issue": the kind and the advisory it fixes, in its tag.
  const advisoryTag = text.startsWith('[') ? text.match(ADVISORY_TAG) : null;
  if (advisoryTag) return { kind: 'security', text: `${text.slice(advisoryTag[0].length)} (${advisoryTag[1]})` };
  // Sandboxie-Plus' "FIXED SECURITY ISSUE ID-33: local Denial of Service (DoS) vulnerability … CVE-2026-32603": the label, in
  // capitals, with the tracker's own number, then the flaw and the advisory it has, closing it.
  const shoutedFix = text.startsWith('FIXED SECURITY ') ? text.match(/^FIXED SECURITY (?:ISSUE|BUG|VULNERABILITY)(?:\s+ID-\d+)?:\s+(?=\S)/) : null;
  if (shoutedFix) {
    const flaw = text.slice(shoutedFix[0].length);
    const closing = flaw.match(CLOSING_ADVISORY);
    return { kind: 'security', text: closing ? `${flaw.slice(0, closing.index)} (${closing[1]})${closing[2]}` : flaw };
  }
  // qs's "[meta] add threat model", "[actions] add workflow permissions", "[Dev Deps] update `eslint`", DuckDB's "[Dev] Add
  // LLDB scripts to help with debugging": a bracketed area of the project's own upkeep, whatever its verb.
  // (ClickHouse Java's "[repo] - upgraded `lz4-java` to `1.10.2`. Previously used version had a vulnerability …CVE-2025-66566":
  // upkeep of the repository that ships users a fixed flaw is their security fix.)
  const upkeep = text.startsWith('[') ? text.match(UPKEEP_BRACKET) : null;
  if (upkeep && !namesAdvisory(text)) return { kind: 'internal', text: text.slice(upkeep[0].length) };
  if (upkeep) return kindOfItem(raw, text.slice(upkeep[0].length).replace(/^[-–—]\s+/, ''), inherited, section);
  // GraphRAG's semversioner lines, "- minor: Remove Dynamic Max Retries support", "- patch: Add full llm response …": the size
  // of the version step the change asked for, no kind; a major one breaks.
  const step = text.includes(':') ? text.match(/^(major|minor|patch):\s+(?=\S)/) : null;
  if (step) return itemKind(raw, text.slice(step[0].length), step[1] === 'major' ? 'breaking' : inherited, section);
  // Raneto's "**[New]** Theme redesign", "**[Misc]** Remove node-fetch …": a kind's word in brackets; "Misc" leaves the words
  // and the section to say which.
  const kindWord = text.startsWith('[') ? text.match(BRACKETED_KIND_WORD) : null;
  if (kindWord) return kindOfItem(raw, text.slice(kindWord[0].length), BRACKETED_KIND[kindWord[1]!.toLowerCase()] ?? inherited, section);
  const tag = (text.startsWith('[') ? text.match(BRACKET_TAG) : null) ?? text.match(PREFIX);
  if (tag) {
    const name = tag[1]!.toLowerCase();
    const bang = tag[0].includes('!');
    const rest = text.slice(tag[0].length);
    const scope = tag[2] ?? '';
    // Jaeger's "⛔ Breaking Changes" over "Feat(es): remove support for elasticsearch v6": the section says it breaks, whatever
    // the commit's type.
    // Hexo's "## Breaking Changes" over "chore: drop Node.js 16": a chore that drops a runtime still breaks whoever runs it.
    const dropsRuntime = inherited === 'breaking' && (dropsSupport(rest) || RAISED_MINIMUM.test(rest));
    // Lighthouse's "performance: remove audits replaced by performance insights" among its Notable Changes takes them away.
    const removesNotable = inherited === 'feature' && NOTABLE_SECTION.test(section) && REMOVES_A_THING.test(rest);
    // ExaBGP's "Feature: drop support for python2, well it is classed as feature": a capitalised label over a dropped runtime.
    const labelledDrop = /^\p{Lu}/u.test(tag[1]!) && dropsSupport(rest);
    // Jolokia's `<action type="add">Switch to JDK 17 as the baseline</action>`: a raised minimum, filed as an addition.
    const raisedMinimum = name.startsWith('feat') && RAISED_MINIMUM.test(rest);
    const kind =
      bang ||
      dropsRuntime ||
      removesNotable ||
      labelledDrop ||
      raisedMinimum ||
      (inherited === 'breaking' && (PREFIX_KIND[name] ?? 'internal') !== 'internal' && !isChore(rest))
        ? 'breaking'
        : isChore(rest) || INTERNAL_SCOPE.test(scope)
          ? 'internal'
          : (PREFIX_KIND[name] ?? 'internal');
    // Knex's "fix(postgres): escape double quotes in searchPath to prevent SQL injection": a commit that stops an attack. Not
    // every commit naming "vulnerabilities": Glances' "fix(security): resolve B701 (Jinja2) and B113 (timeout) vulnerabilities"
    // quiets a linter's findings.
    // Chatterino's capitalised label "Bugfix: Update Qt version, fixing a security issue with webp loading" names the flaw.
    // Yii's "Bug: CVE-2026-39850, Isolate internal variables in …": a fix that names its advisory is a security fix.
    // Vue I18n's "### 🔒 Security Fixes" over "fix: security vulnerability fix porting": the section says which kind of fix.
    // Cortex's "[BUGFIX] Security: Limit decompressed gzip output …", "[BUGFIX] Security: Fix stored XSS vulnerability …": a tag
    // in capitals labels like "Bugfix:" does, and a "Security:" scope says which kind of fix.
    const securityScope = kind === 'fix' && SECURITY_SCOPE.test(rest);
    if (securityScope) return { kind: 'security', text: faultFixed(rest.replace(SECURITY_SCOPE, ''), asFixed) };
    const fixesFlaw =
      kind === 'fix' && (inherited === 'security' || namesAdvisory(rest) || (/^[A-Z][a-z]|^[A-Z]{3,}$/.test(tag[1]!) ? namesFlaw(rest) : stopsAttack(rest)));
    // A capitalised "Fix:" is a label over a description (OpenTTD); a lower-case "fix:" is a commit's imperative, or its fault
    // ("fix: crash on exit").
    // iperf's "Security: A JSON type security vulnerability that caused … (CVE-…) This has now been fixed.": told as fixed.
    const told = kind === 'security' && SAID_FIXED.test(rest) ? toldFixed(rest) : rest;
    // tpm2-tss' "Fixes: GHSA-q759-vqg7-8rc5" under Security: the ids alone say nothing; the label is the fix's verb.
    if (/^fix(?:e[sd])?$/i.test(tag[1]!) && ADVISORY_IDS_ONLY.test(rest))
      return { kind: 'security', text: `${tag[1]!.charAt(0).toUpperCase()}${tag[1]!.slice(1).toLowerCase()} ${rest}` };
    // cloudflared's "chore: Bump grpc to v.1.83.0 to fix vulnerability": a chore that ships users a fixed flaw.
    if (kind === 'internal' && BUMP_TO_FIX.test(rest) && namesFlaw(rest) && !OWN_MACHINERY_UPDATE.test(rest)) return { kind: 'security', text: rest };
    // ownCloud's calens "Security - Update phpseclib to 3.0.52 for CVE-2026-40194": a bump made for an advisory fixes it.
    // So does "feat: update golang.org/x/net for CVE-2023-44487": a commit typed as a feature that updates for an advisory.
    if ((kind === 'internal' || kind === 'feature') && !byBot(raw) && bumpForAdvisory(rest)) return { kind: 'security', text: rest };
    return { kind: fixesFlaw ? 'security' : kind, text: kind === 'fix' ? faultFixed(rest, /^[A-Z][a-z]/.test(tag[1]!) ? asFixed : (words) => words) : told };
  }
  // Uppy's "examples: Add useRemoteSource", "e2e: …": a scope of the project's own upkeep ("meta:" is lazy.nvim's module).
  if (text.includes(':') && INTERNAL_AREA.test(text)) return { kind: 'internal', text };
  // LuaLS's "`CHG` `duplicate-set-field` diagnostic now supports …", "`NEW` …", "`FIX` …": a tag in code says the kind.
  const codeTag = raw.includes('`') ? raw.match(CODE_KIND_TAG) : null;
  if (codeTag) {
    const rest = text.replace(/^\s*[A-Z]+\s+/, '');
    return itemKind('', codeTag[1] === 'FIX' ? asFixed(rest) : rest, CODE_TAG_KIND[codeTag[1]!] ?? inherited, section);
  }
  // OkHttp's "New: …", "Upgrade: …", OpenTTD's "Add: …", "Fix #12345: …", libzmq's "Fixed #3361 - …", Stability Matrix's
  // "Fixed [#1654](…) and [#1658](…) - …" once its links went: a capitalised label says the kind, and is no word of the change.
  // ksnip's "Fixed kImageAnnotator: Add KDE support for scale factor.": the label, then the part of the project it is in (a
  // name by its shape: inner capitals or a dot, not hashcat's "hash-mode"), then the change.
  const scopedLabel = text.includes(':') ? text.match(SCOPED_KIND_LABEL) : null;
  if (scopedLabel) {
    const told = itemKind('', `${scopedLabel[1]}: ${text.slice(scopedLabel[0].length)}`, inherited, section);
    return { ...told, text: `${scopedLabel[2]}: ${told.text}` };
  }
  // CKEditor 4's "[Chrome] Fixed: After removing …": a platform in brackets before the kind's label is the change's scope.
  const bracketScope = raw.includes('] ') ? text.match(/^(\p{Lu}[\p{L}\d.+-]{1,20})\s+(?=(?:Fixed|Fix|Added|New|Changed|Improved):\s)/u) : null;
  if (bracketScope && raw.includes(`[${bracketScope[1]}] `)) {
    const told = itemKind('', text.slice(bracketScope[0].length), inherited, section);
    return { ...told, text: `${bracketScope[1]}: ${told.text}` };
  }
  // KivyMD 2.0.0's "API break. Implement declarative style for all KivyMD widgets.": the break said first, as a sentence.
  const apiBreak = text.startsWith('API') ? text.match(/^API\s+break(?:s|age)?[.:!]\s+(?=\p{Lu})/u) : null;
  if (apiBreak) return { kind: 'breaking', text: text.slice(apiBreak[0].length) };
  // Liberation Fonts' "Resolved Pagure issue-5: Incorrect glyph of Cent sign …", "Resolved Bugzilla #1072095: Liberation Sans
  // renders … incorrectly": the title of an issue another tracker filed, a fault the release fixed.
  const resolved = text.startsWith('Resolved') || text.startsWith('Closed') ? text.match(TRACKER_ISSUE_RESOLVED) : null;
  if (resolved && inherited !== 'breaking' && inherited !== 'security') {
    const title = text.slice(resolved[0].length);
    return { kind: namesFlaw(title) ? 'security' : 'fix', text: reportedFaultFixed(title) };
  }
  const label = text.match(KIND_LABEL);
  if (label) {
    const rest = text.slice(label[0].length);
    // A change's weight ("Major:", "Minor:") says nothing of its kind: its words do.
    // (jsonpickle 2.0.0's "Major release: the serialized JSON format now preserves dictionary identity …" likewise.)
    if (/^(?:Major|Minor)(?: release)?$/.test(label[1]!)) return itemKind(raw, rest, inherited, section);
    // ExaBGP's "Compatibility: The AS-PATH JSON format has changed": what changed under its users breaks them; "Compatibility:
    // works with Python 3.13" keeps them working.
    if (label[1] === 'Compatibility')
      return {
        kind: /\b(?:has|have)\s+changed\b|\bno longer\b|\b(?:removed|dropped)\b|\b(?:is|are)\s+now\s+(?!supported\b|available\b|compatible\b)\w/i.test(rest)
          ? 'breaking'
          : 'other',
        text: rest,
      };
    const named = LABEL_KIND[label[1]!.toLowerCase()];
    // Redmine's "Defect #43906: …" under "[Documentation]": the section's housekeeping, whatever the tracker called it.
    const kind =
      isChore(rest) || inherited === 'internal'
        ? 'internal'
        : named === 'fix' && (inherited === 'breaking' || inherited === 'security')
          ? inherited
          : // InLong's "[Improve][Manager] Fix the security vulnerability in …": a fix of a flaw, whatever its label.
            (named === 'fix' || (named === 'feature' && /^fix(?:e[sd])?\b/i.test(rest))) && (namesFlaw(rest) || namesAdvisory(rest))
            ? 'security'
            : (named ?? inherited);
    // Stylelint's "Added: `except: [...]` to `rule`", "Removed: support for Node.js 18": before a noun phrase the label is
    // the change's verb, and stays one ("Added `except: [...]` to `rule`"); before a sentence with its own verb ("Fixed: Acme
    // no longer crashes …") it goes.
    // (Amaranth's "Added: `len()` works on constants of …": a name and its own verb is a sentence too.)
    // (CKEditor 4's "Fixed: After removing one of the two consecutive spaces, the `&nbsp;` character appears …": a clause
    // that opens on when is a sentence too.)
    // (jQuery UI's "Removed: Support for jQuery 1.7.x": "Support for" names what went.)
    if (
      VERB_LABEL.test(label[1]!) &&
      (!OWN_VERB.test(rest) || /^Support\s+for\s/.test(rest)) &&
      !FINITE_VERB.test(rest) &&
      !NAME_AND_ITS_VERB.test(rest) &&
      // Mumble's "Fixed: Don't use outdated (non-existent) notification icon names on Linux": a commit's title, its own verb.
      !/^(?:After|When|Whenever|If|While|Once|Before|Since|Upon|Don['’]t|Do\s+not)\s/.test(rest)
    ) {
      const said = `${label[1]} ${lowerFirst(rest, /^\p{Lu}\p{Ll}+ing\b|^Support\s+for\s/u)}`;
      return { kind: dropsSupport(said) || RAISED_MINIMUM.test(said) ? 'breaking' : kind, text: said };
    }
    // ownCloud's calens "Change - Bump minimum macOS version to 13.0": a change that drops support breaks, whatever its label.
    // (Not NGINX Unit's "Change: if building with njs, version 0.9.0 or later is now required": what a build needs.)
    const drops = (kind === 'other' || kind === 'feature') && (dropsSupport(rest) || RAISED_MINIMUM.test(rest)) && !/\b(?:if|when)\s+building\b/i.test(rest);
    // Mumble's "Fixed: Exit status for actions like `--version` … was always set to non-zero": what went wrong, told as it was.
    const toldFault = named === 'fix' && PAST_STATE_FAULT.test(rest) ? `Fixed an issue where ${lowerFirst(rest, /^\p{Lu}\p{Ll}+\s/u)}` : null;
    return { kind: drops ? 'breaking' : kind, text: toldFault ?? (named === 'fix' ? asFixed(rest) : rest) };
  }
  // Jester's "Fix for [#211](…) - custom routers now have the same error handling …": the issue, then what is right now.
  const fixFor = text.match(/^Fix(?:es|ed)?\s+for\s*[-–—:]\s+(?=\S)/);
  if (fixFor && inherited !== 'breaking' && inherited !== 'security') {
    const rest = text.slice(fixFor[0].length);
    const fault = /^(?:an?|the)\s+(?:\w+\s+)?(?:bug|issue|problem|crash|regression)\b/i.test(rest);
    return { kind: namesFlaw(rest) ? 'security' : 'fix', text: fault ? `Fixed ${rest}` : rest };
  }
  // Svix's "Libs/All **(Breaking)**: The `PatchConfig`-suffixed types are now `ConfigPatch`-suffixed": the scope says it breaks.
  const scopedBreak = text.includes('(') ? text.match(/^([\w/ ,.+-]{1,40}?)\s*\(breaking(?: change)?\):\s+(?=\S)/i) : null;
  if (scopedBreak) return { kind: 'breaking', text: `${scopedBreak[1]}: ${text.slice(scopedBreak[0].length)}` };
  // Liferea's "Fixes #1551 full screen mode for videos broken": the title of the issue it fixes, after its number.
  if (
    /^\s*(?:[-*+]\s+)?Fix(?:es|ed)?\s+#\d+\s+(?!(?:in|on|for|from|by|with|and|to|at|when|where|which|that|via)\b)\p{L}/iu.test(raw) &&
    /^Fix(?:es|ed)?\s/.test(text) &&
    inherited !== 'breaking' &&
    inherited !== 'security'
  ) {
    const rest = text.replace(/^Fix(?:es|ed)?\s+/, '');
    return { kind: namesFlaw(rest) ? 'security' : 'fix', text: `Fixed ${lowerFirst(rest, /^\p{Lu}\p{Ll}/u)}` };
  }
  // Electron's "### Behavior Changed: `electron` no longer downloads itself …": a label of two words titling a kind says the
  // kind, and is no word of the change.
  const phrase = text.includes(':') ? text.match(KIND_PHRASE) : null;
  if (phrase && titlesAKind(phrase[1]!) && sectionKind(phrase[1]!) !== 'internal') {
    const rest = text.slice(phrase[0].length);
    return itemKind(raw, rest, sectionKind(phrase[1]!)!, phrase[1]!);
  }
  // "Update dependencies, start using pnpm, and drop support for ember-auto-import@1" under a breaking heading breaks.
  const breaksToo = inherited === 'breaking' && /\bdrop(?:s|ped)?\s+support\b|\bno longer\b|\bremov(?:e|es|ed)\b/i.test(text);
  // GitLab's "Go: Update module k8s.io/client-go to v0.36.2": a bump under its ecosystem's label is still a bump; Tauri's
  // "Update wry to 0.46.1 to fix a crash on macOS older than Sequoia" is a fix people meet, made by a bump.
  // Starlette's "Replace `import typing` by `from typing import ...` in the whole codebase": a sweep of the project's own code.
  const codebaseWide = /\b(?:in|across|throughout)\s+the\s+(?:whole\s+|entire\s+)?code\s?base\.?$/i.test(text) && !breaksToo;
  // virtualenv's "pip to 26.1.2 from 26.1.1" under "Upgrade embedded wheels:": a bump, its verb in the lead-in above it.
  const bumpedUnder = BUMP_LEAD_IN.test(section) && /^[\w@./-]+\s+(?:(?:from\s+\S+\s+)?to\s+v?\d|v?\d\S*\s*(?:->|→|=>)\s*v?\d)/i.test(text);
  // (A removal from the project's own tests breaks nobody, under whatever heading.)
  if (((isChore(text) || isChore(text.replace(NAMED_SCOPE, ''))) && (!breaksToo || OWN_TESTS.test(text))) || byBot(raw) || codebaseWide || bumpedUnder) {
    // Gluon's "dnsmasq has been upgraded to v2.78, fixing CVE-2017-13704, …" under "Bugfixes": the advisories it fixes say which.
    if (!byBot(raw) && BUMP_TO_FIX.test(text)) return { kind: inherited === 'security' || namesAdvisory(text) ? 'security' : 'fix', text };
    if (!byBot(raw) && bumpForAdvisory(text)) return { kind: 'security', text };
    return { kind: 'internal', text };
  }
  // Biome's "Fixed [#123](…): text", rdiff-backup's "FIX: …" and "NEW: …": the label says the kind.
  // (Vifm's "Fixed :yank and :delete …" names a command; its colon labels nothing.)
  // Lombok's changelog: "PLATFORM: JDK25 support added", "BUGFIX: …", "FEATURE: …", "IMPROBABLE BREAKING CHANGE: …".
  // OpenTK's "API: Add explicit casts …" beside its "BREAKING:" and "FIX:": a tag in capitals saying the change is to the API,
  // whose words say its kind.
  if (text.startsWith('API:') && /^API:\s+\p{Lu}/u.test(text)) return itemKind(raw, text.replace(/^API:\s+/, ''), inherited, section);
  const capitalsLabel = text.includes(':') ? text.match(CAPITALS_KIND_LABEL) : null;
  if (capitalsLabel && inherited !== 'security') return { kind: tagKind(capitalsLabel[1]!), text: text.slice(capitalsLabel[0].length) };
  // SBCL's NEWS: "minor incompatible change: FDEFINITION now returns …", "bug fix: …", "optimization: …", "enhancement: …".
  const lispLabel = text.match(LISP_KIND_LABEL);
  if (lispLabel && inherited !== 'security') return { kind: tagKind(lispLabel[1]!), text: text.slice(lispLabel[0].length) };
  // LAME's "Fix for bug ticket [ #460 ] A division by zero vulnerability.", "Fix for tracker item [ 3608583 ] input file name
  // displayed with wrong character encoding": the tracker's title of what was fixed, once its number went.
  const ticket = text.match(/^fix(?:es)?\s+for\s+(?:the\s+)?(?:bug\s+ticket|tracker\s+item|ticket|bug\s+report|bug|issue)\s+(?=\S)/i);
  if (ticket && inherited !== 'breaking') {
    const rest = text.slice(ticket[0].length);
    const told = faultFixed(rest);
    // "A division by zero vulnerability", "CVE-2017-9411 … invalid memory read": a fault's name, which says nothing was done.
    const named = told === rest && !OWN_VERB.test(rest.charAt(0).toUpperCase() + rest.slice(1)) && !FINITE_VERB.test(rest) && !/n['’]t\b/.test(rest);
    return {
      kind: inherited === 'security' || namesAdvisory(rest) || namesFlaw(rest) ? 'security' : 'fix',
      text: named ? `Fixed ${lowerFirst(rest, /^(?:A|An|The)\s/)}` : told,
    };
  }
  // LimeSurvey's "Fixed issue: Captcha sometimes not visible …", "Fixed issue [security]: CVE-2019-17660 : XSS in quick edit":
  // the label says what kind of issue, where it is tagged. OneDrive Client for Linux's "Implement Feature Request: Add cmdline
  // parameter …" labels a feature asked for.
  const kindLabel = text.match(
    /^(fix(?:ed|es)?(?:\s+(?:issue|bug))?|new(?:\s+feature)?|implement(?:ed|s)?\s+feature\s+request|add(?:ed)?|change[sd]?(?:\/add)?|improve[sd]?)\s*(\[security\]\s*)?:(?:\s+|$)/i,
  );
  if (kindLabel && inherited !== 'breaking' && inherited !== 'security') {
    const rest = text.slice(kindLabel[0].length);
    // CudaText's history: "add: option "py_change_slow_limit"" is what was added, its label the verb; "change/add: option
    // "ui_title_path" removed; …" says what by its words. YOURLS' "improved: Improve shunt filters" likewise.
    if (/^(?:change|improve)/i.test(kindLabel[1]!)) return itemKind(raw, rest, inherited, section);
    if (/^add/i.test(kindLabel[1]!))
      return { kind: 'feature', text: OWN_VERB.test(rest) || FINITE_VERB.test(rest) || /^new\b/i.test(rest) ? rest : `Added ${rest}` };
    // PrivateBin's "FIXED: Prevent arbitrary PHP file inclusion … ([CVE-2025-64714](…))": a fix naming its advisory or flaw.
    const fixed = /^fix/i.test(kindLabel[1]!);
    return {
      kind: fixed ? (kindLabel[2] || namesAdvisory(rest) || namesFlaw(rest) ? 'security' : 'fix') : 'feature',
      text: fixed ? faultFixed(rest) : rest,
    };
  }
  // A timeline's "Patches published as CVE-…" tells when, not what: the advisory itself is told elsewhere.
  if (GUIDANCE.test(section.trim())) return { kind: 'internal', text };
  // Wails' "Update website nanoid lockfiles to patched 3.3.18 to resolve security advisories": the project's own site
  // (or docs, CI, examples) changed, whatever its section; nobody using the product has anything to update.
  if (OWN_MACHINERY_UPDATE.test(text) || OWN_REPOSITORY_UPKEEP.test(text)) return { kind: 'internal', text };
  // Git's "Performance, Internal Implementation, Development Support etc.": what does not speak of speed there is the
  // project's own plumbing ("The 'whence' field in 'struct object_info' has been removed"), not a change users meet.
  if (inherited === 'performance' && MIXED_WITH_INTERNAL.test(section) && !KIND_CUES.performance.test(text)) return { kind: 'internal', text };
  const securityLabel = text.match(SECURITY_FIX_LABEL)?.[0];
  if (securityLabel) {
    const rest = text.slice(securityLabel.length);
    // GNU Parallel's sentence stays, joined to the flaw it names: "Security fix." alone would tell nothing.
    return { kind: 'security', text: securityLabel.includes(':') ? rest : `Security fix: ${lowerFirst(rest, /^(?:An?|The|This|It)\s/)}` };
  }
  // lftp's "security fixes in html parsing code": security fixes, so called, are one, whatever section they are in.
  if (inherited !== 'internal' && SECURITY_FIXES_TOLD.test(text)) return { kind: 'security', text };
  // i18next's "**Memory leak fix**: move module-level `checkedLoadedFor` cache …" under Improvements: the label says it fixes.
  if (inherited !== 'breaking' && inherited !== 'security' && inherited !== 'internal' && /^(?:[\w-]+\s+){1,3}fix(?:es)?:\s+(?=\S)/i.test(text))
    return { kind: namesFlaw(text) || namesAdvisory(raw) ? 'security' : 'fix', text };
  // Mojolicious 7.92: "… we've chosen to err on the side of cautiousness and will classify this as a security issue."
  // (The words are tested too: dnsmasq's "CVE 2023-50387" is written as an id only once cleaned.)
  // (eturnal's "… a list of networks [recommended](https://rtcsec.com/article/cve-2020-26262-bypass-…) to be blocked": an id in
  // a link's address is where to read, no advisory this change fixes.)
  if (namesAdvisory(withoutLinkTargets(raw)) || namesAdvisory(text) || CALLED_SECURITY.test(text)) return { kind: 'security', text };
  // Drizzle's "Fixed … escaping issues. Previously … causing a possible SQL Injection (CWE-89) vulnerability": a fix of what
  // the notes call a vulnerability.
  // OpenVPN's "… unless starting with admin privs or a social engineering attack, not classified as a security fix": said not to be.
  // Knex's "Escape double quotes in searchPath to prevent SQL injection": a fix whose stated purpose is to stop an attack.
  // zlib's "Neutralize zip file traversal attacks in miniunz": a verb that takes the attack away is a fix's.
  // fast-xml-parser's "handle prototype pollution": a verb that deals with the flaw.
  // NLTK's "Resolve RCE vulnerability in localhost WordNet Browser": the flaw resolved, addressed or patched; pymodbus' "Solve DoS
  // vulnerability." likewise.
  if (
    (inherited === 'fix' ||
      FIX_VERB.test(text) ||
      // feh's "Disallow %f and %n format specifiers … Rationale: %f and %n … are thus a security risk": what is refused now was
      // the risk.
      // Thunar's "Dont execute files, passed via command line due to security risks": what it no longer does was the risk.
      /^(?:neutrali[sz]e|mitigate|handle|prevent|block|disallow|forbid|reject|restrict)[sd]?\b|^(?:resolve[sd]?|solve[sd]?|address(?:e[sd])?|patch(?:e[sd])?|do\s+not|don['’]?t)\b/i.test(
        text,
      ) ||
      // Summernote's "Remove XSS vulnerability of LinkPopover" under "Improvement": the vulnerability is what went.
      REMOVES_A_FLAW.test(text) ||
      // sanitize-html's "A denial-of-service vulnerability has been fixed by replacing …": the flaw first, said to be fixed.
      FLAW_SAID_FIXED.test(text) ||
      // ATLauncher's "Add JVM argument to prevent Log4J zero day exploit" under "New Features": added to stop an attack.
      (inherited !== 'internal' && ADDED_AGAINST_ATTACK.test(text) && stopsAttack(text))) &&
    namesFlaw(text)
  )
    // (Snort's "add fix infinite recursion vulnerability" fixes it: "Added fix infinite …" would read as a feature.)
    return { kind: 'security', text: text.replace(/^((?:[a-z][\w./-]{0,30}:\s+)*)add(?:s|ed)?\s+(?:an?\s+)?fix\s+(?!for\b)/i, '$1fix ') };
  // glTF Transform's "Updated `sharp` CLI dependency to address high-priority WebP vulnerability in libwebp", Pingora's "This
  // release bumps the minimum h2 crate dependency to guard against the MadeYouReset H2 attack": a bump for a flaw fixes it.
  if (!byBot(raw) && bumpForAdvisory(text)) return { kind: 'security', text };
  // XRootD's "**[Misc]** Drop support for OpenSSL 1.0.x, require OpenSSL 1.1.1 or later", virt-manager's "diskbackend: Drop
  // support for sheepdog": the part of the project it is in leads. (Not lighttpd's "[core] remove byte-range support for
  // QUERY": a way of answering one request, no support anyone builds on.)
  const arealess = text.replace(AREA_LEAD, '');
  const dropsAreaSupport = arealess !== text && DROPS_SUPPORT_FOR.test(arealess) && dropsSupport(arealess);
  if (
    inherited !== 'fix' &&
    inherited !== 'security' &&
    (dropsSupport(text) || dropsAreaSupport || RAISED_MINIMUM.test(text) || LEAVES_SUPPORT_WINDOW.test(text) || PLATFORM_DISABLED.test(text))
  )
    return { kind: 'breaking', text };
  // CMake's "Deprecated and Removed Features": "The --warn-uninitialized command-line option is deprecated." still works;
  // only what went breaks.
  if (inherited === 'breaking' && DEPRECATES_ONLY.test(text) && !/\b(?:remov\w*|no longer|dropped|does not exist|renamed|replaced)\b/i.test(text))
    return { kind: 'other', text };
  // iced's "### Removed" over "Unnecessary struct from `download_progress` example", "Out of date comment from …": the
  // project's own leftovers went, which breaks nobody.
  const removedSection = inherited === 'breaking' && /^remov(?:ed|als?)$/i.test(section.trim());
  if (removedSection && REMOVED_LEFTOVER.test(text)) return { kind: 'internal', text };
  if (removedSection && SEEN_NOT_USED.test(text)) return { kind: 'other', text };
  // Piraeus Operator's "### Removed" over "Dependency on cert-manager for initial deployment.": one thing fewer to install.
  // Sarus' "Removed dependencies on cpprestsdk, libarchive, …" and "Removed CI unit and integration tests from source on …" likewise.
  if (removedSection && /^(?:removed\s+)?(?:the\s+)?(?:hard\s+)?dependenc(?:y|ies)\s+on\s/i.test(text)) return { kind: 'other', text };
  if (removedSection && /^(?:removed\s+)?(?:the\s+)?ci\s+(?:unit\s+|integration\s+)*(?:and\s+\w+\s+)?(?:tests|jobs|builds)\b/i.test(text))
    return { kind: 'internal', text };
  // Guacamole's "Deprecation / Compatibility notes": "Software which uses the Guacamole protocol of an older 1.x release should
  // still work." says what does not break.
  if (inherited === 'breaking' && STILL_WORKS.test(text) && !/\bbut\b|\bmay need\b|\bmust\b/i.test(text)) return { kind: 'other', text };
  // PaperTrail's "### Dependencies" over "Add support for Rails 8.1" beside the versions it drops: a runtime now supported is
  // news to its users, not upkeep.
  if (inherited === 'internal' && ADDS_RUNTIME_SUPPORT.test(text)) return { kind: 'feature', text };
  if (inherited === 'breaking' || inherited === 'security' || inherited === 'internal') return { kind: inherited, text };
  // statsmodels' "This release fixes an import issue when using SciPy 1.16 or later." under "The Highlights": it says it fixes.
  if (RELEASE_FIXES.test(text)) return { kind: fixesFlaws(text) ? 'security' : 'fix', text };
  // fish's "History search would sometimes forget … This has been fixed.": a fault told, then said to be fixed, is a fix.
  if (SAID_FIXED.test(text)) return { kind: 'fix', text: toldFixed(text) };
  // HashiCorp's "CHANGES:" writes each change after its component ("sys/seal-status: Renamed … to commit_date").
  // "… so plain inspection no longer raises a warning", "Variables … are no longer considered unassigned": what no longer
  // complains takes a complaint away, a fix or an improvement; it breaks nothing.
  // floccus' "[browser] remove unlock passphrase feature": a part in brackets leads the words as a scope does.
  const unscopedWords = text
    .replace(/^\[[\w./-]{1,40}\]\s+(?=\S)/, '')
    .replace(/^[\w./*, -]{2,40}:\s+(?=\S)/, '')
    .replace(NO_LONGER_COMPLAINS, ' ')
    // Criterion.rs' "Criterion::can_plot is no longer useful and is deprecated …": why it goes, not what stopped working.
    .replace(/\bno longer\s+(?:useful|needed|necessary|relevant)\b/gi, ' ')
    // Linphone's "Asymmetrical video: you no longer need to send your own camera feed …", Data Contract CLI's "… for Kafka no
    // longer needs PySpark": a need taken away.
    .replace(/\bno longer\s+(?:need|have)s?(?:\s+to)?\b/gi, ' ')
    // libsecp256k1's "Building with CMake is no longer considered experimental.": made stable, which takes nothing away.
    .replace(/\bno longer\s+(?:(?:considered|marked|labell?ed|flagged|treated)\s+)?(?:as\s+)?(?:an?\s+)?(?:experimental|unstable|beta|preview)\b/gi, ' ');
  // ErsatzTV's "Replace direct Discord links with new contact page", Mihon's "Rename backup restore error log file": what a
  // person sees or reads changed, which nobody's code or setup depends on.
  // Pendulum 2's "Pendulum class has been renamed to DateTime" under Changed breaks whoever used the old name; under a
  // deprecations heading (Typst's "Various symbols were renamed") the old name still works, with a warning.
  const renamed = /\b(?:was|were|has been|have been) renamed\b/i.test(unscopedWords) && !/deprecat/i.test(section);
  // Box2D 3.1's "## API Changes" over "Renamed `b2SmoothSegment` to `b2ChainSegment`", "Replaced `b2Timer` with `uint64_t`": a
  // name of the API renamed, replaced or taken away. (Not ScopeSim's "Remove obsolete code" there, nor cmdliner's "Deprecate. …"
  // or ExifTool's "Enhanced GetValue so input tag name is no longer case sensitive": what still works, or accepts more.)
  if (
    /^(?:public\s+)?api\s+changes$/i.test(section.trim()) &&
    /^(?:remove[sd]?|rename[sd]?|replace[sd]?)\s+(?!(?:obsolete|old|internal)\s+code\b)/i.test(unscopedWords) &&
    !REMOVED_LEFTOVER.test(unscopedWords)
  )
    return { kind: 'breaking', text };
  // (Not Dunst's "Rework logging for tests" under Changed: the project's own test harness.)
  if (
    BREAK_PRONE_SECTION.test(section.trim()) &&
    (BREAK_WORDS.test(unscopedWords) || renamed) &&
    !SEEN_NOT_USED.test(unscopedWords) &&
    !LOSS_REMOVED.test(unscopedWords) &&
    // Aiken's "remove warning on discarded expect, allowing to keep 'side-effects' when necessary": a warning gone stops no code.
    !WARNING_REMOVED.test(unscopedWords) &&
    !/\b(?:for|in)\s+(?:the\s+)?(?:unit\s+)?tests\b|\btest\s+suite\b/i.test(unscopedWords) &&
    // Sarus' "zlib is no longer a dependency of Sarus itself": one thing fewer to install.
    !/\bis\s+no\s+longer\s+a\s+dependency\b/i.test(unscopedWords) &&
    // class-validator's "remove documentation about deprecated schema based validation and added warning" under Changed:
    // what the docs say, no interface of the product.
    !/^\W*(?:remove[sd]?|drop(?:ped|s)?|delete[sd]?)\s+(?:the\s+|outdated\s+|old\s+)?(?:documentation|docs?|readme|comments?|examples?)\b/i.test(unscopedWords)
  )
    return { kind: 'breaking', text };
  // (collectd's "Build fix: duplicate switch case has been removed", "… has been fixed, undefined … variable has been removed":
  // what went was the fault.)
  // (darktable's "A new drop-down menu has been added to the top filter bar … Some range widgets have been removed from this
  // list …": what a new thing leaves out is no break of the release; nor is its "The SSE code path has been removed …", the
  // way its code ran, nor its preferences "removed from the global preferences dialog, as these controls are already available
  // directly within the respective modules".)
  if (
    inherited !== 'fix' &&
    /\b(?:has|have) (?:now )?been removed\b/i.test(text) &&
    !LOSS_REMOVED.test(text) &&
    !/\bfix(?:e[sd])?\b|\bcode paths?\b|\b(?:already|still) (?:available|accessible)\b/i.test(text) &&
    !/^(?:an?\s+)?new\b[^.]{0,80}\b(?:has|have) been added\b/i.test(text)
  )
    return { kind: 'breaking', text };
  // Courier 0.56's "After upgrading to this version, you must make a backup copy of … run `couriermlm update` …. This is
  // mandatory …": what every upgrader must do breaks what they had.
  if (inherited !== 'fix' && UPGRADERS_MUST.test(text)) return { kind: 'breaking', text };
  // PDL's "CallExt removed - use `Inline with => "PDL"`" and "split PDL::IO::Browser out to separate distro": a thing gone
  // from where users had it, with what to use instead.
  // TF-A 2.0's "Removal of a number of deprecated APIs" under New Features, fwupd's "Remove all the long-deprecated legacy CLI
  // tools": what was deprecated is gone for whoever still used it.
  if (inherited !== 'fix' && (REMOVED_USE_INSTEAD.test(text) || SPLIT_OUT.test(text) || REMOVES_DEPRECATED.test(text))) return { kind: 'breaking', text };
  // arpack-ng's "[BUG FIX] ICB: missing workev for *[ds]neupd … => API/ABI change for *[ds]neupd_c.", Matrix's "Reverse
  // LinkingTo built under earlier versions of Matrix should be rebuilt from sources": even a fix breaks what was built on it.
  if (ABI_CHANGED.test(text) || MUST_REBUILD.test(text)) return { kind: 'breaking', text };
  // Earthly's "… it removes many cloud-based commands and flags. If you are using these in your scripts or CI, please remove
  // them.": what upgraders are asked to take out breaks them.
  // Natron's "Use Python 3 rather than Python 2 … This will require very few changes to the Python code": few, but changes.
  if (inherited !== 'fix' && (ASKS_TO_TAKE_OUT.test(text) || REQUIRES_CODE_CHANGES.test(text))) return { kind: 'breaking', text };
  // PHPMailer's "The fix for this issue includes a minor BC break: callables injected into `validateAddress` …": said so.
  if (inherited !== 'fix' && (SAYS_IT_BREAKS.test(text) || NO_LONGER_WITH_OLDER.test(text))) return { kind: 'breaking', text };
  // Nimble's "The SAT solver is now the only code path. Removed the `--legacy`, `--parser` and `--solver` flags, dropped
  // Babel support, …": a later sentence takes away what people use, or says what it breaks (Etherpad's "Updated to express
  // 5.0.0. … old plugins will throw errors and crash Etherpad.").
  if (inherited !== 'fix' && (REMOVED_LATER.test(text) || saysLaterOldOnesFail(text))) return { kind: 'breaking', text };
  // Turbine's "Add wasmJs target, remove iosArm32 and watchosX86 targets": platforms a library no longer builds for (not a
  // Makefile's or CI's targets).
  if (inherited !== 'fix' && removesPlatformTargets(text)) return { kind: 'breaking', text };
  // logback's "4) Removed Groovy configuration support.", in a list of unlabelled steps: a capability taken away.
  // (Swiper's "Fully removed Internet Explorer support": wholly, still a removal.)
  if (inherited === 'other' && /^(?:(?:fully|completely|entirely)\s+)?(?:removed|dropped)\s+(?:the\s+)?(?:[\w.+-]+\s+){1,3}support\b/i.test(text))
    return { kind: 'breaking', text };
  // Plots.jl 2's "deprecated keyword `orientation` removed", "Types are no longer part of the Plots API": what went from the API.
  if (inherited === 'other' && (/^deprecated\s+[^.]{1,60}\sremoved\.?$/i.test(text) || NO_LONGER_OFFERED.test(text))) return { kind: 'breaking', text };
  // Spyder's "The Breakpoints plugin was removed and its functionality moved to the Debugger one.": a thing went (not a limit).
  if (inherited !== 'fix' && !FIX_VERB.test(text) && /^(?:the\s+)?[^.,;]{1,60}?\s(?:was|were)\s+removed\b/i.test(text) && !LOSS_REMOVED.test(text))
    return { kind: 'breaking', text };
  // "Dropped the `cdmVersion` argument", "Renamed `createStudyPopArgs`": taking away a named API breaks whoever calls it.
  // FlexSearch's "Charset `Charset.CjkDefault` was renamed to `Charset.CJK`" in a list of no sections: the old name is gone.
  if (
    inherited === 'other' &&
    (REMOVES_NAMED_API.test(raw) ||
      REMOVES_CODE_NAME.test(raw) ||
      (RENAMES_NAMED_API.test(raw) && !OLD_NAMES_STILL_WORK.test(text) && !/deprecat/i.test(section)) ||
      REMOVES_OPTION.test(text))
  )
    return { kind: 'breaking', text };
  // Stencil 4's "### Features" over "**runtime:** drop Node 14 support", "**props:** removal of deprecated connect and context
  // APIs": what a feature commit takes away still breaks whoever used it (OpenSC's "Remove obsolete tokend support" nobody).
  const featureWords = text.replace(SCOPE_LABEL, '');
  if (
    inherited === 'feature' &&
    (dropsSupport(featureWords) ||
      /^removal of (?:the )?deprecated\b/i.test(featureWords) ||
      /^remove\s+(?:the\s+)?(?!(?:obsolete|unused|dead)\b)(?:[\w-]+\s+){0,2}support\b/i.test(featureWords))
  )
    return { kind: 'breaking', text };
  // Crown 0.59.0's "**New Features and Improvements**" over "Lua: renamed ``collision()`` script component callback to
  // ``collision_stay()``", "Lua: removed 'pose' parameter from …": a name of the API renamed or taken away breaks its callers,
  // whatever the section.
  const featureRaw = raw.replace(SCOPE_LABEL, '');
  if (
    inherited === 'feature' &&
    ((RENAMES_CODE_TO.test(featureRaw) && !OLD_NAMES_STILL_WORK.test(text)) ||
      /^remove[sd]?\s+(?:the\s+)?(?:'[^']{1,40}'|"[^"]{1,40}"|`[^`]{1,40}`)\s+(?:parameter|argument|option|field|property|method|function)s?\s+from\b/i.test(
        featureRaw,
      ))
  )
    return { kind: 'breaking', text };
  // Lighthouse 13's "Notable Changes": "remove font-size audit", "performance: remove audits replaced by …": under a heading
  // that only says its changes matter, what is taken away breaks whoever used it (not "remove the limit on …").
  if (inherited === 'feature' && NOTABLE_SECTION.test(section) && REMOVES_A_THING.test(text.replace(/^[a-z][\w./-]{0,30}:\s+/, '')))
    return { kind: 'breaking', text };
  // Solr's "Release Highlights" over "Fixing an error previously triggered when sorting …", "Preventing a deadlock …";
  // MariaDB's "Notable Items" over "The `wsrep_notify_cmd` functionality was susceptible to a parameter-injection
  // vulnerability" (under "MariaDB Cluster (Galera)"): a heading that says only that its changes matter, or names the part
  // they touch, leaves their kind to their words.
  if (inherited === 'feature' && !/\b(?:feat|features?|added|add|additions?|new|enhancements?|improvements?|improved)\b/i.test(section)) {
    if (namesFlaw(text) && PAST_FAULT.test(text)) return { kind: 'security', text };
    if (FIXING_FIRST.test(text) || AVOIDS_FAULT.test(text) || PAST_FAULT.test(text)) return { kind: 'fix', text };
  }
  // Outside a section that says what they are, an item's first verb does, after its lower-case scope (`tiktok: Fix …`).
  // lighttpd's "[mod_deflate] fix 1.4.83 regression": a bracketed module leads the words too.
  const unscoped = text.replace(/^\[[\w./-]{1,40}\]\s+(?=\S)/, '').replace(NAMED_SCOPE, '');
  if (FIX_VERB.test(unscoped)) return { kind: 'fix', text };
  // js-beautify's changelog lists the issues a release closed by their titles, "CSS formatter removes useful space
  // ([#2024](…/issues/2024))", "Fails to recognize Handlebars block with whitespace control": a fault someone reported, which
  // the release fixed. (Not uacme's "Try obtaining new Reply-Nonce if server doesn't supply one", a change, nor Jupytext's "We
  // require pandoc<3.10 on the CI as …", a sentence of its own.)
  if (inherited === 'other' && raw.includes('/issues/') && !raw.includes('/pull/') && isReportedFault(unscoped))
    return { kind: 'fix', text: reportedFaultFixed(unscoped) };
  // PlatformIO's "Resolved an issue where the `--project-dir` flag did not function correctly": the fault it resolved.
  if (
    inherited === 'other' &&
    /^(?:resolved|addressed|corrected)\s+(?:an?|the|several|some|multiple|various)\s+(?:\w+\s+)?(?:issues?|bugs?|problems?|regressions?|crash(?:es)?)\b/i.test(
      unscoped,
    )
  )
    return { kind: 'fix', text };
  // WLED's "WiFi reconnect bugfix": the noun after what it fixed.
  if (inherited === 'other' && /\bbug[- ]?fix(?:es)?\.?$/i.test(unscoped)) return { kind: 'fix', text };
  // CoreDNS's "core: Downgrade dd-trace-go to v2.8.2": going back to an older dependency undoes what broke with the newer.
  if (inherited === 'other' && DOWNGRADE.test(unscoped)) return { kind: 'fix', text };
  // Rcpp's "An UBSAN error in the Sugar-based NA comparison has been corrected": said fixed in its own sentence; and so under a
  // heading that only says the changes are notable (iperf's "A segmentation fault from calling freeaddrinfo … was fixed").
  const saidFixed = /\b(?:(?:has|have)\s+(?:now\s+)?been|(?:is|are)\s+now)\s+(?:fixed|corrected|resolved|addressed)\b/i.test(text);
  if (inherited === 'other' && saidFixed) return { kind: 'fix', text };
  if ((inherited === 'other' || inherited === 'feature') && FIXED_IN_ITS_SENTENCE.test(text.split(/(?<=[.!?])\s/)[0]!) && !NEW_VERB.test(unscoped))
    return { kind: 'fix', text };
  // tmux's unlabelled "Unzoom before creating floating panes to avoid a crash": what it stops says it is a fix.
  // Sticky's "Don't segfault when opening and closing the status icon context menu": the fault it no longer has.
  if (
    inherited === 'other' &&
    (AVOIDS_FAULT.test(text) || /^(?:don['’]t|do not|no longer|never)\s+(?:crash|segfault|hang|freeze|deadlock|panic)\w*\b/i.test(unscoped))
  )
    return { kind: 'fix', text };
  // Under a section that says what its items are not ("Notable Behavioral Changes", "Deprecations"), "New …" is no new feature.
  if (inherited === 'other' && !NOT_NEW_SECTION.test(section)) {
    // Not Redirection's "Remove deprecated ini_set call": its own use of something deprecated elsewhere.
    // (Not Stan's "Removed deprecated syntax from remaining tests.": the project's own tests stopped using it.)
    if (
      /^remove[sd]?\s+(?:deprecated|previously deprecated)\b/i.test(text) &&
      !/\b(?:calls?|usages?|uses)\.?$/i.test(text) &&
      !/\b(?:from|in)\s+(?:the\s+)?(?:remaining\s+|existing\s+|unit\s+|our\s+)?(?:tests?|test suite|examples?|docs|documentation)\.?$/i.test(text)
    )
      return { kind: 'breaking', text };
    if (NEW_VERB.test(unscoped)) return { kind: 'feature', text };
    // spatie/schema-org's "Thirteen new types: `AuthenticateAction`, …": a count of new things, named or said to be added (not
    // "Three new accessors are used", how its code works).
    if (
      /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|several|many|a few)\s+new\s+[\w-]+(?:\s+[\w-]+)?(?::\s+\S|\s+(?:(?:were|have been|are)\s+)?added\b)/i.test(
        text,
      )
    )
      return { kind: 'feature', text };
    // gargle's "`check_is_service_account()` is a new function for use in wrapper packages …": something new, named first.
    if (
      /^\S+\s+(?:is|are)\s+(?:a\s+)?new\s+(?:functions?|arguments?|options?|parameters?|methods?|class(?:es)?|commands?|settings?|fields?|helpers?|hooks?|flags?|endpoints?)\b/i.test(
        unscoped,
      )
    )
      return { kind: 'feature', text };
    // Dialect's "Spell-checking support": what is supported now, named.
    if (/^(?:[\p{L}\d][\w.+-]*\s+){1,3}support\.?$/iu.test(unscoped) && !/^(?:no|removed|dropped|deprecated)\b/i.test(unscoped))
      return { kind: 'feature', text };
    // FFmpeg's Changelog "xHE-AAC decoder", "Vulkan H.264 encoder", SuperTuxKart's "Beta Vulkan renderer", "Lap trial mode":
    // a part of the product named alone, with no verb, is what the release brings.
    if (namesANewPart(text.replace(/^\[[\w./-]{1,40}\]\s+(?=\S)/, ''))) return { kind: 'feature', text };
    // laravel-permission's "Improve performance for hydrated collections" under "What's Changed": faster, in its own words.
    if (SPEED_VERB.test(unscoped)) return { kind: 'performance', text };
    // Klipper's "Fans and GPIO pins can now be assigned a formula", "A new … parameter has been added": told as what people can do now.
    if (NOW_POSSIBLE.test(unscoped.split(/(?<=[.!?])\s/)[0]!)) return { kind: 'feature', text };
    // nlohmann/json's unlabelled list of the issues it closed: "MSVC natvis visualizer does not work after …", "Regression: call
    // to member function 'value' is ambiguous", "extern from/to_json result in linker error": a fault, titled as reported.
    if (ISSUE_FAULT.test(unscoped)) return { kind: 'fix', text };
  }
  return { kind: inherited, text };
}
/** The parts of a product a changelog may list by name alone, as the head of its phrase. */
const PART_NOUN =
  /\b(?:(?:de)?muxers?|de\/muxers?|decoders?|encoders?|decoding|encoding|parsers?|filters?|renderers?|(?<=\S\s)modes?|backends?|plugins?|drivers?|(?:sub)?commands?|codecs?|(?<=\S\s)support)$/i;
/** What a phrase naming a part must not be: a verb first ("Restore macOS support"), a fault, a part taken away. */
const NOT_A_NEW_PART = new RegExp(
  String.raw`^(?:[A-Z]+-\d+\s+)?(?:\w+ly\s+)?(?:${ACTION_VERBS}|only|also|sort|display|increase|decrease|reduce|set|change|move|switch|bump|upgrade|convert|simplify|tweak|adjust|limit|raise|lower|revert|migrate|merge|split|rewrite|rework|refactor|extract|run|print|ignore|treat|return|pass|read|write|load|save|open|close|start|check|try|call|create|delete|generate|build|install|log|warn|emit|accept|reject|honou?r|query|send|wait|retry|cache|clear|reset|apply|no|better|improved)\b|\b(?:crash\w*|leaks?|bugs?|errors?|issues?|regressions?|failures?|panics?|hangs?|deadlocks?|broken|wrong|incorrect|missing|deprecated|removed|dropped|obsolete|upcoming|planned|future)\b`,
  'i',
);
/**
 * A phrase of a few words with no verb whose head (its last word before any preposition) names a part of the product:
 * "LC3/LC3plus demuxer and muxer", "VVC encoding support via libvvenc".
 */
function namesANewPart(text: string): boolean {
  // SuperTuxKart's "Lap trial mode, by mrkubax10": who made it is read off later, no word of the phrase.
  const phrase = text
    .trim()
    .replace(/,?\s+by\s+@?[\w.-]+(?:(?:,\s*|\s+and\s+)@?[\w.-]+)*\.?$/, '')
    .replace(/\.$/, '');
  // GORM's "Full self-reference relationships supports, Join Table improvements, Association Mode for batch data": a list
  // of things, each named in capitals, is no one part.
  // (Pure Data's "64-bit soundfile reading and writing support by Dan Wilcox for [readsf~]": a credit inside is no part's name.)
  if (/[.!?;:]\s|,\s+\p{Lu}|\b(?:which|that|who)\b|\bby\s+\p{Lu}/u.test(phrase) || FINITE_VERB.test(phrase) || NOT_A_NEW_PART.test(phrase)) return false;
  // "VIM-2536 NL characters in commands": the head is the last word before a preposition, not the last of all.
  const head = phrase.split(/\s+(?:in|for|via|with|using|on|to|of|from|through|by|at|into|before|after|when|while|if|during|without|as|so)\s+/i)[0]!;
  return head.split(/\s+/).length <= 8 && PART_NOUN.test(head);
}
const ISSUE_FAULT =
  /^regression\b|\b(?:does|do)(?:\s+not|n['’]t)\s+(?:work|compile|build|start|load|run|link)\b|\b(?:gives?|results?\s+in|leads?\s+to)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:errors?|crash(?:es)?|segfaults?|panics?)\b|\bis\s+(?:an?\s+)?(?:compilation|compile|linker|build)\s+error\b|\bis\s+ambiguous\b/i;

/**
 * The fault told as fixed, where a sentence after it says so: a post that keeps only the first sentence would otherwise
 * announce the fault. "History search would forget … This has been fixed." reads "Fixed an issue where history search would
 * forget …"; "Crash on exit. This is now fixed." reads "Fixed crash on exit."; the sentence that said so goes.
 */
function toldFixed(text: string): string {
  const said = text.match(SAID_FIXED);
  if (!said || said.index === undefined) return text;
  // iperf's "… in the server. (CVE-2024-53580) This has now been fixed.": the id after the stop is the fault's.
  const id = said[0].match(/^[.!?]\s+(\((?:CVE|GHSA)-[^)]+\))/)?.[1];
  const fault = `${text.slice(0, said.index).trim()}${id ? ` ${id}` : ''}`;
  const after = text.slice(said.index + said[0].length).replace(/^[^.!?]*[.!?]?\s*/, '');
  const lower = lowerFirst(fault, /^(?:\p{Lu}\p{Ll}|A\s)/u);
  // "A JSON type security vulnerability that caused a segmentation fault": a fault named, its verb only in what it did.
  const named = /^(?:an?|the)\s/i.test(fault) && !FINITE_VERB.test(fault.split(/\b(?:that|which)\b/)[0]!) && /\b(?:that|which)\b/.test(fault);
  // GNU Smalltalk's "Errors in the bind() system call were not detected correctly": a fault told with its verb is an issue's.
  const clause = !named && FINITE_VERB.test(fault) && !/\bfix/i.test(fault);
  const told = clause ? `Fixed an issue where ${lower}` : FAULT_FIRST.test(fault) || named ? `Fixed ${lower}` : null;
  return told === null ? text : `${told}.${after ? ` ${after}` : ''}`;
}

/**
 * A sentence after the fault's that says it is fixed: "This has been fixed.", "This is now fixed.", "The crash was fixed."
 * (Not SSHFS's "The corresponding bug in OpenSSH has been fixed in 2007": fixed long ago, in another version, or upstream.)
 */
// (GNU Smalltalk's "Errors in the bind() system call were not detected correctly; this has been fixed." after a semicolon.)
const SAID_FIXED =
  /[.!?;]\s+(?=\S)(?:(?:this|that|it|these|which)\s+(?:(?:has|have)\s+(?:now\s+)?been|is(?:\s+now)?|are(?:\s+now)?|was|were)\s+(?:fixed|resolved|corrected)|[^.!?]{0,80}\b(?:was|were|(?:has|have)\s+(?:now\s+)?been)\s+(?:fixed|resolved|corrected))\b(?!\s+(?:upstream\b|(?:in|since)\s+(?:\d{4}\b|v?\d+\.\d)))/i;
const SUBJECT_TAG = /^(BUG|CLEANUP|DOC|BUILD|REGTESTS?|CI|DEV|MINOR|MEDIUM|MAJOR|CRITICAL|OPTIM)(?:\/(MINOR|MEDIUM|MAJOR|CRITICAL))?:\s+(?=\S)/;
const SUBJECT_INTERNAL = /^(?:CLEANUP|DOC|BUILD|REGTESTS?|CI|DEV)$/;
/**
 * NumPy's and SciPy's commit tags, one or several: "BUG: …", "BLD/CI: …", "REL, MAINT: …", "BUG/MAINT: …". Not "API:",
 * which other notes use as a scope ("API: The Node message … has been simplified").
 */
const NUMPY_TAG_NAMES = 'BLD|MAINT|MNT|TST|DOC|CI|REL|BUG|ENH|TYP|STY|BENCH|DEP';
// Sphinx-Gallery's "ENH Add functionality to modify …", "FIX JupyterLite button links": one tag without its colon, before a
// capital ("FIX" is its word for NumPy's "BUG").
const NUMPY_TAGS = new RegExp(`^((?:${NUMPY_TAG_NAMES})(?:(?:/|,\\s?)(?:${NUMPY_TAG_NAMES}))*):\\s+(?=\\S)|^(${NUMPY_TAG_NAMES}|FIX)\\s+(?=\\p{Lu})`, 'u');
/** What a change tagged so is: the weightiest of its tags; builds, upkeep, tests, docs, types and style alone are the project's own. */
function numpyTagKind(tags: string, raw: string): ChangeKind {
  if (/\b(?:BUG|FIX)\b/.test(tags)) return namesAdvisory(raw) ? 'security' : 'fix';
  return /\bENH\b/.test(tags) ? 'feature' : 'internal';
}
const SCOPED_SHOUTED_KIND = /^\s*(?:[-*+]\s+)?\[[^\]\s]{2,40}\]:?\s+\*\*(SECURITY|BREAKING|FIX|FIXED|FEATURE|NEW|DEPRECATED|REMOVED)\*\*:?\s+\S/;
const BOLD_KIND_LABEL = /^\s*\*\*(added|changed?|deprecated|removed|fixed|security|improved|new|performance)\s*:?\s*\*\*\s*:?\s*/;
/**
 * Krane's "*Breaking Changes*" and "*Enhancements*" on lines of their own over their bullets: a section's name set in italics
 * titles it as a bold one would. Only a name that says a kind: italic lines are also dates, authors and plugin names.
 */
function italicSectionLabel(lines: string[], index: number, inParagraph: boolean): RegExpMatchArray | null {
  const italic = inParagraph ? null : lines[index]!.match(/^\s*[*_](\p{Lu}[^*_]{1,40}?):?[*_]\s*$/u);
  return italic && BULLET.test(nextContent(lines, index)) && sectionKind(italic[1]!) !== null ? italic : null;
}

/** fl_chart's "**FEATURE**", "**BUGFIX**": a kind in bold capitals before the change. */
// PyMdown Extensions' "**BREAK**:", "**NEW**:", "**FIX**:".
const BOLD_KIND_TAG = /^\s*(?:[-*+]\s+)?\*\*(FEATURE|BUG\s?FIX|FIX|IMPROVEMENT|ENHANCEMENT|BREAK|NEW)\*\*:?\s+(?=\S)/;
const BOLD_KIND_SHOUTED = /^\s*\*\*(ADDED|CHANGED|DEPRECATED|REMOVED|FIXED|IMPROVED)\s*:?\s*\*\*\s*:?\s*/;
/** khal's "DROPPED support for python versions < 3.8", "NEW better error message …": the kind in capitals, no mark, before words in lower case. */
// gnuplot's RELEASE_NOTES: "* NEW\t qt: support …", "* CHANGE check plugin …", "* FIX\t prevent segfault …".
// (Not "FIX JupyterLite button links": before a capital, the tag of another list, read with its kind's other tags.)
const PLAIN_KIND_SHOUTED = /^\s*(NEW|ADDED|CHANGED|DEPRECATED|REMOVED|DROPPED|FIXED|IMPROVED|(?:FIX|CHANGE)(?=\s+[^\s\p{Lu}]))\s+(?=[^\s:]*\p{Ll})/u;
// GraphQL-Ruby's "__Security__: This version includes …": bold in underscores.
const BOLD_KIND_TITLE = /^\s*(?:\*\*|__)(\p{Lu}\p{L}*(?: \p{L}+){0,2})\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)\s*/u;
const WARNED_INCOMPATIBLE = /^(?:WARNING|NOTE|CAUTION|IMPORTANT)\s*:\s*(future\s+)?backwards?[- ]incompatib(?:ility|le\s+changes?)\s*[!:.]?\s*/i;
const STILL_WORKS =
  /\b(?:should|will|would)\s+(?:still|continue to)\s+(?:work|build|run|function)\b|\bremains?\s+(?:fully\s+)?(?:backwards?[- ])?compatible\b/i;
/** "Fixing an error …", "Preventing a deadlock …", "Reversing a performance regression …": a fix told by what it does. */
const FIXING_FIRST =
  /^(?:fix(?:es|ed|ing)?|prevent(?:s|ed|ing)?|revers(?:es|ed|ing)\s+(?:an?|the)\s+(?:[\w-]+\s+)?regression|revert(?:s|ed|ing)\s+(?:an?|the)\s+(?:[\w-]+\s+)?regression|resolv(?:es|ed|ing)|correct(?:s|ed|ing))\b/i;
/** "The server failed to parse …", "… could execute shell commands …", "… was susceptible to …": what went wrong, told in the past. */
const PAST_FAULT =
  /\b(?:failed to|could (?:incorrectly|crash|hang|execute|leak|bypass|read|write|access|cause)|was (?:susceptible|vulnerable)|were (?:susceptible|vulnerable)|existed in|did not (?:validate|check|sanitize|escape)|were not (?:properly )?(?:sanitized|validated|escaped|checked))\b/i;
const AVOIDS_FAULT =
  /\b(?:to avoid|avoids?|avoiding|to prevent|prevents?|preventing)\b[^.]{0,60}\b(?:crash\w*|hangs?|bugs?|leaks?|deadlocks?|panics?|corrupt\w*)\b/i;
// node-canvas' "The restriction of registering fonts before a canvas is created has been removed.": a barrier gone.
const LOSS_REMOVED = new RegExp(String.raw`^[^.,;]*\b${NO_LOSS}\b[^.,;]*\s(?:was|were|has\s+been|have\s+been)\s+removed`, 'i');
const NOTABLE_SECTION = /\b(?:notable|highlights?|key|major)\b/i;
const REMOVES_A_THING = new RegExp(String.raw`^(?:remov(?:e|ed|es)|drop(?:ped|s)?)\s+(?!${LOSS_NAMED})(?!${LEFTOVER})\S`, 'i');
/**
 * Redirection's "Remove Geo IP option (it may return)", Yosys' "Removed "-fast" option from "abc" pass", CudaText's "Option
 * "ui_title_path" removed", buku's "removed URL shorten/expand feature": an option, flag, setting, command or feature people
 * use, taken away (not the build's or the project's leftovers); Easy-RSA's "Remove command 'display-san'", named after its kind.
 */
const REMOVES_OPTION = new RegExp(
  String.raw`^(?:remove[sd]?|drop(?:ped|s)?)\s+(?:the\s+)?(?:deprecated\s+)?(?:(?:sub)?command|option|flag|setting)\s+(?:"[^"]{1,40}"|'[^']{1,40}'|--?[\w-]+)|^(?:(?:remove[sd]?|drop(?:ped|s)?)\s+(?:the\s+)?(?:deprecated\s+)?(?!${LEFTOVER})(?:"[^"]{1,40}"|'[^']{1,40}'|[\w./-]+(?:\s[\w./-]+){0,2})\s+(?:options?|flags?|settings?|parameters?|arguments?|features?|(?:sub)?commands?|config(?:uration)?\s+(?:options?|keys?))\b|(?:the\s+)?(?:options?|flags?|settings?)\s+(?:"[^"]{1,40}"|'[^']{1,40}'|\S+)\s+(?:was\s+|has\s+been\s+|is\s+)?removed\b)(?![^.]{0,40}\b(?:build|ci|tests?|workflows?|makefile|cmake|scripts?)\b)`,
  'i',
);
/**
 * Not Buildozer's "Remove `python2` test as …": a test, job or example named by what it ran is the project's own; nor
 * yesod-core's "Drop `mwc-random` and `blaze-builder` dependencies": fewer things to install.
 */
/** Ghostty's "`top` and `bottom` have been renamed to `up` and `down` … The old names are still supported": nothing breaks. */
const OLD_NAMES_STILL_WORK = /\b(?:old|previous)\s+(?:names?|ones?)\s+(?:are|is)\s+still\s+(?:supported|accepted|available)\b/i;
/**
 * Swift Mailer's "removed Swift_MailTransport and Swift_Transport_MailTransport": a name of the code, known by its underscores,
 * colons or inner capitals though not written as code, taken away.
 */
const REMOVES_CODE_NAME =
  /^\s*(?:drop(?:ped|s)?|remov(?:e|ed|es))\s+(?:the\s+)?(?:deprecated\s+)?(?!(?:redundant|unused|dead|obsolete|duplicate)\b)(?:\p{L}[\p{L}\d]*(?:_|::)[\w:]*\p{L}[\w:]*|\p{Lu}\p{Ll}+\p{Lu}[\p{L}\d]*)(?![\w:])(?![^.]{0,80}\b(?:tests?|jobs?|workflows?|examples?|ci|dependenc(?:y|ies))\b)/u;
/** A component's label before an item's words: "runtime: ", Crown's "Lua: ". */
const SCOPE_LABEL = /^[a-z][\w./-]{0,30}:\s+/i;
/** Crown's "renamed ``collision()`` script component callback to ``collision_stay()``": a name in code renamed to another. */
// (Not Ruby-PG's "Renamed `History.md` to `CHANGELOG.md`": a file of the project's own.)
const RENAMES_CODE_TO = /^rename[sd]?\s+(?:the\s+)?`+(?![^`]*\.(?:md|txt|rst|adoc|html?)`)[^`]{1,60}`+(?:\s+[\w-]+){0,3}\s+to\s+`+[^`]{1,60}`+/i;
/** "`A` was renamed to `B`", "Charset renamed `LatinExact` => `Exact`": a name of the code renamed, not a page or a file of the docs. */
const RENAMES_NAMED_API =
  /`[^`]{1,60}`\s+(?:was|were|has been|have been|is|are)\s+(?:now\s+)?renamed\b|\brenamed\s+(?:from\s+)?`[^`]{1,60}`\s*(?:=>|->|→|to\b)/i;
const REMOVES_NAMED_API =
  /^\s*(?:drop(?:ped|s|ping)?|remov(?:e|ed|es|ing)|renam(?:e|ed|es|ing))\s+(?:the\s+)?(?:deprecated\s+)?`(?![^`]{1,60}`\s+(?:tests?|jobs?|workflows?|examples?|ci|pipelines?)\b)(?![^.]{0,80}\bdependenc(?:y|ies)\b)/i;
/**
 * A lower-case component label before an item's words (`tiktok: `, `twitter: broadcast: `, Uppy's packages
 * `@uppy/react,@uppy/svelte: `): it names where, not what.
 */
const LEAD_SCOPE = String.raw`(?:@?[a-z][\w./-]{0,30}(?:,\s?@?[a-z][\w./-]{0,30})*:\s+){0,2}`;
/**
 * A component named in words before the change (calibre's "Content server: Fix …", "Book details panel: Fix …", mGBA's
 * "ARM Debugger: Fix …"): capitalised, up to four words, none a sentence's own word, with a capital after its colon.
 */
const NAMED_SCOPE =
  /^(?:(?!(?:The|This|That|These|Those|We|It|In|For|To|Now|Also|Note|Thanks|There|Here)\b)\p{Lu}[\w./+-]*(?: (?!(?:the|a|an|is|are|was|were|be|this|that|we|it|to|of|in|on|for|with|and|or|now|not|will|can|has|have|by)\b)[\p{L}\d][\w./+-]*){0,3}:\s+(?=\p{Lu})){1,2}/u;
const DOWNGRADE = new RegExp(`^${LEAD_SCOPE}downgrad(?:e|es|ed)\\s+\\S+\\s+(?:from\\s+\\S+\\s+)?to\\s+v?\\d`, 'i');
/** pandoc's "Raw HTML: fix handling of void `hr` element": a named component's fix, in lower case after its colon too. */
const FIX_VERB = new RegExp(
  // (Snort's "dns: add fix infinite recursion vulnerability": a fix added is one.)
  String.raw`^(?:${LEAD_SCOPE}|(?!(?:the|this|that|these|those|we|it|here|there)\b)[A-Z][\w./+-]*(?: [\w./+-]+){0,2}:\s+)(?:add(?:s|ed)?\s+(?:an?\s+)?)?fix(?:e[sd])?\b`,
  'i',
);
/** mitmproxy's "We now provide standalone binaries for Linux arm64." is something new as much as "Add …" is. */
const NEW_VERB = new RegExp(
  `^${LEAD_SCOPE}(?:add(?:s|ed)?|introduc(?:e|es|ed|ing)|new|support(?:s|ed)?|implement(?:s|ed)?|allow(?:s|ed)?|we now (?:provide|ship|offer|publish))\\b`,
  'i',
);
/** A label of two words that may title a kind of change, before a change: "Behavior Changed: …", "Breaking Change: …". */
const KIND_PHRASE = /^(\p{Lu}\p{Ll}+ (?:[Cc]hanges?|[Cc]hanged|[Ff]ix(?:es)?|[Rr]emovals?|[Dd]eprecations?))\s*:\s+(?=\S)/u;
/** A heading that is a whole sentence or a question ("The patches published earlier are vulnerable.", "How do I …?"): a callout, not a change's name. */
function isCallout(heading: string): boolean {
  // "### Behavior Changed: Offscreen rendering will use `1.0` as default …." names a change after its kind, stop or none.
  const label = heading.match(KIND_PHRASE) ?? heading.match(KIND_LABEL);
  if (label && sectionKind(label[1]!) !== null) return false;
  // "### New `device` parameter." ends in a stop but names a change: a callout is a sentence.
  return /[\p{Ll}`)][.!?]\s*(?:\{[^}]*\})?\s*$/u.test(heading) && heading.trim().split(/\s+/).length >= 4;
}

/**
 * Prose that opens notes without saying what the release is: a date line (SMAPI's "Released 19 March 2024 for Stardew
 * Valley 1.6.0 or later."), a pre-release's story, a post's byline, a pointer to what follows (GUT's "Here's a quick video
 * covering some new features."), a plea for sponsors or thanks for donations (RSS Guard's "There have been some BTC and USD
 * donations …"), Stella's "6.7.1 to 7.0 (October 5, 2024)", Hugo's "Note: If you use i18n, there is …" caveat, an openSUSE changes entry's "Tue Sep  3 11:34:48 UTC
 * 2013 - lslezak@suse.cz", i3's box-drawn banner, a Quickbook document's "[article Version 1.89.0 [quickbook 1.6] …", Vue
 * I18n's "This changelog is generated by GitHub Releases", feh's "Mon, 06 Apr 2026 11:13:12 +0200  Birte Friesel <…>",
 * less' "Major changes between "less" versions 702 and 704", sysstat's "2022/11/06: Version 12.7.1 - Sebastien Godard …",
 * Trilium's "If you enjoyed this release, consider showing a token of appreciation by: …", ExifTool's "Apr. 15, 2026 - Version
 * 13.56 - "Exif 3.1"" heading its changes. Underscore's "1.13.8 — February 19, 2026 — Diff — Docs": a version, its date
 * and its links. AngleSharp's "Released on Tuesday, December 31 2024.", with its weekday.
 */
/**
 * Apache Commons' "Introducing Apache Commons Configuration" over "This document contains the release notes for this version
 * of …": a heading over what the document is, no change, and its paragraph no opening. Its title block, "Apache Commons Configuration / Version 2.8.0 /
 * Release Notes", names the document.
 */
/** The notes' own pick of what matters: "Highlights", "Notable changes", darktable's "The Big Ones", "What's new". */
const HIGHLIGHTS_TITLE = /\b(?:highlights?|notable|key (?:changes|features)|major (?:new )?features|big ones|headline features|what['’]?s new)\b/i;
/** HTTP::Tiny's CPAN "0.083     2023-06-11 07:05:45-04:00 America/New_York (TRIAL RELEASE)": a version, when, and where. */
const STAMPED_VERSION_LINE =
  /^v?\d+(?:\.\d+)+(?:[-_][\w.]+)?\s+\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:[+-]\d{2}:?\d{2}|Z)?)?(?:\s+[A-Za-z]+\/[A-Za-z_]+)?(?:\s+\([^()]{1,30}\))?$/;
/** A sentence ending on the word that led to a link its words were. */
const LEADS_TO_A_LINK = /\s(?:on|at|in|from|to|via|under)\s*[.:]$/i;
const ENDS_ON_A_LINK = /(?:\]\([^)\s]*\)|<?https?:\/\/\S+?>?)\s*[.:]?\s*$/;
/**
 * "This document lists …", Shrine's "This guide covers all the changes in the 3.0.0 version of Shrine.", Derby's "These notes
 * describe the difference between …": the page, not the release.
 */
const DESCRIBES_THE_DOCUMENT =
  /^(?:this (?:document|file|page|guide|post|article)|these (?:release )?notes) (?:contains?|describes?|lists?|summari[sz]es?|covers?|explains?|walks)\b/i;
/** libevent's "This release contains mostly bug fixes (I decided not to port some features …)": its maintainer's aside. */
const FIRST_PERSON_ASIDE = /\s*\((?:I|I['’](?:m|ve)|we|we['’](?:ve|re))\s[^()]{10,}\)/g;
/** PLY's "12/12/21  PLY is no longer being developed in public.": the day it was written, before the opening's words. */
const LEADING_DATE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}:?\s+(?=\p{Lu})/u;
// HDF4's "Note that the HDF4 documentation will be updated at the time of each final release and can be found on the HDF4
// support page at:", its "The official HDF4 releases can be obtained from:" and "If you have any questions or comments, please
// send them to the HDF Help Desk:": where the documents are, and whom to ask, no news. Nor is requests-oauthlib's "Full set of
// changes are in [github](…).", nor Portage's "[This release was done as a standalone tag.]", an editor's aside in brackets.
// Nor JSPWiki's "Licensed to the Apache Software Foundation (ASF) under one or more contributor license agreements. …", "Unless
// required by applicable law …" and "The license file can be found in LICENSE.", the licence's header over its notes.
// Nor Processing's "*Revision 1292 – 20 February 2023*", Monitoring Plugins' "3.0.0 16th Jun 2026" over "Codename: …", or
// MicroProfile Telemetry's "A full list of changes delivered in the 2.0 release can be found at …": when, and where the rest is.
// Nor client_ruby's "_**Codename:** The "barely a release" release_": the release's nickname. Nor Apereo CAS' alert box "Collaborate
// The blog is managed and hosted on GitHub. If you wish to update the contents of this post …": the blog's, on every post.
const NOT_AN_OPENING =
  /^(?:[_*]{1,3}\s*)?codename\s*(?:[_*]{1,3}\s*)?:|\bif you wish to (?:update|edit|improve|correct) the contents of this (?:post|page|article)\b|^v?\d+(?:\.\d+)+\s+[—–-]\s+[^—–]{4,30}(?:\s+[—–-]\s+\w+){1,3}\.?$|^overview of changes leading to\b|^\S+\s+overview of changes (?:since|in|for)\b|^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},\s+\d{4}\b|^note:\s|\b\d{4}\s+-\s+\S+@\S+$|^released\s+(?:on\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)|^welcome to (?:the )?\S+(?: \S+){0,3} release\b|^v?\d+(?:\.\d+)+\s+to\s+v?\d+(?:\.\d+)+\b|^this is \S+(?: \S+){0,3},? released on\b|^(?:start|begin) by reading\b|^please consider (?:supporting|sponsoring|donating|becoming)\b|^this release (?:has been|was|is being) tracked in\b|^[┌╔╭━─═]|^\[(?:article|quickbook|section|template|def|heading)\b|^\[\/\s|^v?\d+(?:\.\d+)+[\w.-]*\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}\b|^(?:major |minor )?changes (?:between|since|from) \S+(?: \S+)? v?\d[\w.]* and\b|^\d{4}[-/.]\d{2}[-/.]\d{2}:?\s+version\s+v?\d|^(?:there (?:have|has) been|we(?:'ve| have) (?:received|had)|thanks? (?:to )?(?:all|everyone|you)\b[^.]{0,40}\bfor)\b[^.]{0,40}\bdonations?\b|\bbecom(?:e|ing) a (?:sponsor|patron|backer)\b|^if you (?:enjoy(?:ed)?|like[ds]?|love[ds]?) (?:this|the|our) (?:release|project|app|work)\b|\btoken of (?:appreciation|gratitude)\b|^here(?:'|’|\s+i)s\s+(?:an?\s+)?(?:(?:quick|short|brief)\s+)?(?:video|screencast|demo|recording)\b|^release\s+v?\d+(?:\.\d+)+\b|^[\w.+-]+(?:\s[\w.+-]+){0,2}\s+v?\d+(?:\.\d+)+[\w.-]*\s+release\s+\([^()]*\)\.?$|^(?:version\s+v?\d+(?:\.\d+)+[\w.-]*\s+\d{4}-\d{2}-\d{2}\.?\s*)+$|^(?:[\w.+-]+\s+){1,5}version\s+v?\d+(?:\.\d+)+\s+release notes\.?$|^v?\d+(?:\.\d+)+[.-]?(?:rc|beta|alpha)\.?\d*\b|^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}),? by\b|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\s+[-–—]\s+(?:version|release|v)\s*\d|^see\s+(?:github|the\s+(?:change ?log|release notes|commits?|milestone))\b[^.]*\bfor\b|^this (?:change ?log|file|page|list)\s+(?:is|was|has been)\s+(?:automatically\s+|auto-)?generated\b|^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,\s+\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}\s+\d{1,2}:\d{2}|^for (?:a|the) (?:full|complete) list of\b[^.]*\b(?:refer to|see)\b|^(?:note that\s+)?the\s+(?:\S+\s+){0,2}(?:documentation|docs|releases?)\s+(?:will\s+be|is|are|can\s+be)\b[^.]{0,120}\b(?:found|obtained|downloaded)\b|^if you have (?:any )?questions\b|^(?:the\s+)?full\s+(?:set|list)\s+of\s+changes\s+(?:is|are)\s+(?:in|on|at)\b|^\[[^\]]{8,200}\]\.?$|^licensed\s+(?:to|under)\s+the\s|^unless\s+required\s+by\s+applicable\s+law\b|^(?:the\s+)?licen[cs]e\s+(?:file\s+)?(?:can\s+be|is)\s+found\b|^revision\s+\d+\s+[-–—]\s+\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}\.?$|^v?\d+(?:\.\d+)+\s+\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}\b|^(?:a|the)\s+(?:full|complete)\s+(?:set|list)\s+of\s+(?:all\s+)?(?:the\s+)?changes\b(?:[^.]|\.(?=\d)){0,80}\bcan\s+be\s+found\b/i;
/** A sentence that only points at what follows ("See Migration Tips below."), not a bracketed aside ("(see below)"). */
/**
 * Quod Libet's "ℹ️ A highlight of the changes in 4.7.1 is below. For full details, see the 4.7 commit log.", GNU Make's "A
 * complete list of bugs fixed in this version is available here:" over its address, Quarto's "You can get the current
 * release from the download page.": pointers too. So is pundit's "The bugfix below could break existing code.", which a post
 * would carry with nothing below it.
 */
const POINTS_BELOW =
  /(?<!\(\s*)\b(?:see|listed|described|detailed)\b[^.]*\bbelow\b|^the\s+(?:[\w-]+\s+){1,2}below\b|\b(?:is|are)\s+(?:listed\s+|shown\s+|summari[sz]ed\s+)?below\.?$|^for\s+(?:the\s+)?(?:full|more|all|complete)\s+(?:details|information|list)\b[^.]*\bsee\b|\b(?:is|are)\s+available\s+(?:here|below|at)\s*[:.]?$|^you can (?:get|download|grab|install|find)\b[^.]{0,80}\b(?:from|on|at)\s+(?:the|our)\s+(?:\w+\s+)?(?:downloads?|releases?|install(?:ation)?)\s+page\b/i;
/** "… described below.", "… listed below.": a participle pointing at what follows, closing a sentence. */
const CLOSING_POINTER = /\s+(?:described|listed|detailed)\s+below\.$/;
const VAGUE_CHANGES = /\b(?:changes|fixes|improvements|updates|features|items|issues|bugs)\.$/i;
/** A note that tells whoever upgrades what they must do ("Note: If you use X, you will need to update it."). */
const MUST_ACT_NOTE = new RegExp(String.raw`^(?:\*\*)?(?:note|important|attention|heads[- ]up)\s*:(?:\*\*)?\s+(?=[^.!?]*(?:${ASKS_UPGRADERS.source}))`, 'i');
/** A line of advisory ids alone, with an aside ("GHSA-c4gm-pwx9-9w8j (CVE pending)"). */
const ONLY_IDS = withAdvisoryId(String.raw`^{ID}(?:\s*[,/]\s*{ID})*(?:\s*\([^()]{1,30}\))?\.?$`, 'i');
const DEBIAN_STANZA = /^([a-z\d][a-z\d.+-]+) \(([^()\s]+)\)(?: [\w./-]+)+; *urgency=\w+/;
const DEBIAN_AUTHOR = /^\s+\[ [^\]]+ \]\s*$/;
const DEBIAN_TRAILER = /^ -- \S[^<]*<[^>]+>\s+\S.*\d{4}/;
// Cap'n Proto 1.0's "What's planned for 2.0?": what a later release may bring.
// AntennaPod 2.7's blog post, "# What's next" over "ideas for further improvements … no guarantees that any of these will be
// implemented".
const FUTURE_PLANS =
  /^(?:(?:future|upcoming)\s+)?plans\s+for\b|^(?:future|upcoming)\s+plans\b|^(?:product\s+)?roadmap$|^looking\s+ahead\b|^what['’]?s\s+(?:planned|coming)\s+(?:for|in)\b|^what['’]?s\s+next\??$/i;
/** Subversion's "(8 Oct 2024, from /branches/1.14.x)" under its version: when, and from where, on a line of its own. */
const DATED_ASIDE = /^\s*\(\s*\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b[^()]{0,80}\)\s*$/i;
/** A ChangeLog entry's signature, GNU's "2020-06-24  Name  <mail>" or coturn's "24/06/2020 Name <mail> Name <mail>": who, when. */
const CHANGELOG_SIGNATURE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\s+[^<>\s][^<>]*<[^<>\s@]+@[^<>\s@]+>(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>)*\s*$/;
/**
 * An RPM spec's %changelog entry line, "* Tue Nov 21 2024 Name <mail> - 1.2.2" over its "- " changes (iptraf-ng, Liberation
 * Fonts): when, who, which version; no change.
 */
const RPM_ENTRY_LINE =
  /^\*\s+(?:mon|tue|wed|thu|fri|sat|sun)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+\d{1,2}\s+\d{4}\s+[^<>\s][^<>]*<[^<>\s@]+@[^<>\s@]+>(?:\s+-\s+\S+)?\s*$/i;
/** libvorbis' "libvorbis 1.3.7 (2020-07-04) -- "Xiph.Org libVorbis I 20200704 (Reducing Environment)"": name, version, date, codename. */
const CODENAMED_TITLE = /^\p{L}[\p{L}\d._+-]*\s+v?\d+(?:\.\d+)+[\w.+-]*\s+\(\d{4}-\d{2}-\d{2}\)\s*(?:--|[-–—])\s*["“][^"”]{1,80}["”]$/u;
/** iTerm2's "Version 3.5.11 of iTerm2 was built on January 2, 2025.": when it was made, no opening. */
const BUILT_ON_LINE = /^version\s+v?\d+(?:\.\d+)+[\w.-]*\s+of\s+\S+(?:\s+\S+)?\s+was\s+(?:built|released|published|tagged)\s+on\s+[\w ,.]{4,30}\.?$/i;
/** A line that only names a release: "PostGIS 3.7.0beta2", "Acme v2.1". */
const NAME_AND_VERSION = /^\p{L}[\p{L}\d._+-]*(?: \p{L}[\p{L}\d._+-]*){0,3} v?\d+(?:\.\d+)+[\w.-]*$/u;
/** A date as notes write one: "2026/08/09", "2026-08-09", "August 9, 2026", "9 Aug 2026". */
const DATE = String.raw`(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)-\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{4})`;
/** Gnote's NEWS: "3.14.0 - "System is only as robust as its least reliable component" - 2014/09/26": a version, its motto, its date. */
const MOTTO_TITLE = new RegExp(String.raw`^v?\d+(?:\.\d+)+[\w.+-]*\s+[-–—]\s+["“][^"”]{1,120}["”]\s+[-–—]\s+${DATE}$`, 'i');
/** Vuetify's post, "🖊️ John Leider • 📅 April 8th, 2025" under its title: who wrote it and when, no opening. */
const BYLINE = new RegExp(
  String.raw`^(?:\p{Extended_Pictographic}\uFE0F?\s*)?(?:by\s+)?\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3}\s*[•·|,–—-]\s*(?:\p{Extended_Pictographic}\uFE0F?\s*)?(?:on\s+)?${DATE}\.?$`,
  'iu',
);
/** RHash's ChangeLog signs each entry "Wed 14 May 2025 Aleksey Kravchenko": the day, the date and who. */
const DAY_DATE_SIGNATURE = new RegExp(
  String.raw`^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+${DATE}\s+\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3}\s*$`,
  'iu',
);
/**
 * SDL_image's CHANGES signs each entry "Sam Lantinga - Wed Jun 19 07:30:51 PDT 2019": who, then when as `date` prints it. No
 * words of a change, and no line the changes under it hang from.
 */
function stampedSignaturesBlanked(lines: string[]): string[] {
  return lines.some((line) => line.includes(' - ') && NAMES_DASH_STAMP.test(line))
    ? lines.map((line) => (line.includes(' - ') && NAMES_DASH_STAMP.test(line) ? '' : line))
    : lines;
}
const NAMES_DASH_STAMP =
  /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3}(?:, \p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3}){0,8} - (?:mon|tue|wed|thu|fri|sat|sun)[a-z]* (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* {1,2}\d{1,2} \d{1,2}:\d{2}:\d{2} [A-Z]{2,5} \d{4}\s*$/iu;
/** Whose signature it is, in capitals as a name is written (the pattern above, ignoring case, cannot tell). */
const SIGNED_BY_NAME = /\s\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3}\s*$/u;
/** dbus-broker's NEWS signs each release "- Dußlingen, 2025-06-16": where and when, no change. */
const PLACE_AND_DATE = new RegExp(String.raw`^\s*(?:[-*]\s+)?\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,2},\s+${DATE}\s*$`, 'iu');
/** A version alone, or with its date: "7.1.5 (2024-09-21)", "v2.0.0 - 2026-01-02", "1.4". */
// OWASP Java HTML Sanitizer's "* Release 20211018.1" over its changes, nested: the word before the number is the release's.
// yubikey-manager's "* Version 5.9.1 (released 2026-04-15)" over its changes, with the word for what it is.
// SickChill's "* Release version 2024.2.2" among its commits: the commit that cut the release.
// MooseFS' NEWS, "* MooseFS 4.57.0-1 (2024-12-09)" over its changes: the product's name, its version and the date.
// libzypp's "- version 17.38.10 (35)" closing its entry: the version and its build number.
// Gerbil's "- Gerbil v0.18; October 12, 2023" and "- Gerbil v0.18-rc1; October 6, 2023" under its title: when each was cut.
// Stubby's "* 2021-06-04: Version 0.4.0" over its changes: the date first.
const VERSION_TITLE = new RegExp(
  String.raw`^(?:(?:release\s+(?:version\s+)?|version\s+)?v?\d+(?:\.\d+)+[\w.+-]*(?:\s+\(\d+\))?(?:\s*[-–—:]?\s*\(?(?:released\s+)?${DATE}\)?)?|\p{L}[\p{L}\d._+-]*(?: \p{L}[\p{L}\d._+-]*){0,2} v?\d+(?:\.\d+)+[\w.+-]*\s*[-–—:;]?\s*\(?(?:released\s+)?${DATE}\)?|${DATE}\s*[-–—:]\s*(?:release\s+|version\s+)?v?\d+(?:\.\d+)+[\w.+-]*)$`,
  'iu',
);
/** CPAN's "1.651 - 2026-07-14, H.Merijn Brand & Robert Rothenberg": a version, its date and who released it. */
const SIGNED_VERSION_TITLE = new RegExp(String.raw`^v?\d+(?:\.\d+)+[\w.+-]*\s*[-–—:]?\s*\(?${DATE}\)?\s*,\s*\p{Lu}[\p{L}.&'’ -]{1,80}$`, 'iu');
const DATED_NAMES = /^\d{1,2}\/\d{1,2}\/\d{2,4}\s+[\w.-]+(?:,\s*[\w.-]+){2,},?$/;
const NAMES_LIST = /^[\w.-]+(?:,\s*[\w.-]+)+,?$/;
/** DBD::mysql's "2016-10-03 Patrick Galbraith, Michiel Beijen, DBI/DBD community (4.037)": the date, who, then the version. */
const DATED_SIGNED_VERSION_TITLE = new RegExp(String.raw`^${DATE}\s+\p{Lu}[\p{L}.,&'’/ -]{1,120}\(v?\d+(?:\.\d+)+[\w.+-]*\)$`, 'iu');
/** c-ares' "c-ares version 1.34.5 - April 8 2025": a name, its version and its date title the release, whatever follows. */
// Portage's "portage-3.0.81.1 (2026-07-05)": the name joined to its version by a hyphen, as its tarball is.
const NAMED_VERSION_TITLE = new RegExp(
  String.raw`^(?:(?:\p{L}[\p{L}\d._+-]*\s+){1,3}|\p{L}[\p{L}\d_+]*(?:-\p{L}[\p{L}\d_+]*)*-)v?\d+(?:\.\d+)+[\w.+-]*(?:\s*[-–—:,]?\s*\(?${DATE}\)?)?$`,
  'iu',
);
const RELEASED_LINE = new RegExp(String.raw`^(?:\p{L}[\p{L}\d._+-]*\s+){1,3}v?\d+(?:\.\d+)+[\w.+-]*\s*\((?:released\s+)?${DATE}\):\s*$`, 'iu');
/** A line that only names a version, closed by a colon: "r74:", "v2.1:", "1.15.2:". */
const VERSION_LABEL = /^(?:[rv]|version\s+)?\d+(?:\.\d+)*[a-z]?:\s*$/i;
/** A line that only dates it: "2026/08/09", "2026-08-09", "August 9, 2026", "9 Aug 2026". */
/** merlin's "Thu Apr 09 09:59:38 WAT 2026", as `date` prints it, is a date line too; rxvt-unicode's "9.31 Mon 02 Jan 2023 18:13:16 CET", a version dated so. */
const DATE_LINE = new RegExp(String.raw`^\(?${DATE}\)?$|^${CLOCK_DATE_MONTH_FIRST}$|^(?:v?\d+(?:\.\d+)+[\w.+-]*\s+)?${CLOCK_DATE_DAY_FIRST}$`, 'i');
/**
 * A line that titles the release in a plain-text file: "Changes in version 0.4.8.1-alpha - 2023-06-01", "Release Notes for
 * Samba 4.24.5", "Sun May 03rd 2026 - maintainer <maintainer@example.org> - v5.2.0": a version with the words of a title,
 * or with who signed it.
 */
// LightDM's NEWS: "Overview of changes in lightdm 1.32.0"; Aircrack-ng's "Version 1.7 (changes from aircrack-ng 1.6) - Released
// 10 May 2022:". Bochs' "Changes in 3.0 (February 16, 2025):" and NimBLE's "10 July 2026 - Apache NimBLE v1.10.0" too; so is
// Bucardo's "Bucardo version 5.0.0, released June 23, 2014 (git commit 2349582…)".
const TITLE_LINE =
  /^(?:=\s+.{2,60}\breleased\b.{0,30}|(?:\p{L}[\p{L}\d._+-]*\s+){0,2}version\s+v?\d+(?:\.\d+)+\b[^:]{0,80}\breleased\b[^:(]{0,40}(?:\(git commit [0-9a-f]{7,40}\))?:?|(?:(?:overview|summary|list)\s+of\s+)?(?:release notes|changes?|news|noteworthy changes)\s+(?:for|in|of)\s+(?:(?:version|release)\s+)?(?:\p{L}[\p{L}\d._+-]*\s+){0,3}v?\d+(?:\.\d+)+[\w.+-]*(?:\s*[-–—:,]?\s*\(?[\w ,./-]{0,30}\)?)?:?|.{0,60}<[^<>\s@]+@[^<>\s]+>.{0,30}\bv?\d+(?:\.\d+)+[\w.+-]*|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\s+[-–—]\s+(?:\p{L}[\p{L}\d._+-]*\s+){1,3}v?\d+(?:\.\d+)+[\w.+-]*)$/iu;
/**
 * "Acme v1.16 has just been released. 🎉" on its own: the paragraph after it is the opening. So is Scala.js' "We are pleased
 * to announce the release of Scala.js 1.19.0!", before "This release comes with significant performance improvements …";
 * Open Dylan's "It is a pleasure for us to announce a new release of Open Dylan." likewise.
 */
const ONLY_ANNOUNCES =
  /^(?:(?:[^.!?]|\.(?=\S))*\b(?:has (?:just |finally |now |officially )?been released|is (?:now |finally |officially )?(?:out|available|here)(?: for (?:your|you)\b[^.!?]*)?)|(?:we(?:['’]re| are)|I(?:['’]m| am)|it\s+is\s+(?:a|our)\s+(?:great\s+)?(?:pleasure|honou?r)(?:\s+for\s+us)?)\s+(?:very\s+|so\s+)?(?:(?:pleased|happy|excited|proud|thrilled|delighted|glad)\s+)?to\s+announce\s+(?:the\s+|an?\s+(?:new\s+)?)?(?:release|availability|launch)\s+of\s+(?:[^.!?]|\.(?=\S)){1,60})[.!]*(?:\s*\p{Extended_Pictographic}\uFE0F?)*\s*$/iu;
/** GLib's "Fix several security vulnerabilities of varying severity (see below for details)": a count of the items below. */
const RETOLD_BELOW = /^(?:fix(?:es|ed)?\s+|address(?:es|ed)?\s+)?(?:several|various|multiple|many|numerous|a number of)\b[^()]*\(\s*see below\b[^()]*\)\.?$/i;
const NOT_NEW_SECTION =
  /\bbehaviou?ral changes?\b|\bdeprecat\w*|\bplanned\b|\bupcoming\b|\bfuture\b|\blooking (?:forward|ahead)\b|\bwhat['’]?s next\b|\bnext steps\b|\broadmap\b|\bend of (?:feature|life|support)\b/i;

/**
 * Headings that name a version, or guide the reader, rather than a change: "7.0.0-beta.2 (2025-06-17)", "Upgrading to Rails
 * 8.1", "Redis 7.4.1 Released Wed 02 Oct 2024", "How to upgrade", a blog post's "What about tasks?", "Advanced examples",
 * GoReleaser's "Other news" and "Helping out".
 */
/** "Fixed Security issue, CVE ID: CVE-2026-7761.": a security fix named by its advisory's id and nothing else. */
const ONLY_AN_ID = withAdvisoryId(
  String.raw`^(?:fix(?:e[sd])?:?\s+)?(?:an?\s+)?(?:security\s+)?(?:issue|vulnerability|flaw|problem|fix)\s*[,:–-]?\s*(?:(?:CVE\s+)?IDs?:?\s*)?{ID}(?:\s*(?:,|and)\s*{ID})*\.?$`,
  'i',
);
/** An item that opens with a question. */
/** NCO's announcement letters its changes: "A. All numeric NCO operators support …", "B. …". */
const LETTERED_PARAGRAPH = /^\s*[A-H]\.\s+(?=\p{Lu}(?:\p{Ll}|\p{Lu}+\s))/u;
// Dibbler 1.0.0's "So is the project dead? No, I will still fix bugs occasionally.": the author asks, and answers of the project.
const ASKED =
  /^(?:(?:so|and|but|now|well),?\s+)?(?:does|do|did|is|are|was|can|could|should|will|would|what|how|why|when|where|which)\b[^.!?]{3,160}\?(?:\s|$)/i;
/** Who made a feature, told as its heading's first paragraph. */
const DEVELOPED_BY =
  /^(?:this (?:feature|change|improvement|work|addition|section)\s+(?:was|has been|is)\s+(?:developed|contributed|implemented|written|built|designed|added|sponsored|funded)(?:\s+by\b[^.]{0,120})?|(?:developed|contributed|implemented|sponsored|funded)\s+by\b[^.]{0,120})\.?\s*(?:\{[^}]*\})?$/i;
// kube's "## New Major" over "As per the new release schedule …": the kind of release, no change of it. NSS's "Distribution
// Information": where to get it.
const NOT_A_CHANGE_HEADING =
  /^(?:v?\d+\.\d+|version\b|new (?:major|minor|patch)(?: release| version)?$|distribution information$|full (?:change ?logs?|list)\b|supported (?:environments|platforms|browsers|runtimes)$|upgrad\w*|migrat\w*|install\w*|getting started|credits|brought to you by|(?:(?:a\s+)?(?:special|many|big)\s+)?(?:thanks|thank ?you)\b|how to\b|how can i\b|supporting\b|sponsor\w*|learn more|wrapping up|wrap-?up|in conclusion|conclusion|closing (?:thoughts|words)|final (?:thoughts|words)|what['’]?s next|next steps|looking (?:ahead|back)\b|try (?:it|v?\d[\w.]*)\b|create an? new project$|faq$|frequently asked questions$|get involved|helping out|how to help|other news|acknowledge?ments?|report\w* (?:bugs?|problems?|issues?)|bug reports?|feedback|(?:share|send|give) (?:us )?(?:your )?(?:feedback|thoughts)\b|getting help|downloads?\b|mailing lists?|(?:release )?comments?$|(?:advanced |more )?examples?(?:\s+\d+)?$|where to (?:get|download|find)\b|support (?:the |our )?(?:team|project|us|maintainers|development|developers)\b|donat\w*|caveats\b|(?:known\s+(?:[\w-]+\s+)?(?:limitations|issues)|limitations)\b|on this page\b|tl;?\s?dr\b|table of contents\b|background\b|introduction\b|about\b|(?:important )?announcements?$|executive summary\b|more information$|for more (?:information|details)\b|(?:basic )?(?:[\w-]+ )?facts$|(?:\.{3}|…)?\s*and (?:much |so much |many )?more\b!?)|release notes|\brelease (?:schedule|cadence|cycle|process)\b|\bsupport (?:policy|schedule|life ?cycle)\b|\b(?:code )?signing policy$|\bv?\d+\.\d+(?:\.\d+)*\b.*\breleased\b|\?\s*$|\b(?:does|do|did|will) not (?:close|fix|cover|include|address|change)\b|\bout of scope\b|^what['’]?s new in (?:this (?:release|version)|(?:[\w.+-]+\s+){0,3}(?:version\s+)?v?\d[\w.-]*)$/i;
// (JHipster's "What's new in this release" over "Apart from the security vulnerability, this is a minor release …": the release.)
// (OneDrive Client for Linux's "### Special Thankyou": whom the release thanks.)
// (KallistiOS' "# What's New in Version 2.2.0" over "There are three major changes in v2.2.0 …" likewise, and Spring
// Security's "= What's New in Spring Security 7.0".)
// (Atlas' "Wrapping Up" closes its post: "that's all for this release!"; HHVM 4.0's "New Release Schedule" tells how later
// releases will come.)
// (DVC 1.0's "For more information on the new features..." points at the docs.)
// (ESAPI's "Important Announcement", "Executive Summary: Important Things to Note for this Release" and "Basic ESAPI facts"
// are about the project or the release, none a change; vm2's "What this fix does NOT close" is what the release leaves.)
/** Popeye's "🎉 Feature Release 🥳" over what it brings: the kind of release it is, no change of it. */
const NAMES_THE_RELEASE = /^[^\p{L}]*(?:feature|maintenance|bug[- ]?fix|patch|point|minor|major|service)\s+release[^\p{L}]*$/iu;
const INTRODUCES_A_THING = /^introducing\s+(?!.*(?:\d+\.\d|\brelease|\bversion|\bnotes\b))\S/i;
/** A bullet linking to a section of the page itself: an entry of a table of contents. */
const TOC_ENTRY = /^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]+\]\(#[^)\s]+\)/;
/** A heading that titles the release itself, whose first paragraph opens the notes: a version, "Release notes", "What's new", "Overview". */
const RELEASE_TITLE =
  /\d+\.\d+|\d{4}|\brelease|\bnotes\b|what['’]?s new|\bhighlights?\b|\boverview\b|\bsummary\b|\bintroduc|\bannounc|\bchange ?log\b|\bchanges\b/i;
// OpenZiti's "## Backward Incompatible Changes to pre-1.0 releases": what breaks, and since which releases; SingularityCE's
// "### Changed Defaults / Behaviours" what now behaves otherwise.
// http-kit's "## Security and compatibility note ⚠️" over what the release now rejects: a note's title, its paragraph the change.
// devenv 1.11's "### For module authors" over what they may now do: whom a section speaks to, no change of its own.
const SECTION_TITLE =
  /\b(?:changes|notes?|notices?|updates|deprecations|removals|improvements|enhancements|fixes|features|highlights|overview|summary|contents|noteworthy|security\s+update)(?:\s|:|⚠\uFE0F?|🚨)*$|^for\s+(?:[\w-]+\s+){0,2}(?:authors|developers|users|maintainers|contributors|administrators|admins|packagers|integrators|operators|translators)$|\b(?:breaking|incompatible)\s+changes\s+(?:to|in|for|since|from)\s+\S+(?:\s+\S+){0,3}$|^changed\s+(?:defaults?|behaviou?rs?)(?:\s*\/\s*(?:defaults?|behaviou?rs?))?$/i;
const PART_NOW_DOES = /^\p{Lu}[\w.-]*(?:\s+[\w.-]+){0,3}\s+now\s+(?:supports?|allows?|handles?|includes?|ships?|offers?)\s/u;
const THIS_RELEASE_CHANGES = /^this (?:release|version) (?:adds|reverts|fixes|removes|drops|deprecates|introduces|changes|restores|updates|replaces)\b/i;
/** Of those, one that says the release fixes something ("This patch release fixes …", "The update mainly fixes …"): a fix. */
// CFITSIO 4.2.0's "This release includes patches to security vulnerabilities.": what it includes fixes them.
const RELEASE_FIXES =
  /^(?:this|the)\s+(?:\w+\s+)?(?:release|version|update)\s+(?:also\s+|mainly\s+|mostly\s+)?(?:fix(?:es)?|(?:includes|contains)\s+(?:patches|fixes)\s+(?:to|for))\b/i;
/**
 * What such a sentence fixes is a flaw: Strawberry's "This release fixes two security vulnerabilities … (CVE-…, CVE-…)",
 * util-linux's "This release fixes two security mount(8) and umount(8) issues".
 */
const fixesFlaws = (text: string) =>
  namesAdvisory(text) || namesFlaw(text) || /\bsecurity\b[^.]{0,40}\b(?:issues?|vulnerabilit\w*|flaws?|bugs?|problems?|holes?)\b/i.test(text);
/**
 * "This release has no breaking changes.", "No features were deprecated in this release.", xrdp's "No new features in this
 * release.", Cozystack's "No breaking changes in this release.", "None.": that nothing of a kind happened.
 */
// ggez 0.9.0's "## Added" over "None, just minor but breaking changes.": nothing was added. CPAN.pm 1.93's "* this is release
// 1.93", "* highlights include:" and "* no changes against 1.92_66 except in the distroprefs directory": no change either.
const NOTHING_CHANGED =
  /^(?:(?:this (?:release|version)|[\w.-]+(?: [\w.-]+)? v?\d+(?:\.\d+)+) (?:has|contains|includes|introduces|brings) no\b|there (?:are|were) no\b|no (?:new )?(?:features?|changes?|breaking changes?|deprecations?|apis?|functionality|options?|removals?) (?:were|was|have been|has been|are|is)\b|no (?:new |other )?(?:features?|changes?|breaking changes?|bug ?fixes|fixes|improvements?|internal changes?)(?: other than [^.]{1,60})? in this (?:release|version)\.?$|(?:none|n\/a|nothing(?: in particular| of note)?)\.?$|none,\s+(?:just|only)\b|this is (?:the )?(?:release|version) v?\d[\w.]*\.?$|(?:the\s+)?highlights?(?:\s+(?:include|are))?\s*[:.]?$|no (?:code )?changes (?:against|from|since) v?\d[\w.]*\s+except\b|for (?:more )?details,?\s+see\s+below\b|no (?:code )?changes (?:from|since) v?\d+(?:\.\d+)+\b|(?:[\w ./-]{1,30}:\s+)?no (?:code )?changes\.?$|no other [\w -]{1,40}? (?:is|are|was|were) (?:affected|impacted|changed)\b)/i;

/** A sentence leading into the list below it: "This release contains fixes for those issues:", "The following were fixed:". */
const LEAD_IN = /^(?:this (?:release|version|update)|these|the following|here are|below are|we)\b.*\s\S+.*\s\S+/i;

/** A heading that names a kind of change ("Breaking changes", "Bug fixes") rather than one change. */
function titlesAKind(text: string): boolean {
  // Cargo's "🎉 The unstable features … have been stabilized. These features consolidate … Notable changes:" over its details
  // is a change that closes on a label: a title is a few words.
  // NNG's "Notable Changes (since 1.6.0)": the range a title's changes span is no word of it.
  const title = text.replace(/\s+\((?:since|from|after)\s+v?\d[^()]*\)$/i, '');
  const words = title.split(/\s+/).length;
  return sectionKind(title) !== null && ((SECTION_TITLE.test(title) && words <= 8) || words <= 3);
}

/**
 * Whether an empty kind heading ("### Breaking changes") titles the headings of its own level that
 * follow it, each naming one change (Grafana): they are read as its children until a heading
 * that titles a kind again ("### Deprecations").
 */
export function titlesSiblings(empty: string, next: string): boolean {
  const kind = sectionKind(empty);
  // Plausible's empty "### Removed" before "### Changed": a Keep a Changelog section is a kind of its own, never a change.
  return (
    titlesAKind(empty) && kind !== 'other' && kind !== 'internal' && !titlesAKind(next) && !TITLES_A_RANGE.test(next) && !KEEP_A_CHANGELOG_SECTION.test(next)
  );
}
const KEEP_A_CHANGELOG_SECTION = /^(?:added|changed|deprecated|removed|fixed|security)$/i;
/** oauth2-proxy's "Changes since v7.15.1", "All commits between v1 and v2": a heading over every change of a range, not one change. */
const TITLES_A_RANGE = /^(?:all\s+|full\s+)?(?:changes|commits|merged pull requests)\s+(?:since|between|from)\s/i;

/** A bullet over others that only names their group: a kind ("* Bug fixes"), or a word in capitals (Gitea's "* BUGFIXES", "* MISC"). */
/** merlin's "+ merlin library", "+ merlin binary", "+ test suite" over their changes: a part of the product, naming no change. */
const COMPONENT_LABEL =
  /^(?:[\w.+-]+\s+)?(?:library|libraries|binary|binaries|server|client|cli|daemon|plugins?|extensions?|api|core|frontend|backend|runtime|sdk|test suite|tests|docs|documentation)$/i;

/** coturn's "merge PR #575: (by osterik)" (its number gone with its reference): a merge, who made it, then the change. */
const MERGED_PULL_REQUEST = /^merge(?:d)?\s+(?:PR|pull request)\b\s*:?\s*(?:\(by\s+[^()]{1,40}\)\s*)?\*?\s*/i;

export function namesAGroup(label: string): boolean {
  return titlesAKind(label) || /^\p{Lu}[\p{Lu}\d &/-]{2,30}$/u.test(label);
}

/** Whether a later bullet at `indent` of the same list, before anything shallower, is a kind's label over bullets of its own. */
function groupLabelFollows(lines: string[], from: number, indent: number): boolean {
  for (let at = from; at < Math.min(lines.length, from + 200); at++) {
    const line = lines[at]!;
    if (line.trim() === '') continue;
    const depth = indentOf(line);
    if (depth < indent || (depth === indent && !BULLET.test(line))) return false;
    if (depth > indent) continue;
    const label = line.match(BULLET)![2]!.replace(/:$/, '');
    const next = lines.slice(at + 1).find((after) => after.trim() !== '');
    if (titlesAKind(label) && next !== undefined && indentOf(next) > indent && BULLET.test(next)) return true;
  }
  return false;
}

/** Whether every bullet at `indent` under the line before `from` (0-based), `least` of them or more, leads as `lead` says. */
function childrenLead(lines: string[], from: number, indent: number, lead: RegExp, least: number): boolean {
  let seen = 0;
  for (let at = from; at < lines.length; at++) {
    const line = lines[at]!;
    if (line.trim() === '') continue;
    const depth = indentOf(line);
    if (depth < indent) break;
    if (depth > indent || !BULLET.test(line)) continue;
    if (!lead.test(line.match(BULLET)![2]!)) return false;
    seen++;
  }
  return seen >= least;
}
/** Whether the bullets under a line each lead with a change's verb. */
const childrenAreChanges = (lines: string[], from: number, indent: number, least = 2) => childrenLead(lines, from, indent, CHANGE_LEAD, least);
/** Whether the bullets under a line each lead with an advisory's id ("- CVE-2022-24805 A buffer overflow …"). */
const FOLLOWING_WERE_MADE =
  /\b(?:the\s+)?following\s+(?:[\w-]+\s+){0,2}(?:changes|limitations|restrictions|improvements|fixes|additions|removals)\s+(?:were|have\s+been|are|has\s+been)\s+(?:made|introduced|added|applied|put in place)\b[^.!?]*$/i;
const childrenLeadWithAdvisories = (lines: string[], from: number, indent: number) => childrenLead(lines, from, indent, ADVISORY_LEADS, 1);
const ADVISORY_LEADS = withAdvisoryId(String.raw`^(?:\*\*|\[)?{ID}\b`, 'i');
/** Stripe's "[#1667](…) Update generated code" over the changes the generator made, each its own bullet. */
const GENERATED_CODE = /^(?:update[sd]?|regenerate[sd]?)\s+(?:the\s+)?(?:auto-?)?generated\s+code$/i;
const CHANGE_LEAD =
  /^(?:⚠\uFE0F?\s*)?(?:[\w.-]+:\s+)?(?:add(?:s|ed)?|remove[sd]?|fix(?:e[sd])?|improve[sd]?|update[sd]?|support(?:s|ed)?|deprecate[sd]?|rename[sd]?|replace[sd]?|drop(?:s|ped)?|change[sd]?)\b/i;

/** A line ending in a colon, inside bold or not: "* breaking:", Blender 3MF's "* **Code Quality:**". */
export const ENDS_WITH_COLON = /:(?:\*\*|__)?\s*$/;

/** A few words naming a part, with no sentence's end: "data files", "Lua scripting", Rouge's "Apache Thrift Lexer (**NEW**)". */
const SHORT_LABEL = /^\p{L}[\p{L}\d.+/-]*(?:\s+[\p{L}\d.+/-]+){0,2}(?:\s+\((?:new|beta|experimental)\))?$/iu;

const indentOf = (line: string) => {
  const indent = line.match(/^\s*/)![0];
  return indent.includes('\t') ? indent.replace(/\t/g, '    ').length : indent.length;
};

/**
 * A leading package label (`[jest-config]`) or git-cliff scope (`**(cache)**`, not Node's
 * `**(CVE-…)**` or `**(SEMVER-MINOR)**` marks) only groups; the change's words stay, scopes written
 * into the sentence (`ssr:`) included.
 */
// Yii's "CVE-2026-39850, Isolate internal variables …": the id set off by a comma before the change's own words.
const BRACKETED_ADVISORIES = withAdvisoryId(String.raw`^(?:\[({ID}(?:,\s*{ID})*)\]\s+|({ID}),\s+(?=\p{Lu}))(.+)$`, 'iu');
/**
 * The words after a bracketed scope. gallery-dl's "[bakashots] add support", "[readcomiconline] remove module": where the words
 * say nothing without it, the scope is what was added or removed; "[manganelo] add `genre` extractor" keeps it as its scope.
 */
function scopedWords(scope: string, words: string): string {
  if (/^[a-z][a-z\d]*(?:_[a-z\d]+){2,}$/.test(scope)) return `${scope}: ${words}`;
  if (!/^[\p{L}\d][\p{L}\d._-]{1,30}$/u.test(scope) || words.split(/\s+/).length > 3) return words;
  const support = words.match(/^((?:add(?:s|ed)?|drop(?:s|ped)?|remove[sd]?)\s+support)\.?$/i);
  if (support) return `${support[1]} for ${scope}`;
  const part = words.match(/^((?:add(?:s|ed)?|remove[sd]?|drop(?:s|ped)?|delete[sd]?))\s+(module|extractor|plugin|backend|provider|driver|site)\.?$/i);
  if (part) return `${part[1]} the ${scope} ${part[2]}`;
  return `${scope}: ${words}`;
}

function stripScope(text: string, code: string[] = []): string {
  // protobuf-net's "**fix**: `[ProtoPartialMember(…)]` was silently ignored": an attribute written as code, the sentence's
  // subject, no label (Jest's "`[jest-config]` Add …" is one: a package's name, then the change's own words).
  const coded = code.some((span) => span.startsWith('[') && text.trimStart().startsWith(span));
  const subject = (scope: string, words: string) => coded && (scope.includes('(') || /^\p{Ll}/u.test(words));
  return (
    text
      .trim()
      // A leading advisory id (`[CVE-2024-26130] Upgraded …`) is what the change fixes: it goes last, not away.
      .replace(BRACKETED_ADVISORIES, (_, ids: string | undefined, id: string | undefined, words: string) => withAdvisory(words, ids ?? id!))
      // Dropbear's "- >> \"permitlisten\" lines will now be ignored …": a mark its legend explains, not the change's words;
      // the Kubernetes provider's "* * Add support for …", a bullet typed twice.
      .replace(/^(?:>{1,3}|[*-])\s+(?=\S)/, '')
      // phpBB's "[PHPBB-17480] - PHP fatal error …": the dash after the label parts it from the words.
      // The Terraform provider's "[datadog_dashboard_v2] Add list stream data sources": a resource named in code is what the
      // change is to, kept as its scope; a tracker's key or a component's name goes.
      // Matterbridge's "[childbridge]: Fixed nodeLabel …": a component in lower case set off by a colon goes; psutil's
      // "[macOS]: …", a platform's name, stays.
      .replace(/^\[(\p{Ll}[^\]\p{Lu}]*)\]:\s+(?=\S)/u, '')
      .replace(/^\[([^\]]+)\]\s+(?:[-–—]\s+(?=\S))?(.*)$/, (whole, scope: string, words: string) => (subject(scope, words) ? whole : scopedWords(scope, words)))
      .replace(/^(?:\*\*)?\((?!CVE-|SEMVER-)[\w./@-]+\)(?:\*\*)?\s+(?=\S)/, '')
      // BiocParallel's "(1.33.8 / v 1.32.5) set socket idle timeout …": the versions a change went into, backports too.
      .replace(/^\((?:v\s?)?\d+(?:\.\d+)+(?:\s*[/,]\s*(?:v\s?)?\d+(?:\.\d+)+)+\)\s+(?=\S)/, '')
      // Red's "Cogs - Audio - Fixed YT live stream detection": a path of components, each a word or two, before the words.
      .replace(/^(?:\p{Lu}[\p{L}\d]*(?:\s\p{L}[\p{L}\d]*)?\s[-–]\s){2,4}(?=\p{Lu})/u, '')
  );
}

/** Ghidra's "(GP-4297, Issue #6177)": a tracker's key and number; four digits or more, so "(SHA-256)" or "(UTF-8)" is a name. */
const TRACKER_KEY = String.raw`[A-Z][A-Z\d]+-\d{4,}\b`;
const NOT_A_TRACKER = '(?!(?:CVE|GHSA|CWE|ISO|RFC|ECMA|IEEE|IEC|ANSI|UTF|SHA|ES|PEP|JEP|KEP|EIP|BIP|ERC)-)';
const BARE_TRACKER_KEY = new RegExp(String.raw`(?<=\p{L})\s+(?:${NOT_A_TRACKER}(${TRACKER_KEY})|\((?!cve-|ghsa-|cwe-)(\p{Ll}{2,5}-\d{4,})\))(?=\.?\s*$)`, 'u');
/** A tracker's id as written beside a change: `#12`, `owner/repo#12`, `GH-12`, `JIRA-12`, Phabricator's `T1234`. */
const TRACKER_ID = String.raw`(?:[\w.-]+\/[\w.-]+)?#\d+|[A-Z][A-Z\d]*-\d+|[A-Z]\d{3,}`;
/** A link whose words are only a tracker's id ("[Taiga #13317](…)", "[Issue #12](…)", "[GH-12](…)", "[PR #5](…)", "[GH1196](…)"). */
const TRACKER_LINK = new RegExp(String.raw`\[\s*((?:[A-Za-z][\w-]*\s*)?(?:${TRACKER_ID}))\s*\]\((https?:\/\/[^)\s]+)\)`, 'g');
/**
 * Roslynator's "[RCS1258](…/analyzers/RCS1258)": a page named by the link's words, outside a tracker, is that thing's, a name
 * of the product's own (not YouTrack's "[KTOR-7961](…/issue/KTOR-7961)").
 */
const namesItsPage = (label: string, url: string) =>
  /^[A-Z]+\d+$/.test(label) &&
  !/\/(?:issues?|pulls?|bugs?|tickets?|browse|tracker)\//i.test(url) &&
  url
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .split('/')
    .at(-1) === label;
const ID_OR_LINK = String.raw`(?:\[#\d+\]\(https?:\/\/[^)\s]+\)|#\d+)`;
const LABELLED_IDS = new RegExp(
  String.raw`^(\s*)(?:[A-Z]{3,}\s+)?(New|Add|Added|Feature|Improved|Improvement|Change|Changed|Fix|Fixed|Security)\s*:\s*(${ID_OR_LINK}(?:\s*,\s*${ID_OR_LINK})*)\s*:\s*(\S.*)$`,
);
/** Links cleanInline already reads as references, in their order among the others. */
const READ_AS_REFERENCE = /^(?:(?:PR|pull request|issue|bug|MR)\s*)?(?:[\w.-]+\/[\w.-]+)?#\d+$/i;
/** Sphinx's roles for a tracker's entries (`:issue:`1389``, `:pull:`1720``), read as references by cleanInline. */
const ROLE = String.raw`:[\w-]+(?::[\w-]+)?:\`[^\`]+\``;
/** A tracker's short address written without a scheme (mGBA's `mgba.io/i/3404`): a host, a path, a number last. */
const SHORT_ADDRESS = String.raw`[a-z\d-]+(?:\.[a-z\d-]+)+\/(?:[\w.-]+\/)*\d+\b`;
/** A reference as written in a bracket of pointers: an id, an address, a link whose words are a `#12`, a role. */
const REFERENCE = String.raw`(?:${SHORT_ADDRESS}|${TRACKER_ID}|<https?:\/\/[^>\s]+>|\[(?:[\w.-]+\/[\w.-]+)?#\d+\]\(https?:\/\/[^)\s]+\)|${ROLE})`;
const REFERENCES = new RegExp(REFERENCE, 'g');
/** Ids in brackets closing a change ("… upload.  [T7333]", "[JIRA-12, JIRA-13]"), once their links became addresses. */
const TRACKER_BRACKET = new RegExp(String.raw`\s*\[\s*(${REFERENCE}(?:(?:\s*[,;]\s*|\s+)${REFERENCE})*)\s*\]\s*(\.?)\s*$`);
/**
 * What a pointer in brackets holds: a reference, a verb that closes one ("fixes #12") or names its tracker (Botan's "GH #5510",
 * MailKit's "issue #1989", uriparser's "GitHub #304", dateutil's "(gh issue #687, pr #700)"), a commit's hash (Firejail's "(cbf4308 c8a6707)"), a handle, a link to either; not a bare "(UTF-8)",
 * which names a thing.
 */
const POINTER = String.raw`(?:(?:fix(?:es|ed)?|closes?|closed|resolves?|resolved|refs?|[Ss]ee(?:\s+also)?:?|PRs?|MRs?|GH|GitHub|[Ii]ssues?|[Bb]ugs?|(?:gh\s+)?(?:issues?|prs?)|[Pp]ull\s+req(?:uest)?s?|[Mm]erge\s+req(?:uest)?s?)\s+)?(?:${SHORT_ADDRESS}|${ROLE}|(?:[\w.-]+\/[\w.-]+)?#\d+|${TRACKER_KEY}|<https?:\/\/[^>\s]+>|\[(?:[\w.-]+\/[\w.-]+)?#(?:\d+|[0-9a-f]{7,40})\]\(https?:\/\/[^)\s]+\)|(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}\b)|\*{0,2}@[\w-]+\*{0,2}|\[[\w.-]+\]\(https?:\/\/github\.com\/[\w-]+\/?\)|\[@[\w-]+\]\(https?:\/\/[^)\s]+\)`;
// (PRQL's "(@aljazerzen & @max-sixty, #4125)" joins two with "&".)
// (Sniffnet's "([#1056](…) — fixes [#170](…))": the pull request, then the issue it fixes, set off by a dash.)
const POINTER_GROUP = new RegExp(String.raw`\s*\(\s*((?:${POINTER})(?:(?:\s*[,;&—–]\s*|\s+and\s+|\s+)(?:${POINTER}))*)\s*\)\s*(\.?)\s*$`);
const ISSUE_TITLE_ACTS = new RegExp(String.raw`^(?:${ACTION_VERBS})\b`, 'i');
/** Sparkle's "… locale (#2532) (Sjur N Moshagen, Zorg)": the names in a bracket after the pull request's are who made it. */
const NAMES_AFTER_POINTER = /(\s*\(\s*#\d+(?:\s*,\s*#\d+)*\s*\))\s*\(([^()]{2,120})\)(?=\.?\s*$)/;
function creditedNames(inside: string): boolean {
  const names = inside.split(/\s*,\s*|\s+and\s+|\s*&\s*/);
  // Each a name in capitals, initials too ("Sjur N Moshagen"); not a platform or a kind ("(#12) (Windows)", "(#12) (Experimental)").
  return names.every((name) => CAPITALISED_NAME.test(name) && sectionKind(name) === null && !NO_PERSON.test(name));
}
const CAPITALISED_NAME = /^\p{Lu}[\p{L}\p{M}'’.-]{0,30}(?: \p{Lu}[\p{L}\p{M}'’.-]{0,30}){0,3}$/u;
/** A word in capitals after a pull request that names where or how far a change goes, not who made it. */
const NO_PERSON = /^(?:windows|macos|linux|ios|android|web|wasm|freebsd|openbsd|netbsd|unix|posix|docker|breaking|experimental|internal|deprecated)$/i;
const LEADS_TO_REFERENCE = /\s+(?:with\s+(?:a\s+)?)?(?:fix(?:es)?\s+)?(?:for|in|by|see|from|via)(\.?)\s*$/i;
/**
 * opam's "[#6938 @WardBrian @rjbou - fix #6919]", "[#6851 @kit-ty-kate - partial fix #6848]" closing an entry: the pull
 * request, its authors and the issues it fixes.
 */
const PULL_AND_HANDLES = /(?<!\s)\s*\[\s*((?:#\d+|@[\w-]+)(?:\s+(?:#\d+|@[\w-]+|-|partial|fix(?:es)?|closes?))*)\s*\]\s*(\.?)\s*$/i;
/**
 * Apache's "[Yann Ylavic]", "[Ruediger Pluem, Yann Ylavic]", "[Ingo Franzki <ifranzki linux.ibm.com>]" closing an entry;
 * Liquid's "… capture tags by [Alok Swamy]" leads it with "by".
 */
const NAMES_BRACKET = /(?:\s+by)?\s*\[\s*([^[\]]{2,200})\]\s*$/;
/** A closing square bracket of people's names (and their addresses) is a credit; "[Breaking Change]" names a kind. */
function namesOnly(whole: string, inside: string): string {
  const names = inside.split(/\s*,\s*|\s+and\s+/).map((name) => name.replace(/\s*<[^>]*>\s*$/, '').trim());
  const people = names.every((name) => isName(name) && sectionKind(name) === null);
  return people && names.some((name) => PERSON_NAME.test(name)) ? '' : whole;
}
/** A closing bracket of names and pull requests: "(ygale, PR 21675)", "(Ana Lima, Bo Chen, PRs [12](…), [13](…))". */
const PR_ID = String.raw`(?:\[\d+\]\(https?:\/\/[^)\s]+\)|#?\d+)`;
/** Whether a text could close with a commit's hash or "et al." (TRAILING_COMMITS), asked of its last character. */
const endsWithHexOrEtAl = (text: string) => {
  const end = text.trimEnd();
  return /[\da-f]/.test(end.charAt(end.length - 1)) || end.endsWith(' al') || end.endsWith(' al.');
};
/** Whether a text's last mark, before a closing stop and spaces, is `mark`: a far cheaper question than a pattern anchored at the end, which is tried from every position. */
const closesWith = (text: string, mark: string) => {
  const end = text.trimEnd();
  return end.endsWith(mark) || end.endsWith(`${mark}.`);
};
const CREDIT_WITH_PR = new RegExp(String.raw`\s*\(\s*([^()[\]]{2,120}?)\s*,\s*(PRs?\s*${PR_ID}(?:\s*(?:,|and)\s*(?:PR\s*)?${PR_ID})*)\s*\)\s*(\.?)\s*$`);
const RST_NAMED_CREDITS = /\s+(`[^`\n]{2,60}`_(?:(?:,\s*|\s+and\s+)`[^`\n]{2,60}`_)*)\s*$/;
/** The last bracket closing an item, closed or left open after a comma. */
const CLOSING_BRACKET = /\s*\(([^()]{2,200}?)(?:\)\s*(\.?)|,\s*)\s*$/;
/** The ids of a closing bracket that holds only pull requests and people's full names, each at least once; else null. */
function idsOfCredit(inside: string, stop = ''): string | null {
  // Uppy's "(Merlijn Vos / #5778)" parts them by a slash.
  const parts = inside
    .split(/[,/]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  // Mido's "(@akx, pull request #483)", "(Ole Martin Bjørndalen, pull request #408, with additional cleanup from @rdoursenaud)":
  // the tracker's word before the number, and a handle credited for a part of the work.
  const idOf = (part: string) => part.match(/^(?:(?:pull request|PR|issue|bug)\s+)?(#\d+)$/i)?.[1];
  const ids = parts.map(idOf).filter((id) => id !== undefined);
  const names = parts.filter((part) => idOf(part) === undefined);
  // Uppy's "(Prakash / #5775)": beside its pull request, one capitalised word is a name too.
  // ("(Windows, #123)" says where, and stays.)
  const named = (name: string) =>
    PERSON_NAME.test(name) ||
    /^@[\w-]+$/.test(name) ||
    /^(?:with\s+)?(?:(?:additional|some|more)\s+)?(?:cleanup|clean-up|help|review|input|testing|fixes)\s+(?:from|by)\s+@[\w-]+$/i.test(name) ||
    (inside.includes('/') && names.length === 1 && /^\p{Lu}/u.test(name) && ONE_NAME.test(name));
  return ids.length > 0 && names.length > 0 && names.every(named) ? `${stop} ${ids.join(' ')}` : null;
}
/** "bug #58327 [FrameworkBundle][Lock] Throw … (nicolas-grekas)": a kind word and a ticket number, components, the words, an author. */
const TICKET_LED = /^\s*(bug|feature|security)\s+#(\d+)\s+((?:\[[^\]\s][^\]]*\]\s*)*)(\S.*?)(?:\s+\(([^()]{2,60})\))?\s*$/i;
const TICKET_KIND: Record<string, string> = { bug: 'fix', feature: 'feat', security: 'security' };
/** Tracker ids a change opens with, each followed by a comma: "#5919, GT-584, ", "GH-12, ", "OSSFuzz 544223869, ". */
// MathLive's "**#2647**, **#2634**, **#2562** Some accents …": in bold, the last one before the words with no comma.
const LEADING_IDS =
  /^\s*((?:(?:\*\*)?(?:#\d+|[A-Z][A-Za-z]*-\d+|\p{Lu}[\p{L}]+ \d{5,})(?:\*\*)?\s*,\s*)+(?:(?:\*\*)?#\d+(?:\*\*)?\s+(?=\p{Lu}))?|\*\*#\d+\*\*\s+(?=\p{Lu}))(?=\S)/u;
/**
 * A tracker's key leading the words, after any Conventional Commit type: "feat: EXPOSED-1032 Add query timeout …". Not a
 * name with a number ("SHA-256 Hashes", "HTTP-2 Support"): those are the change's words.
 */
// The MongoDB driver's "**NODE-5510:** dont filter change stream options": the key as a label, over words in lower case.
// TestNG's "New:   GITHUB-2874: Allow users to define …", "Fixed: GITHUB-3064: TestResult lost if …": after a kind's label too.
const LEADING_KEY =
  /^(\s*(?:[a-z]+(?:\([^)]*\))?!?:\s+|(?:New|Added|Fixed|Changed|Removed|Improved|Fix|Feature|Bugfix):\s+)?)(?:\*\*)?(?!(?:SHA|AES|RSA|HTTP|TLS|SSL|UTF|ISO|IEC|RFC|MD|ECDSA|ED)-)([A-Z][A-Z\d]+-\d{2,})(?:(?:\*\*)?:(?:\*\*)?\s+|\s+(?=\p{Lu}))/u;
/**
 * A closing bracket that says who reviewed, reported or analysed the change (OCaml's "(Jan Midtgaard, review by Gabriel
 * Scherer)", PostGIS's "(reported by Ana Lima; fixed by Bo Chen)"): its credits, not its words. "(fixed by using a lock)"
 * names no one.
 */
const CREDIT_BRACKET =
  /\s*\(([^()]*\b(?:review(?:ed)?|reports?|reported|analy[sz]is|analy[sz]ed|fix(?:ed)?|patch(?:ed)?|suggest(?:ed|ion)|request(?:ed)?|contributed|implemented|written|help(?:ed)?|tested|testing)\s+(?:by|from)\s+\p{Lu}[^()]*)\)[\s.]*$/u;
/** XStream's "(by Vladislav Rassokhin of JetBrains)", "(by Basil Crow)": who made the change, closing it. */
/** A package and the version it moved to: "`pkg` - `v0.2.0+15`", or CKEditor's "@ckeditor/ckeditor5-dev-ci: v59.1.0 => v60.0.0". */
const PACKAGE_AT_VERSION = /^@?[\w.-]+(?:\/[\w.-]+)?(?: ?[-–:@] ?| )(?:v?\d+(?:\.\d+)+[\w.+-]*\s*(?:=>|->|→)\s*)?v?\d+(?:\.\d+)+[\w.+-]*\.?$/;
const CREDIT_BRACKETS =
  /(?:\s*\[(?:GitHub|GH|GitLab|Bug|Issue|PR)\s*#\d+\]|\s*\[(?:Patch|Reported|Suggested|Fixed|Reviewed|Contributed|Requested|Found|Written) by [^\]]{2,80}\])+(?=[\s.]*$)/gi;
const ADVISORY_IN_BRACKET = /^(?:CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})$/i;
// (pysaml2's "Fix processing of invalid SAML XML documents - [CVE-2021-21238]": the dash that set the ids off goes with them.)
const IDS_WITH_ADVISORIES =
  /(?:\s+[-–—])?\s*\[\s*((?:[A-Z]\d{3,}|CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})(?:\s*,\s*(?:[A-Z]\d{3,}|CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}))*)\s*\](?=[\s.]*$)/i;
const COMMIT_HASH = String.raw`(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}`;
const TRAILING_COMMITS = new RegExp(String.raw`(?:\s+[-–—]\s*|\s+)((?:${COMMIT_HASH}(?:\s*,\s*|\s+))*${COMMIT_HASH})(?:\s+et al\.?)?\s*$`);
const NUMBERED_CREDIT = /\s*\(\s*((?:(?:pr|issue|gh)\s*#?\d+\s*,\s*)+)by\s+[\w.-]+(?:\s*[,&]\s*[\w.-]+|\s+and\s+[\w.-]+)*\s*\)(?=[\s.]*$)/i;
const BY_NAME_BRACKET = /\s*\(\s*by\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}(?:\s+(?:of|from|at)\s+[^()]{2,40})?\s*\)[\s.]*$/u;
/** eww's "(By: Adrian Perez de Castro)", "(By: RegenJacob)": the label says who made it, whatever the name's shape. */
const BY_LABEL_BRACKET = /\s*\(\s*by:\s*[^()\s][^()]{0,60}\)[\s.]*$/i;
/** XStream's "GHPR:#331, GHI:#326: Fix …": the pull requests and issues a change closes, each labelled by its tracker, before it. */
const TRACKER_LABELLED_IDS = /^\s*((?:[A-Z]{2,6}:#\d+\s*,\s*)*[A-Z]{2,6}:#\d+):\s+(?=\S)/;
/**
 * An advisory's page given in brackets: a reference the reader knows by its id. The id stays out of the words: the
 * checker grounds no word written only inside an address.
 */
const ADVISORY_URL = /(?<!\])\(\s*<?(https?:\/\/[^\s()<>]+\/advisories\/(GHSA(?:-[0-9a-z]{4}){3}))>?\s*\)/gi;

/**
 * Devise's "… an email they don't own [CVE-2026-32700](…) [GHSA-57hq-95w6-v4fc](…)": ids closing the words, out of any
 * bracket, are the advisory's, set in one as a sentence names them; one id alone ("… includes fixing CVE-2024-37676") is often
 * the sentence's own object.
 */
const HEARTED_CREDIT = /\s*\(\s*@?[\w.-]+(?:(?:\s*[,&]\s*|\s+and\s+)@?[\w.-]+)*\s*(?:❤\uFE0F?|♥\uFE0F?|💖|💙|💜|🧡|💚|🙏)\s*\)/gu;
const RESOLVE_ID_RUN_IN = withAdvisoryId(String.raw`(?<=\S)\s+Resolve[sd]?\s+({ID}(?:,\s*{ID})*)(?=\s*(?:\(|$))`, '');
const NAMES_AN_ADVISORY = new RegExp(ADVISORY_ID_START, 'i');
/** iperf's "SECURITY NOTE: Thanks to … for discovering a … vulnerability": the thanks leading what was found. */
const THANKS_FOR_FINDING_LEAD = new RegExp(`^(\\s*(?:Security:\\s+)?)${THANKS_FOR_FINDING.source}\\s+(a|an|the)\\s+`, 'i');
/**
 * uriparser's "* Fixed: [CVE-2026-44927]" over "Stop truncating `ptrdiff_t` to `int`": the fix's ids before its own sentence,
 * which says what was fixed; the ids close it, as other notes write them.
 */
const FIXED_IDS_FIRST = withAdvisoryId(String.raw`^(?:Fixed|Fixes|Fix|Security(?: fix)?)\s*:?\s*\(({ID}(?:,\s*{ID})*)\)\s+(\p{Lu}[^()]*?)\.?$`, 'u');
const LOOSE_CLOSING_IDS = withAdvisoryId(
  String.raw`^((?:\S+\s+){4,}(?!(?:fix(?:e[sd])?|for|of|in|and|or|to|address(?:e[sd])?|resolve[sd]?|patch(?:e[sd])?|fixing|vulnerabilit(?:y|ies)|issues?|see|via)\s)(?!{ID})[^\s(),:;]*[\p{L}\d"'”’])\s+({ID}(?:,?\s+{ID})+)(\.?)$`,
  'iu',
);

/**
 * An item's words before they are cleaned, with its pointers read as references: a link whose words are a tracker's id,
 * ids in brackets closing it, a closing bracket of references and handles ("(#15386, fixes #15443, @name)"), an
 * advisory's address, labelled by its id. A code span leading the words before a capitalised verb ("`inputs.cpu` Add …") is
 * the change's scope, as "inputs.cpu: Add …" writes it. Ids with no address are references without one.
 */
/** A bullet's marker and the pull request leading it ("- #8590: ", "- #1311 - "), kept. */
const PULL_REQUEST_LEAD = String.raw`^(\s*(?:[-*+]\s+)?(?:#\d+\s*[-–—:]?\s+)?)`;
/** Dokku's "- #8590: @josegonzalez Restrict app names …": who made it, after the pull request. */
const HANDLE_AFTER_PULL_REQUEST = new RegExp(String.raw`${PULL_REQUEST_LEAD}@(?!ref\b)[\w-]+(?:\s+[-–—:]\s+|\s+(?=\p{Lu}|[a-z]+(?:\([^)]*\))?!?:\s))`, 'u');
/** The DigitalOcean provider's "- #1311 - @jvasilevsky - LBAAS-3600: support …": a tracker's key before the change. */
const KEY_AFTER_PULL_REQUEST = new RegExp(String.raw`${PULL_REQUEST_LEAD}(?!${ADVISORY_ID_START})([A-Z][A-Z\d]{1,9}-\d+):\s+(?=\S)`);
/** react-native-auth0's "[ESD-30932] Improve error handling": the tracker's key it was filed under (no advisory's), no scope. */
const LEADING_TRACKER_KEY = new RegExp(String.raw`^(\s*)\[(?!${ADVISORY_ID_START}|CWE-)[A-Z][A-Z\d]+-\d+\]\s+(?=[^\s–—-])`);
/**
 * itemInline of an item's words, read once in a parse: notes repeat a line now and then ("Bug fixes", "Update dependencies";
 * 2 % of the corpus' items, 5 % of the benchmark's 50,000 characters, which join many notes), and each reading runs some
 * two hundred patterns. repoBase is the parse's own, as for cleanedOnce. Copies go out, so no caller changes what the next
 * one gets.
 */
function itemInline(written: string, repoBase: string | null): CleanText {
  return readOnce(parseMemo?.inline, written, () => readItemInline(written, repoBase));
}
const HANDLES_DID =
  /^((?:\([a-z]{2,4}\)\s+)?(?:\[#\d+\]\([^)\s]+\)\s+)?(?:[^:@\n]{1,40}:\s+)?)(?:(?:myself|I|we)(?:\s+\(@[\w-]+\))?\s+and\s+)?@[\w-]+(?:(?:\s*,\s*|\s+and\s+)@[\w-]+)*\s+(?:(?:has|have)\s+)?(added|implemented|fixed|contributed|written|created|improved|rewritten|ported|built)\b/i;
const doneByHandles = (_whole: string, lead: string, verb: string) => `${lead}${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
const LEADING_POINTER =
  /^(?:PRs?|Issues?|Pull requests?)\s+((?:\[#\d+\]\([^)\s]+\)|#\d+)(?:(?:\s*,\s*|\s+and\s+)(?:\[#\d+\]\([^)\s]+\)|#\d+))*)\s+[-–—]\s+(\S.*)$/i;
const UNPUBLISHED_KEY = /^([A-Z][A-Z\d]+-\d+)\s*\((?:not\s+public|private|embargoed|confidential)\)\s*$/;
const TRACKER_TYPE_TAGS = /^\[(Bug|Improve|Improvement|Feature|New Feature|Security)\]\s*(?:\[[\w ./-]{1,30}\]\s*)*(?=[^\s:])/i;
const trackerTypeLabel = (_whole: string, type: string) => `${TRACKER_TYPE_LABEL[type.toLowerCase()]}: `;
const TRACKER_TYPE_LABEL: Record<string, string> = {
  bug: 'Fix',
  improve: 'Improvement',
  improvement: 'Improvement',
  feature: 'Feature',
  'new feature': 'Feature',
  security: 'Security',
};
function readItemInline(written: string, repoBase: string | null): CleanText {
  // A run of spaces says nothing a single one does not, and every pattern below that starts with a space scans a run once
  // per character in it: a 50,000-character run of tabs took seconds.
  // RevenueCat's "… (#7344) via Peter Porfy (@peterporfy)": who made it, by name and handle, goes before the pointers do
  // (LocalSend's "… via command line using `--text` … (@guilhermetiscoski)" names no one after its "via").
  const raw = withAlignedTrackers(written)
    .replace(/[ \t]{2,}/g, ' ')
    // stubby4j's "PR [#446](…) - Upgrade log4j to …", "Issue [#416](…) - …": the pointer first, moved where pointers close.
    .replace(/^(?:PR|Issue|Pull request)/i.test(written) ? LEADING_POINTER : SKIP, (_whole, pointer: string, rest: string) => `${rest} (${pointer})`)
    // Avalonia 0.7's "[#1564](…) @gillibald has added support for embedded fonts …", "myself (@danwalmsley) and @kekekeks have
    // implemented a new stable backend for OSX", Log4perl's "@bokutin fixed Catalyst.pm buffer flush": who did it, then what;
    // the change is what.
    .replace(written.includes('@') ? HANDLES_DID : SKIP, doneByHandles)
    // CyberChef's "Fix XSS in Show Base64 offsets [@C85297] | [#2346]": the bar only sets the pull request off.
    .replace(written.includes('| [#') ? /\s+\|\s+(?=\[#\d+\](?:\([^)\s]*\))?\s*$)/ : SKIP, ' ')
    // InLong's "[Bug][Manager] Querying MQ messages returned incorrect results …", "[Improve][Agent] …": the tracker's type,
    // then the component, in brackets: the type is the kind's label.
    .replace(written.startsWith('[') ? TRACKER_TYPE_TAGS : SKIP, trackerTypeLabel)
    // CryptX's "bundled libtomcrypt update branch:develop (commit: d448df1 2025-05-06)": the commit it took.
    .replace(written.includes('commit') ? /\s*\(commit:?\s+[0-9a-f]{7,40}(?:\s+\d{4}-\d{2}-\d{2})?\)/gi : SKIP, '')
    // argon2-cffi's "… within [*argon2-cffi-bindings*], there're …": a reference link whose definition is not in the notes.
    .replace(written.includes('[') ? /\[([*_])([^*_\]\n]+)\1\](?![([:])/g : SKIP, '$2')
    // zizmor's "Fixed a bug where the [template-injection] audit would …": likewise, a name after "the". (Its lookbehind,
    // which V8 tries at every position, runs only where the words hold one.)
    .replace(written.includes('the [') ? /(?<=\bthe )\[([a-z][a-z\d]*(?:-[a-z\d]+)+)\](?![([:])/g : SKIP, '$1')
    // Beego's "[Add httplib OpenTelemetry Filter](https://…/pull/4888, https://…/pull/4915)": a link to two pull requests.
    .replace(/\]\((https?:\/\/[^\s(),]+)(?:,\s*https?:\/\/[^\s(),]+)+\)/g, ']($1)')
    // Rserve's NEWS: "    o<TAB>fix possible buffer overflow attacks …", its bullet a letter o that a reader of its lines left in.
    .replace(/^\s*o\s+(?=[A-Za-z])/, '')
    // Mido's "Removed support for Python 2.7. * Mido now requires Python 3.7 or higher.": a list's star run into the words.
    .replace(written.includes('*') ? /(?<=[.!?])\s+\*\s+(?=\p{Lu})/gu : SKIP, ' ')
    .replace(written.includes('@') ? /\s+via\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}\s*\(\s*@[\w-]+\s*\)\s*$/u : SKIP, '');
  const named: Reference[] = [];
  const asReferences = (ids: string) =>
    (ids.match(REFERENCES) ?? [])
      .map((id) => {
        // Quod Libet's "(:user:`abretaud`)" among the pointers: who made it, no reference.
        if (/^:(?:gh-?)?user:/.test(id)) return '';
        if (id.startsWith('<') || id.startsWith('[') || id.startsWith(':') || id.includes('#')) return ` ${id}`;
        if (id.includes('/')) {
          named.push({ kind: 'link', label: id, url: `https://${id}` });
          return '';
        }
        named.push({ kind: 'issue', label: id, url: null });
        return '';
      })
      .join('');
  // A stop the pointers closed stays, once: "… plugins. [GH-2586]" ends at "plugins.".
  const pointers = (_whole: string, ids: string, stop: string, offset: number, line: string) =>
    `${asReferences(ids)}${/[.!?]\s*$/.test(line.slice(0, offset)) ? '' : stop}`;
  // Most items have none of the closing credits below: their patterns, anchored at the end, are tried only where a
  // closing bracket could hold one (each pass costs a scan that backtracks over the whole item).
  const closing = raw.trimEnd().replace(/\.$/, '');
  let text = raw
    .replace(raw.includes('(gh ') ? CREDITS_WITH_GH_POINTERS : SKIP, (credits: string) => {
      for (const [, number] of credits.matchAll(/#(\d+)/g)) named.push(issueReference(number!, repoBase));
      return '';
    })
    // JupyterHub's "Backport PR #5461 on branch 5.x (Invalid UTF-8 JSON request body returns HTTP 500 …)": the change, backported.
    .replace(/^\s*Backport PR\s*(?:#\d+\s+)?(?:on|to)\s+branch\s+\S+\s+\(([^()]+)\)/i, '$1')
    // Active Admin's "Backport protect against CSV Injection.": the change, as it was first written.
    .replace(/^(\s*)Backport(?:ed)?:?\s+(\p{Ll})(?=\p{Ll}*\s)/u, (_whole, lead: string, first: string) => `${lead}${first.toUpperCase()}`)
    // GLib's "!4955 Backport !4954 “glib-compile-resources: Always assume …” to glib-2-86", "!4979 [glib-2-86] gbase64: Use
    // gsize …": GitLab's merge requests lead the line, and a backport is told by the title it quotes, not by its branch.
    .replace(raw.includes('!') ? /^\s*!(\d+)\s+(?=\S)/ : SKIP, (_whole, id: string) => {
      named.push({ kind: 'pull_request', label: `!${id}`, url: null });
      return '';
    })
    // Manticore's "⚠️ **v26.0.0** …", "⚠️ **[v27.0.0](…/releases/tag/27.0.0)** …": the release it first shipped in, in bold.
    .replace(
      raw.includes('*')
        ? /^(\s*(?:\p{Extended_Pictographic}\uFE0F?\s*)?)\*\*(?:v?\d+(?:\.\d+)+|\[v?\d+(?:\.\d+)+\]\(https?:\/\/[^)\s]+\/releases\/tag\/[^)\s]+\))\*\*\s+(?=\S)/u
        : SKIP,
      '$1',
    )
    // Mollie's "Fix/wrong payment details attribute": a pull request titled by its branch's name; the slash parts verb and words.
    .replace(raw.includes('/') ? /^(\s*(?:fix|feat|feature|bugfix|hotfix))\/(?=[a-z]+\s)/i : SKIP, '$1 ')
    // React Native Bottom Sheet's "**#2455:** wrong index reported by …": the issue set where a commit's scope goes is a reference.
    .replace(raw.includes('*') ? /^(\s*)\*\*#(\d+):\*\*\s+(?=\S)/ : SKIP, (_whole, lead: string, id: string) => {
      named.push(issueReference(id, repoBase));
      return lead;
    })
    // phpMyAdmin's ChangeLog: "issue #14321 [security] Remove leaked HTML …", "issue        [security] Add …": the tracker's
    // number is a reference; h2o's "[security fix][access-log] fix buffer overflow CVE-2018-0608": the tag says the kind,
    // after the component it names.
    // Roundup's "issue2551323 - Remove XHTML support.": its tracker's id, the word and the number run together.
    .replace(/^\s*issue(\d{4,})\s+[-–—:]\s+(?=\S)/, (_whole, id: string) => {
      named.push({ kind: 'issue', label: `issue${id}`, url: null });
      return '';
    })
    // Disruptor's "Issue #323 - <code>WorkerPool</code> and <code>WorkProcessor</code> have been removed": a dash after it.
    .replace(/^\s*(?:issue(?:\s+#(\d+))?\s+|[Ii]ssue\s+#(\d+)\s+[-–—:]\s+)(?=\[|\p{Lu}|`|(?<=[-–—:]\s+)\S)/u, (_whole, id?: string, dashed?: string) => {
      if (id ?? dashed) named.push(issueReference((id ?? dashed)!, repoBase));
      return '';
    })
    .replace(raw.includes('[') ? /^(\s*)\[security(?: fix(?:es)?)?\](\[[^\]]+\])?\s*(?=\S)/i : SKIP, (_whole, lead: string, component: string | undefined) =>
      component ? `${lead}${component} Security: ` : `${lead}Security: `,
    )
    // Cacti's "-issue#5772: Add IP address to the login audit … by xmacan", read as "… by xmacan (#5772)": one name between "by"
    // and the issue closing the line is who made it (not "sort users by group (#5773)").
    .replace(
      raw.includes('#')
        ? /\s+by\s+(?!(?:default|group|name|date|size|type|value|hand|time|id|user|host|role|status|category|tag|path|key|design|example|mistake|itself|now|one|two|side|step)\b)[\w.-]+(?=\s+\(#\d+\)\s*$)/i
        : SKIP,
      '',
    )
    // Hickory DNS' "… Fix SOA referrals #2331 by marcus0x62": after the pull request's number, who made it.
    .replace(raw.includes('#') ? /(\s#\d+)\s+by\s+@?[\w.-]+\s*$/ : SKIP, '$1')
    // http4k's "**http4k-webhook**: [Unlikely break] …", "[Fix] …" after a module: how likely it is to break, or a kind its
    // words tell (a "[fix]" leading an entry, as ISC's, is its kind).
    .replace(raw.includes('*') ? /^(\s*\*\*\S.{0,60}?\*\*:?\s+)\[(?:unlikely break|fix)\]\s+(?=\S)/i : SKIP, '$1')
    // glibc's "CVE-Id: CVE-2024-2961": the field's name is no word of the fix its id names.
    .replace(/^\s*(?:CVE|GHSA)-Id:\s+(?=(?:CVE|GHSA)-)/i, '')
    // TinyMCE's "… caused an XSS vulnerability. #TINY-11019": its tracker's key closing the line, a reference.
    .replace(raw.includes('#') ? /(\S)\s+#([A-Z][A-Z\d]+-\d+)\.?\s*$/ : SKIP, (_whole, last: string, id: string) => {
      named.push({ kind: 'issue', label: id, url: null });
      return last;
    })
    .replace(ADVISORY_ONLY_CREDITED, '$1')
    // libfido2's NEWS: "Support application-managed PIN/UV Auth tokens; gh#806.": the GitHub issue after a semicolon, a reference.
    .replace(raw.includes('gh#') ? /(\S);\s*gh#(\d+)(?:\s*,\s*gh#\d+)*\.?\s*$/ : SKIP, (_whole, last: string, id: string) => {
      named.push(issueReference(id, repoBase));
      return `${last}.`;
    })
    // LMDB's "ITS#9378 - Add ability to replay log": the tracker's key and number lead the line, a reference.
    .replace(raw.includes('#') ? /^\s*([A-Z]{2,6}#\d+)\s*[-–—:]\s+(?=\S)/ : SKIP, (_whole, id: string) => {
      named.push({ kind: 'issue', label: id, url: null });
      return '';
    })
    // After the pull request, who made it, then (a tracker's key and) the change.
    .replace(raw.includes('@') ? HANDLE_AFTER_PULL_REQUEST : SKIP, '$1')
    .replace(KEY_AFTER_PULL_REQUEST, (_whole, lead: string, id: string) => {
      named.push({ kind: 'issue', label: id, url: null });
      return lead;
    });
  // datamodel-code-generator's "Stricter `extra_template_data` validation - `extra_template_data` that is not …", "Reserved
  // template keys … now raise an error for built-in templates - When rendering …": a title, a dash, then its account.
  if (/\s[-–—]\s/.test(text)) text = text.replace(/^(\s*(?:[^\s()[\]]+\s+){4,}?[^\s()[\]]*[\p{L}\d`])\s+[-–—]\s+(?=\p{Lu}\p{Ll}|`)/u, '$1. ');
  text = text
    // Semantic UI's "**Gulp 4** -All tasks have been rewritten …": the dash after a bold scope, its space lost.
    .replace(raw.includes('*') ? /^(\s*\*\*[^*\n]{1,40}\*\*\s+[-–])(?=\p{Lu}\p{Ll})/u : SKIP, '$1 ')
    // asdf's "**Rewrite asdf in Golang** The rewrite in Go was spread …": a title in bold, then its account: a sentence of its own.
    .replace(raw.includes('*') ? /^(\s*\*\*(?![[(_])[^*\s]+\s[^*]{1,80}[^*\s.:!?\])])\*\*\s+(?=\p{Lu}\p{Ll})/u : SKIP, '$1.** ')
    .replace(/^\s*Backport\s+(?:PR\s*)?[#!]\d+\s+[“"]([^”"]+)[”"]\s+to\s+\S+\s*$/i, '$1')
    .replace(raw.includes('[') ? /^\s*\[(?:[a-z][a-z\d]*(?:-[a-z][a-z\d]*)*-)?v?\d+(?:[.-](?:\d+|x))+\]\s+(?=\S)/ : SKIP, '')
    // Clippy's "[`ok_expect`] add autofix": a shortcut reference to the lint's page names it; it is no bracketed scope.
    .replace(raw.includes('`') ? /\[(`[^`\]\s]+`)\](?![([:])/g : SKIP, '$1')
    // Dask's "… (:pr:`12457`) `Matthew Rocklin`_": reStructuredText references to the authors' pages, closing the item.
    .replace(raw.includes('`') ? RST_NAMED_CREDITS : SKIP, (whole, names: string) =>
      [...names.matchAll(/`([^`]+)`_/g)].every((match) => PERSON_NAME.test(match[1]!) || ONE_NAME.test(match[1]!)) ? '' : whole,
    );
  // rdiff-backup's "(see #484 for enhancement)", libzmq's "(see NEWS for 4.2.0)": a pointer to another issue or document,
  // with nothing of the change in it.
  if (/\(see/i.test(text)) text = text.replace(/\s*\(see\s+(?:also\s+)?(?:#\d+|NEWS|CHANGES|CHANGELOG|README)\s+for\s+[^()]{1,40}\)/gi, '');
  // V's "`@[freed]` attribute for assign statements (for the above mode)": what the item above it tells, which a post that
  // does not show it cannot point at.
  if (/\babove\b/i.test(text)) text = text.replace(/\s*\((?:see|as|fixed|for|like|same as)\s+(?:the\s+)?above(?:\s+[\w-]+)?\)/gi, '');
  // Nmap's "Fixed several issues reported by Muhammed Hussein involving crashes …": who reported it, inside the words.
  // ocaml-tls' "server add keyUsage … validation" over "reported by Ben Smyth CVE-2026-45389 OSEC-2026-07": the ids stay.
  if (text.includes(' by '))
    text = text.replace(
      /(?<=\S)\s+(?:reported|found|discovered|suggested)\s+by\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}(?=\s+(?:involving|in|with|that|which|where|when|affecting)\s|\s+(?:CVE|GHSA|OSEC)-\d)/u,
      '',
    );
  // iodine's "fixes an issue with date calculation - exposed by Franck Gille (@fgi) in issue #92.", "… raised by Benoit Daloze
  // (@eregon), in issue #91.": who brought it up, and where, closing the change.
  if (text.includes(' by ')) text = text.replace(RAISED_BY_CLOSING, '');
  // DESeq2's "Added integrateWithSingleCell(), written by Kwame Forbes, which directs user to …": who wrote it, set apart
  // by commas inside the sentence.
  if (text.includes(' by ')) text = text.replace(WRITTEN_BY_ASIDE, '');
  text = text
    // pybind11's "Fix regression introduced in #5201 for GCC<10.3 …": the pull request that caused it is a reference, read at
    // the end, where taking it leaves no "introduced in for".
    .replace(
      raw.includes('#') ? /^(.*?)\s+(?:introduced|caused|added|reported|started)\s+(?:in|by)\s+((?:[\w.-]+\/[\w.-]+)?#\d+)(\s+[^\s#].*)$/i : SKIP,
      '$1$3 $2',
    )
    // opam's "(*) The shell env hook …", "(+) Added `--ignore-available-on` …": marks before the words; go_router's
    // "(Previously 15.2.4) Fixes routing …": the release that first shipped the change, not its words.
    .replace(/^\s*(?:\([*+]\)|\((?:previously|formerly|first released|originally) (?:in )?v?\d[\w.+-]*\))\s+(?=\S)/i, '')
    // Jiff's "**RUNTIME** [#48](…): On Span APIs, …": a tag in bold capitals before the issue, which the notes' prose
    // defines ("changes that will not be caught by the Rust compiler"), is no word of the change. (A kind's word stays.)
    .replace(raw.includes('*') ? /^(\s*)\*\*([A-Z][A-Z_-]{2,20})\*\*\s+(?=\[#?\d+\]\()/ : SKIP, (whole, lead: string, tag: string) =>
      sectionKind(tag) === null ? lead : whole,
    )
    // melos' "**BREAKING** **FEAT**(share_plus): Change …", "**FIX**(share_plus): …": a Conventional Commit type set in bold.
    .replace(
      raw.includes('*') ? /^(\s*(?:\*\*BREAKING\*\*\s+)?)\*\*(FEAT|FIX|DOCS|CHORE|REFACTOR|PERF|TEST|BUILD|CI|STYLE|REVERT)\*\*(?=\([^)]*\)!?:|!?:)/ : SKIP,
      (_whole, lead: string, type: string) => `${lead}${type.toLowerCase()}`,
    )
    // mypy's "… (ygale, PR 21675)", "(Jukka Lehtosalo, PR [21705](…))": a closing bracket of names and pull request numbers
    // credits its authors; the numbers are references.
    .replace(closing.endsWith(')') && raw.includes('PR') ? CREDIT_WITH_PR : SKIP, (whole, people: string, pulls: string, stop: string) => {
      if (!namesIn(people).every((name) => isName(name) && sectionKind(name) === null)) return whole;
      const linked = [...pulls.matchAll(/\[(\d+)\]\((https?:\/\/[^)\s]+)\)|#?(\d+)/g)].map((match) => {
        if (match[1]) return ` [PR #${match[1]}](${match[2]})`;
        named.push(
          repoBase
            ? { kind: 'pull_request', label: `#${match[3]}`, url: `${repoBase}/pull/${match[3]}` }
            : { kind: 'pull_request', label: `PR ${match[3]}`, url: null },
        );
        return '';
      });
      return `${stop}${linked.join('')}`;
    })
    // Lwt's "(#1061, Simon Cruanes)", "(Simon Cruanes, #1060)", "(#1072, #1074, Hugo Heuzard, " (never closed): the pull
    // requests are references, the names credits.
    .replace(closing.includes('#') ? CLOSING_BRACKET : SKIP, (whole, inside: string, stop: string | undefined) => idsOfCredit(inside, stop) ?? whole)
    // A ticket-led changelog line ("bug #123 [Component] Fix … (handle)", "feature #45 …", "security #67 …"): the word says
    // the kind, written as a Conventional Commit type; the number is a reference; the bracketed components stay as the
    // change's scope; the closing bracket of handles or names credits its author.
    .replace(TICKET_LED, (_whole, tag: string, id: string, components: string, words: string, credit: string | undefined) => {
      const scope = components ? `${[...components.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!.trim()).join('/')}: ` : '';
      const credited = credit !== undefined && namesIn(credit).every(isName);
      const said = credit !== undefined && !credited ? `${words} (${credit})` : words;
      return `${TICKET_KIND[tag.toLowerCase()]}: ${scope}${said} (#${id})`;
    })
    // PostGIS's "#5919, GT-584, [sfcgal] Document …", "OSSFuzz 544223869, reject …": the tracker ids the change closes, written
    // before its words, are its references.
    .replace(raw.includes(',') || raw.includes('**#') ? LEADING_IDS : SKIP, (_whole, list: string) => {
      const ids = list
        .replace(/\*\*/g, '')
        .split(/\s*,\s*/)
        .map((id) => id.trim())
        .filter(Boolean);
      for (const id of ids.filter((id) => !id.startsWith('#'))) named.push({ kind: 'issue', label: id.trim(), url: null });
      // A "#12" is read as a reference where it stands.
      return ` ${ids.filter((id) => id.startsWith('#')).join(' ')} `;
    })
    .replace(TRACKER_LABELLED_IDS, (_whole, list: string) => {
      for (const id of list.split(/\s*,\s*/)) named.push({ kind: 'issue', label: id.replace(':', ' '), url: null });
      return '';
    })
    // OpenRCT2's "[#26322] [Plugin] Add footpath flags …": the bracketed word after the ticket is the change's scope.
    .replace(/^(\s*(?:\p{L}+:\s+)?(?:\[#\d+\]\s*)+)\[(\p{Lu}[\p{L}\d ]{1,30})\]\s+(?=\S)/u, '$1$2: ')
    // librdkafka's "Issues: #5135. Fix compilation …": the issues it closes, named before the change.
    .replace(/^\s*issues?\s*:\s*((?:#\d+[\s,]*(?:and\s+)?)+)\.?\s+(?=\S)/i, (_whole, ids: string) => {
      for (const [, id] of ids.matchAll(/#(\d+)/g)) named.push(issueReference(id!, repoBase));
      return '';
    })
    // iperf's "SECURITY NOTE: Thanks to Leonid Krolle Bi.Zone for discovering a JSON type security vulnerability that …": the
    // label says the kind; the thanks go, and what was found is the change.
    .replace(/^\s*SECURITY (?:NOTE|NOTICE):\s+/i, 'Security: ')
    .replace(THANKS_FOR_FINDING_LEAD, (_whole, label: string, article: string) => `${label}${article.charAt(0).toUpperCase()}${article.slice(1)} `)
    .replace(/thanks to /i.test(raw) ? THANKS_FOR_THEIR_PART : SKIP, '$1')
    .replace(/thanks to /i.test(raw) ? THANKS_TO_PEOPLE : SKIP, unthanked)
    // SMAPI's "Added support for … per `Mods` folder (thanks to Shockah!)": whom a bracket thanks is a credit.
    .replace(raw.includes('(') && /thanks|thx|thank you|kudos|courtesy|credits? to/i.test(raw) ? THANKS_TO_BRACKET : SKIP, '')
    // Roundup's "… is reported. (Found/reported by Alec Romano (4rdr), fix/tests John Rouillard)": who found it and who fixed it.
    .replace(raw.includes('by ') ? FOUND_BY_BRACKET : SKIP, '')
    // PLUMED's "A new pytorch module by Luigi Bonati": a thing made, then by whom (not "Caused by …", "Replaced by …": a verb's).
    .replace(raw.includes(' by ') ? MADE_BY_PERSON : SKIP, (whole, name: string) => (PERSON_NAME.test(name) ? '' : whole))
    // Subtitle Edit's "… allocation-cutting pass (…) - thx ivandrofly": the thanks closing the line, set off by a dash.
    .replace(
      /\s[-–—]\s(?:thanks|thx)\s/i.test(raw) ? /\s+[-–—]\s+(?:thanks|thx)\s+(?:to\s+)?@?[\w.-]+(?:(?:,\s*|\s+(?:and|&)\s+)@?[\w.-]+){0,5}\s*$/i : SKIP,
      '',
    )
    // HTCondor's "… fixes a security-related bug described at" over the advisory's link: the pointer, its address gone.
    .replace(/\s+(?:as\s+)?(?:described|detailed|documented|explained)\s+(?:at|in|here)\s*:?\s*$/i, '')
    // MilkyTracker's "Fix uninitialized read in piano control (nyanpasu64 ❤)": who made it, with a heart.
    .replace(/[❤♥💖💙💜🧡💚🙏]/u.test(raw) ? HEARTED_CREDIT : SKIP, '')
    // Easy-RSA's "… remove SSL option '-keyout' Resolve CVE-2024-13454 - Original bug report: Marcus Stoegbauer", a commit's
    // body run into its subject: the advisory it resolves closes the change, and who reported it is a credit.
    .replace(/original bug report/i.test(raw) ? /\s+[-–—]\s+original bug report:\s+[^()]+?(?=\s*(?:\(|$))/i : SKIP, '')
    .replace(raw.includes('Resolve') ? RESOLVE_ID_RUN_IN : SKIP, ' ($1)')
    // Req's "[`encode_body`]: Security fix for …": a bracketed scope is a scope; "… decoding, ([GHSA-…](…))." no list.
    .replace(/^(\s*)\[(`[^`\]]+`)\]:\s+(?=\S)/, '$1$2: ')
    .replace(LEADING_TRACKER_KEY, '$1')
    // Flowman's "github-330: Implement Kernel Server": the GitHub issue it was filed as.
    .replace(/^(\s*)(?:github|gh)-\d+:\s+(?=\S)/i, '$1')
    // GnuCOBOL's "** Note: Not each flag contained in the FCD3 is handled already **" once its label went: the closing mark.
    .replace(/^([^*]*\S)\s+\*\*\s*$/, '$1')
    .replace(raw.includes(',') ? /,\s*(\(\[?(?:GHSA|CVE)-)/gi : SKIP, ' $1')
    // Thanos' "*: Bump thanos-community/grpc-go fork to fix CVE-…": a scope of every component names none.
    .replace(raw.includes('*') ? /^(\s*(?:\[[^\]]*\]\([^)\s]*\):?\s+)?)\*:\s+(?=\S)/ : SKIP, '$1')
    // cosign's "Merge pull request from GHSA-vfp6-jrw2-99g9": an advisory's private fix, merged; the merge is no word of it.
    .replace(/^\s*Merge pull request (?:#\d+\s+)?from\s+((?:GHSA|CVE)-[\w-]+)\s*$/i, 'Fixed $1')
    // H2's "PR #4258: Fix compaction …", "Issue #4208: Lost update when …": the tracker's number titles the change. ("Bug #6439:"
    // is a kind label, read with the others.)
    // HikariCP's "merged #2226 consistent handling of …": the pull request merged, then its title. ProFTPD's "Issue 2057 - SQL
    // Injection in …" likewise.
    .replace(
      /^\s*(?:(?:PR|pull request|issue|ticket|GH)\s*#(\d+)\s*:|issue\s+(\d+)\s+[-–—]|merged\s+(?:PR\s*|pull request\s+)?#(\d+)\s*:?)\s+(?=\S)/i,
      (_whole, id: string | undefined, dashed: string | undefined, merged: string | undefined) => {
        const number = id ?? dashed ?? merged!;
        named.push(issueReference(number, repoBase));
        // An issue's title, where the notes list the issues a release closes, says what went wrong: "Hard quota limits on
        // uploads do not cause SFTP WRITE requests to fail" was fixed. (Not "Issue 2120 - Add …", a change of its own.)
        return dashed && !ISSUE_TITLE_ACTS.test(raw.replace(/^\s*issue\s+\d+\s+[-–—]\s+/i, '')) ? 'Fix: ' : '';
      },
    )
    // cloudflared's "- 2026-08-11 TUN-10748: Add FIPS image variant …": the day a commit landed, before its subject.
    .replace(/^(\s*)(?:19|20)\d{2}-\d{2}-\d{2}\s+(?=[\p{L}[*])/u, '$1')
    .replace(LEADING_KEY, (_whole, type: string, key: string) => {
      named.push({ kind: 'issue', label: key, url: null });
      return type;
    })
    // StackExchange.Redis's "URGENT Fix: [#2167](…), [#2176](…): fix error …": the label says the kind, the ids are
    // references and go last, where a closing bracket of them is read; a word of emphasis before the label goes with it.
    .replace(LABELLED_IDS, (_whole, lead: string, label: string, ids: string, words: string) => `${lead}${label}: ${words} (${ids})`)
    // "([#2177 by mgravell](…))": a link to the pull request that made the change, with its author's credit.
    .replace(raw.includes('[') ? /\[\s*(#\d+)\s+by\s+@?[\w.-]+\s*\]\((https?:\/\/[^)\s]+)\)/g : SKIP, '[$1]($2)')
    // calibre's "[2162628] Content server: Fix …": a ticket's number leading the change is its reference.
    .replace(raw.includes('[') ? /^\s*\[(\d{4,})\]\s+(?=\S)/ : SKIP, (_whole, id: string) => {
      named.push({ kind: 'issue', label: id, url: null });
      return '';
    })
    // Towncrier's "Contributed by @name @ Company.": the company is the contributor's, part of the credit.
    .replace(raw.includes('@') ? /(\bby\s+@[\w-]+)\s+@\s+\p{Lu}[\w&.-]*(?:\s+\p{Lu}[\w&.-]*){0,3}(?=[.,;)]|\s*$)/gu : SKIP, '$1')
    // (Not NGINX Gateway Fabric's "`nginxGateway.replicaCount` Helm value has been renamed …": the code is the subject.)
    .replace(
      raw.includes('`')
        ? /^((?:\s*\[[^\]]*\]\([^)\s]*\))*\s*)(`[\w.@/-]+`)\s+(?=\p{Lu}\p{Ll})(?!\p{L}+(?:\s+\p{L}+){0,2}\s+(?:has|have|is|are|was|were|will)\s)/u
        : SKIP,
      '$1$2: ',
    )
    // RxDB 14's "RENAME `atomicUpdate()` to `incrementalModify()`": the verb shouted, said as any other.
    .replace(
      /^(\s*)(RENAME|REMOVE|ADD|FIX|CHANGE|DEPRECATE|REPLACE)\s+(?=`|\p{Ll})/u,
      (_whole, lead: string, verb: string) => `${lead}${verb.charAt(0)}${verb.slice(1).toLowerCase()} `,
    )
    // Cumulus' ifupdown2 changelog: "New. Enabled: vlan: add new attribute 'vlan-protocol'", a kind written with a stop and
    // a state after it; "Closes: CM-8424. bond: add attribute …", the ticket it closes first.
    .replace(/^(\s*)(New|Fixed)\.\s+(?:Enabled:\s+)?(?=\p{L})/u, '$1$2: ')
    .replace(/^(\s*)Closes:\s+([A-Z][A-Z\d]+-\d+)\.\s+(?=\S)/, (_whole, lead: string, id: string) => {
      named.push({ kind: 'issue', label: id, url: null });
      return lead;
    })
    // Cucumber-JVM's "… from USAGE.txt ([#2319](…) ebreck)": who made it, by their handle's letters, after the pull request.
    .replace(closing.endsWith(')') && raw.includes('](') ? /\s*\(\s*(\[#\d+\]\(https?:\/\/[^)\s]+\))\s+[a-z][\w-]{1,38}\s*\)(?=[\s.]*$)/ : SKIP, ' ($1)')
    // cmark-gfm's "Fixed a polynomial time complexity issue per https://github.com/…/advisories/GHSA-r572-jvj2-3m8p": the
    // advisory the fix answers, pointed at; the pointing word goes with the address.
    .replace(raw.includes('per http') ? /\s+per\s+(?=https?:\/\/\S*(?:GHSA|CVE)-)/gi : SKIP, ' ')
    .replace(ADVISORY_URL, (_whole, url: string, id: string) => {
      named.push({ kind: 'link', label: id, url });
      return ' ';
    })
    .replace(raw.includes('[') ? TRACKER_LINK : SKIP, (whole, label: string, url: string) =>
      READ_AS_REFERENCE.test(label) || namesItsPage(label, url) ? whole : ` <${url}>`,
    );
  // Apache's CHANGES: "… SSRF on Windows (cve.mitre.org) SSRF in …" names where the advisory is told, ending its title;
  // "PR 69168." is a bug tracker's number; "Credits: Name (Company)" closing the entry credits who found it.
  if (/\.(?:org|com|net|io)\)/i.test(text))
    text = text.replace(/\s*\((?:[a-z\d-]+\.)+(?:org|com|net|io)\)(\s+\S|\s*$)/gi, (_whole, next: string) => (next.trim() ? `.${next}` : ''));
  if (text.includes('PR'))
    text = text.replace(/\s*\bPR\s+(\d{3,})\b\.?/g, (_whole, id: string) => {
      named.push({ kind: 'issue', label: `PR ${id}`, url: null });
      return ' ';
    });
  // Giraffe's "[feat: add QUERY method support](…) - Credits @bizprat": the credit set off by a dash.
  if (text.includes('redit')) text = text.replace(/\s+(?:Credits?:|[-–—]\s+Credits?:?)(?:\s+[^:]{2,80})?$/, '');
  text = text
    // REXML's "… globally. [GitHub#37][Patch by Akira Matsuda]": the pull request, and who wrote or reported the change.
    .replace(text.includes('[') && endsOn(text, ']') ? CREDIT_BRACKETS : SKIP, (whole: string) => {
      for (const [, id] of whole.matchAll(/#(\d+)/g)) named.push(issueReference(id!, repoBase));
      return '';
    })
    // Libgcrypt's "… for other implementations.  [R5328,CVE-2021-40528]": the tracker's id is a reference; the advisory's is
    // what a reader searches for, and stays, in brackets.
    .replace(text.includes('[') && endsOn(text, ']') ? IDS_WITH_ADVISORIES : SKIP, (_whole, ids: string) => {
      const advisories = ids.split(/\s*,\s*/).filter((id) => ADVISORY_IN_BRACKET.test(id));
      for (const id of ids.split(/\s*,\s*/).filter((id) => !ADVISORY_IN_BRACKET.test(id))) named.push({ kind: 'issue', label: id, url: null });
      return advisories.length > 0 ? ` (${advisories.join(', ')})` : '';
    })
    .replace(/CVE-|GHSA-/i.test(text) ? /\.\s+(\((?:CVE|GHSA)-[^()]+\))$/i : SKIP, ' $1.');
  // Transient's "… from each other.  567b5d54", Handlebars' "… enumerable - 1988878", "47d3f01d 71d16d86 et al.": the commits.
  // wget2's "Fix a redirect/mirror regression from 400713ca": the word that led to the commit goes with it.
  const commits = endsWithHexOrEtAl(text) ? text.match(TRAILING_COMMITS) : null;
  if (commits?.index !== undefined) {
    for (const sha of commits[1]!.split(/[\s,]+/).filter(Boolean))
      named.push({ kind: 'commit', label: sha.slice(0, 7), url: repoBase ? `${repoBase}/commit/${sha}` : null });
    const before = text.slice(0, commits.index);
    // (Timewarrior's "Update task-timewarrior-hook script to 87a3426d…": updated to a commit, as from one.)
    text = /^\s+[-–—]/.test(commits[0]) ? before : before.replace(/\s+(?:from|since|in|by|at|of|to)$/i, '');
  }
  for (let previous = ''; previous !== text; ) {
    previous = text;
    const bracketed = text;
    if (closesWith(text, ']')) text = text.replace(TRACKER_BRACKET, pointers);
    // draw.io's "… to 3.2.2 with fix for [DID-13161]": once the ticket went, so do the words that led to it.
    if (text !== bracketed) text = text.replace(LEADS_TO_REFERENCE, '$1');
    if (closesWith(text, ')') && text.includes('#'))
      text = text.replace(NAMES_AFTER_POINTER, (whole, pointer: string, names: string) => (creditedNames(names) ? pointer : whole));
    if (closesWith(text, ')')) text = text.replace(POINTER_GROUP, pointers);
    const end = text.trimEnd().replace(/\.$/, '');
    if (end.endsWith(')') && / (?:by|from) /.test(text)) text = text.replace(CREDIT_BRACKET, '');
    if (end.endsWith(')') && /\(by /.test(text)) text = text.replace(BY_NAME_BRACKET, '');
    if (end.endsWith(')') && /\(by:/i.test(text)) text = text.replace(BY_LABEL_BRACKET, '');
    // sqlparse's "(pr725, by hugovk)", "(issue746, by user)": the pull request or issue, and who made it.
    if (end.endsWith(')') && /, by /.test(text))
      text = text.replace(NUMBERED_CREDIT, (_whole, ids: string) => {
        for (const [, id] of ids.matchAll(/(\d+)/g)) named.push(issueReference(id!, repoBase));
        return '';
      });
    if (end.endsWith(']'))
      text = text.replace(NAMES_BRACKET, namesOnly).replace(PULL_AND_HANDLES, (_whole, inside: string, stop: string) => {
        for (const [, id] of inside.matchAll(/#(\d+)/g)) named.push(issueReference(id!, repoBase));
        return stop;
      });
  }
  // Wasmtime's "… on AArch64. [#13911](…) [#13921](…) ...": the ellipsis stood for more links, not more words.
  const clean = cleanInline(text, repoBase);
  return {
    ...clean,
    text: clean.text
      .replace(clean.text.endsWith('...') || clean.text.endsWith('…') ? /(?<=[.!?])\s+(?:\.{3}|…)$/ : SKIP, '')
      // BlockNote's "optimize plugin traversals for large documents BLO-1111 ([#2600](…))", "… RangeError (blo-1103)": its
      // tracker's key closing the words once the pull request went, bare or in lower case.
      .replace(/\d{4}\)?\.?\s*$/.test(clean.text) ? BARE_TRACKER_KEY : SKIP, (_whole, key?: string, lowered?: string) => {
        named.push({ kind: 'issue', label: (key ?? lowered!).toUpperCase(), url: null });
        return '';
      })
      // Waypoint's "… to address security vulnerability (CVE-2022-41717) See the Go announcement for more details.": where to
      // read more, which a post that does not link it cannot point at.
      // (Not Nokogiri's "See GHSA-wfpw-mmfh-qq69 for more information.": the advisory it names is the fix's.)
      .replace(clean.text.includes(' See ') ? READ_MORE_CLOSING : SKIP, (pointer) => (mayNameAdvisory(pointer) ? pointer : ''))
      // SickChill's "… when a show was just added. fixes [#8682](…)": the verb its reference closed, once the reference went.
      .replace(/(?<=[.!?])\s+(?:fix(?:es|ed)?|closes?|resolves?)\.?$/, '')
      // libsixel's "Strip first flag check in LZW compression function for issue #118,": the words that led to the issue.
      .replace(/\s+for\s+(?:the\s+)?(?:issues?|bugs?|tickets?)[,.]?$/i, '')
      // gocryptfs' "… socket files ([#629](…)": the bracket its reference opened was never closed.
      .replace(clean.text.endsWith('(') ? /\s*\($/ : SKIP, '')
      .replace(NAMES_AN_ADVISORY.test(clean.text) ? FIXED_IDS_FIRST : SKIP, '$2 ($1)')
      .replace(
        NAMES_AN_ADVISORY.test(clean.text) ? LOOSE_CLOSING_IDS : SKIP,
        (_whole, words: string, ids: string, stop: string) => `${words} (${ids.split(/,?\s+/).join(', ')})${stop}`,
      ),
    refs: [...clean.refs, ...named.filter((ref) => !clean.refs.some((known) => known.label === ref.label))],
  };
}

/**
 * Kubo's "<details><summary>Full Changelog</summary>" folds away the commits of the release and of its dependencies: the
 * log the notes above it tell, not more changes.
 */
function withoutFoldedCommitLog(lines: string[]): string[] {
  if (!anyLineHas(lines, '<')) return [...lines];
  let folded = false;
  return lines.map((line) => {
    if (
      !folded &&
      line.includes('<') &&
      /<summary>\s*(?:full\s+)?(?:changelog|change log|commits?|commit log|all (?:changes|commits))\s*<\/summary>/i.test(line)
    )
      folded = true;
    else if (folded && /<\/details>/i.test(line)) folded = false;
    else if (!folded) return line;
    return '';
  });
}

/**
 * KeeWeb's release notes mark each line with a sign in code, "`+` browser extension …" for what is new, "`-` fixed a crash
 * …" or "`*` password generator now …" for the rest: a list, the plus its kind, the others left to their words.
 */
function codeMarkedLinesAsList(lines: string[]): string[] {
  const marked = /^`([-+*])`\s+(?=\S)/;
  if (lines.filter((line) => marked.test(line)).length < 3) return lines;
  return lines.map((line) => line.replace(marked, (_whole, sign: string) => (sign === '+' ? '- [feat] ' : '- ')));
}

/**
 * Blanket's formatted metainfo breaks a tag before its bracket closes, "<li" over ">MPRIS: Implement …": the tag goes on the
 * line its words are on, so the bracket left there reads as no quote.
 */
function brokenTagsJoined(lines: string[]): string[] {
  if (!lines.some((line) => line.includes('<') && /<[a-z][\w-]*\s*$/i.test(line))) return lines;
  return lines.map((line, index) => {
    const opened = line.match(/^(\s*)<([a-z][\w-]*)\s*$/i);
    const next = lines[index + 1] ?? '';
    if (opened && /^\s*>/.test(next)) return '';
    const tag = (lines[index - 1] ?? '').match(/^(\s*)<([a-z][\w-]*)\s*$/i);
    return tag && /^\s*>/.test(line) ? `${tag[1]}<${tag[2]}${line.trimStart()}` : line;
  });
}

/**
 * Gqrx's news.txt: each line a change led by its kind in capitals, right-aligned ("       NEW: Fetch RDS …", "  IMPROVED: …",
 * "     FIXED: …"), no bullet: a list, each kind the label it would be written as.
 */
function shoutedKindLinesAsList(lines: string[]): string[] {
  const tagged = /^\s*(NEW|ADDED|IMPROVED|FIXED|CHANGED|REMOVED|UPDATED|SECURITY):\s+(?=\S)/;
  if (lines.filter((line) => tagged.test(line)).length < 3) return lines;
  return lines.map((line) => line.replace(tagged, (_whole, tag: string) => `- ${tag.charAt(0)}${tag.slice(1).toLowerCase()}: `));
}

/**
 * ChucK's VERSIONS: each change opens with its kind in brackets at the margin, "(fixed) crash caused by …", "(added)
 * negation unary operator …", its wrapped lines indented under it: a list, each kind the label it would be written as.
 */
function bracketedKindLinesAsList(lines: string[]): string[] {
  const tagged = /^\((added|fixed|updated|changed|removed|improved|deprecated|new)\)\s+(?=\S)/i;
  if (lines.filter((line) => tagged.test(line)).length < 3) return lines;
  return lines.map((line) => line.replace(tagged, (_whole, tag: string) => `- ${tag.charAt(0).toUpperCase()}${tag.slice(1).toLowerCase()}: `));
}

/**
 * Espruino's ChangeLog writes the version in the left margin of its first change ("     2v28 : Add `E.internal` …"), the
 * others hanging under it: the margin's version titles them all, and the first change is one of them.
 */
function marginVersionsAsIndent(lines: string[]): string[] {
  const margin = /^(\s*v?\d+[\w.]*\s+:\s+)(?=\S)/;
  return lines.map((line, index) => {
    const gutter = line.match(margin)?.[1];
    return gutter && indentOf(lines[index + 1] ?? '') === gutter.length ? `${' '.repeat(gutter.length)}${line.slice(gutter.length)}` : line;
  });
}

/**
 * Postfix's RELEASE_NOTES open each change's paragraph with its kind and date, "[Incompat 20200920] Internal protocols have
 * changed. …", "[Feature 20210418] Postfix no longer uses …": a list of changes, each tag its kind.
 */
function postfixTagsAsList(lines: string[]): string[] {
  const tagged = /^\[(Incompat|Feature)\s+\d{8}\]\s+(?=\S)/;
  if (lines.filter((line) => tagged.test(line)).length < 2) return lines;
  return lines.map((line) => line.replace(tagged, (_whole, tag: string) => (tag === 'Incompat' ? '- [breaking] ' : '- [feat] ')));
}

/**
 * SBCL's NEWS nests its lists with doubled stars ("  * platform support:" over "    ** fix the build on …"); so does a
 * WordPress readme ("* Fixed: Security issue, CVE ID: …" over "  ** Restricted `get_directory_by_hash()` …").
 */
function doubledStarBulletsAsList(lines: string[]): string[] {
  if (!lines.some((line) => line.includes('*') && /^\s*\*\s+\S/.test(line)) || !lines.some((line) => line.includes('**') && /^\s+\*\*\s+\S/.test(line)))
    return lines;
  return lines.map((line) => line.replace(/^(\s+)\*\*(?=\s+\S)/, '$1 -'));
}

/**
 * Ionic's "#### Breaking Changes" over "* " alone on its line, then "ion-radio no longer has an isolate scope.": a marker
 * whose words start on the next line. The words take the marker; its own line is left blank, so both keep their numbers.
 */
function bareMarkersJoined(lines: string[]): string[] {
  const bare = /^(\s*)([-*+])\s*$/;
  if (!lines.some((line) => bare.test(line))) return lines;
  const out = [...lines];
  for (let index = 0; index + 1 < out.length; index++) {
    const marker = out[index]!.match(bare);
    const next = out[index + 1]!;
    if (!marker || next.trim() === '' || /^\s*(?:[-*+]\s|#{1,6}\s|\d+[.)]\s|```)/.test(next)) continue;
    out[index] = '';
    out[index + 1] = `${marker[1]}${marker[2]} ${next.trim()}`;
  }
  return out;
}

/**
 * PHP's NEWS: "- GMP:" names an extension, its changes under it are "  . RFC: Change GMP bool cast behavior. (Saki
 * Takamachi)", their wrapped lines deeper. Read as a heading over bullets; so is GNU Texinfo's "* texi2any" over its own.
 */
function phpNewsAsMarkdown(lines: string[]): string[] {
  const area = /^-\s+([\w ./+-]{1,40}):\s*$/;
  // GNU Texinfo's NEWS: "* texi2any" over "  . set CHECK_NORMAL_MENU_STRUCTURE by default. …", an area named by a star.
  const starredArea = /^\*\s+([\w ./+-]{1,40})\s*$/;
  const change = /^\s+\.\s+(\S.*)$/;
  if (!lines.some((line) => change.test(line))) return lines;
  const starred = lines.filter((line, index) => starredArea.test(line) && change.test(lines[index + 1] ?? '')).length >= 2;
  if (!starred && !lines.some((line) => area.test(line))) return lines;
  return lines.map((line, index) => {
    const named = line.match(area) ?? (starred && change.test(lines[index + 1] ?? '') ? line.match(starredArea) : null);
    if (named) return `### ${named[1]}`;
    const item = line.match(change);
    return item ? `- ${item[1]}` : line;
  });
}

/** CPAN's Changes files group items under "  [DOCUMENTATION]", "  [BUG FIXES]": a name in capitals alone on its line (a Debian changelog's "[ Ana Lima ]" names who made them). */
function bracketGroupsAsHeadings(lines: string[]): string[] {
  // Path::Tiny's "[*** DEPRECATIONS ***]" sets the group apart with stars, and writes "[Bug fixes]" in lower case too (a Debian
  // changelog's names are spaced inside their brackets).
  // HTTP::Tiny's "[!!! SECURITY !!!]" with exclamation marks.
  const group = /^\s*\[(?:\s*(?:!{1,3}\s*)?(\p{Lu}[\p{Lu} &/-]{1,40}?)(?:\s*!{1,3})?\s*|(?:\*{1,3}\s*)?(\p{Lu}[\p{L} &/-]{0,40}?\p{L})(?:\s*\*{1,3})?)\]\s*$/u;
  // APR's CHANGES closes an entry on who made it, "     [Jim Jagielski]", on a line of its own as deep as the entry's words:
  // a credit, not a group (Plack's "    [BUG FIXES]" comes out from under the item above it).
  const indent = (line: string) => line.length - line.trimStart().length;
  const isGroup = (index: number) => {
    if (!group.test(lines[index]!)) return false;
    const previous = lines[index - 1] ?? '';
    const underAnItem = previous.trim() !== '' && !group.test(previous) && (BULLET.test(previous) || indent(previous) > 0);
    return !(underAnItem && indent(lines[index]!) >= indent(previous));
  };
  const title = (line: string, index: number) =>
    isGroup(index) ? line.replace(group, (_whole, shouted?: string, named?: string) => `### ${shouted ?? named}`) : line;
  const bulleted = (line: string) => /^\s*[-*+]\s/.test(line);
  if (lines.some((_line, index) => isGroup(index) && bulleted(lines.slice(index + 1).find((next) => next.trim() !== '') ?? ''))) return lines.map(title);
  // ack's Changes: "[FEATURES]" over unbulleted paragraphs, a change each.
  if (lines.some(bulleted) || lines.filter((_line, index) => isGroup(index)).length < 2) return lines;
  let inGroup = false;
  return lines.map((line, index) => {
    if (isGroup(index)) {
      inGroup = true;
      return title(line, index);
    }
    if (line.trim() === '' || !inGroup) return line;
    const previous = lines[index - 1] ?? '';
    return previous.trim() === '' || isGroup(index - 1) ? `- ${line.trim()}` : `  ${line.trim()}`;
  });
}

/**
 * ratatui's changelog quotes each pull request's description under its item ("  > Closes #2582. > ## Problem …"): the
 * author's words to reviewers, not the change's.
 */
function withoutQuotedDescriptions(lines: string[]): string[] {
  if (!anyLineHas(lines, '>')) return [...lines];
  return lines.map((line) => (line.includes('>') && /^\s{2,}>/.test(line) ? '' : line));
}

/**
 * An MDX post's `import Tabs from '@theme/Tabs';` and `export const …` lines load its components: code, not words. (One
 * in a code block goes too: the parser reads no words there.)
 */
const MODULE_LINE = /^(?:import\s+(?:[\w*{},](?:[\w*{}\s,]*[\w*{},])?\s+from\s+)?['"][^'"]+['"];?\s*$|export\s+(?:const|let|default|function)\s)/;
function withoutModuleLines(lines: string[]): string[] {
  return lines.map((line) => (MODULE_LINE.test(line) ? '' : line));
}

/**
 * An MDX post's own components (`<TextGradient startColor="#2A6DFF">New Year</TextGradient>`, `<Image src={…} />`, a
 * `<PRLink prNums="12740">` around a heading) dress the words they hold: the tags go, the words stay. A component's name
 * is capitalised, as no HTML element's is; one bare `<Name>` is a tag only where the notes close it too, since
 * `Option<Name>` is a type.
 */
const COMPONENT_TAG = /<\/[A-Z][\w.]*>|<[A-Z][\w.]*(?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}))?)+\s*\/?>|<[A-Z][\w.]*\s*\/>/g;
/**
 * DBD::Pg's announcement, kept as the PGP-signed mail it was: "-----BEGIN PGP SIGNED MESSAGE-----" and its "Hash: SHA1", the
 * tarball's checksums ("f58e5f6c…  DBD-Pg-3.18.0.tar.gz (md5)") and the signer's lines over the signature block are the
 * mail's armour, not its news. The lines stay, blank, so that citations keep their numbers.
 */
function withoutSignatureArmor(lines: string[]): string[] {
  if (!lines.some((line) => line.startsWith('-----BEGIN PGP '))) return lines;
  const out = [...lines];
  let header = false;
  let signature = false;
  for (let at = 0; at < out.length; at++) {
    const line = out[at]!;
    if (line.startsWith('-----BEGIN PGP SIGNED MESSAGE')) header = true;
    else if (header && !/^Hash:\s/.test(line)) header = false;
    if (line.startsWith('-----BEGIN PGP SIGNATURE')) {
      signature = true;
      // The signer's name, address and key, the paragraph just above the signature.
      let back = at - 1;
      while (back >= 0 && out[back]!.trim() === '') back--;
      while (back >= 0 && out[back]!.trim() !== '' && SIGNER_LINE.test(out[back]!)) out[back--] = '';
    }
    if (header || signature || CHECKSUM_LINE.test(line)) out[at] = '';
    if (line.startsWith('-----END PGP SIGNATURE')) signature = false;
  }
  return out;
}
const CHECKSUM_LINE = /^\s*(?:[0-9a-f]{32,128}\s+\S+(?:\s+\((?:md5|sha\d*)\))?|checksums?\s+(?:for|of)\s+.{1,60}:)\s*$/i;
const SIGNER_LINE = /^\s*(?:\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3}\s+<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?|PGP\s+Key:.*|https?:\/\/\S+)\s*$/u;

/**
 * jQuery UI's changelog page opens with `<script>{ "title": "jQuery UI 1.13.0 Changelog" }</script>`, data for the site that
 * renders it: a script's or a style's lines are no prose, and go (each a blank line, so the rest keep their numbers).
 */
function withoutScriptBlocks(lines: string[]): string[] {
  if (!anyLineHas(lines, '<script') && !anyLineHas(lines, '<style')) return lines;
  let closing: string | null = null;
  return lines.map((line) => {
    const opened = closing ? null : line.match(/^\s*<(script|style)\b/i);
    if (opened) closing = `</${opened[1]!.toLowerCase()}>`;
    if (!closing) return line;
    if (line.toLowerCase().includes(closing)) closing = null;
    return '';
  });
}

function withoutComponentTags(lines: string[]): string[] {
  if (!anyLineHas(lines, '<')) return lines;
  const closed = new Set(lines.flatMap((line) => (line.includes('</') ? [...line.matchAll(/<\/([A-Z][\w.]*)>/g)].map((match) => match[1]!) : [])));
  if (closed.size === 0 && !lines.some((line) => line.includes('<') && /<[A-Z][\w.]*\s+[\w-]+=|<[A-Z][\w.]*\s*\/>/.test(line))) return lines;
  return lines.map((line) => {
    // Turborepo's "## Boundaries <ExperimentalBadge>Experimental</ExperimentalBadge>": a badge says what stage the feature is at.
    const bare = line
      .replace(KEY_TAG, '`$1`')
      .replace(/\s*<(\w*Badge)\b[^>]*>\s*([\p{L} -]{2,20}?)\s*<\/\1>/gu, (_whole, _name: string, stage: string) => ` (${stage.toLowerCase()})`)
      .replace(/(?<![\w`])<([A-Z][\w.]*)>/g, (tag, name: string) => (closed.has(name) ? '' : tag));
    // Excalidraw's "`<DefaultSidebar />` triggers are now …": a component in code is named, not markup.
    const untagged = bare.replace(COMPONENT_TAG, (tag: string, at: number) => (bare[at - 1] === '`' && bare[at + tag.length] === '`' ? tag : ''));
    return untagged !== line && untagged.trim() === '' ? '' : untagged;
  });
}

/**
 * Microsoft's breaking-change pages tell each change under its heading in parts headed "Old behavior", "New behavior",
 * "Why" and "Mitigations": parts of the change above them, whose headings would otherwise read as changes of their own.
 * Where the notes use that frame, its headings go and their paragraphs are the change's.
 */
const BEHAVIOUR_PART = /^\s{0,3}#{2,6}\s+(?:(?:old|new|previous|current)\s+behaviou?r|why|mitigations?|workarounds?|rationale)\s*$/i;
function withoutBehaviourParts(lines: string[]): string[] {
  const frame =
    anyLineHas(lines, '#') &&
    lines.some((line) => /^\s{0,3}#{2,6}\s+(?:old|new)\s+behaviou?r\s*$/i.test(line)) &&
    lines.some((line) => /^\s{0,3}#{2,6}\s+(?:why|mitigations?)\s*$/i.test(line));
  return frame ? lines.map((line) => (BEHAVIOUR_PART.test(line) ? '' : line)) : lines;
}

/**
 * A WordPress plugin's readme.txt heads its parts with marks on both sides: "=== Plugin Name ===", "== Changelog ==",
 * "= 3.3.9.1 - August 14th, 2026 =". Each is a heading, the fewer marks the deeper.
 */
function closedHeadings(lines: string[]): string[] {
  if (!lines.some((line) => line.startsWith('='))) return [...lines];
  return lines.map((line) => {
    const heading = closedHeading(line);
    return heading ? `${'#'.repeat(4 - heading.marks.length)} ${heading.text}` : line;
  });
}

/**
 * Foswiki and TWiki topics head their parts "---++ Important changes in Foswiki 2.1.6", "---+++ CVE-2018-7446": a plus a
 * level. Their "=fixed font=", "[[Web.Topic][label]]" links and "!WikiWord" escapes are read as Markdown's code, links and words.
 */
function wikiTopicMarkup(lines: string[]): string[] {
  if (!lines.some((line) => line.startsWith('---+') && TWIKI_HEADING.test(line))) return lines;
  return lines.map((line) => {
    const heading = line.match(TWIKI_HEADING);
    const text = heading ? `${'#'.repeat(Math.min(heading[1]!.length, 6))} ${heading[2]}` : line;
    return text
      .replace(/\[\[([^\][]{1,200})\]\[([^\][]{1,120})\]\]/g, '[$2]($1)')
      .replace(/(^|[\s(])=(\S(?:[^=\n]{0,80}\S)?)=(?=[\s.,;:!?)]|$)/g, '$1`$2`')
      .replace(/(^|[\s(])!(?=\p{Lu}\p{Ll}+\p{Lu})/gu, '$1');
  });
}
/**
 * `git shortlog`'s "Steve Schnepp (1):" over its author's commit subjects, indented (Munin's ChangeLog): the subjects are
 * the changes, a bullet each; who made them is a credit.
 */
function shortlogAsList(lines: string[]): string[] {
  const authorAt = (index: number) => SHORTLOG_AUTHOR.test(lines[index]!) && /^\s{2,}\S/.test(lines[index + 1] ?? '');
  if (!lines.some((line, index) => line.endsWith(':') && authorAt(index))) return lines;
  let under = false;
  return lines.map((line, index) => {
    if (line.endsWith(':') && authorAt(index)) {
      under = true;
      return '';
    }
    if (under && /^\s{2,}\S/.test(line)) return `- ${line.trim()}`;
    under = false;
    return line;
  });
}
const SHORTLOG_AUTHOR = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,3}\s+\(\d+\):$/u;
/**
 * PLplot's README.release: "1.1 All autotools-related files have now been removed" over its paragraphs, one numbered title
 * a part, after an INDEX that lists them all. Where three or more numbered titles stand between blank lines over prose, they
 * are headings ("1." a level above "1.1"), and the index's numbered lines, and its title, are nothing.
 */
function numberedSectionsAsHeadings(lines: string[]): string[] {
  const numbered = (line: string | undefined) => line !== undefined && NUMBERED_TITLE_LINE.test(line);
  const titles = new Set<number>();
  lines.forEach((line, index) => {
    if (!numbered(line) || (lines[index - 1] ?? '').trim() !== '' || (lines[index + 1] ?? '').trim() !== '') return;
    const next = lines[index + 2];
    if (next !== undefined && next.trim() !== '' && !numbered(next)) titles.add(index);
  });
  // (Not inxi's "1. GRAPHICS: GPU DATA: …", a numbered change: an outline numbers its parts "1.1", "1.2".)
  if ([...titles].filter((index) => /^\d{1,2}\.\d/.test(lines[index]!)).length < 3) return lines;
  return lines.map((line, index) => {
    if (titles.has(index)) {
      const [, number, title] = line.match(NUMBERED_TITLE_LINE)!;
      return `${'#'.repeat(Math.min(number!.split('.').filter(Boolean).length + 1, 6))} ${title}`;
    }
    return numbered(line) || /^(?:INDEX|CONTENTS|TABLE OF CONTENTS)\s*$/.test(line) ? '' : line;
  });
}
const NUMBERED_TITLE_LINE = /^(\d{1,2}(?:\.\d{1,2})*\.?)\s+(\p{Lu}\S*(?:\s+\S+){0,12})\s*$/u;
const TWIKI_HEADING = /^---(\+{1,6})(?:!!)?\s+(\S.*)$/;

/** Read by position, not by one pattern: `^(={1,3})\s+(\S.*?)\s+\1\s*$` backtracks cubically over a line of blanks. */
function closedHeading(line: string): { marks: string; text: string } | null {
  const marks = line.startsWith('=') ? line.match(/^={1,3}(?=\s)/)?.[0] : undefined;
  if (!marks) return null;
  const trimmed = line.trimEnd();
  const inner = trimmed.slice(marks.length, trimmed.length - marks.length);
  if (!trimmed.endsWith(marks) || !/^\s/.test(inner) || !/\s$/.test(inner)) return null;
  const text = inner.trim();
  return text ? { marks, text } : null;
}

/**
 * WeKan's "<details>" folds each change's story under its title, "<summary><a href=…>Cards with saved dates open and remain
 * editable</a>. Thanks to …</summary>": the title is the change, an item of the list the paragraph before leads into ("This
 * release fixes the following bug:"). A summary of a word or three labels what it folds ("7 commits", "Full Changelog").
 */
function summariesAsItems(lines: string[]): string[] {
  if (!lines.some((line) => line.includes('<summary>'))) return lines;
  const out = [...lines];
  lines.forEach((line, index) => {
    const summary = line.match(/^\s*(?:<details(?:\s[^>]*)?>\s*)?<summary>(.*\S)\s*<\/summary>\s*$/)?.[1];
    // CyberChef's "<summary>Click to expand v10 minor versions</summary>": how to open the fold, no change.
    if (summary && /^(?:click|tap)\s+(?:here\s+)?to\s+(?:expand|show|see|view)\b/i.test(summary)) return;
    if (
      !summary ||
      summary
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .split(/\s+/).length < 4
    )
      return;
    let open = index - 1;
    while (open >= 0 && lines[open]!.trim() === '') open--;
    const opened = /<details/.test(line) || (open >= 0 && /^\s*<details(?:\s[^>]*)?>\s*$/.test(lines[open]!));
    if (!opened) return;
    if (!/<details/.test(line)) out[open] = '';
    out[index] = `- ${summary}`;
    // Its story is the change's detail, read as a paragraph after the list; its closing tag is nothing.
    const close = lines.findIndex((other, at) => at > index && /^\s*<\/details>\s*$/.test(other));
    if (close > 0) out[close] = '';
  });
  return out;
}

/**
 * calibre's Changelog.txt: a release between Vim fold markers ("{{{ 9.13.0 2026-08-07" … "}}}"), its sections labelled
 * ":: bug fixes". The opening marker's words title the release, a `::` label its section; the closing marker is nothing.
 */
function foldsAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => line.startsWith('{{{') && /^\{\{\{\s+\S/.test(line) && !line.includes('}}}'))) return lines;
  return lines.map((line) => {
    if (/^\}\}\}\s*$/.test(line)) return '';
    const fold = line.match(/^\{\{\{\s+(\S.*?)\s*$/);
    if (fold && !line.includes('}}}')) return `## ${fold[1]}`;
    const label = line.match(/^::\s+(\p{L}.*?)\s*$/u);
    return label ? `### ${label[1]}` : line;
  });
}

/**
 * Grav's CHANGELOG tags each list by an empty link to its kind ("1. [](#new)", "1. [](#improved)", "1. [](#bugfix)"), the
 * changes indented under it: the tag titles them as a heading would.
 */
function anchorTagsAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => line.includes('](#') && (ANCHOR_TAG.test(line) || LINKED_ANCHOR.test(line)))) return lines;
  return lines.map((line) => {
    const tag = line.match(ANCHOR_TAG);
    if (tag) return `### ${ANCHOR_TITLES[tag[1]!.toLowerCase()] ?? tag[1]}`;
    const titled = line.match(LINKED_ANCHOR);
    return titled ? `### ${titled[1]!.replace(/:\s*$/, '')}` : line;
  });
}
/** Theia's `<a name="breaking_changes_1.73.0">[Breaking Changes:](#breaking_changes_1.73.0)</a>`: a titled anchor alone, a heading. */
export const LINKED_ANCHOR = /^\s*<a\s+(?:name|id)=["'][^"']+["']\s*>\s*\[([^\]]+)\]\(#[^)\s]+\)\s*<\/a>\s*$/i;
const ANCHOR_TAG = /^\s*(?:\d{1,3}[.)]|[-*+])\s+\[\]\(#([a-z][\w-]*)\)\s*$/i;
const ANCHOR_TITLES: Record<string, string> = { new: 'New', improved: 'Improved', bugfix: 'Bug fixes', security: 'Security', breaking: 'Breaking changes' };

/** jackson's release notes: "#1770: Incorrect deserialization for `BigDecimal` numbers", its issue number first. */
const NUMBERED_TITLE = /^#(\d+):\s+(\S.*)$/;
/** The credits indented under such a title: " (reported by @x)", " (fix contributed by Joo-Hyuk K)", " (reported John H)". */
const CREDIT_LINE = /^\s+\((?:[\w ]{0,20}\b)?(?:reported|fix(?:ed)?|contributed|requested|suggested|implemented|proposed|patch(?:ed)?|thanks?)\b[^()]*\)\s*$/i;

/**
 * An issue tracker's export ("Bug #6439: Moons are blended incorrectly", "Feature #8123: …", Suricata's "Security #7881: …",
 * "Optimization #7769: …", "Documentation #7890: …"), indented or not: one change a line.
 */
const TRACKER_LINE = /^\s*(?:Bug|Defect|Feature|Task|Patch|Security|Optimization|Documentation)\s+#\d+:\s+\S/;

/** OpenMW's `CHANGELOG.md` lists its tracker's entries as plain lines, indented as if they were code, under each version. */
function trackerLinesAsList(lines: string[]): string[] {
  if (!anyLineHas(lines, '#')) return lines;
  const entries = lines.filter((line) => TRACKER_LINE.test(line)).length;
  // Two entries under a version line are a list too, where nothing else is written.
  const onlyEntries = entries > 0 && entries === lines.filter((line) => line.trim() !== '').length - 1;
  if ((entries < 3 && !onlyEntries) || lines.some((line) => FENCE.test(line))) return lines;
  return lines.map((line) => (TRACKER_LINE.test(line) ? `- ${line.trim()}` : line));
}

/** A line holding an advisory's id alone: "CVE-2015-7944". */
const ADVISORY_ALONE = withAdvisoryId(String.raw`^\s*({ID}):?\s*$`, 'i');
/**
 * Ganeti's NEWS, "Security release." then "CVE-2015-7944" alone over the paragraphs that tell the flaw and its fix: the id
 * titles its account, as a heading would.
 */
function advisoryLinesAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => ADVISORY_ALONE.test(line))) return lines;
  return lines.map((line, index) =>
    ADVISORY_ALONE.test(line) &&
    (lines[index - 1] ?? '').trim() === '' &&
    (lines[index + 1] ?? '').trim() === '' &&
    /^\p{Lu}\p{Ll}/u.test(lines[index + 2] ?? '')
      ? `###### ${line.trim().replace(/:$/, '')}`
      : line,
  );
}
/**
 * A plain-text list of "#N: title" entries under a version line (jackson's `VERSION-2.x`), read as Markdown line for line:
 * each title a bullet with its number as a reference, an indented line after it more of its title, an indented
 * "(reported by …)" a credit, left out.
 */
function numberedTitlesAsList(lines: string[]): string[] {
  if (
    lines.filter((line) => line.startsWith('#') && NUMBERED_TITLE.test(line)).length < 2 ||
    lines.some((line) => BULLET.test(line) || ATX.test(line) || FENCE.test(line))
  )
    return lines;
  const out = [...lines];
  let open: { last: number; id: string } | null = null;
  // The number goes after the title's last line, where a closing reference is read.
  const close = () => {
    if (open) out[open.last] = `${out[open.last]} (#${open.id})`;
    open = null;
  };
  lines.forEach((line, index) => {
    const title = line.match(NUMBERED_TITLE);
    if (title) {
      close();
      out[index] = `- ${title[2]}`;
      open = { last: index, id: title[1]! };
    } else if (CREDIT_LINE.test(line)) out[index] = '';
    else if (open && /^\s+\S/.test(line)) {
      out[index] = `  ${line.trim()}`;
      open.last = index;
    } else {
      close();
      if (VERSION_LINE.test(line.trim())) out[index] = `## ${line.trim()}`;
    }
  });
  close();
  return out;
}

/**
 * Expat's `Changes`: "           #1296  CVE-2026-72522 -- Fix …", issue numbers first, the text after two spaces. HLint's
 * CHANGES.txt: "    #1522, define __GLASGOW_HASKELL__ for cmdCpp", the text after a comma, a star at the margin marking some.
 */
const NUMBERED_CHANGE = /^\*?\s+((?:#\d+ ?)+)(?:\s{2,}|,\s+)(\S.*)$/;

/**
 * Plain-text changes indented as a whole (Expat's `Changes`): labels ("        Security fixes:") and items led by their
 * issue numbers, read as Markdown line for line; indented, they would otherwise read as a code block.
 */
function indentedChangesAsMarkdown(lines: string[]): string[] {
  if (lines.filter((line) => line.includes('#') && NUMBERED_CHANGE.test(line)).length < 2 || lines.some((line) => FENCE.test(line) || ATX.test(line)))
    return lines;
  let inItem = false;
  let itemIndent = 0;
  return lines.map((line) => {
    const item = line.match(NUMBERED_CHANGE);
    if (item) {
      inItem = true;
      itemIndent = line.indexOf('#');
      return `- ${item[2]} (${item[1]!.trim()})`;
    }
    // HLint's "    Never suggest concatForM_, …" among its numbered lines, at their indent: a change with no issue.
    if (inItem && /^\s+\S/.test(line) && indentOf(line) <= itemIndent && !/:\s*$/.test(line)) return `- ${line.trim()}`;
    // A label opens a group; within an item's run of lines, "Original bug report from Mozilla at:" is more of the item.
    const label = inItem ? null : line.match(/^\s+(\p{Lu}[\p{L} ]{2,40}):\s*$/u);
    if (label) {
      inItem = false;
      return `### ${label[1]}`;
    }
    if (line.trim() === '' || !/^\s/.test(line)) {
      inItem = false;
      return line;
    }
    return inItem ? `  ${line.trim()}` : line.trim();
  });
}

/** A label alone on an indented line: CanvasBlocker's "\tnew features:", "\tknown issues:". */
const INDENTED_LABEL = /^([ \t]+)(\p{L}[\p{L} ]{1,30}):\s*$/u;
/**
 * Whether the indented label at `index` heads the bullets under it: it opens a block (after a blank line or another label;
 * cabal's "  to build packages:" ends a paragraph's sentence over its list) and they are indented deeper.
 */
export function headsIndentedList(lines: string[], index: number, besideBullets = false): boolean {
  const label = lines[index]!.match(INDENTED_LABEL);
  const before = lines[index - 1] ?? '';
  if (!label || (before.trim() !== '' && !/:\s*$/.test(before)) || /^the following$/i.test(label[2]!.trim())) return false;
  // "- Add export options:" then "  The following:" over its list: a paragraph of that bullet, no label.
  let previous = index - 1;
  while (previous >= 0 && lines[previous]!.trim() === '') previous--;
  if (previous >= 0 && BULLET.test(lines[previous]!) && indentOf(lines[previous]!) < indentOf(label[1]!)) return false;
  let next = index + 1;
  while (next < lines.length && lines[next]!.trim() === '') next++;
  if (next >= lines.length || !BULLET.test(lines[next]!)) return false;
  // LinOTP's Debian stanza: "  Breaking Changes:" over "  * For the container, …" at its own indent. There, a label that names
  // a kind of change heads the bullets beside it too (not in Liferea's ChangeLog, whose labels name versions as well).
  return (
    indentOf(lines[next]!) > indentOf(label[1]!) || (besideBullets && indentOf(lines[next]!) === indentOf(label[1]!) && sectionKind(label[2]!.trim()) !== null)
  );
}
/**
 * CanvasBlocker's releaseNotes.txt: "Version 1.11:" over labels indented by a tab ("\tchanges:", "\tfixes:", "\tknown
 * issues:"), each over its bullets indented deeper. A label over deeper bullets heads them, and they are read at the margin.
 */
function indentedLabelsAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => line.trimEnd().endsWith(':') && INDENTED_LABEL.test(line))) return lines;
  const out = [...lines];
  const debianStanza = DEBIAN_STANZA.test(lines.find((line) => line.trim() !== '') ?? '');
  for (let index = 0; index < lines.length; index++) {
    if (!headsIndentedList(lines, index, debianStanza)) continue;
    out[index] = `### ${lines[index]!.trim().replace(/:$/, '')}`;
    let next = index + 1;
    const indent = indentOf(lines[index]!);
    while (next < lines.length && lines[next]!.trim() === '') next++;
    if (indentOf(lines[next]!) === indent) {
      // Bullets beside their label keep their own continuation lines: the block moves to the margin whole.
      for (; next < lines.length && (lines[next]!.trim() === '' || BULLET.test(lines[next]!) || indentOf(lines[next]!) > indent); next++)
        out[next] = lines[next]!.slice(lines[next]!.match(/^[ \t]*/)![0].length >= indent ? indent : 0);
    } else for (; next < lines.length && (BULLET.test(lines[next]!) || lines[next]!.trim() === ''); next++) out[next] = lines[next]!.trim();
    index = next - 1;
  }
  return out;
}

/**
 * XRootD's NEWS: "+ **New Features**" over lines indented below it, each a change tagged with its component
 * ("  **[XrdCl]** Add file cloning support …") and no marker of its own. The bullet heads them; each line is a bullet.
 */
const BOLD_LABEL_BULLET = /^\s*[-*+]\s+\*\*([^*]+)\*\*:?\s*$/;
const TAGGED_LINE = /^\s+\*\*\[[^\]]+\]\*\*\s+\S/;
function taggedLinesAsList(lines: string[]): string[] {
  if (!anyLineHas(lines, '**[')) return lines;
  const out = [...lines];
  for (let index = 0; index < lines.length; index++) {
    const label = lines[index]!.match(BOLD_LABEL_BULLET);
    if (!label || !TAGGED_LINE.test(lines[index + 1] ?? '')) continue;
    out[index] = `### ${label[1]!.trim()}`;
    for (index++; index < lines.length && TAGGED_LINE.test(lines[index]!); index++) out[index] = `- ${lines[index]!.trim()}`;
  }
  return out;
}

/** A bullet that only names a person ("- Jan Rybar:", "- Emmanuele Bassi"), read by `PERSON_NAME`. */
const namesAPersonOnly = (line: string) => {
  const said = line.match(/^\s*[-*+]\s+(\S.*)$/)?.[1];
  // (PERSON_NAME opens on a capital: a line that is no bullet names no one.)
  return said !== undefined && PERSON_NAME.test(said.trimEnd().replace(/:$/, '').trimEnd());
};
/**
 * polkit's NEWS: "- Jan Rybar:" over its changes, one a line, indented below the name: who made them, then what each is. The
 * name goes (a credit); each line is a bullet of its own, where it is not the run-on of the line above it.
 */
function creditedGroupsAsList(lines: string[]): string[] {
  const groups = lines.flatMap((line, index) => {
    const next = lines[index + 1] ?? '';
    return namesAPersonOnly(line) && next.trim() !== '' && !BULLET.test(next) && indentOf(next) > indentOf(line) + 1 ? [index] : [];
  });
  if (groups.length < 2) return lines;
  const out = [...lines];
  for (const start of groups) {
    const indent = indentOf(lines[start]!);
    out[start] = '';
    for (let index = start + 1; index < lines.length && lines[index]!.trim() !== '' && indentOf(lines[index]!) > indent + 1; index++) {
      if (index > start + 1 && RUNS_ON.test(lines[index - 1]!.trimEnd())) continue;
      out[index] = `${' '.repeat(indent)}- ${lines[index]!.trim()}`;
    }
  }
  return out;
}

/**
 * libpcap's and tcpdump's CHANGES: "    General:" over its changes indented two further, each change's run-on lines indented
 * deeper still, and no bullet anywhere. A label heads its changes, each change an item, its deeper lines its own.
 */
function indentedPlainListsAsMarkdown(lines: string[]): string[] {
  if (lines.some((line) => BULLET.test(line) || ATX.test(line))) return lines;
  // Gibbon's CHANGELOG.txt: "    Security" over "        Fixed role switcher privilege escalation issue": a kind of change
  // names its group without a colon, and alone heads a list.
  const kindLabel = (line: string) => /^\s+\p{Lu}[\p{L} ]{1,30}$/u.test(line) && sectionKind(line.trim()) !== null;
  const isLabel = (line: string) => PLAIN_LABEL.test(line) || kindLabel(line);
  const labels = new Set(
    lines.flatMap((line, index) => {
      const next = nextContent(lines, index);
      return isLabel(line) && next !== '' && indentOf(next) > indentOf(line) && !isLabel(next) ? [index] : [];
    }),
  );
  // (Not Friendica's "  Closed Issues" over lines of issue numbers, below groups named without a colon.)
  const headsChanges = (index: number) => kindLabel(lines[index]!) && /\p{L}{3,}/u.test(nextContent(lines, index));
  if (labels.size < 2 && ![...labels].some(headsChanges)) return lines;
  let label: number | null = null;
  let entry: number | null = null;
  return lines.map((line, index) => {
    if (labels.has(index)) {
      label = indentOf(line);
      entry = null;
      return `### ${line.trim().replace(/:$/, '')}`;
    }
    if (label === null || line.trim() === '') return line;
    const indent = indentOf(line);
    if (indent <= label) {
      label = null;
      return line;
    }
    entry ??= indent;
    return indent <= entry ? `- ${line.trim()}` : `  ${line.trim()}`;
  });
}
const PLAIN_LABEL = /^\s+\p{Lu}[\w /&-]{0,40}:\s*$/u;

const BULLETED_BARE_ID = withAdvisoryId(String.raw`^\s*[-*+]\s+{ID}\s*$`, 'i');
const INDENTED_BARE_ID = withAdvisoryId(String.raw`^\s+({ID})\s*$`, 'i');
/**
 * Salt 3006.12's "- CVE-2024-38822" over its description, then ten more ids, each alone on an indented line of the same item
 * over its own description and score: eleven fixes written as one bullet. Each id after a blank line heads a bullet of its own.
 */
function advisoryBlocksAsList(lines: string[]): string[] {
  let indent: number | null = null;
  return lines.map((line, index) => {
    if (BULLETED_BARE_ID.test(line)) {
      indent = indentOf(line);
      return line;
    }
    if (indent === null || line.trim() === '') return line;
    const bare = line.match(INDENTED_BARE_ID);
    if (bare && indentOf(line) > indent && lines[index - 1]?.trim() === '' && (lines[index + 1]?.trim() ?? '') !== '')
      return `${' '.repeat(indent)}- ${bare[1]}`;
    if (indentOf(line) <= indent) indent = null;
    return line;
  });
}

/**
 * python-fido2's NEWS, an outline in stars: "* Version 2.1.0 (released 2026-01-14)", then " ** WebAuthn:" over its
 * "  *** Allow UserEntity without 'name' field …". The version titles the release, each part's label titles its changes, and
 * each change is a list item.
 */
function starOutlineAsMarkdown(lines: string[]): string[] {
  // (Org mode's headings, "** Features" at the line's start, are Org's: see org-notes.)
  // (Nor AsciiDoc's nested "** Enhance …" under "== Changes" (MLton): see asciidoc-notes.)
  if (lines.filter((line) => line.includes('***') && /^\s+\*{3}\s/.test(line)).length < 3 || lines.some((line) => /^(?:\*{2,}|={1,5})\s/.test(line)))
    return lines;
  return lines.map((line) => {
    const star = line.match(STAR_OUTLINE);
    if (!star) return line;
    const [, stars, text] = star;
    if (stars!.length === 1) return `## ${text}`;
    if (stars!.length === 2) return `### ${text!.replace(/:\s*$/, '')}`;
    return `${'  '.repeat(stars!.length - 3)}- ${text}`;
  });
}
const STAR_OUTLINE = /^\s{0,3}(\*{1,5})\s+(\S.*)$/;

/**
 * The XML Security Library's news: "- April 2, 2026" a bullet, the release's opening and its list indented under it. The
 * date titles the release, as a heading would; what it holds is read as if it were not indented.
 */
function datedBulletsAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => DATE_BULLET.test(line))) return lines;
  let inside = false;
  return lines.map((line) => {
    const dated = line.match(DATE_BULLET);
    if (dated) {
      inside = true;
      return `## ${dated[1]}`;
    }
    if (!inside || line.trim() === '') return line;
    if (!line.startsWith('  ')) {
      inside = false;
      return line;
    }
    return line.slice(2);
  });
}
const DATE_BULLET =
  /^[-*+]\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|\d{4}-\d{2}-\d{2})\s*$/i;

/**
 * SWIG's CHANGES: "2024-02-22: erezgeva" over its change, indented, in paragraphs. The date and author head an entry, which
 * is one item; its first paragraph is what changed, later ones its detail, a line of SWIG's "*** POTENTIAL INCOMPATIBILITY ***"
 * among them says it breaks.
 */
function datedEntriesAsList(lines: string[]): string[] {
  if (lines.filter((line) => DATED_AUTHOR.test(line)).length < 2) return lines;
  let inside = false;
  let opened = false;
  return lines.map((line) => {
    if (DATED_AUTHOR.test(line)) {
      inside = true;
      opened = false;
      return '';
    }
    if (!inside || line.trim() === '') return line;
    if (!/^\s/.test(line)) {
      inside = false;
      return line;
    }
    if (opened) return `  ${line.trim()}`;
    opened = true;
    return `- ${line.trim()}`;
  });
}
const DATED_AUTHOR = /^\d{4}-\d{2}-\d{2}:\s+[\w.@-]+(?:\s*,\s*[\w.@-]+)*\s*$/;

/**
 * Bulma's blog, a Jekyll site: `{% include docs/elements/anchor.html name="Panel colors" %}` on a line of its own renders the
 * post's heading with its anchor, read as the heading it renders.
 */
function liquidAnchorsAsHeadings(lines: string[]): string[] {
  if (!anyLineHas(lines, '{% include')) return lines;
  return lines.map((line) => {
    const anchor = line.match(/^\{%\s*include\s+\S*anchor\S*\s+name=(["'])(.+?)\1\s*%\}\s*$/);
    return anchor ? `### ${anchor[2]}` : line;
  });
}

/**
 * rawdog's NEWS: "- rawdog 2.23" over paragraphs, each a change, and no other bullet. The bullet names the release, as a title
 * would; read as one, the paragraphs are the notes' changes, not prose after a list.
 */
function releaseBulletAsTitle(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '');
  const title = first >= 0 ? lines[first]!.match(/^[-*]\s+(\S.*)$/) : null;
  if (!title || !NAME_AND_VERSION.test(title[1]!.trim()) || lines.some((line, index) => index !== first && BULLET.test(line))) return lines;
  return lines.map((line, index) => (index === first ? `## ${title[1]!.trim()}` : line));
}

/**
 * Osmosis' changes.txt: "0.49.0" over one change a line, each a sentence of its own ("Upgrade to Java 17."), no bullet and no
 * blank line between. The version titles them; each line is a change, not a line of one wrapped paragraph. isync's NEWS
 * ("[1.4.0]" over "The 'isync' compatibility wrapper was removed.", "Added built-in support for macOS Keychain.") sets blank
 * lines between some of them: still a change a line.
 */
function sentenceLinesAsList(lines: string[]): string[] {
  let out: string[] | null = null;
  for (let index = 0; index < lines.length; index++) {
    if (!VERSION_TITLE.test(lines[index]!.trim().replace(/^\[(v?\d[\w.+-]*)\]$/, '$1'))) continue;
    let last = index;
    let count = 0;
    for (let at = index + 1; at < lines.length; at++) {
      if (lines[at]!.trim() === '') continue;
      if (!/^\p{Lu}\S*\s\S.*[.!]$/u.test(lines[at]!)) break;
      count++;
      last = at;
    }
    if (count < 4 || (last + 1 < lines.length && lines[last + 1]!.trim() !== '')) continue;
    out ??= [...lines];
    out[index] = `## ${lines[index]!.trim()}`;
    for (let at = index + 1; at <= last; at++) if (lines[at]!.trim() !== '') out[at] = `- ${lines[at]}`;
  }
  return out ?? lines;
}

/**
 * twemproxy's ChangeLog: "* twemproxy: version 0.4.1 release" over lines indented deeper, one change a line, few closed by a
 * stop. The bullet names the release, no change of it; each line under it is a change (not a sentence wrapped).
 */
function releaseBulletLinesAsList(lines: string[]): string[] {
  let out: string[] | null = null;
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.includes('release')) continue;
    const head = lines[index]!.match(/^(\s*)[*-]\s+(?:[\w.-]+:\s+)?(?:version\s+)?v?\d+(?:\.\d+)+\s+release\s*$/i);
    if (!head) continue;
    const indent = indentOf(lines[index]!);
    let end = index + 1;
    while (end < lines.length && lines[end]!.trim() !== '' && indentOf(lines[end]!) > indent && !BULLET.test(lines[end]!)) end++;
    const under = lines.slice(index + 1, end);
    if (under.length < 3 || under.filter((line) => /[.!?]\s*$/.test(line)).length * 3 > under.length) continue;
    out ??= [...lines];
    out[index] = '';
    for (let at = index + 1; at < end; at++) out[at] = `${head[1]}- ${lines[at]!.trim()}`;
  }
  return out ?? lines;
}

/**
 * XZ Utils' NEWS indents each release's notes as a whole ("    * liblzma:", "        - Fix a buffer overflow …"): read at
 * the margin, its bullets nest and a bullet's further paragraphs stay its own, as in any Markdown list.
 */
function dedented(lines: string[]): string[] {
  const margins = lines.filter((line) => line.trim() !== '').map((line) => line.match(/^ */)![0].length);
  const margin = margins.length > 0 ? Math.min(...margins) : 0;
  // Expat's items are told by their indented issue numbers: that indent is how they are read.
  if (margin < 2 || lines.some((line) => FENCE.test(line.trim())) || lines.filter((line) => NUMBERED_CHANGE.test(line)).length >= 2) return lines;
  return lines.map((line) => line.slice(Math.min(margin, line.match(/^ */)![0].length)));
}

/**
 * GNU NEWS files are Emacs outlines: "* Noteworthy changes in release 7.5", "** Bug fixes". Where a line opens with two
 * stars and a space (never Markdown: bold closes), the stars are heading levels.
 */
export function withOutlineHeadings(lines: string[]): string[] {
  // Lines in a code fence are code, whatever they start with (Elixir's "** (SyntaxError) …" in an example);
  // and Markdown with its own `#` headings is no outline.
  const fenced = fencedLines(lines);
  const outside = (index: number) => !fenced.has(index);
  if (lines.some((line, index) => outside(index) && ATX.test(line))) return lines;
  const nested = lines.some((line, index) => outside(index) && /^\*\*\s+\S/.test(line) && !/\*\*\s*$/.test(line));
  if (!nested && !isOrgOutline(lines)) return lines;
  // Org's ~code~ and =verbatim= are code, as backticks are in Markdown.
  const org = lines.some((line) => ORG_CODE.test(line));
  return lines.map((line, index) => {
    const outline = outside(index) ? line.match(/^(\*{1,6})\s+(\S.*)$/) : null;
    const said =
      org && outside(index)
        ? line.replace(new RegExp(ORG_CODE.source, 'g'), (_whole, lead: string, _mark: string, code: string) => `${lead}\`${code}\``)
        : line;
    return outline ? `${'#'.repeat(outline[1]!.length)} ${outline[2]}` : said;
  });
}

/** Org markup for code: "~magit-status~", "=verbatim=", between spaces or punctuation. */
const ORG_CODE = /(^|[\s('"{])([~=])([^\s~=`](?:[^\n`]{0,200}?[^\s`])?)\2(?=$|[\s.,;:!?')"}-])/;

/**
 * Org notes with one level of headings (Magit's "* v4.7.0    2026-08-01" over "- " items): the lines opened by a star are
 * headings where the changes are "-" bullets and no starred line follows another, as a Markdown list's would.
 */
function isOrgOutline(lines: string[]): boolean {
  const starred = lines.flatMap((line, index) => (/^\*\s+\S/.test(line) && !/\*\s*$/.test(line) ? [index] : []));
  if (starred.length === 0 || !lines.some((line) => /^-\s+\S/.test(line)) || !lines.some((line) => ORG_CODE.test(line))) return false;
  return starred.every((index) => {
    const next = lines.slice(index + 1).find((line) => line.trim() !== '') ?? '';
    return !/^\*\s/.test(next);
  });
}

/**
 * Electrum's "# Release 4.4.6 (August 18, 2023) (security update)": the release says what it is; its changes under it are each
 * what their own words say (a hardware wallet's longer PINs are no security fix).
 */
/** A heading that titles a release by its version in brackets: "[2.1.0] Vulnerability fixes". */
const VERSION_TITLED = /^\s*\[v?\d+(?:\.\d+)+[\w.-]*\]\s+(?:[-–—:]\s+)?\p{L}/u;
export const SECURITY_RELEASE_HEADING = /\d+\.\d+[^()]*(?:\([^()]*\)\s*)*\(\s*security\s+(?:update|release)\s*\)\s*$/i;
/** A heading naming a version and what kind of release it is: "5.0.4: Maintenance Release", "v2.1 - Bugfix release". */
const RELEASE_OF_KIND = /^v?\d+\.[\w.-]*(?:\s*[:–—-])?\s*(?:\p{L}+\s+){1,2}release$/iu;
/** WLED's "WLED 0.15.0 release", LMDB's "LMDB 0.9.32 Release (2024/01/29)": a line naming the release, not a change. */
const RELEASE_LINE = new RegExp(
  // HTCondor's "- HTCondor version 24.0.6 released on March 27, 2025." under "Release Notes:".
  String.raw`^(?:${DATE}:\s+)?\p{L}[\p{L}\d._+-]*(?: \p{L}[\p{L}\d._+-]*){0,3} (?:version\s+)?v?\d+(?:\.\d+)+[\w.-]* released?(?:\s+on)?(?:\s*[-–—,]?\s*\(?${DATE}\)?)?\.?$`,
  'iu',
);
/** jsrsasign's "* Changes from 11.1.1 to 11.1.2 (2026-Apr-12)" over its changes: the range of the release, not a change. */
const CHANGES_RANGE_LINE = new RegExp(
  String.raw`^(?:changes|differences)\s+(?:from|since|between)\s+(?:\p{L}[\p{L}\d._+-]*\s+)?v?\d+(?:\.\d+)+\S*\s+(?:to|and)\s+(?:\p{L}[\p{L}\d._+-]*\s+)?v?\d+(?:\.\d+)+[\w.+-]*(?:\s*[-–—,:]?\s*\(?${DATE}\)?)?$`,
  'iu',
);
/** Tautulli's "* Important Note!" over the notice itself: a label, no change. */
const NOTICE_LABEL = /^(?:(?:an?\s+)?(?:important|please|special)\s+)?(?:note|notice|announcement|warning|attention|heads[- ]up|reminder)s?\s*[!:.]*$/i;
/** A person and their address, alone on a line. */
const AUTHOR_LINE = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,4}\s*<[^<>\s@]+@[^<>\s]+>$/u;
/** A person's name as credits write it: two to four capitalised words ("Justin Michalicek", "Ana de Souza"). */
/** "Ana Lima", "René de Hesselle" (its accent written as a combining mark, as Meld's NEWS does). */
/** "Ana Lima", "René de Hesselle", Newsboat's "Dennis van der Schagt": a name's particles in lower case. */
/** Dancer2's "Sawyer X": a last name of one letter. */
// (mpmath's "(Sergey B Kirpichev)": a middle initial without its stop.)
const MADE_BY_PERSON =
  /(?<=\b(?:module|model|plugin|backend|frontend|driver|extension|theme|tool|library|package|port|translation|implementation|feature|option|command|example|tutorial|integration|support|wrapper|bindings?))\s+by\s+(\p{Lu}[\p{L}\p{M}'’-]+(?:\s+(?:(?:de|van|von|da|der|den|del|di|du|la|le)\s+)?\p{Lu}[\p{L}\p{M}'’-]*){1,3})(?=[.!]?$)/u;
const PERSON_NAME =
  /^\p{Lu}[\p{L}\p{M}'’.-]+(?:\s+(?:(?:de|van|von|da|der|den|del|di|du|la|le) ){0,2}\p{Lu}[\p{L}\p{M}'’.-]*){0,2}\s+(?:(?:de|van|von|da|der|den|del|di|du|la|le) ){0,2}\p{Lu}[\p{L}\p{M}'’.-]*$/u;
/** A name in one word: a handle ("tgfisher", "kart99") or a nickname ("Benau"); not the word of an idiom ("by default"). */
const ONE_NAME = new RegExp(String.raw`^(?!(?:${IDIOM_AFTER_BY})$)[\p{L}\d][\p{L}\d_'’.-]{1,38}$`, 'iu');
/** Whether a word or words name someone: a person's full name, a handle or a nickname. */
const isName = (name: string) => PERSON_NAME.test(name) || ONE_NAME.test(name);
/** The names of a list of credits: "Ana Lima, Bo Chen and tgfisher", "ygale & Jo". */
const namesIn = (list: string) =>
  list
    .replace(/\s*\([^()]*\)/g, '')
    .split(/\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+/)
    .map((name) => name.trim());
/**
 * devscripts' "… during YAML loading. Thanks to Ansgar Burchardt <ansgar@debian.org> for reporting and providing a patch.
 * Closes: #902409": a sentence of its own thanking someone, by name and address, for their part, last but for what it closes.
 */
const THANKS_FOR_THEIR_PART =
  /([.!?])\s+thanks\s+to\s+(?:[^.<>!?]|\.(?=\S)){2,80}?\s*<[^<>\s]+@[^<>\s]+>\s+for\s+(?:reporting|finding|discovering|noticing|spotting|testing|providing|contributing|pointing|the\s+(?:(?:bug\s+)?report|patch|fix|review|suggestion|idea|help))\b[^!?()]*?(?:[.!?]|$)(?=\s+Closes:|\s*$)/i;
/**
 * brms' "Add method `loo_epred` thanks to Aki Vehtari. (#1641)", "… behind. Thanks to Andrew Johnson, Aki Vehtari, and Noa
 * Kallioinen. (#1658)": thanks to people by their full names close the change (before its references, if any); a sentence
 * of them alone goes whole.
 */
const THANKS_TO_PEOPLE = /([.!?])?\s+thanks to ([^.()!?]{4,160}?)(?=[.!]?\s*(?:\(\s*\[?#\d|$))([.!]?)/i;
// Pixel Wheels' "Pixel Wheels now speaks Galician, thanks to Ninjum!": one name, cheered, is a person's too; so is miniupnpc's
// "Fix CVE-2017-8798   Thanks to tin/Team OSTStrom", a handle and the team it hunts with.
const unthanked = (whole: string, stop: string | undefined, people: string, end: string) =>
  namesIn(people).every(
    (name) =>
      PERSON_NAME.test(name) ||
      (end === '!' && /^\p{Lu}[\p{L}\d_-]+$/u.test(name) && ONE_NAME.test(name)) ||
      /^[\p{L}\d_-]{2,30}\/Team\s+\p{Lu}[\p{L}\d]+$/u.test(name),
  )
    ? (stop ?? end)
    : whole;
/**
 * Who closes an item: "… re-oriented (Justin Michalicek)", "(Ana Lima, tgfisher)", "…, by Benau", "… by Ana Lima and Bo Chen";
 * a name in brackets may carry its own aside ("(Marco Trevisan (Treviño))").
 */
const CLOSING_PARENS = /\s*\(((?:[^()]|\([^()]{1,40}\)){2,160})\)\.?$/;
const CLOSES_ON_BRACKET = /\)\.?$/;
const CLOSING_IDS = withAdvisoryId(String.raw`\s+\({ID}(?:,\s*{ID})*\)\.?$`, 'i');
/** The last "by" of the item ("… by allowing a base theme, by Ana Lima"): the words before it are the change's. */
const CLOSING_BY = /^(.*[^\s,])(,?)\s+by\s+(?=\S)((?:(?!by\s)[^()]){2,160}?)\.?$/;

/** CQRLOG's "(Saku, OH1KH)": a radio amateur signs with a first name and a call sign. */
const signedWithCallsign = (names: string[]) =>
  names.length === 2 && /^\p{Lu}\p{Ll}+$/u.test(names[0]!) && /^(?:[A-Z]{1,2}|\d[A-Z])\d[A-Z]{1,4}$/.test(names[1]!);
/** Who an item credits at its end, and its words without them; null when its end names no one. */
function closingCredit(text: string, handles = false): string | null {
  // Only a closing bracket or "by" can credit anyone: most items have neither, and each pattern below scans the whole item.
  if (!CLOSES_ON_BRACKET.test(text) && !text.includes(' by ')) return null;
  // GLib's "… leads to OOB Write (Marco Trevisan) (CVE-2026-1484)": the id read from the item's start closes it after the credit.
  const ids = text.match(CLOSING_IDS);
  if (ids) {
    const credited = closingCredit(text.slice(0, ids.index), handles);
    return credited === null ? null : `${credited} ${ids[0].trim()}`;
  }
  const parens = text.match(CLOSING_PARENS);
  // In brackets, a list of names with at least one person's full name: one word alone ("(experimental)") is no credit,
  // unless the release closes its items with handles.
  if (parens) {
    // Tiled's "(by Jocelyn, #2153)", "(with dogboydog, #4239)": once the issue went, who made it or helped.
    const said = parens[1]!.replace(/^(?:by|with)\s+(?=\S)/, '');
    // gdk-pixbuf's "ani: Reject files with multiple anih chunks (Benjamin Gilbert, CVE-2022-48622)": the advisory fixed, beside
    // who fixed it, stays.
    const advisories = namesIn(said).filter((name) => advisoryIds(name).length > 0);
    const listed = namesIn(said).filter((name) => !advisories.includes(name));
    const before = text.slice(0, parens.index).trimEnd();
    // Where handles close most items, twemproxy's "(leo ma)", two words in lower case, names someone too.
    const named = (name: string) => isName(name) || (handles && /^\S+ \S+$/.test(name) && name.split(' ').every((part) => ONE_NAME.test(part)));
    if (
      listed.length > 0 &&
      listed.every(named) &&
      (handles || said !== parens[1] || listed.some((name) => PERSON_NAME.test(name)) || signedWithCallsign(listed))
    )
      return advisories.length > 0 ? `${before} (${advisories.join(', ')})` : before;
  }
  // After "by", a comma sets the credit off from the change ("sorted by name" has none), or names two people or more.
  const by = text.match(CLOSING_BY);
  if (by) {
    const listed = namesIn(by[3]!);
    const named = listed.every(isName);
    if (named && (by[2] === ',' || (listed.length > 1 && listed.every((name) => /^\p{Lu}/u.test(name))))) return by[1]!;
  }
  return null;
}

/**
 * qBittorrent closes each change with its author's handle ("Show free disk space in status bar (glassez)"): where most
 * items of a release end with one word in brackets, and those words are many different ones, they name people; a word
 * a release repeats as a tag ("(experimental)") is one or two words, not a crowd.
 */
function handlesCloseMost(items: NoteItem[]): boolean {
  const closing = items.flatMap((item) => {
    // twemproxy's "(charsyam)" beside its "(leo ma)": a name of two words in lower case is a name too.
    const word = item.text.match(/\(([\p{L}\d][\p{L}\d_.-]{1,38}(?: \p{Ll}{2,20})?)\)\.?$/u)?.[1];
    // "(CVE-2026-6949)", "(HHH-123)", "(v2.1)" close items as ids and versions, not as people.
    return word?.split(' ').every((part) => ONE_NAME.test(part)) && !/^[A-Z][A-Z\d]*-\d|^v?\d+(?:\.\d+)+$/i.test(word) ? [word.toLowerCase()] : [];
  });
  return closing.length >= Math.max(5, items.length * 0.6) && new Set(closing).size >= 3;
}

/**
 * Wagtail credits each fix's author in parentheses, SuperTuxKart each change's with ", by Name": where most items of a
 * list end so, or of the whole release (rclone's lists under each backend's name), the names are credits, not words of
 * the change.
 */
/** A person's full name (two to four words, "de"/"van" particles too) and the verb of what they did, opening a change. */
const LEADING_AUTHOR =
  /^(\p{Lu}\p{Ll}+(?:\s+(?:(?:de|van|von|da|der|den|del|di|du|la|le)\s+)*\p{Lu}[\p{Ll}'’-]+){1,3})\s+(?=(?:added|updated|removed|fixed|improved|implemented|made|wrote|replaced|converted|moved|ported|contributed|extended|enabled|introduced|refactored|rewrote|documented|deprecated)\s)/u;

/**
 * Cartopy's "What's new": "Greg Lucas added the ability to build wheels …", "Ruth Comer added the ability to use RGB(A) …":
 * a change a sentence about who made it. Where two or more open so, the names go and the verb opens the change; a name
 * that opened one goes where it joins another ("… and Greg Lucas added some additional speedups").
 */
function withoutLeadingAuthors(items: NoteItem[]): NoteItem[] {
  const authors = items.map((item) => item.text.match(LEADING_AUTHOR));
  const names = new Set(authors.flatMap((author) => author?.[1] ?? []));
  if (authors.filter(Boolean).length < 2) return items;
  const joined = new RegExp(String.raw`\s+and\s+(?:${[...names].map(escapeRegExp).join('|')})\s+(?=\p{Ll})`, 'gu');
  return items.map((item, index) => {
    const author = authors[index];
    if (!author) return item;
    const rest = item.text.slice(author[0].length).replace(joined, ' and ');
    return { ...item, text: `${rest.charAt(0).toUpperCase()}${rest.slice(1)}` };
  });
}

function withoutNamedCredits(items: NoteItem[]): NoteItem[] {
  const bySection = new Map<string, NoteItem[]>();
  for (const item of items) bySection.set(item.section.join('\u0000'), [...(bySection.get(item.section.join('\u0000')) ?? []), item]);
  const handles = handlesCloseMost(items);
  // Most of the items that close on a bracket or a credit: Meld's NEWS credits every fix, but "(#939) (Kai Willadsen)" went
  // with its pull request before this, leaving "(René de Hesselle)" and two more among seven fixes.
  const creditsMost = (list: NoteItem[], least: number) => {
    const credits = list.filter((item) => closingCredit(item.text, handles) !== null).length;
    const closing = list.filter((item) => /\)\.?$/.test(item.text)).length;
    return credits >= Math.max(least, list.length / 2) || (credits >= 3 && credits >= closing / 2);
  };
  const credited = new Set(creditsMost(items, 3) ? items : [...bySection.values()].filter((list) => creditsMost(list, 2)).flat());
  // A release that credits its changes' authors by name (three or more) credits Patroni's "(Waynerv)" and "(Paul_Kim)" too,
  // in any section: one word in brackets with a capital or an underscore, as a name or handle is written.
  const creditsPeople = credited.size >= 3;
  return items.map((item) => {
    const oneName = creditsPeople && /\((?:\p{Lu}[\p{L}\d]*|[\p{L}\d]+_[\p{L}\d_]+)\)\.?$/u.test(item.text);
    // hledger's "… error messages have been clarified. (Dmitry Astapov)": people named in a bracket after the sentence's stop.
    const afterStop = /[.!?]\s+\(([^()]{2,80})\)\.?$/.exec(item.text);
    const signed = afterStop !== null && namesIn(afterStop[1]!).every((name) => PERSON_NAME.test(name));
    // xmobar's "New command line option `--add-font` (Ivan Brennan)", pgx's "Fix panic in … (David Kurman)": one person's full
    // name closing a change of a few words is its author's, even where no other item credits anyone. (Not Homebrew's "macOS 27
    // (Golden Gate)", a codename after its number, nor espeak-ng's "Crh (Crimean Tatar)", a word's gloss.)
    const lone = closesWith(item.text, ')') ? LONE_PERSON_CREDIT.exec(item.text) : null;
    // (Nor "Add support for the Open Graph protocol (Open Graph)": the change's own words, said again.)
    const personCredited =
      lone !== null &&
      lone[1]!.trim().split(/\s+/).length >= 3 &&
      !NOT_A_SURNAME.test(lone[2]!) &&
      !lone[2]!.split(/\s+/).some((word) => lone[1]!.includes(word));
    const text = credited.has(item) || oneName || signed || personCredited ? closingCredit(item.text, handles || oneName) : null;
    if (text === null) return item;
    // "Doc fixes (Ana Lima, tgfisher)" is a docs chore once its names went.
    return { ...item, text, ...(isChore(text) ? { kind: 'internal' as const } : {}) };
  });
}

/** A change's words, then one person's full name in brackets, not after a number. */
const LONE_PERSON_CREDIT = /^(.*[^\d\s])\s+\((\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2})\)\.?$/u;
/** Words that close the name of a thing, not of a person ("(Dark Mode)", "(Community Edition)"). */
const NOT_A_SURNAME =
  /\b(?:Mode|Edition|Support|Server|Client|Engine|Theme|Release|Version|Update|Preview|Beta|Plugin|Module|Format|Protocol|Store|Cloud|Studio|Code|Desktop|Mobile|Windows|Linux)$/;

/**
 * NNG's "This document has the following sections:" over "* Notable Changes", "* End of Feature Announcements": a list of
 * the headings further down (by their first words) is the page's table of contents, not changes; every item of it must be one.
 */
function withoutTableOfContents(items: NoteItem[], lines: string[]): NoteItem[] {
  const titles = lines.flatMap((line, index) => {
    const title = line.startsWith('#') ? line.match(/^#{1,6}\s+(\S.*?)\s*#*\s*$/)?.[1] : undefined;
    return title ? [{ title: title.toLowerCase(), index }] : [];
  });
  if (titles.length < 2) return items;
  const names = (item: NoteItem) =>
    item.text.split(/\s+/).length <= 6 &&
    titles.some(({ title, index }) => index + 1 > item.lines.end && (title === item.text.toLowerCase() || title.startsWith(`${item.text.toLowerCase()} (`)));
  const bySection = new Map<string, NoteItem[]>();
  for (const item of items) bySection.set(item.section.join('\u0000'), [...(bySection.get(item.section.join('\u0000')) ?? []), item]);
  const contents = new Set([...bySection.values()].filter((list) => list.length >= 2 && list.every(names)).flat());
  return contents.size === 0 ? items : items.filter((item) => !contents.has(item));
}

/**
 * reStructuredText's "~~~~~~~~~" under "Bug fixes" (Wagtail) underlines a title; it opens no code fence. Backticks shorter
 * than the line above open one (kaniko's "The executor images in this release are:" over "```"): reStructuredText's
 * underline is as long as its title.
 */
export function isUnderline(lines: string[], index: number): boolean {
  const title = (lines[index - 1] ?? '').trim();
  const mark = lines[index]!.trim();
  return (
    UNDERLINE.test(lines[index]!) &&
    title !== '' &&
    !FENCE.test(title) &&
    !BULLET.test(lines[index - 1]!) &&
    mark.length >= (mark.startsWith('`') ? title.length : Math.min(title.length, 3))
  );
}

/**
 * Pow 1.0.34's "**Note:** This release contains an important security fix. It is recommended to update immediately …" over
 * one bug fix: the opening says what the one fix is, and its line says so.
 */
function markLoneFixSecurity(items: NoteItem[], source: string[]) {
  if (items.some((item) => item.kind === 'security')) return;
  const fixes = items.filter((item) => item.kind === 'fix');
  if (fixes.length !== 1) return;
  // (A note is no opening of the notes, which is why its lines before the first change are read here.)
  const before = source.slice(0, Math.min(...items.map((item) => item.lines.start)) - 1);
  const said = before.findIndex((line) => CONTAINS_A_SECURITY_FIX.test(line.replace(/[*_]{2}/g, '').trim()));
  if (said < 0) return;
  fixes[0]!.kind = 'security';
  fixes[0]!.kindMark = { start: said + 1, end: said + 1 };
}
const CONTAINS_A_SECURITY_FIX =
  /^(?:(?:warning|note|important|attention|notice)\s*:\s*)?this (?:release|version|update) (?:contains|includes|brings|has) (?:an?|one) (?:(?:important|critical|urgent|minor)\s+)?security (?:fix|patch)\b/i;

/**
 * librsvg 2.56.91's "This is a security release for bug #996." over "- #996 - Fix arbitrary file read when href has special
 * characters.": the change the opening names by its issue's number is the security fix, and the opening's line says so.
 */
function markBugsNamedSecurity(opening: NonNullable<ParsedNotes['intro']>, items: NoteItem[], source: string[]) {
  if (!SAYS_SECURITY_UPDATE.test(opening.text)) return;
  const said = source.slice(opening.lines.start - 1, opening.lines.end).join(' ');
  const numbers = [...said.matchAll(/\bsecurity (?:\w+ )?(?:release|update) for (?:bugs?|issues?) #(\d+)/gi)].map((match) => match[1]!);
  for (const item of items) {
    if (item.kind === 'security' || item.kind === 'internal') continue;
    const first = source[item.lines.start - 1] ?? '';
    if (!numbers.some((number) => new RegExp(`(?<![\\w#])#${number}(?!\\d)`).test(first))) continue;
    item.kind = 'security';
    item.kindMark = opening.lines;
  }
}

const SEMVER_SECTION = /^\s{0,3}#{1,6}\s+(?:\S+\s+)?(?:Minor|Patch) Changes\s*$/i;
const WHATS_CHANGED_HEADING = /^\s{0,3}#{1,6}\s+What['’]s Changed\s*$/i;

/** The indexes of lines inside a code fence, the fences included. */
function fencedLines(lines: string[]): Set<number> {
  const fenced = new Set<number>();
  let open = false;
  lines.forEach((line, index) => {
    const fence = (line.includes('```') || line.includes('~~~')) && FENCE.test(line) && (open || !isUnderline(lines, index));
    if (open || fence) fenced.add(index);
    if (fence) open = !open;
  });
  return fenced;
}

/**
 * reStructuredText's directives, targets and comments (`.. include:: x`, `.. _label:`, a `..` block with its indented
 * lines) instruct the renderer; a reader never sees them.
 */
function withoutDirectives(lines: string[]): string[] {
  let inside = false;
  let admonition = false;
  // The indent of a titled box's body, which keeps its own nesting (MuJoCo's numbered changes and their migration notes).
  let body: number | null = null;
  // MyST's fenced directive (anndata's ":::{attention}" … ":::", OAuthenticator's "```{important}"): the fence that closes it,
  // and whether its words are shown.
  let myst: { fence: string; shown: boolean; options: boolean } | null = null;
  return lines.map((line) => {
    if (myst) {
      if (line.trim() === myst.fence) {
        myst = null;
        return '';
      }
      // Its options (":class: dropdown") come first, before the words.
      if (myst.options && /^\s*:[\w-]+:(?:\s|$)/.test(line)) return '';
      myst.options = false;
      return myst.shown ? line : '';
    }
    const directive = line.match(MYST_DIRECTIVE);
    if (directive) {
      myst = { fence: directive[1]!, shown: MYST_BOX.test(directive[2]!), options: true };
      return directive[2] === 'admonition' && directive[3] ? `###### ${directive[3]}` : '';
    }
    // MuJoCo's ".. admonition:: Breaking API changes" over its numbered changes: a box with a title, read as a section.
    const titled = line.match(/^\.\.\s+admonition::\s+(\S.*)$/i);
    if (titled) {
      inside = true;
      admonition = true;
      body = 0;
      return `###### ${titled[1]}`;
    }
    // NSS's release notes put each section's words in a ".. container::": a box the reader sees the words of, untitled.
    if (/^\.\.\s+container::/i.test(line)) {
      inside = true;
      admonition = true;
      body = 0;
      return '';
    }
    if (inside && body !== null && /^\s+:[\w-]+:(?:\s|$)/.test(line)) return '';
    if (inside && body !== null && /^\s+\S/.test(line)) {
      if (body === 0) body = indentOf(line);
      return line.slice(Math.min(body, indentOf(line)));
    }
    // pgAdmin's ".. warning:: Starting with this release, … pgAdmin now uses the passfile …": an admonition's words are
    // shown to the reader, boxed; only its marker is the renderer's.
    const boxed = line.match(ADMONITION);
    if (boxed) {
      inside = true;
      admonition = true;
      body = null;
      return boxed[1] ?? '';
    }
    // MkDocs' `!!! tip "Plugin Maintainers"` (NetBox) boxes its indented paragraph the same way; the box's title is a label.
    if (MKDOCS_ADMONITION.test(line)) {
      inside = true;
      admonition = true;
      return '';
    }
    if (/^\.\.(?:\s|$)/.test(line)) {
      inside = true;
      admonition = false;
      body = null;
      return '';
    }
    if (inside && (line.trim() === '' || /^\s+\S/.test(line))) return admonition ? line.trim() : '';
    inside = false;
    body = null;
    return line;
  });
}
const MYST_DIRECTIVE = /^\s*(:{3,}|`{3,})\{([\w-]+)\}(?:\s+(\S.*))?$/;
const MYST_BOX = /^(?:admonition|note|warning|important|attention|caution|danger|tip|hint|seealso)$/;
// (Valinor's `!!! info inline end "[See release on GitHub]"`: the box's placement after its kind.)
const MKDOCS_ADMONITION = /^(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+(?:inline|end))*(?:\s+"[^"]*")?\s*$/;
const ADMONITION = /^\.\.\s+(?:warning|note|important|attention|caution|danger)::(?:\s+(\S.*))?$/i;

/**
 * AsciiDoc's link, an address with its words in brackets after it, in notes read as Markdown (Infinispan's blog post titles
 * with "##": "We've just released https://downloads.jboss.org/…/infinispan-server-13.0.3.Final.zip[13.0.3.Final]"): a link.
 */
const ASCIIDOC_LINK_IN_MARKDOWN = /(^|[\s(])(https?:\/\/[^\s[\]()]+)\[([^\]]+)\]/g;
function urlWordsAsLinks(lines: string[]): string[] {
  if (!anyLineHas(lines, '://')) return lines;
  return lines.map((line) => (line.includes('://') && line.includes('[') ? line.replace(ASCIIDOC_LINK_IN_MARKDOWN, '$1[$3]($2)') : line));
}

/**
 * reStructuredText's line blocks, a line each (pgAdmin's "  | `Issue #2431 <…>`_ -  Added an option to …"): each line is
 * a change of its list, unless it thanks the people listed below it. A Markdown table's row closes with a bar too, and stays a
 * row.
 */
function lineBlocksAsList(lines: string[]): string[] {
  if (!anyLineHas(lines, '|')) return [...lines];
  // aiomysql's "* | Properly check whether loading of local files is enabled #1044": a bullet told as a line block, its bar
  // no word of it (the bars below it are lines of their own, as any line block's).
  return lines.map((line) => {
    const barred = line.includes('|') ? line.match(/^(\s*[-*+]\s+)\|\s+(?=\S)(?!.*\|\s*$)/) : null;
    if (barred) return `${barred[1]}${line.slice(barred[0].length)}`;
    const block = line.includes('|') ? line.match(/^(\s*)\|\s+(\S.*)$/) : null;
    if (!block || /\|\s*$/.test(block[2]!)) return line;
    // Red's "| Thanks to all these amazing people that contributed to this release:" leads into the names below it.
    return THANKS_INTRO.test(block[2]!) ? `${block[1]}${block[2]}` : `${block[1]}- ${block[2]}`;
  });
}

/**
 * Reference-style links (`[text][ref]`, `[text][]`, `[text]` with a `[text]: url` line elsewhere) read as the inline links
 * they stand for, so their words are read as words and their addresses as references.
 */
function linkTargets(lines: string[]): Map<string, string> {
  const targets = new Map<string, string>();
  for (const line of lines) {
    // wasm-pack's "    [pull/1321]: https://…" under each entry's paragraph: a definition inside a list item is indented with it.
    const definition = line.includes(']:')
      ? (line.match(/^\s{0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s+["'(].*)?\s*$/) ?? line.match(/^\s+\[([^\]]+)\]:\s*<?(https?:\/\/\S+?)>?\s*$/))
      : null;
    if (definition && !targets.has(definition[1]!.toLowerCase())) targets.set(definition[1]!.toLowerCase(), definition[2]!);
  }
  return targets;
}

function withReferenceLinks(text: string, targets: Map<string, string>): string {
  if (targets.size === 0 || !text.includes('[') || /^\s{0,3}\[[^\]]+\]:/.test(text)) return text;
  // gomock's "- [#63][]: `AnyOf` matcher …": a collapsed reference may be followed by a colon of the text; a bare "[text]"
  // before one is a definition's label.
  return text.replace(/(?<!\])\[((?:[^[\]]|\[[^\]]*\])+)\](?:\[([^\]]*)\]|(?![(:]))/g, (whole, words: string, ref: string | undefined) => {
    const url = targets.get((ref || words).replace(/\s+/g, ' ').toLowerCase());
    return url ? `[${words}](${url})` : whole;
  });
}

/** HTML changelog pages: headings and list items read as their Markdown, line for line, so line numbers stay the page's. */
function htmlAsMarkdown(lines: string[]): string[] {
  if (!anyLineHas(lines, '<')) return lines;
  const tags = lines.filter((line) => line.includes('<') && /<(?:h[1-6]|li|ul|ol|p|dt|dd)\b/i.test(line)).length;
  if (tags < 3) return lines;
  // Pure Data's release notes tell each change in a paragraph of its own, with no list: each `<P>` is one of them.
  const paragraphsAreChanges = !lines.some((line) => /<(?:li|dt)\b/i.test(line)) && lines.filter((line) => /^\s*<p\b[^>]*>\s*\S/i.test(line)).length >= 3;
  let inParagraph = false;
  // `<li>` or `<h3>` alone on its line (Scintilla's pages): the marker goes on the line its text starts on.
  let opened: string | null = null;
  let inPre = false;
  let underVersionTerm = false;
  let titleUntilList = false;
  return lines.map((raw, index) => {
    // FindBugs' "New "Source" filter which can be used …:" over a `<pre>` of escaped XML: an example in code, no words of a change.
    if (inPre || /^\s*<pre\b[^>]*>/i.test(raw)) {
      inPre = !/<\/pre>/i.test(raw);
      return '';
    }
    if (paragraphsAreChanges) {
      const opening = raw.match(/^\s*<p\b[^>]*>\s*(?=\S)/i);
      const continued = inParagraph && !opening && raw.trim() !== '';
      if (opening || continued) {
        inParagraph = !/<\/p>\s*$/i.test(raw);
        return `${opening ? '- ' : '  '}${raw
          .slice(opening?.[0].length ?? 0)
          .trim()
          .replace(/<\/p>\s*$/i, '')}`;
      }
      inParagraph = false;
    }
    // Checkstyle's `<div class="releaseDate">28.02.2026</div>` over `<p>Breaking backward compatibility:</p>`: a date in a
    // block of its own, which would otherwise open the paragraph the label after it joins.
    if (/^\s*<div\b[^>]*>\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*<\/div>\s*$/i.test(raw)) return '';
    // Inno Setup's `<span class="head2">Improved graphics</span>` on a line of its own: styled as a heading, it is one.
    const styledHeading = raw.match(/^\s*<(?:span|div|p)\s+class="[^"]*\b(?:head|heading|title)(\d?)\b[^"]*"\s*>([^<]{2,80})<\/(?:span|div|p)>\s*$/i);
    if (styledHeading) return `${'#'.repeat(Math.min(6, Number(styledHeading[1] || 2) + 1))} ${styledHeading[2]!.trim()}`;
    // JMeter's summary, `<li><a href="#New and Noteworthy">New and Noteworthy</a></li>`: a link within the page, no change.
    if (/^\s*<li>\s*<a\s+href="#[^"]*">[^<]{1,80}<\/a>\s*<\/li>\s*$/i.test(raw)) return '';
    // JMeter's xdoc `<ch_section>Improvements</ch_section>`: its own tag for a section's title.
    const xdocSection = raw.match(/^\s*<ch_(?:section|title)>([^<]{2,80})<\/ch_(?:section|title)>\s*$/i);
    if (xdocSection) return `## ${xdocSection[1]!.trim()}`;
    // Derby's `<title>Release Notes for Apache Derby 10.15.0.0</title>`: the browser tab's words, not the page's.
    if (/^\s*<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?\s*$/i.test(raw)) return '';
    // A page's wrappers (`<html><head></head><body>`) open the line its content starts on; so does an anchor to link to
    // (Bouncy Castle's `<a id="r1rv78"><h3>2.11.1 Version</h3></a>`).
    let line = raw.replace(/^\s*(?:<head\b[^>]*>.*?<\/head>|<\/?(?:html|head|body|main|div|section|article)\b[^>]*>|<a\s[^>]*\b(?:id|name)=[^>]*>)+/i, '');
    const alone = line.match(/^(\s*)<(li|dt|h[1-6])\b[^>]*>\s*$/i);
    if (alone) {
      const tag = alone[2]!.toLowerCase();
      opened = tag.startsWith('h') ? `${'#'.repeat(Number(tag[1]))} ` : `${alone[1]}- `;
      return '';
    }
    if (/^\s*<\/(?:li|dt|h[1-6])>\s*$/i.test(line)) return '';
    if (opened !== null && line.trim() !== '') {
      const marker: string = opened;
      opened = null;
      // Disruptor's Asciidoctor page: "<li>" over "<p>Issue #323 - <code>WorkerPool</code> …</p>", the paragraph the item's
      // words are set in goes with the marker.
      const text = line
        .trim()
        .replace(/<\/(?:li|dt|h[1-6])>\s*$/i, '')
        .replace(/^<p\b[^>]*>(.*?)<\/p>$/is, '$1');
      line = marker.startsWith('#') ? `${marker}${text.replace(/<[^>]+>/g, '')}` : `${marker}${text}`;
      return line;
    }
    // A version heading with the release's prose after it on one line: the prose is what the line says.
    const heading = line.match(/^\s*<h([1-6])\b[^>]*>/i);
    if (heading) {
      // Found by position, not by a lazy pattern: "<h1>(.*?)</h1>(.*)" backtracks over every closing tag of a hostile line.
      const rest = line.slice(heading[0].length);
      const closing = `</h${heading[1]}>`;
      const close = rest.toLowerCase().indexOf(closing);
      const after = close < 0 ? '' : rest.slice(close + closing.length);
      if (after.trim() !== '' && /^\s*v?\d/.test(rest.slice(0, close).replace(/<[^>]+>/g, ''))) return after.replace(/<\/?(?:p|dd)\b[^>]*>/gi, ' ');
      const trimmed = rest.trimEnd();
      const words = trimmed.toLowerCase().endsWith(closing) ? trimmed.slice(0, -closing.length) : trimmed;
      return `${'#'.repeat(Number(heading[1]))} ${words.replace(/<[^>]+>/g, '').trimEnd()}`;
    }
    // FoxyProxy's about page: `<dt>9.0</dt>` over a `<dd>` a change: the version titles them, each a change of it.
    const version = line.match(/^\s*<dt\b[^>]*>\s*(v?\d+(?:\.\d+)*[\w.-]*)\s*<\/dt>\s*$/i);
    if (version) {
      underVersionTerm = true;
      return `## ${version[1]}`;
    }
    if (/^\s*<\/?(?:dt|dl)\b/i.test(line)) underVersionTerm = false;
    const definition = underVersionTerm ? line.match(/^(\s*)<dd\b[^>]*>(.*?)(?:<\/dd>)?\s*$/i) : null;
    if (definition) return `- ${definition[2]!.trim()}`;
    // OpenConnect's changelog, `<li><b><a …>OpenConnect v8.06</a></b>` over its date and a `<ul>` of changes: an item that
    // names a release and holds the list of its changes titles them, as a heading would.
    if (titleUntilList) {
      titleUntilList = !/^\s*<(?:ul|ol)\b/i.test(line);
      if (!titleUntilList || line.trim() !== '') return '';
    }
    const item = line.match(/^(\s*)<(?:li|dt)\b[^>]*>(.*)$/i);
    const title = item && !/<\/(?:li|dt)>/i.test(item[2]!) ? item[2]!.replace(/<[^>]+>/g, '').trim() : '';
    if (title && /\bv?\d+(?:\.\d+)+/.test(title) && title.length <= 60 && lines.slice(index + 1, index + 4).some((next) => /^\s*<(?:ul|ol)\b/i.test(next))) {
      titleUntilList = !/<(?:ul|ol)\b/i.test(item![2]!);
      return `## ${title}`;
    }
    // Ghidra's "<li><I>Decompiler</I>. Improved detection of …": the area set in italics before a stop is the change's scope.
    if (item) return `${item[1]}- ${item[2]!.replace(/<\/(?:li|dt)>\s*$/i, '').replace(/^\s*<(i|em|b|strong)>([^<]{1,40})<\/\1>\.\s+(?=\p{Lu})/iu, '$2: ')}`;
    // AppStream's `<release version="2.3.0">` and `<description>` hold the release's paragraphs and list.
    return line
      .replace(/^\s*<\/?(?:ul|ol|dl|div|section|article|body|html|head|releases?|description)\b[^>]*>\s*$/i, '')
      .replace(/<\/?(?:p|dd)\b[^>]*>/gi, ' ');
  });
}

/**
 * An element that names a kind of change, by its `type` (nginx's `<change type="bugfix">`, Maven's `<action type="fix">`)
 * or by its name (Tomcat's `<fix>`, `<add>`, `<update>`, `<scode>`); the checker reads it as a heading over its lines.
 */
export const TYPED_ELEMENT = /<(?:\w+\b[^>]*\btype=")?(feature|add|new|bugfix|fix|security|change|update|remove|scode|docs|design)(?:"[^>]*)?>/i;
const TYPE_ATTRIBUTE = /<\w+\b[^>]*\btype="(?:feature|add|new|bugfix|fix|security|change|update|remove)"[^>]*>/i;
const TYPE_PREFIX: Record<string, string> = {
  feature: 'feat: ',
  add: 'feat: ',
  new: 'feat: ',
  bugfix: 'fix: ',
  fix: 'fix: ',
  security: 'security: ',
  remove: 'breaking: ',
  scode: 'chore: ',
  docs: 'docs: ',
};
/** An element in a language other than English (`<para lang="ru">`), read only when the same notes have English too. */
const OTHER_LANGUAGE = /<(\w+)\s(?:[^>l]|l(?!ang="))*lang="(?!en\b)[\w-]+"[^>]*>/i;

/**
 * XML changelogs as Markdown, line for line: each typed element is a bullet whose prefix says its kind, its text the
 * lines within it with the tags gone; text in another language beside English is left out.
 */
function typedElementsAsMarkdown(lines: string[]): string[] {
  // A bare `<fix>` or `<update>` is a change element only in an XML changelog (Tomcat's `<changelog>`); Markdown notes may
  // name such an element in passing ("Support the `<update>` element").
  // K-9 Mail's in-app changelog is `<release version="6.904" …>` over `<change>` lines.
  if (!anyLineHas(lines, '<')) return lines;
  const xml = lines.some((line) => line.includes('<') && /<changelog\b|<release\b[^>]*\bversion="/i.test(line));
  if (!lines.some((line) => line.includes('<') && (xml ? TYPED_ELEMENT : TYPE_ATTRIBUTE).test(line))) return lines;
  const english = lines.some((line) => /\blang="en\b/i.test(line));
  let skipping: string | null = null;
  let prefix: string | null = null;
  let inItem = false;
  return lines.map((line) => {
    if (skipping) {
      if (line.includes(`</${skipping}>`)) skipping = null;
      return '';
    }
    const foreign = english ? line.match(OTHER_LANGUAGE) : null;
    if (foreign) {
      if (!line.includes(`</${foreign[1]}>`)) skipping = foreign[1]!;
      return '';
    }
    // Tomcat's `<section name="Tomcat 11.0.14">` and `<subsection name="Catalina">` title what they hold.
    const titled = line.match(/^\s*<(section|subsection)\s+name="([^"]+)"/i);
    if (titled) return `${titled[1]!.toLowerCase() === 'section' ? '##' : '###'} ${titled[2]}`;
    const typed = line.match(TYPED_ELEMENT);
    if (typed) {
      prefix = TYPE_PREFIX[typed[1]!.toLowerCase()] ?? '';
      inItem = false;
    }
    const text = line
      // Code stays code; a Bugzilla number is a reference to another tracker, a `<pr>` one to the repository's.
      .replace(/<code>(.*?)<\/code>/gi, '`$1`')
      .replace(/<bug>\d+<\/bug>:?/gi, ' ')
      .replace(/<pr>(\d+)<\/pr>/gi, '#$1')
      .replace(/<[^>]+>/g, ' ')
      // "… (markt)": the committer who made the change, a credit.
      .replace(/\s\([a-z][\w-]*(?:\/[a-z][\w-]*)*\)\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) {
      if (!typed) inItem = inItem && !/<\/\w+>\s*$/.test(line);
      return '';
    }
    if (prefix !== null) {
      const bullet = `- ${prefix}${text}`;
      prefix = null;
      inItem = true;
      return bullet;
    }
    return inItem ? `  ${text}` : text;
  });
}

/** A release's own heading line in a plain-text changelog: "12.0.0 - 5 May 2025", "v2.1 (2026-01-02)". */
/** "0.4.9 (2024-09-19)", or a release as its tarball names it: nanopb's "nanopb-0.4.9 (2024-09-19)". */
const VERSION_LINE = /^(?:[a-z][\w.+]*-)?v?\d+(?:\.\d+)+\S*(?:\s+\S+){0,6}$/i;
/** zstd's "api: new `ZSTD_d_maxBlockSize` experimental parameter, …", Epoxy's "epoxy-kspsample : use …": a change after its lower-case area, one a line. */
const AREA_LINE = /^[a-z][\w./-]{0,30} ?:\s+\S+\s+\S/;
/** Epoxy's "# 5.1.3" over its plain lines: a heading naming the release only. */
const isVersionHeading = (line: string) => VERSION_LINE.test(line.match(ATX)?.[2]?.trim() ?? '');
/** A line that ends mid-sentence: a wrapped paragraph's, not a whole entry's. */
const RUNS_ON = /(?:[,;:\-–—(]|\b(?:and|or|but|the|a|an|of|to|for|with|in|on|by|from|that|which|is|are|was|were))$/i;

/**
 * LimeSurvey's release_notes.txt: "-Fixed issue: …", "+New feature …", "#Updated translation: …", a marker with no space
 * before the change's capital, one change a line; read as bullets where the notes use no spaced marker anywhere.
 */
/**
 * Dillo's ChangeLog opens each patch set with "+- " and lists the rest of it with " - ", its authors on an indented
 * "Patches: Alex, Rodrigo Arias Mallo" line below: all of them are changes of the release, none under another, and
 * who wrote the patches is no change.
 */
function patchSetsAsList(lines: string[]): string[] {
  if (!lines.some((line) => line.startsWith('+- ')) || !lines.some((line) => line.startsWith(' - '))) return lines;
  return lines.map((line) => (line.startsWith('+- ') ? ` - ${line.slice(3)}` : PATCH_AUTHORS.test(line) ? '' : line));
}
const PATCH_AUTHORS = /^\s+Patch(?:es)?:\s+\p{L}[\p{L}\p{M} .,'’-]*$/u;

function unspacedMarkersAsList(lines: string[]): string[] {
  const marked = (line: string) => (line.startsWith('-') || line.startsWith('+') || line.startsWith('#')) && /^[-+#](?=\p{Lu}\p{Ll})/u.test(line);
  if (lines.filter(marked).length < 3 || lines.some((line) => BULLET.test(line))) return lines;
  // "Changes from 3.19.1 (build 191009) to 3.19.2 (build 191017) October 17, 2019" right above them titles them.
  return lines.map((line, index) =>
    marked(line)
      ? `- ${line.slice(1)}`
      : line.trim() !== '' &&
          marked(lines[index + 1] ?? '') &&
          (isVersionHeading(line.trim()) || VERSION_LINE.test(line.trim()) || /^(?:changes|release|version)\b.*\d+\.\d+/i.test(line.trim()))
        ? `## ${line.trim()}`
        : line,
  );
}

/**
 * A plain-text changelog with no list markers (FluentValidation's `Changelog.txt`, zstd's `CHANGELOG`): a block of lines
 * that each start with a capital or a lower-case area ("api: …") and end a clause is one change a line, read as bullets,
 * under its version line as a heading. A wrapped paragraph's lines run on (one ends on "the" or a comma, the next starts
 * in lower case), and prose written a sentence to a line ends each with a stop: neither is a list.
 */
function plainLinesAsList(lines: string[]): string[] {
  if (
    lines.some((line) => BULLET.test(line) || (ATX.test(line) && !isVersionHeading(line)) || FENCE.test(line) || TABLE_ROW.test(line) || UNDERLINE.test(line))
  )
    return lines;
  const out = [...lines];
  for (let start = 0; start < lines.length; ) {
    if (lines[start]!.trim() === '') {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== '') end++;
    const first = lines[start]!.trim();
    // An app store's "Improved" over its lines is read as a bare label already; "Changes:" titles its lines as a version does.
    if (isBareLabel(lines[start - 1] ?? '', first, lines[start + 1] ?? '')) {
      start = end;
      continue;
    }
    const titled = isVersionHeading(first);
    const heading = titled || VERSION_LINE.test(first) || /^\p{Lu}[^:]{2,40}:$/u.test(first) ? 1 : 0;
    const entries = lines.slice(start + heading, end).map((line) => line.trim());
    const whole = entries.every((entry) => (/^\p{Lu}\S*\s+\S/u.test(entry) || AREA_LINE.test(entry)) && !RUNS_ON.test(entry));
    const stops = entries.filter((entry) => /[.!?]$/.test(entry)).length;
    if (entries.length >= 3 && whole && stops < entries.length / 2) {
      if (heading && !titled) out[start] = `## ${first.replace(/:$/, '')}`;
      entries.forEach((entry, index) => {
        out[start + heading + index] = `- ${entry}`;
      });
    }
    start = end;
  }
  return out;
}

/**
 * Vifm's ChangeLog: a title at the margin ("0.14.3 to 0.14.4 (2026-05-31)") over paragraphs indented by a tab, one change
 * each. Indented, Markdown would read them as code: each paragraph is an item, each title a heading. Only where every line
 * is one or the other and there are several paragraphs. Haxe's CHANGES.txt indents its labels too ("General improvements:")
 * and writes one change a line after its scope ("all : fix `@:structInit` …"): a label alone on its line is a heading, and a
 * scoped line a change of its own.
 */
/**
 * BlueZ's ChangeLog: "ver 5.84:" at the margin over its changes, one a line, each indented by a tab and capitalised ("\tFix
 * issue with AVRCP …", "\tAdd support for BASS …"): the version a heading, each line a change.
 */
function tabbedLinesAsList(lines: string[]): string[] {
  const version = /^(?:ver(?:sion)?\s+)?v?\d+(?:\.\d+)+[\w.+-]*:?\s*$/i;
  const change = /^\t\p{Lu}/u;
  const runs = lines.map((line, index) => version.test(line) && lines.slice(index + 1, index + 4).every((next) => change.test(next)));
  if (!runs.some(Boolean)) return lines;
  let inRun = false;
  return lines.map((line, index) => {
    if (runs[index]) {
      inRun = true;
      return `## ${line.trim().replace(/:$/, '')}`;
    }
    if (inRun && change.test(line)) return `- ${line.trim()}`;
    inRun = false;
    return line;
  });
}

/**
 * Racket's HISTORY.txt: "Version 9.2, April 2026" at the margin over its changes, one a line at the margin too, each
 * capitalised, a long one wrapped with a hanging indent ("Change `match` to reject … ellipsis" over " depth"): the version
 * a heading, each line at the margin a change, the indented ones more of it. Without a wrapped line, the lines could be a
 * paragraph's; with one, a paragraph would not indent it.
 */
function hangingLinesAsList(lines: string[]): string[] {
  const version = /^(?:version\s+)?v?\d+(?:\.\d+)+[\w.+-]*(?:,\s+[\w ,]{3,30})?:?\s*$/i;
  const change = /^\p{Lu}/u;
  const wrapped = /^ {1,4}\S/;
  const runEnd = (start: number) => {
    let end = start + 1;
    while (end < lines.length && (change.test(lines[end]!) || wrapped.test(lines[end]!)) && !version.test(lines[end]!)) end++;
    return end;
  };
  const runs = lines.map((line, index) => {
    if (!version.test(line)) return false;
    const run = lines.slice(index + 1, runEnd(index));
    return run.length >= 3 && change.test(run[0]!) && run.filter((next) => change.test(next)).length >= 3 && run.some((next) => wrapped.test(next));
  });
  if (!runs.some(Boolean)) return lines;
  let end = -1;
  return lines.map((line, index) => {
    if (runs[index]) {
      end = runEnd(index);
      return `## ${line.trim().replace(/:$/, '')}`;
    }
    if (index >= end) return line;
    return change.test(line) ? `- ${line}` : `  ${line.trim()}`;
  });
}

/**
 * Buildroot's CHANGES: under "\tImportant / security related fixes:", a package a line with the advisories it fixes
 * ("\tapache: CVE-2025-55753, CVE-2025-58098,", wrapped deeper), then "\tInfrastructure updates/fixes:" over its "- "
 * list. Each label a heading, each package with advisories a change, its wrapped ids more of it; a package alone names
 * no advisory and goes.
 */
function packageAdvisoriesAsList(lines: string[]): string[] {
  const named = /^\s+([\w.+-]+):\s*(CVE-\d{4}-\d+.*)$/;
  if (lines.filter((line) => named.test(line)).length < 3) return lines;
  let inPackage = false;
  return lines.map((line) => {
    const label = line.match(/^\s+(\p{Lu}[^:]{2,60}):\s*$/u);
    if (label && label[1]!.split(/\s+/).length <= 6) {
      inPackage = false;
      return `### ${label[1]}`;
    }
    const advisories = line.match(named);
    if (advisories) {
      inPackage = true;
      return `- ${advisories[1]}: ${advisories[2]}`;
    }
    if (inPackage && /^\s+CVE-\d{4}-\d+/.test(line)) return `  ${line.trim()}`;
    inPackage = false;
    return /^\s+[\w.+-]+\s*$/.test(line) ? '' : line;
  });
}

/** A bullet among indented paragraphs, nginx's "*)" among them. */
const PARAGRAPH_BULLET = /^(?:[-*+]|\*\))\s+/;

function indentedParagraphsAsList(lines: string[]): string[] {
  // Cascading's CHANGES.txt: "4.1" in the margin over paragraphs indented by two spaces, one a change. Where only versions
  // stand in the margin, two spaces indent as four do.
  const versionsInMargin = lines.every((line) => line.trim() === '' || /^ {2}/.test(line) || /^v?\d+(?:\.\d+)+[\w.+-]*\s*$/.test(line));
  const indented = versionsInMargin
    ? (line: string) => (line.startsWith('\t') || line.startsWith('  ')) && /^(?:\t| {2,})\S/.test(line)
    : (line: string) => (line.startsWith('\t') || line.startsWith('    ')) && /^(?:\t| {4,})\S/.test(line);
  // Moto's "    * IAM: … no longer loaded by default." over "      @mock_aws(config=…)" after a blank line: a paragraph
  // indented past the bullet before it is more of that bullet, as in any Markdown list.
  let bulletIndent = -1;
  const margin = lines.filter((line) => line.trim() !== '' && !indented(line));
  const paragraphs = lines.filter((line, index) => indented(line) && !indented(lines[index - 1] ?? '')).length;
  // Expat's indented "#1296  CVE-… -- Fix …" lines are read by indentedChangesAsMarkdown.
  if (lines.filter((line) => line.includes('#') && NUMBERED_CHANGE.test(line)).length >= 2) return lines;
  if (paragraphs < 3 || margin.length > 3 || margin.some((line) => /^\s*(?:[-*+]\s|#|\d+[.)]\s|<|```|~~~)/.test(line))) return lines;
  // rlwrap's NEWS: "0.47  use libptytty by default and add --with-libptytty option to" over "      configure.  Keep …": the
  // version in the margin opens its first change, which the indented lines go on with.
  let changeInMargin = -1;
  return lines.map((line, index) => {
    if (line.trim() === '') return line;
    if (!indented(line)) {
      bulletIndent = -1;
      const versioned = line.match(/^v?\d+(?:\.\d+)+[\w.+-]*[ \t]{2,}(\S.*)$/);
      if (versioned && indented(lines[index + 1] ?? '')) {
        changeInMargin = index;
        return `- ${versioned[1]}`;
      }
      return `## ${line.trim()}`;
    }
    if (changeInMargin === index - 1) return `  ${line.trim()}`;
    const words = line.trim().replace(PARAGRAPH_BULLET, '');
    // Geany's NEWS indents its area labels ("    Interface") over their bullets ("    * The document list …"): a label
    // over bullets is a heading, each bullet a change.
    // nginx's CHANGES marks each with "*)".
    if (PARAGRAPH_BULLET.test(line.trim())) {
      bulletIndent = indentOf(line);
      return `- ${words}`;
    }
    if (bulletIndent >= 0 && indentOf(line) > bulletIndent) return `  ${words}`;
    bulletIndent = -1;
    const next = lines[index + 1] ?? '';
    // QUAST's "      1. Compatibility changes:" over its dashed items: the labels are numbered.
    const label = words.replace(/^\d{1,2}[.)]\s+/, '');
    if (indented(next) && PARAGRAPH_BULLET.test(next.trim()) && /^\p{Lu}[\p{L}\d &/-]{1,40}:?$/u.test(label)) return `### ${label.replace(/:$/, '')}`;
    const alone = !indented(lines[index - 1] ?? '') && !indented(lines[index + 1] ?? '');
    if (alone && /^\p{Lu}[^:]{1,60}:$/u.test(words)) return `### ${words.slice(0, -1)}`;
    const scoped = words.match(/^([\w/.-]{1,20}) : (?=\S)/);
    // "all : …" names no part of the product.
    if (scoped) return `- ${scoped[1] === 'all' ? '' : `${scoped[1]}: `}${words.slice(scoped[0].length)}`;
    return indented(lines[index - 1] ?? '') ? `  ${words}` : `- ${words}`;
  });
}

/**
 * Buildah's CHANGELOG (a heading over its commit subjects, each indented four spaces) and tcpdump's CHANGES (labels
 * ending in a colon over deeper-indented changes, a change's own wrapped lines deeper still): plain lines indented as
 * a whole, which Markdown would read as code. A label over deeper lines is a heading, a line deeper than the change
 * before it is more of that change, and every other line a change. Only where nothing else marks the structure: no
 * bullets, fences or headings among the indented lines, no blank line between two of them, and at most three lines at
 * the margin (titles and dates).
 */
function indentedOutlineAsList(lines: string[]): string[] {
  const indentedLine = (line: string) => line.startsWith('  ') && /^ {2,}\S/.test(line);
  const indented = lines.filter(indentedLine);
  const margin = lines.filter((line) => line.trim() !== '' && !indentedLine(line));
  if (indented.length < 5 || margin.length > 3 || lines.some((line) => FENCE.test(line))) return lines;
  if (
    lines.some((line) => BULLET.test(line) || /<\/?[a-z][\w-]*[\s>]/i.test(line)) ||
    indented.some((line) => ATX.test(line.trim())) ||
    lines.filter((line) => NUMBERED_CHANGE.test(line)).length >= 2 ||
    // Paragraphs parted by blank lines are prose (GNU NEWS), read by the outline's own rules; a blank line before a label
    // (mcMMO's "    NOTES:") parts two lists.
    lines.some(
      (line, index) =>
        line.trim() === '' &&
        indentedLine(lines[index - 1] ?? '') &&
        indentedLine(lines[index + 1] ?? '') &&
        !/^\s+\p{Lu}[^.:]{0,30}:$/u.test(lines[index + 1]!),
    )
  )
    return lines;
  let changeIndent = -1;
  let previous = '';
  return lines.map((line, index) => {
    if (!indentedLine(line)) {
      changeIndent = -1;
      return line;
    }
    const indent = indentOf(line);
    const words = line.trim();
    const next = nextContent(lines, index);
    // mcMMO's "    NOTES:" after a blank line, over lines at its own indent: a label the outline's blank line parts.
    if (/^\p{Lu}[^.:]{0,30}:$/u.test(words) && (lines[index - 1] ?? '').trim() === '' && indentedLine(next) && indentOf(next) === indent) {
      changeIndent = -1;
      return `### ${words.replace(/:$/, '')}`;
    }
    // libpng's "  Fixed CVE-2025-64505 (moderate severity):" over "    Heap buffer overflow in …": a fix naming its advisory, told
    // on the lines under it, is one change, not a label.
    if (/:$/.test(words) && ADVISORY_FIX_LEAD.test(words) && indentedLine(next) && indentOf(next) > indent) {
      changeIndent = indent;
      previous = words;
      return `- ${words}`;
    }
    // A label ends in a colon, or opens the outline ("Summary for 4.99.6 tcpdump release"); a change may wrap deeper.
    if (
      indentedLine(next) &&
      indentOf(next) > indent &&
      (/:$/.test(words) ? changeIndent < 0 || indent <= changeIndent : changeIndent < 0 && !/[,;]$/.test(words))
    ) {
      changeIndent = -1;
      return `### ${words.replace(/:$/, '')}`;
    }
    // A sentence wrapped at the same indent runs on in lower case after a line that did not end it.
    const runsOn = changeIndent === indent && /[\p{Ll},]$/u.test(previous) && /^\p{Ll}/u.test(words) && !/^[\w()./-]+:\s/.test(words);
    previous = words;
    if (changeIndent >= 0 && (indent > changeIndent || runsOn)) return `  ${words}`;
    changeIndent = indent;
    return `- ${words}`;
  });
}

const ADVISORY_FIX_LEAD = /^(?:fix(?:ed|es)?|patched|addressed|resolved)\s+(?:CVE-\d{4}-\d+|GHSA(?:-\w{4}){3})\b/i;

/**
 * Whole-document formats read as Markdown, line for line (DocBook, Sphinx changelog blocks, YAML release notes, a release
 * tool's TOML, a JSON list of changes, an advisory mail, CPAN's bracketed groups, an Org-mode outline, R's Rd NEWS, a Vim
 * help file, AsciiDoc, CUE release data, CPython's blurb entries): the parser reads the notes through them, and the checker finds the section
 * headings above a cited line through them.
 */
export function formatsAsMarkdown(lines: string[]): string[] {
  if (lastRead && lastRead.from.length === lines.length && lastRead.from.every((line, index) => line === lines[index])) return [...lastRead.read];
  const read = FORMAT_READERS.reduce((each, reader) => reader(each), lines);
  lastRead = { from: [...lines], read: [...read] };
  return read;
}

/**
 * The last notes read through the formats, and what they read as: a brief reads its notes twice (the parser, then the
 * checker finding a cited line's headings): both readings of Neovim's Vim help notes took a ninth of its brief's CPU.
 * Copies go in and out, so no caller can change what the next one gets; parseNotes forgets it as each brief begins.
 */
let lastRead: { from: string[]; read: string[] } | null = null;

/** Each reader in turn, the first on the notes as written: whole-document formats first, the line-level shapes after. */
const FORMAT_READERS: Array<(lines: string[]) => string[]> = [
  stampedSignaturesBlanked,
  templateTagsRemoved,
  brokenTagsJoined,
  releaseXmlAsMarkdown,
  typstAsMarkdown,
  iscChangeLogAsMarkdown,
  dashTagLinesAsMarkdown,
  joomlaChangelogAsMarkdown,
  doubleDashListsAsMarkdown,
  datedLinesAsMarkdown,
  datedBlocksAsMarkdown,
  labelLinesAsList,
  changeEntriesAsMarkdown,
  trackerKeyLinesAsList,
  pullRequestHeadingsAsList,
  tiddlerAsMarkdown,
  blurbAsMarkdown,
  podAsMarkdown,
  texinfoAsMarkdown,
  cueReleaseAsMarkdown,
  textileAsMarkdown,
  rdocAsMarkdown,
  asciidocAsMarkdown,
  vimHelpAsMarkdown,
  halibutAsMarkdown,
  docbookAsMarkdown,
  texAsMarkdown,
  scribbleAsMarkdown,
  orgNotesAsMarkdown,
  rdNotesAsMarkdown,
  rstChangelogAsMarkdown,
  yamlNotesAsMarkdown,
  versionbotChangelogAsMarkdown,
  releaseToolTomlAsMarkdown,
  pretChangesAsMarkdown,
  jsonChangesAsMarkdown,
  jsonKindListsAsMarkdown,
  rushChangelogAsMarkdown,
  languageNewsAsMarkdown,
  advisoryMailAsMarkdown,
  advisoryPageAsMarkdown,
  phpNewsAsMarkdown,
  tabStopsAsSpaces,
  versionElementAsHeading,
  keyedListsAsHeadings,
  doubledStarBulletsAsList,
  bareMarkersJoined,
  codeMarkedLinesAsList,
  shoutedKindLinesAsList,
  bracketedKindLinesAsList,
  postfixTagsAsList,
  marginVersionsAsIndent,
  bracketGroupsAsHeadings,
  framedTitlesAsHeadings,
  versionBulletsAsHeadings,
  tabbedLinesAsList,
  hangingLinesAsList,
  packageAdvisoriesAsList,
  indentedParagraphsAsList,
  indentedOutlineAsList,
];

/**
 * dlib's release_notes.xml: "<old name="19.24" date="May 8, 2022">" over its plain-text lists, "</old>" after them. The
 * element that wraps a release, named by its version, titles it; its closing tag says nothing. (Only around plain text.)
 */
function versionElementAsHeading(lines: string[]): string[] {
  const opening = /^\s*<([a-z][\w-]*)\s[^<>]*\b(?:name|version)="(v?\d[^"]*)"[^<>]*>\s*$/i;
  const first = lines.findIndex((line) => line.trim() !== '');
  const element = lines[first]?.match(opening);
  if (!element) return lines;
  const closing = new RegExp(`^\\s*</${element[1]}>\\s*$`);
  // K-9 Mail's "<release version=…>" over "<change>…</change>" elements is read as elements, further down.
  if (lines.some((line, index) => index !== first && !closing.test(line) && /<\/?[a-z][\w-]*[\s>]/i.test(line))) return lines;
  return lines.map((line, index) => (index === first ? `## ${element[2]}` : closing.test(line) ? '' : line));
}

/**
 * Gitblit's releases.moxie: a release record whose keys each hold a list, "    security:" over "      - Fix path traversal
 * …", then "    fixes:", "    changes:", "    additions:", "    dependencyChanges:", "    contributors:". Each key titles the
 * list under it, in words ("dependencyChanges" is "Dependency changes"), so a fix is a fix and a contributor a credit.
 */
function keyedListsAsHeadings(lines: string[]): string[] {
  const key = /^(\s+)([a-z][a-zA-Z]{2,30}):\s*$/;
  const listsUnder = (index: number) => {
    const indent = lines[index]!.match(key)![1]!.length;
    const next = lines[index + 1]?.match(/^(\s*)-\s+\S/);
    return next !== null && next !== undefined && next[1]!.length > indent;
  };
  const keyed = lines.map((line, index) => key.test(line) && listsUnder(index));
  if (keyed.filter(Boolean).length < 2) return lines;
  return lines.map((line, index) => {
    if (!keyed[index]) return line;
    const words = line
      .match(key)![2]!
      .replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
      .toLowerCase();
    return `### ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  });
}

/**
 * rxvt-unicode's Changes: "\t- implement a fix for CVE-…" beside "        - fix compiling without frills.", one list indented
 * by a tab on some lines and eight spaces on others, as an editor with tab stops of eight shows it: each tab leading a line
 * is eight columns there.
 */
function tabStopsAsSpaces(lines: string[]): string[] {
  const tabbed = lines.some((line) => line.startsWith('\t') && /^\t+[-*+]\s/.test(line));
  const spaced = lines.some((line) => line.startsWith('        ') && /^ {8,}[-*+]\s/.test(line));
  if (!tabbed || !spaced) return lines;
  return lines.map((line) => line.replace(/^\t+/, (tabs) => ' '.repeat(8 * tabs.length)));
}

/**
 * Lwt's CHANGES: "===== 6.0.0 =====" over "====== Additions ======", titles between runs of equals signs. Which run is
 * the higher heading is the notes' own choice (Lwt gives its sections the longer one), so each length ranks by its
 * first appearance, as reStructuredText's underlines do.
 */
function framedTitlesAsHeadings(lines: string[]): string[] {
  if (!lines.some((line) => FRAMED_TITLE.test(line))) return lines;
  const ranks: number[] = [];
  return lines.map((line) => {
    const framed = line.match(FRAMED_TITLE);
    if (!framed) return line;
    if (!ranks.includes(framed[1]!.length)) ranks.push(framed[1]!.length);
    return `${'#'.repeat(Math.min(ranks.indexOf(framed[1]!.length) + 2, 6))} ${framed[2]}`;
  });
}
const FRAMED_TITLE = /^(={3,})[ \t]+(\S(?:.*\S)?)[ \t]+\1[ \t]*$/;

/**
 * libsodium's ChangeLog: "* Version 1.0.22" at the margin over its prose, indented, and its changes. A bullet that only
 * names a version, over a line indented under it that is no bullet, titles the release: read as a heading, its prose is
 * the notes' opening rather than the run-on of one item.
 */
function versionBulletsAsHeadings(lines: string[]): string[] {
  return lines.map((line, index) => {
    const version = line.match(VERSION_BULLET);
    const next = lines[index + 1] ?? '';
    return version && /^\s+\S/.test(next) && !BULLET.test(next) ? `## ${version[1]}` : line;
  });
}
// Rufus' "o Version 4.12 (2026.01.30)": a letter o for its bullet, the date beside the version.
const VERSION_BULLET = /^[*o-]\s+((?:version|release)\s+v?\d+(?:\.\d+)+[\w.+-]*)(?:\s+\([\d./-]+\))?\s*$/i;

/**
 * uriparser's ChangeLog sets its security fixes between two lines of ">>>>>>>>>>>>> SECURITY >>>>>>>>>>>>>": a fence, not a
 * quote nested thirteen deep, whose second line Markdown's lazy continuation would join to the fix above it. HDF4's HISTORY.txt
 * marks each release "%%%4.3.0%%%%%%%%…" over its title, a marker no reader reads.
 */
const FENCE_LINE = /^\s*(?:(?:>{5,}|<{5,})(?:\s*\w[\w ]{0,30}\s*(?:>{3,}|<{3,}))?|%{3,}v?\d[\w.-]*%{3,})\s*$/;

/**
 * Whether any of the lines holds the mark. The passes over every line of the notes below first ask it for the mark each of their
 * patterns needs: most notes have none, and one search of each line costs far less than a pattern tried on each.
 */
const anyLineHas = (lines: string[], mark: string) => lines.some((line) => line.includes(mark));

function withoutFenceLines(lines: string[]): string[] {
  if (!anyLineHas(lines, '>>>>>') && !anyLineHas(lines, '<<<<<') && !anyLineHas(lines, '%%%')) return [...lines];
  return lines.map((line) => (FENCE_LINE.test(line) ? '' : line));
}

/**
 * What one parse has already asked of a text: kindOfItem asks whether the same words are a chore from several branches, and a
 * heading's kind is asked again for each item under it. Kept for one parseNotes call only, so one notes never sees another's.
 */
interface ParseMemo {
  chores: Map<string, boolean>;
  sectionKinds: Map<string, ChangeKind | null>;
  cleaned: Map<string, CleanText>;
  /** itemInline's readings, by the item's words (see itemInline). */
  inline: Map<string, CleanText>;
}
let parseMemo: ParseMemo | null = null;

export function parseNotes(notes: string, repoBase: string | null): ParsedNotes {
  // Each brief reads its notes through the formats afresh: the reading kept is for its checker, not for the next brief
  // (one of the same notes, as the benchmark's runs are, would otherwise be spared its reading).
  lastRead = null;
  const outer = parseMemo;
  parseMemo = { chores: new Map(), sectionKinds: new Map(), cleaned: new Map(), inline: new Map() };
  try {
    return readNotes(notes, repoBase);
  } finally {
    parseMemo = outer;
  }
}

/**
 * cleanInline of a line of this parse's notes, read once: a heading is read when it opens and again when it closes, a
 * paragraph by each rule that asks what it says. Copies go out, so no caller changes what the next one gets.
 */
function cleanedOnce(raw: string, repoBase: string | null): CleanText {
  return readOnce(parseMemo?.cleaned, raw, () => cleanInline(raw, repoBase));
}

/** A reading kept in the parse's memo under its words (none outside a parse), handed out as a copy. */
function readOnce(memo: Map<string, CleanText> | undefined, words: string, read: () => CleanText): CleanText {
  let said = memo?.get(words);
  if (!said) {
    said = read();
    memo?.set(words, said);
  }
  return { text: said.text, refs: [...said.refs], code: [...said.code] };
}

function readNotes(notes: string, repoBase: string | null): ParsedNotes {
  const source = notes.replace(/\r\n?/g, '\n').split('\n');
  // DocBook, Sphinx changelogs and YAML notes read as the Markdown they stand for, line for line.
  const input = withoutQuotedDescriptions(
    summariesAsItems(
      withoutFoldedCommitLog(
        lineBlocksAsList(
          indentedLabelsAsHeadings(
            taggedLinesAsList(
              indentedPlainListsAsMarkdown(
                creditedGroupsAsList(
                  datedEntriesAsList(
                    datedBulletsAsHeadings(
                      advisoryBlocksAsList(
                        releaseBulletLinesAsList(
                          sentenceLinesAsList(
                            releaseBulletAsTitle(
                              liquidAnchorsAsHeadings(urlWordsAsLinks(formatsAsMarkdown(dedented(starOutlineAsMarkdown(withoutFenceLines(source)))))),
                            ),
                          ),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const unlinked = withOutlineHeadings(
    withoutDirectives(
      withoutComponentTags(
        withoutBehaviourParts(
          withoutModuleLines(
            withoutFrontMatter(
              htmlAsMarkdown(
                typedElementsAsMarkdown(
                  plainLinesAsList(
                    unspacedMarkersAsList(
                      patchSetsAsList(
                        indentedChangesAsMarkdown(
                          trackerLinesAsList(
                            numberedTitlesAsList(
                              foldsAsHeadings(
                                anchorTagsAsHeadings(
                                  advisoryLinesAsHeadings(
                                    numberedSectionsAsHeadings(
                                      outlineNumbersAsList(
                                        kindWordLinesAsList(
                                          shortTagLinesAsList(
                                            gitLogGraphAsList(
                                              dateKeyedEntriesAsList(
                                                handleSignedLinesAsList(
                                                  clockDateLinesAsTitles(
                                                    shortlogAsList(wikiTopicMarkup(closedHeadings(withoutScriptBlocks(withoutSignatureArmor(input))))),
                                                  ),
                                                ),
                                              ),
                                            ),
                                          ),
                                        ),
                                      ),
                                    ),
                                  ),
                                ),
                              ),
                            ),
                          ),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const targets = linkTargets(unlinked);
  // A link's words may wrap onto the next line: a paragraph's are resolved again once joined.
  const lines = unlinked.map((line) => withReferenceLinks(line, targets));
  const items: NoteItem[] = [];
  // Changes told as paragraphs under a kind's heading: the next indented paragraph is the next change, not more of this one.
  const paragraphItems = new Set<NoteItem>();
  // Paragraphs a change before them told already (the account of an advisory a "Firstly, this release fixes …" names).
  const toldParagraphs = new Set<number>();
  // Paragraphs after the opening that nothing read (see flushParagraph).
  const afterOpening: Array<{ start: number; end: number; texts: string[] }> = [];
  // Whether a "Firstly, …" paragraph opened a count of changes, each paragraph after it led by its ordinal.
  let counting = false;
  // The paragraph told as the fix of a security update's opening, until the notes turn out to list one themselves.
  let flawTold: NoteItem | null = null;
  const headings: Heading[] = [];
  const underlineLevels: string[] = [];
  let intro: ParsedNotes['intro'] = null;
  let sawChange = false;
  let fenced = false;
  // Changesets and release-please name their sections by the semver part each bumps; GitHub's generated "What's Changed"
  // beside a "Major Changes" of its own (Kani) is no changeset.
  const majorChangesAreSemver = lines.some((line) => SEMVER_SECTION.test(line)) || !lines.some((line) => WHATS_CHANGED_HEADING.test(line));
  let paragraph: { start: number; texts: string[] } | null = null;
  // Lite XL's "Contains the following new features:" over a paragraph a feature: the kind of the paragraphs after it.
  let proseLeadIn: ChangeKind | null = null;
  // The last paragraph, until a bullet or heading follows it.
  let lastProse = null as string | null;
  let lastProseStart = 0;
  // Advisory ids alone on a line, over the account of the flaw they name (see flushParagraph).
  let advisoryTitle: { ids: string[]; start: number; end: number } | null = null;
  // The last line of the last paragraph read as a change for the verb that leads it (see flushParagraph).
  let verbLedEnd = Number.NEGATIVE_INFINITY;
  // A heading whose body has prose but no bullets is itself a change (blog-style notes).
  // (Cast so TypeScript does not narrow it to null: the helpers below set it.)
  let pendingHeading = null as PendingHeading | null;
  /** The line of the last heading: a bullet after it is no child of a change before it (Plack's deeper-indented groups). */
  let headingAt = 0;
  // Bullets that only group others (`* breaking:`, `` * `babel-core` ``) act as headings for their children.
  // A label that only names where its children apply (rclone's "- Local") heads the children after it: `line` is its line.
  const labels: Array<{ indent: number; heading: Heading; line: number }> = [];
  // Whether the rows of the table being read are changes; a table without a header row is read as one.
  let tableListsChanges = true;
  // GFM lets a table leave out its outer bars (btop's "References | Description | Author(s)" over "--- | --- | ---"): its rows
  // are then known by the header's rule, until a blank line. Columns naming who made a change are credits, not its words.
  let barelessTable = false;
  let creditColumns = new Set<number>();
  /** The one change a table of advisory ids under "Fixes for the following security vulnerabilities" makes, while it lasts. */
  let advisoryTable: NoteItem | null = null;
  // Under a bare label line ("Improved", "Fixed"), each line up to a blank one is a change: app stores' plain-text notes.
  let lineItems = false;

  const currentKind = (): ChangeKind => {
    for (const source of [...labels.map((label) => label.heading), ...headings].reverse()) if (source.kind) return source.kind;
    return 'other';
  };
  const sectionPath = () => [...headings, ...labels.map((label) => label.heading)].map((heading) => heading.text);

  const closeHeadingItem = () => {
    const told =
      pendingHeading?.first && !pendingHeading.titlesRelease ? advisoryToldBelow(pendingHeading.heading.text, pendingHeading.first.text, headings) : null;
    if (pendingHeading?.first && told) {
      const { heading, line, first } = pendingHeading;
      items.push({
        kind: 'security',
        text: `${told.words.replace(/[.\s]+$/, '')} (${told.ids.join(', ')}).`,
        lines: { start: line, end: first.end },
        section: headings.filter((h) => h !== heading).map((h) => h.text),
        refs: heading.refs,
        ...codeOf({ code: first.code }),
      });
      pendingHeading = null;
      return;
    }
    if (pendingHeading?.heading.kind === 'internal' && ADVISORY_ACCOUNT_HEADING.test(pendingHeading.heading.text)) {
      pendingHeading = null;
      return;
    }
    // A heading that only titles a section ("Notable Behavioral Changes", "lib.d.ts Changes") is not a change itself.
    if (
      pendingHeading &&
      !pendingHeading.titlesRelease &&
      (!pendingHeading.hasBullets || namesAFeature(pendingHeading)) &&
      pendingHeading.hasProse &&
      !DESCRIBES_THE_DOCUMENT.test(pendingHeading.first?.text ?? '') &&
      // liboqs' "## Security issues" over "None reported": a kind of change the release has none of.
      !/^(?:none(?:\s+(?:reported|known|found|so far|this (?:release|time)))?|n\/a|nothing(?:\s+(?:new|to report))?)[.!]?$/i.test(
        pendingHeading.first?.text ?? '',
      ) &&
      !SECTION_TITLE.test(pendingHeading.heading.text) &&
      // Authboss' "### Fixed" over the fix told in a paragraph, then "This comes with a slight change in behavior …" going on
      // about it: the section's kind, its first paragraph the change.
      !(KEEP_A_CHANGELOG_SECTION.test(pendingHeading.heading.text.trim()) && pendingHeading.heading.kind !== 'security') &&
      // BeanShell's "### Security fix" over four paragraphs telling the flaw: the kind's title, its first paragraph the fix.
      // (Not h11's, whose advisory a later paragraph names: the heading's item carries it.)
      !(
        /^security\s+fix$/i.test(pendingHeading.heading.text) &&
        !namesAdvisory(headingBody(lines, pendingHeading.line, pendingHeading.first?.end ?? pendingHeading.line).join('\n'))
      ) &&
      // Ampache's "### Security (4.2.2)" over "Fix CVE-2020-15153 - Unauthenticated SQL injection in Ampache": a kind's title.
      !(/^\p{L}+\s*\(v?\d+(?:\.\d+)+\)$/u.test(pendingHeading.heading.text) && sectionKind(pendingHeading.heading.text) !== null)
    ) {
      const { heading, line, first } = pendingHeading;
      const parents = headings.filter((h) => h !== heading);
      const inherited = [...parents].reverse().find((h) => h.kind)?.kind ?? null;
      // Blog-style notes give each flagship feature its own heading and paragraph (TypeScript, Go).
      const section = parents.at(-1)?.text ?? '';
      // "New Enum Assignability Restrictions" under "Notable Behavioral Changes" is a change in behaviour, whatever its first word.
      const titled = heading.kind === 'feature' && NOT_NEW_SECTION.test(section) ? null : heading.kind;
      // A heading whose own paragraphs name the advisory it fixes ("## High Severity: Denial of Service", then a CVE; vscode-go's
      // "### Untrusted code execution in 'Restricted Mode'" over "… This is CVE-2025-68120.") is a security fix.
      const bodyLines = headingBody(lines, line, first?.end ?? line);
      const body = bodyLines.join('\n');
      const own =
        namesAdvisory(body) && !namesAdvisory(heading.raw) && heading.kind !== 'internal'
          ? { kind: 'security' as const, text: heading.text }
          : itemKind(heading.raw, heading.text, titled ?? inherited ?? 'feature', section);
      // FastEndpoints' "## ⚠️ Sponsorship Level Critically Low ⚠️" over how the project is funded: the signs call for attention
      // to a notice of the project's own (its heading's kind), which breaks nothing.
      if (heading.kind === 'internal' && own.kind === 'breaking' && !/\bbreak/i.test(heading.text)) own.kind = 'internal';
      // An advisory named only after the first paragraph ("This is CVE-2025-68120.") is cited there and told with the change.
      const firstEnd = first?.end ?? line;
      const lastAdvisory = bodyLines.findLastIndex((text) => NAMES_ADVISORY.test(text));
      const namedFirst = namesAdvisory(bodyLines.slice(0, firstEnd - line + 1).join('\n'));
      const beyond = own.kind === 'security' && !namedFirst && line + lastAdvisory > firstEnd ? line + lastAdvisory : null;
      if (beyond) own.text = `${own.text.replace(/[.\s]+$/, '')} (${advisoryIds(bodyLines.slice(firstEnd - line + 1).join(' ')).join(', ')})`;
      // PHP-Parser's "### PHP version requirements" over "PHP-Parser now requires PHP 7.4 or newer to run.": its paragraph
      // leaves whoever is on an older one behind.
      // CSharpier's "### Error when no read access to intermediate containing folder" over "… it was failing with an exception.
      // That has been resolved.": an issue's title, over the words that say it was fixed.
      if (
        (own.kind === 'feature' || own.kind === 'other') &&
        first &&
        (SAID_FIXED.test(first.text) || /^this (?:has been|is now|was) (?:fixed|resolved)\b/i.test(first.text))
      )
        own.kind = 'fix';
      // vdirsyncer's "Changes to SSL configuration" over "Support for ``md5`` and ``sha1`` certificate fingerprints has been
      // dropped.": support its paragraph takes away likewise.
      if (
        (own.kind === 'feature' || own.kind === 'other') &&
        first &&
        (RAISED_MINIMUM.test(first.text) || (dropsSupport(first.text) && heading.text.split(/\s+/).length >= 2))
      ) {
        own.kind = 'breaking';
        own.text = first.text;
      }
      // Vant 4's "### Remove Less variables" over "Vant 4.0 no longer provides Less variables …": a heading that takes a thing away
      // is no feature, whatever section it is under.
      // (Not Inno Setup's "Removed main size limits": a limit gone frees people.)
      if (
        own.kind === 'feature' &&
        /^remov(?:e|ed|al\s+of)\s/i.test(heading.text) &&
        !/\b(?:limit|limitation|restriction|cap|need|requirement)s?\b/i.test(heading.text)
      )
        own.kind = 'breaking';
      // Nikola's "For plugin developers" over "Nikola now requires the ``.plugin`` file to contain …": a note to some of its
      // users, which a post does not lead with as something new.
      if (own.kind === 'feature' && AUDIENCE_HEADING.test(heading.text)) own.kind = 'other';
      // Mathesar's "## Upgrading to 0.3.0" over "### For installations using Docker Compose": whom the steps below are for.
      if (/^for\s/i.test(heading.text) && parents.some((parent) => /^(?:upgrad(?:e|ing)|migrat(?:e|ing|ion))\b/i.test(parent.text))) own.kind = 'internal';
      const text = stripScope(own.text);
      // Nushell's "### Add list input type to more date commands", "These are the commands that were updated:" over
      // "- `date humanize`", "- `format date`": a list of the names the change touches, not changes of their own.
      const parts = items.filter((item) => item.lines.start > line && item.section.at(-1) === heading.text);
      const namesOnly = parts.length > 0 && parts.every((item) => item.code?.length === 1 && item.text.replace(/\.$/, '') === item.code[0]);
      // "Changed models: The following estimators …" with no list after it says nothing yet.
      // "## Learn more" over "Other notable changes in this release are:" introduces its list; the list holds the changes.
      // Boa's "### Temporal" over "Boa is continuing to progress on Temporal. …" under its Highlights: a feature named in one
      // word, which its paragraph tells. (Elsewhere a word heads a part of the notes more often than a change: Swift's
      // "Foundation", React Native's "Expo".)
      const oneNamedFeature =
        text.split(' ').length === 1 &&
        own.kind === 'feature' &&
        parents.some((parent) => HIGHLIGHTS_TITLE.test(parent.text)) &&
        /^[\p{Lu}`]/u.test(heading.raw.replace(/^#+\s*/, '')) &&
        first !== null &&
        new RegExp(`(?<![\\w-])${escapeRegExp(text)}(?![\\w-])`).test(first.text);
      if (
        (text.split(' ').length >= 2 || oneNamedFeature) &&
        !NOT_A_CHANGE_HEADING.test(text) &&
        !NAMES_THE_RELEASE.test(text) &&
        // Vitest's "## The next Vitest major is here": the release announced, no change of it.
        !ONLY_ANNOUNCES.test(text) &&
        !(isCallout(text) && isCallout(heading.text)) &&
        (namesOnly || !/^the following\b|:\s*$/i.test(first?.text ?? '')) &&
        // etcd's "### Metrics, Monitoring" over "See [List of metrics](…) for all metrics per release.": a pointer, no change.
        // JHipster's "Closed tickets and merged pull requests" over "As always, you can check all closed tickets … here." too.
        !/^(?:as always,\s+)?(?:see|refer to|you can (?:check|see|find|read))\s/i.test(first?.text ?? '') &&
        // Apache Hop's "== GitHub Issues" over "This release contains work on 16 tickets.": a count of the work, no change.
        !/^this release (?:contains|includes) work on \d+\s+(?:tickets|issues|pull requests)\b/i.test(first?.text ?? '') &&
        !INSTALL_LINE.test(first?.text ?? '') &&
        // TinyUSB's "## Host Stack" over "No changes".
        !NOTHING_CHANGED.test(first?.text ?? '')
      ) {
        if (namesOnly) items.splice(0, items.length, ...items.filter((item) => !parts.includes(item)));
        items.push({
          kind: own.kind,
          // "### New `device` parameter.": a heading's stop is no part of its words.
          text: text.replace(/(?<=[\p{L}\d)])\.$/u, ''),
          lines: { start: line, end: beyond ?? firstEnd },
          section: parents.map((h) => h.text),
          refs: heading.refs,
          // The names its paragraph wrote as code ("New `TestConfig.retryStrategy` controls …") are the detail's code.
          ...codeOf({ code: [...new Set([...cleanedOnce(heading.raw, repoBase).code, ...(first?.code ?? [])])] }),
          // Ebitengine 2.4's "DirectX performance improvement" over "The DirectX driver now runs 2x-3x faster …": a speed-up the
          // notes give a heading and a figure is one of the release's features.
          // (Not Homebrew 6's "Performance" alone: a kind's name heads the section, no feature of it.)
          ...(own.kind === 'feature' || (own.kind === 'performance' && SPEED_FIGURE.test(first?.text ?? '') && !ONLY_SPEED.test(text))
            ? { flagship: true }
            : {}),
          // Frida 17's "## Legacy-style enumeration APIs" over "Back in the day, our synchronous enumeration APIs all looked like
          // this:" and the old code: how things were, leading into an example, says nothing of the change.
          ...(first && !BACKSTORY_INTO_EXAMPLE.test(first.text) ? { detail: first.text } : {}),
        });
      }
    } else if (
      pendingHeading?.first &&
      !pendingHeading.titlesRelease &&
      !pendingHeading.hasBullets &&
      pendingHeading.hasProse &&
      !DESCRIBES_THE_DOCUMENT.test(pendingHeading.first.text)
    ) {
      // A section title with only a paragraph under it ("### Cargo features"): the paragraph is the change.
      const { heading, first } = pendingHeading;
      const parents = headings.filter((h) => h !== heading);
      const own = itemKind(first.text, first.text, heading.kind ?? 'other', heading.text);
      // "… deprecated in the following data sources": a paragraph pointing at a list says nothing on its own.
      if (own.text.split(' ').length >= 4 && !/\bthe following\b|:$/i.test(own.text))
        items.push({
          kind: own.kind,
          text: own.text,
          lines: { start: first.start, end: first.end },
          section: [...parents, heading].map((h) => h.text),
          refs: [],
        });
    } else if (pendingHeading && !pendingHeading.hasBullets && !pendingHeading.hasProse && END_OF_SUPPORT.test(pendingHeading.heading.text)) {
      // Element's "## This is the last release compatible with macOS Big Sur. It will not update further. …", a heading over
      // nothing: a notice to whoever is on it, told by its first sentence.
      const { heading, line } = pendingHeading;
      items.push({
        kind: 'other',
        text: heading.text.split(SENTENCE_BREAK)[0]!,
        lines: { start: line, end: line },
        section: headings.filter((h) => h !== heading).map((h) => h.text),
        refs: heading.refs,
      });
    }
    pendingHeading = null;
  };

  /** A paragraph told as one change, of the kind its words say or else `inherited`. */
  const paragraphItem = (texts: string[], start: number, end: number, inherited: ChangeKind): NoteItem => {
    const joined = withReferenceLinks(texts.join(' '), targets);
    const said = itemInline(joined, repoBase);
    const own = itemKind(joined, said.text, inherited, sectionPath().at(-1));
    return { kind: own.kind, text: own.text, lines: { start, end }, section: sectionPath(), refs: said.refs, ...codeOf(said) };
  };
  // Counted once, and only for notes with a title over a body to end (most notes have none).
  let bodiesUnderTitles: boolean | undefined;
  const titlesOverBodiesHere = () => (bodiesUnderTitles ??= titlesOverBodies(lines) >= 2);
  // Notes of one Markdown heading, the version's, over paragraphs and no list (Flask-CORS 2.0.0rc1).
  const atxHeadings = lines.filter((line) => line.startsWith('#') && /^#{1,6}\s/.test(line));
  const notesHoldNoList = !lines.some((line) => BULLET.test(line));
  const proseUnderVersion = atxHeadings.length === 1 && /^#{1,6}\s+\[?v?\d[\w.+-]*\]?\s*$/.test(atxHeadings[0]!) && !lines.some((line) => BULLET.test(line));
  const flushParagraph = () => {
    if (!paragraph) return;
    const { start, texts } = paragraph;
    const end = start + texts.length - 1;
    paragraph = null;
    // ncdns' caveats and what it means to add later end with their list: the prose after it tells the release again.
    if (headings.at(-1)?.level === 7 && LIST_ONLY_HEADINGS.has(headings.at(-1)!.text)) {
      closeHeadingItem();
      headings.pop();
    }
    // Ren'Py's "… followed by extend, as in::" over an indented `e "This is {nw}"`: reStructuredText's literal block, code.
    // mysqld_exporter's "For example:" over `    export MYSQLD_EXPORTER_PASSWORD=secret`: Markdown's indented code, an example.
    if (/(?:::|\b(?:for example|for instance|e\.g\.|like this|as follows):)\s*$/i.test(lastProse ?? '') && /^(?:\t| {2,})\S/.test(lines[start - 1]!)) return;
    // Bevy's `<div class="release-feature-authors">authors: @lachlansneff and @aclysma</div>` under each feature's heading.
    if (texts.length === 1 && HANDLES_CREDITED.test(texts[0]!.replace(/<[^>]*>/g, '').trim())) return;
    // netaddr's "Release: 1.0.0" title over "Date: 2024-02-10": when, not what.
    if (texts.length === 1 && /^(?:date|released?(?:\s+on)?)\s*:\s*\d{4}-\d{2}-\d{2}\.?$/i.test(texts[0]!.trim())) return;
    // Courier's "Contents of this NEWS file:" over its table of links to its parts: what the document holds, no opening.
    if (texts.length === 1 && LISTS_CONTENTS.test(texts[0]!.trim())) return;
    // The account of an advisory a change before it told already (Krill's, after "Firstly, this release fixes …").
    if (toldParagraphs.has(start)) return;
    // OpenPMIx's ".. warning:: CVE-2023-41915" over "A security issue was reported by …" and "A filesystem race condition could
    // permit a malicious user …": the ids alone title the account below them, past who reported it; the account is the fix.
    if (texts.length === 1 && ADVISORY_IDS_ONLY.test(texts[0]!.trim())) {
      advisoryTitle = { ids: advisoryIds(texts[0]!), start, end };
      return;
    }
    if (advisoryTitle && start - advisoryTitle.end <= 2) {
      advisoryTitle.end = end;
      if (REPORTED_BY.test(texts[0]!.trim())) return;
      const [flaw] = texts.join(' ').trim().split(SENTENCE_BREAK);
      const said = itemInline(`${flaw!.replace(/[.!]$/, '')} (${advisoryTitle.ids.join(', ')}).`, repoBase);
      items.push({ kind: 'security', text: said.text, lines: { start: advisoryTitle.start, end }, section: sectionPath(), refs: said.refs, ...codeOf(said) });
      advisoryTitle = null;
      sawChange = true;
      return;
    }
    advisoryTitle = null;
    lastProse = texts.join(' ');
    lastProseStart = start;
    // FreeRDP's "CVE:" over "CVE-2024-32039 [Moderate] Integer overflow & OutOfBound Write in clear_decompress_residual_data",
    // one advisory a line: each line is a security fix, whatever paragraph it sits in.
    const labelled = texts.length >= 3 && ADVISORY_LIST_LABEL.test(texts[0]!) ? 1 : 0;
    if (texts.length - labelled >= 2 && texts.slice(labelled).every((text) => ADVISORY_LINE.test(text))) {
      texts.slice(labelled).forEach((text, offset) => {
        // The flaw leads, its id and grade after it, as a sentence names them.
        const [, id, grade, rest] = text.match(ADVISORY_LINE)!;
        const said = itemInline(withReferenceLinks(rest!, targets), repoBase);
        items.push({
          kind: 'security',
          text: `${said.text.replace(/[.!]$/, '')} (${id}${grade ? `, ${grade}` : ''})`,
          lines: { start: start + labelled + offset, end: start + labelled + offset },
          section: sectionPath(),
          refs: said.refs,
          ...codeOf(said),
        });
      });
      sawChange = true;
      return;
    }
    // Moment's "Address https://github.com/moment/moment/security/advisories/GHSA-8hfj-j24r-96c4" alone after its list: the
    // release's security fix, its advisory named by its id. (Before any change, pgx's "Fix CVE-2024-27304" opens the notes,
    // the prose after it telling the flaw.)
    const advisoryFix = sawChange && texts.length <= 2 ? texts.join(' ').trim().match(ADVISORY_FIX_PARAGRAPH) : null;
    if (advisoryFix) {
      items.push({ kind: 'security', text: `${advisoryFix[1]} ${advisoryFix[2]}`, lines: { start, end }, section: sectionPath(), refs: [] });
      sawChange = true;
      return;
    }
    // Solr's "Solr 9.10.1 also includes fixes for two recently published security issues, CVE-2026-22444 and CVE-2026-22022.
    // Administrators should …" after its highlights: prose that tells the release's security fixes by their ids is one.
    // (Not ESAPI's plain-text table of closed issues, a paragraph of two dozen lines run together.)
    // Flink's post says so after its opening, before any change: "These releases only include a version upgrade for Log4j to
    // address CVE-2021-44228 and CVE-2021-45046."
    // (Not Krill's "Firstly, this release fixes CVE-2023-0158:" over the advisory's address and account, told below.)
    const fixSaid =
      (sawChange || (intro !== null && !/:\s*$/.test(texts[0]!) && !ORDINAL_LEAD.test(texts[0]!))) && texts.length <= 4
        ? securityFixSentence(cleanedOnce(withReferenceLinks(texts.join(' '), targets), repoBase).text)
        : null;
    if (fixSaid) {
      items.push({ kind: 'security', text: fixSaid, lines: { start, end }, section: sectionPath(), refs: [] });
      sawChange = true;
      return;
    }
    // Mitsuba 3.6.0's "Some breaking changes were made in this process. Please refer to the porting guide …" after its list:
    // prose that says the release breaks things, and where to read how.
    if (sawChange && BREAKS_WERE_MADE.test(texts[0]!.trim())) {
      items.push({ ...paragraphItem(texts, start, end, 'breaking'), kind: 'breaking' });
      return;
    }
    // CoreDNS's "plugin/forward: Add source_address directive (…)" a line each, unbulleted: each line is one change.
    // (LZ4's bare "v1.10.0" over its lines titles them.)
    const titled = /^v?\d+(?:\.\d+)+[\w.+-]*:?$/.test(texts[0]!.trim()) ? 1 : 0;
    if (texts.length - titled >= 2 && texts.slice(titled).every((text) => SCOPED_LINE.test(text))) {
      texts.slice(titled).forEach((text, index) => {
        const offset = index + titled;
        const said = itemInline(withReferenceLinks(text, targets), repoBase);
        const own = itemKind(text, said.text, currentKind(), sectionPath().at(-1));
        items.push({
          kind: own.kind,
          text: own.text,
          lines: { start: start + offset, end: start + offset },
          section: sectionPath(),
          refs: said.refs,
          ...codeOf(said),
        });
      });
      sawChange = true;
      if (pendingHeading) listsUnder(pendingHeading);
      return;
    }
    // iodine's CHANGELOG: "**Security**: a request smuggling attack vector … were exposed by …", "**Fix**: (`http`) fixes an
    // issue with date calculation …": a paragraph a change, its kind in a bold label before it.
    const kindLabel = texts[0]!.match(KIND_LABELLED_PARAGRAPH);
    const labelKind = kindLabel ? sectionKind(kindLabel[1]!) : null;
    if (labelKind && !pendingHeading?.hasBullets) {
      const item = paragraphItem(texts, start, end, labelKind);
      items.push(item);
      paragraphItems.add(item);
      sawChange = true;
      return;
    }
    // Echo's "**BREAKING CHANGE** JWT Middleware Removed from Core use [labstack/echo-jwt](…) instead" opening a paragraph:
    // a breaking change told as prose, not the release's opening.
    // The paragraph after it giving the advisory that forced the change ("… due to another security vulnerability,
    // CVE-2024-51744") names it with the change.
    if (BREAKING_PARAGRAPH.test(texts[0]!)) {
      const said = itemInline(withReferenceLinks(texts.join(' '), targets).replace(BREAKING_PARAGRAPH, '').replace(GIST_LABEL, ''), repoBase);
      const reason = paragraphAfter(lines, end);
      const ids = reason && NAMED_FLAW.test(reason.text) ? advisoryIds(reason.text) : [];
      const text = ids.length > 0 ? `${said.text.replace(/[.\s]+$/, '')} (${ids.join(', ')}).` : said.text;
      const lineRange = { start, end: ids.length > 0 ? reason!.end : end };
      items.push({ kind: 'breaking', text, lines: lineRange, section: sectionPath(), refs: said.refs, ...codeOf(said) });
      sawChange = true;
      return;
    }
    // Cookiecutter's "### What's new" over "**A security policy that explains what you're trusting.** Cookiecutter templates
    // can run …": under a kind's heading, a paragraph led by its title in bold is one change.
    const kindTitled = pendingHeading?.heading.kind && titlesAKind(pendingHeading.heading.text) ? pendingHeading : null;
    // (Not a label, "**Migration:** Use `k6 cloud upload` …": a title ends as a sentence does.)
    if (kindTitled && /^\*\*[^*]{3,120}(?:[.!]\*\*|\*\*[.!])\s+\S/.test(texts[0]!)) {
      const item = paragraphItem(texts, start, end, kindTitled.heading.kind!);
      items.push(item);
      paragraphItems.add(item);
      listsUnder(kindTitled);
      sawChange = true;
      return;
    }
    if (pendingHeading) {
      pendingHeading.hasProse = true;
      pendingHeading.end = Math.max(pendingHeading.end, end);
      // MkDocs' "##### Absolute links" over "> Historically, within Markdown, …": a quoted paragraph says it all the same.
      // PHP-Parser's "Previously, `throw` statements like … were represented using …" over "Now, `throw $e;` is represented as
      // …": what the heading's change is, is said by the paragraph that tells how it is now.
      // Turborepo's "## Boundaries" over "Turborepo is built on top of package manager Workspaces, …" then "We're introducing
      // Boundaries, an experimental feature …": the background first, then the paragraph that says what is new.
      const introduced =
        pendingHeading.first !== null &&
        /^(?:we(?:'re|’re| are) (?:introducing|adding|launching|shipping)|introducing)\b/i.test(texts[0]!.trim()) &&
        !/\b(?:new|now|introduc\w*|adds?|added)\b/i.test(pendingHeading.first.text);
      const toldNow = introduced || (pendingHeading.first !== null && /^previously\b/i.test(pendingHeading.first.text) && /^now\b/i.test(texts[0]!.trim()));
      const said =
        pendingHeading.first && !toldNow
          ? null
          : cleanedOnce(withReferenceLinks(texts.map((text) => text.replace(/^(?:>\s?)+/, '')).join(' '), targets), repoBase);
      // Julia's "*Jeff Bezanson*, *Cody Tapscott*" under a feature's heading: who made it, not what it is; Ghostty's "PR:" over
      // its link, a label of what went as a reference.
      if (
        said &&
        !namesIn(said.text.replace(/\.$/, '')).every((name) => PERSON_NAME.test(name)) &&
        // PHPStan's "This feature was developed by [Richard van Velzen](…). {.text-sm}" under each feature's heading.
        !DEVELOPED_BY.test(said.text) &&
        !/^(?:PRs?|pull requests?|issues?|see|refs?|links?)\s*:?\s*$/i.test(said.text)
      ) {
        const text = said.text.includes('@') ? said.text.replace(HANDLES_DID, doneByHandles) : said.text;
        pendingHeading.first = { start, end, text: toldNow ? text.replace(/^now,?\s+/i, '') : text, code: said.code };
      }
    }
    // Biopython's prose-only NEWS: after the opening, "This release reverts the removal of …" under the release's own title
    // is a change, told as a sentence.
    // Mycodo 8.16's "This release changes the install directory from ~/Mycodo to /opt/Mycodo. … you will need to either run …":
    // a change that asks upgraders to act breaks their set-up.
    // I2P 2.10.0's post, "I2PSnark now supports UDP trackers." a paragraph after its opening: a part that does more now.
    // (Not Git LFS 3.7's run-on paragraph of everything it now does, which its lists below tell one by one.)
    // ObjectBox 4.0.0's "**ObjectBox now supports on-device [Vector Search](…)** to enable …": said in bold, the same.
    const partNowDoes = PART_NOW_DOES.test(texts[0]!.trim().replace(/^\*\*(?=\p{Lu})/u, '')) && texts.join(' ').split(/\s+/).length <= 40;
    if (intro && pendingHeading?.titlesRelease && (THIS_RELEASE_CHANGES.test(texts[0]!.trim()) || partNowDoes)) {
      items.push(paragraphItem(texts, start, end, ASKS_UPGRADERS.test(texts.join(' ')) ? 'breaking' : 'other'));
      return;
    }
    if (proseLeadIn) {
      // "In addition, there have been many other small fixes and improvements, too numerous to list here.": the list ends.
      if (PROSE_LIST_END.test(texts.join(' '))) {
        proseLeadIn = null;
        return;
      }
      const item = paragraphItem(texts, start, end, proseLeadIn);
      items.push(item);
      paragraphItems.add(item);
      sawChange = true;
      return;
    }
    const leadIn = PROSE_LEAD_IN.exec(texts.join(' ').trim());
    if (leadIn && !BULLET.test(nextContent(lines, end - 1))) {
      proseLeadIn = sectionKind(leadIn[1]!) ?? 'other';
      return;
    }
    // "** Bug fixes" over indented paragraphs (GNU NEWS): under a kind's heading with no list, each paragraph is a change.
    // One space (.NET's " [.NET 8.0 Blog][…]" under "## Notable Changes") indents nothing in Markdown; Docker's "### Security"
    // over "This release fixes an issue where, …" tells its one change as the section's only paragraph.
    const section = pendingHeading?.heading;
    const told = texts.join(' ');
    const ordinal = told.match(ORDINAL_LEAD);
    if (ordinal && /^first/i.test(ordinal[0])) counting = true;
    if (ordinal && counting && !pendingHeading?.hasBullets) {
      const rest = told.slice(ordinal[0].length);
      const advisory = rest.match(FIXES_AN_ADVISORY);
      // The flaw's account is the paragraph after it, past one that only gives the advisory's address.
      let account = advisory ? paragraphAfter(lines, end) : null;
      if (account && /^<?https?:\/\/\S+>?$/.test(account.text.trim())) account = paragraphAfter(lines, account.end);
      if (advisory && account && (NAMED_FLAW.test(account.text) || stopsAttack(account.text))) {
        const [first] = account.text.trim().split(SENTENCE_BREAK);
        const flaw = first!.replace(DESCRIBES_THE_FLAW, '').replace(/[.!]$/, '');
        const said = itemInline(`Fixed ${flaw.charAt(0).toLowerCase()}${flaw.slice(1)} (${advisory[1]}).`, repoBase);
        items.push({ kind: 'security', text: said.text, lines: { start, end: account.end }, section: sectionPath(), refs: said.refs, ...codeOf(said) });
        for (let at = end + 1; at <= account.end; at++) toldParagraphs.add(at);
        sawChange = true;
        return;
      }
      if (!advisory) {
        const item = paragraphItem([rest.charAt(0).toUpperCase() + rest.slice(1)], start, end, 'other');
        items.push(item);
        paragraphItems.add(item);
        sawChange = true;
        return;
      }
    }
    // Icecast 2.4.3's NEWS tells its one fix as a story, in paragraphs under the version: the paragraph that names the
    // advisory and what an attacker could do with it is the fix, whatever the paragraphs around it say of its history.
    if (!pendingHeading?.hasBullets && !firstParagraphUnderHeading(lines, start - 1) && NAMES_ADVISORY.test(told) && ADVISORY_TOLD.test(told)) {
      items.push(paragraphItem(texts, start, end, 'security'));
      sawChange = true;
      return;
    }
    // Flask-CORS 2.0.0rc1's "## 2.0.0rc1" over six short paragraphs and no list: after the opening one (what the release
    // is and asks), each paragraph is one change.
    if (proseUnderVersion && !firstParagraphUnderHeading(lines, start - 1) && paragraphsAreChanges(lines, start - 1)) {
      const item = paragraphItem(texts, start, end, 'other');
      if (item.text.split(' ').length >= 3) {
        items.push(item);
        sawChange = true;
      }
      return;
    }
    const indented = /^(?:\t| {2,})\S/.test(lines[start - 1]!);
    const after = nextContent(lines, end - 1);
    const onlyParagraph = section?.kind === 'security' && (after === '' || /^#{1,6}\s/.test(after)) && NAMES_ADVISORY.test(told) && told.split(' ').length >= 8;
    // NNG's "== Notable Changes (since 1.6.0)" over a paragraph per change, unindented: where the section holds three or more
    // short paragraphs and nothing else, each is one.
    // Pollen's Scribble "@bold{New features}" and "@bold{Backward incompatibilities}" over short paragraphs, one a change, the
    // same under a title that names the kind.
    const proseList =
      !indented &&
      !onlyParagraph &&
      (((section?.kind === 'feature' || section?.kind === 'other') && /\bchanges\b/i.test(section.text)) ||
        // (Not git-crypt's "### New workflow" over one change told in paragraphs: a change's name, no kind's.)
        (notesHoldNoList &&
          (section?.kind === 'feature' || section?.kind === 'breaking') &&
          section.level >= 3 &&
          /^(?:[\w-]+\s+)?(?:features|changes|incompatibilit(?:y|ies)|additions|removals|improvements)$/i.test(section.text)))
        ? paragraphsAreChanges(lines, start - 1)
        : false;
    // Timely Dataflow's "### Removed" over "Removed all deprecated methods and traits." and two paragraphs more, no list: a
    // Keep a Changelog section told in prose tells a change a paragraph, however few.
    // (Not Lynis' "### Security" over "An important focus area for this release is on security.": what it is about.)
    const keptInProse =
      !indented &&
      section !== undefined &&
      section.kind !== 'security' &&
      KEEP_A_CHANGELOG_SECTION.test(section.text) &&
      paragraphsInSection(lines, start - 1) >= 1;
    // (ggez's "## Changed" over a paragraph a change: a section whose changes are of any kind, each its words' own.)
    if (
      section &&
      (section.kind || keptInProse) &&
      section.kind !== 'internal' &&
      !pendingHeading!.hasBullets &&
      (titlesAKind(section.text) || keptInProse) &&
      (indented || onlyParagraph || proseList || keptInProse)
    ) {
      const clean = itemInline(withReferenceLinks(told, targets), repoBase);
      const own = itemKind(told, clean.text, section.kind ?? 'other', section.text);
      const text = own.text.replace(/\s*\[(?:bug |the bug |this bug |the race )?(?:introduced|dates back|appears|was introduced)[^\]]*\]\s*/gi, ' ').trim();
      if (text.split(' ').length >= 3) {
        const item: NoteItem = { kind: own.kind, text, lines: { start, end }, section: sectionPath(), refs: clean.refs, ...codeOf(clean) };
        items.push(item);
        paragraphItems.add(item);
        sawChange = true;
        pendingHeading!.hasProse = false;
      }
      return;
    }
    // Raqm's NEWS: "Update grapheme cluster boundary detection to Unicode 17, …", "Reject input that spans multiple
    // paragraphs; …", "Fix out-of-bounds read …" a short paragraph each under the release's title, no list yet: two or more
    // running on, each led by a change's verb, are its changes (the first no opening).
    // (Not JTOpen's "Fixes and enhancements in JTOpen 11.1", a title, nor a lead-in, "Fixes the following security issues:".)
    // (Not wmbusmeters' paragraphs after its opening, read together at the end as its changes.)
    if (
      (intro === null || sawChange) &&
      (!pendingHeading || pendingHeading.titlesRelease || RELEASE_TITLE.test(pendingHeading.heading.text)) &&
      !pendingHeading?.hasBullets &&
      texts.length <= 4 &&
      ledByChangeVerb(texts[0]!.trim()) &&
      (start - verbLedEnd <= 2 || ledByChangeVerb(paragraphAfter(lines, end)?.text.trim() ?? ''))
    ) {
      items.push(paragraphItem(texts, start, end, 'other'));
      verbLedEnd = end;
      sawChange = true;
      return;
    }
    // Difftastic's "### Parsing" over "Added support for Dockerfiles and Fish shell.", "Removed support for Elvish and SCSS …":
    // under a heading that names an area (a word or two, no kind), a short paragraph led by a change's verb is a change.
    const area = pendingHeading && !pendingHeading.hasBullets && !pendingHeading.titlesRelease ? pendingHeading.heading : null;
    if (
      area &&
      (area.kind ?? 'other') === 'other' &&
      area.level > 1 &&
      area.text.split(' ').length <= 2 &&
      texts.length <= 4 &&
      CHANGE_VERB.test(texts[0]!.trim()) &&
      !/^Support\s+for\b/.test(texts[0]!.trim())
    ) {
      const item = paragraphItem(texts, start, end, 'other');
      items.push(item);
      paragraphItems.add(item);
      pendingHeading!.hasProse = false;
      sawChange = true;
      return;
    }
    // iTerm2 3.5.11's advisory in questions: "What is the issue?" over "A bug in the SSH integration feature caused input and
    // output to be logged to a file on the remote host. …", after an opening that says the release holds a security fix.
    if (pendingHeading && WHAT_IS_THE_ISSUE.test(pendingHeading.heading.text) && intro && HOLDS_A_SECURITY_FIX.test(intro.text)) {
      // (It cites the opening's lines with it: they say it is a security fix.)
      items.push({ ...paragraphItem(texts, start, end, 'security'), kind: 'security', kindMark: { ...intro.lines } });
      sawChange = true;
      return;
    }
    // CairoSVG 2.9.0's "**WARNING:** this is a security update." over "Using a lot of recursively nested use tags could lead to
    // long rendering times …": the paragraph after an opening that calls the release a security update tells the flaw fixed.
    // (Not WeasyPrint's "We strongly recommend to upgrade …": advice; nor any paragraph where the notes list a fix of their own,
    // which the end of the notes decides.)
    if (intro && !sawChange && SAYS_SECURITY_UPDATE.test(intro.text) && told.split(' ').length >= 8 && !POINTS_BELOW.test(told) && !ADVICE.test(told)) {
      const said = itemInline(withReferenceLinks(told, targets), repoBase);
      // It cites the opening with it: that is the line that says it is a security fix.
      flawTold = { kind: 'security', text: said.text, lines: { start: intro.lines.start, end }, section: sectionPath(), refs: said.refs, ...codeOf(said) };
      items.push(flawTold);
      sawChange = true;
      return;
    }
    // Channels 4.2's "Additionally, support has been added for Django 5.1." after its opening: a paragraph that says what
    // the release now supports, before any heading or list, is one of its changes.
    if (intro && !sawChange && !pendingHeading?.hasBullets && SUPPORT_ADDED_PARAGRAPH.test(told)) {
      // Told as a change of its own, without the word that joined it to the opening.
      const own = [
        texts[0]!.replace(/^(?:additionally|also|finally|in addition),?\s+(\p{Ll})/iu, (_whole, first: string) => first.toUpperCase()),
        ...texts.slice(1),
      ];
      items.push(paragraphItem(own, start, end, 'feature'));
      return;
    }
    // Prose under a change's own heading (Prettier's `#### Markdown: …`) describes that change, not the release.
    // erdtree's "### What's Changed" over "`erdtree` v2.0.0 introduces numerous breaking changes …" and a list of bare pull
    // request addresses: GitHub's section title over the release's own opening, not a change's heading.
    const changeHeading =
      pendingHeading && pendingHeading.heading.level > 1 && !/^What['’]s Changed$/i.test(pendingHeading.heading.text) ? pendingHeading : null;
    // erdtree's "Perhaps the most important change to note is that the compiled binary has been renamed from `et` to `erd` …"
    // after its list: prose that singles out one change is that change.
    const singledOut = changeHeading ? null : told.match(SINGLES_OUT_A_CHANGE);
    if (singledOut) {
      const rest = told.slice(singledOut[0].length);
      items.push(paragraphItem([rest.charAt(0).toUpperCase() + rest.slice(1)], start, end, 'other'));
      sawChange = true;
      return;
    }
    if (intro || sawChange || (changeHeading && changeHeading.heading.level > 2 && headings.length > 1)) {
      // Cairo 1.17.4's NEWS and Observable Plot's post tell their release in paragraphs after the opening and nothing else:
      // kept aside, they are its changes where the notes hold no other (the end of the notes decides).
      if (intro && !sawChange) afterOpening.push({ start, end, texts });
      return;
    }
    // Prose under a feature's own heading ("## Preserved Narrowing in Closures") is that feature's, not the release's opening.
    // (TinyBase 8.0's "## Introducing Middleware" over "This release introduces a powerful new system …" likewise.)
    if (changeHeading && (!RELEASE_TITLE.test(changeHeading.heading.text) || INTRODUCES_A_THING.test(changeHeading.heading.text))) return;
    // provider's "Fix `MultiProvider` not being inheritable anymore due to 6.1.3." alone under its version: the release's one
    // change, told as a sentence where other notes would list it.
    // "PostGIS 3.7.0beta2" over "2026/08/09" over the opening: the release's name and date title it, they are no prose.
    // MDAnalysis' "05/28/23 IAlibay, pgbarletta, mglagolev, …" over more names: when, and who made it, no opening.
    const datedNames = DATED_NAMES.test(texts[0]!.trim());
    const titleLines = texts.findIndex(
      (text) =>
        !(datedNames && (DATED_NAMES.test(text.trim()) || NAMES_LIST.test(text.trim()))) &&
        !NAME_AND_VERSION.test(text) &&
        !DATE_LINE.test(text) &&
        !TITLE_LINE.test(text.trim()) &&
        // Barman's NEWS: "Version 3.0.0 - 23 June 2022" over its list.
        !VERSION_TITLE.test(text.trim()) &&
        !SIGNED_VERSION_TITLE.test(text.trim()) &&
        !DATED_SIGNED_VERSION_TITLE.test(text.trim()) &&
        !STAMPED_VERSION_LINE.test(text.trim()) &&
        !CODENAMED_TITLE.test(text.trim()) &&
        !MOTTO_TITLE.test(text.trim()) &&
        !BUILT_ON_LINE.test(text.trim()),
    );
    if (titleLines === -1) return;
    if (titleLines > 0) {
      paragraph = { start: start + titleLines, texts: texts.slice(titleLines) };
      flushParagraph();
      return;
    }
    // melos' "> Note: This release has breaking changes." over "> - Gradle wrapper >=8.13": a quote's words, up to its list.
    const quoted = texts.every((text) => text.startsWith('>')) ? texts.map((text) => text.replace(/^(?:>\s?)+/, '')) : texts;
    // Tesla's "> #### Important {: .error}" over "> Please be careful using `:hackney` …": a callout of caution, no opening.
    if (/^#{1,6}\s+(?:important|warning|caution|attention|danger|note)\b/i.test(quoted[0] ?? '')) return;
    const listed = quoted.findIndex((text) => /^[-*+]\s/.test(text));
    // cosign's "**Note: This release comes with a fix for CVE-… Please upgrade …**": a note set in bold is the same prose.
    const joined = withReferenceLinks((listed > 0 ? quoted.slice(0, listed) : quoted).join(' '), targets)
      .replace(/^\*\*([^*]+)\*\*$/, '$1')
      .replace(/^(?:note:|please note that)\s+this release\b/i, 'This release');
    // Catima's "Android 5.0 and 5.1 are no longer supported starting with this release.": support ended, told as prose.
    // Element's "Fix [CVE-…](https://www.cve.org/CVERecord?id=CVE-…) / [GHSA-…](…)": a link's address is no part of the sentence.
    const words = joined.replace(/\]\([^)\s]*\)/g, ']');
    // grocy's "> ⚠️ PHP 8.5 (with SQLite 3.40+) is from now on the only supported runtime version.": a raised minimum, in one sentence.
    if (LONE_CHANGE.test(words) || dropsSupport(words) || (RAISED_MINIMUM.test(words) && !/[.!?]\s+\S/.test(words.trim()))) {
      const said = itemInline(joined, repoBase);
      const own = itemKind(joined, said.text, currentKind(), sectionPath().at(-1));
      items.push({ kind: own.kind, text: own.text, lines: { start, end }, section: sectionPath(), refs: said.refs, ...codeOf(said) });
      if (pendingHeading) pendingHeading.hasProse = false;
      return;
    }
    // BTCPay Server's "Note: If you installed the XPub Extractor plugin, you will need to update it.": what an upgrader must do.
    const mustAct = joined.match(MUST_ACT_NOTE);
    if (mustAct && (joined.match(/[.!?](?:\s|$)/g) ?? []).length <= 2) {
      const said = itemInline(joined.slice(mustAct[0].length), repoBase);
      items.push({ kind: 'breaking', text: said.text, lines: { start, end }, section: sectionPath(), refs: said.refs, ...codeOf(said) });
      if (pendingHeading) pendingHeading.hasProse = false;
      return;
    }
    const cleaned = cleanInline(joined, repoBase);
    // Commander's "Commander 15 is ESM only. … See Migration Tips below.": the opening without its pointer at the sections.
    // Emacs 29.3's "… an emergency bugfix release intended to fix several security vulnerabilities described below.": a
    // sentence that only closes on the pointer keeps its words.
    const clean = {
      ...cleaned,
      text: cleaned.text
        .split(SENTENCE_BREAK)
        .map((sentence) => {
          const kept = sentence.replace(CLOSING_POINTER, '.');
          // jjwt's "This patch release includes various changes listed below.": without its pointer it says nothing.
          return kept !== sentence && kept.split(' ').length >= 7 && !VAGUE_CHANGES.test(kept) ? kept : sentence;
        })
        .filter((sentence) => !POINTS_BELOW.test(sentence))
        .join(' '),
    };
    // Shattered Pixel Dungeon keeps its changelog in Java ("changes = new ChangeInfo("v3.3.6", false, null);"): code is no opening.
    const code = (clean.text.match(/;\s/g) ?? []).length >= 2 || /\bnew \p{Lu}\w*\(|\w\.\w+\([^)]*\);/u.test(clean.text);
    // MariaDB's row of buttons, `<a href="…" class="button primary">Download</a> <a …>Release Notes</a> …`: links and
    // nothing else between them are a page's navigation, whatever their words.
    const navigation = /^\s*(?:(?:<a\s[^>]*>[^<]*<\/a>|\[[^\]]*\]\([^)\s]*\))[\s|·•,]*)+$/i.test(joined);
    if (
      !code &&
      !navigation &&
      clean.text.split(' ').length >= 6 &&
      (clean.text.match(/(?<!:):(?=\s|$)/g)?.length ?? 0) < 3 &&
      !NOT_AN_OPENING.test(clean.text) &&
      !BYLINE.test(clean.text) &&
      !DESCRIBES_THE_DOCUMENT.test(clean.text) &&
      !ONLY_ANNOUNCES.test(clean.text) &&
      // kaniko's "The executor images in this release are:" over a block of image names: what it leads into is the code.
      // (Hugo's "Hugo 0.83 finally brings WebP … you may use a construct such as this:" tells the feature before its example.)
      !(/:\s*$/.test(joined) && !/[.!?]\s+\p{Lu}/u.test(joined) && FENCE.test(nextContent(lines, end - 1))) &&
      // Django Ninja's "To get started install latest version with" over its `pip install` block: how to get it, no news.
      !(INSTALLS_WITH.test(joined.trim()) && FENCE.test(nextContent(lines, end - 1))) &&
      // FluentMigrator's "The new documentation is online on [https://…](https://…).": without its address it leads nowhere.
      !(LEADS_TO_A_LINK.test(clean.text) && ENDS_ON_A_LINK.test(joined))
    ) {
      intro = { text: clean.text.replace(FIRST_PERSON_ASIDE, '').replace(LEADING_DATE, ''), lines: { start, end }, refs: clean.refs };
      // The title heading above the intro is the release's, not a change, whatever prose follows (Biopython's "10 January
      // 2024: Biopython 1.83" over two paragraphs).
      if (pendingHeading) {
        pendingHeading.hasProse = false;
        pendingHeading.titlesRelease = true;
      }
    }
  };

  const openHeading = (level: number, raw: string, line: number) => {
    proseLeadIn = null;
    flushParagraph();
    // A heading with deeper headings under it is a section: its prose introduces them.
    // A callout under it ("#### `use` does not support promises created in render.") leaves it a change with its prose.
    // statsmodels' "The Highlights" over "This release fixes an import issue …", then "Merged Pull Requests": the release's own
    // summary of its news, whatever lists follow.
    const clean = cleanedOnce(raw, repoBase);
    // HydePHP's post numbers its feature headings ("### 4. JSON Output for `route:list` Command"): the count is no word of it.
    const text = clean.text.replace(/:$/, '').replace(/^\d{1,2}\.\s+(?=\p{Lu})/u, '');
    // Ory Kratos' "## Breaking Changes" over its account, then "### Bug Fixes", "### Code Generation": a commit log's own
    // sections, a level too deep, are the breaking section's siblings, not what breaks; its prose tells the breaks.
    const besideBreaks = headings.at(-1)?.kind === 'breaking' && COMMIT_LOG_SECTION.test(text);
    if (
      pendingHeading &&
      level > pendingHeading.heading.level &&
      level < 7 &&
      !besideBreaks &&
      !isCallout(raw) &&
      !namesAFeature(pendingHeading) &&
      !/^(?:the )?highlights?$/i.test(pendingHeading.heading.text)
    )
      pendingHeading.hasProse = false;
    // Node-RED's "#### 5.0.4: Maintenance Release" titles the release: "maintenance" there is no section of chores.
    // Changesets' "### Major Changes" over its list is semver's major; Lemmy's post titles its news "## Major Changes" over a
    // paragraph that opens them.
    const prose = /^major changes?$/i.test(text) && !BULLET.test(nextContent(lines, line - 1)) && !ATX.test(nextContent(lines, line - 1));
    // Kani's "## Major Changes" beside "## What's Changed", not changesets' "Minor Changes" and "Patch Changes": its notable ones.
    const notableMajor = !prose && /^Major Changes?$/.test(text) && !majorChangesAreSemver;
    const kind =
      (RELEASE_OF_KIND.test(text) && !/security/i.test(text)) || prose || SECURITY_RELEASE_HEADING.test(text)
        ? null
        : notableMajor
          ? 'feature'
          : // VisualBoyAdvance-M's "## [2.1.0] Vulnerability fixes" over a hundred commits: the release's title says why it came
            // out, not what each of its changes is.
            VERSION_TITLED.test(raw) && sectionKind(text) === 'security'
            ? null
            : sectionKind(text);
    const empty = pendingHeading && pendingHeading.end === pendingHeading.line && !pendingHeading.hasBullets ? pendingHeading.heading : null;
    if (empty && empty.level === level && titlesSiblings(empty.text, text)) empty.adopts = true;
    const namesAChange = !titlesAKind(text);
    closeHeadingItem();
    headingAt = line;
    labels.length = 0;
    lastProse = null;
    const adopting = (heading: Heading) => heading.adopts === true && heading.level === level && namesAChange;
    while (headings.length && headings[headings.length - 1]!.level >= level && !adopting(headings[headings.length - 1]!)) headings.pop();
    if (besideBreaks && headings.at(-1)?.kind === 'breaking') headings.pop();
    const parent = headings[headings.length - 1];
    const adopted = parent !== undefined && adopting(parent);
    // ejabberd's "#### Security fixes" over "This release contains fixes for those issues:": a sentence leading into the
    // list says "fixes" of what its section calls security fixes; it does not make them plain fixes.
    const leadsIn = level === 7 && LEAD_IN.test(text) && (parent?.kind === 'security' || parent?.kind === 'breaking');
    // An adopted heading's words ("… for new installations") do not overrule the kind its section gives it.
    // MISP's "### Details" under "## CVE-2019-16202 - Vulnerability in MISP …" lists what went wrong: the advisory's account.
    const advisoryAccount = ADVISORY_ACCOUNT_HEADING.test(text) && namesAdvisory(headings.map((h) => h.text).join(' '));
    const heading: Heading = {
      level: adopted ? level + 0.5 : level,
      raw,
      text,
      refs: clean.refs,
      kind: advisoryAccount ? 'internal' : adopted || leadsIn ? null : kind,
    };
    headings.push(heading);
    pendingHeading = { heading, line, end: line, hasBullets: false, hasProse: false, first: null, titlesRelease: NAMED_VERSION_TITLE.test(text) };
    // "## Highlights" over "This is a major release, both in numbering and in effort!": its prose opens the notes.
    const opensNotes = /^(?:highlights?|overview|summary|what['’]?s new)$/i.test(text.trim());
    if (heading.kind && heading.kind !== 'other' && !opensNotes) sawChange = sawChange || heading.kind !== 'internal' || headings.length > 1;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const number = index + 1;
    if ((line.includes('```') || line.includes('~~~')) && FENCE.test(line) && (fenced || !isUnderline(lines, index))) {
      fenced = !fenced;
      flushParagraph();
      extendLast(items, number);
      if (pendingHeading) pendingHeading.end = number;
      continue;
    }
    if (fenced) {
      extendLast(items, number);
      if (pendingHeading) pendingHeading.end = number;
      continue;
    }
    if (line.trim() === '' || NOISE.test(line)) {
      tableListsChanges = true;
      barelessTable = false;
      creditColumns = new Set();
      lineItems = false;
      flushParagraph();
      continue;
    }
    const next = lines[index + 1] ?? '';
    const atx = atxHeading(line);
    // A heading indented into a bullet's body (a changeset's `  #### Scoping sources…`) is more of that change; Async Storage's
    // `  ## Breaking changes:` there heads the breaking changes the major entry lists, a level under the section it is in.
    const previous = items[items.length - 1];
    if (
      atx &&
      indentOf(line) > 0 &&
      !paragraph &&
      previous &&
      previous.lines.end >= number - 2 &&
      indentOf(lines[previous.lines.start - 1]!) < indentOf(line)
    ) {
      const critical = sectionKind(atx.text.replace(/:$/, ''));
      if (critical === 'breaking' || critical === 'security') {
        openHeading(Math.max(atx.level, Math.floor(headings.at(-1)?.level ?? 0) + 1), atx.text, number);
        continue;
      }
      previous.lines.end = number;
      continue;
    }
    if (atx) {
      openHeading(atx.level, atx.text, number);
      continue;
    }
    if (UNDERLINE.test(line)) continue;
    if (!BULLET.test(line) && UNDERLINE.test(next) && !paragraph && isUnderline(lines, index + 1)) {
      const char = next.trim()[0]!;
      if (!underlineLevels.includes(char)) underlineLevels.push(char);
      openHeading(underlineLevels.indexOf(char) + 1, line.trim(), number);
      continue;
    }
    // Adminer's changes.txt: "Adminer 5.0.4 (released 2025-03-11):" over its changes, one a line, unbulleted.
    if (!paragraph && !lineItems && RELEASED_LINE.test(line) && next.trim() !== '' && !BULLET.test(next)) {
      openHeading(2, line.trim().replace(/:$/, ''), number);
      lineItems = true;
      continue;
    }
    // VapourSynth's ChangeLog: "r74:" over "avfs has been moved to a separate repository/download", a change a line in lower
    // case, unbulleted: the lower case says each line opens a change where running prose would open on a capital.
    if (!paragraph && !lineItems && VERSION_LABEL.test(line) && /^\p{Ll}/u.test(next) && /^\p{Ll}/u.test(lines[index + 2] ?? '')) {
      openHeading(2, line.trim().replace(/:$/, ''), number);
      lineItems = true;
      continue;
    }
    if (!paragraph && !lineItems && isBareLabel(lines[index - 1] ?? '', line, next)) {
      openHeading(7, line.trim(), number);
      lineItems = true;
      continue;
    }
    // A Debian changelog's stanza: "pkg (1.2-1) unstable; urgency=medium" titles the release; "  [ Name ]" groups who made
    // the changes under it, " -- Name <email>  date" signs it. Neither is a change or prose.
    const stanza = line.match(DEBIAN_STANZA);
    if (stanza) {
      openHeading(1, `${stanza[1]} ${stanza[2]}`, number);
      continue;
    }
    // (Each pattern is tried where the line holds a mark it needs: few lines are any of these.)
    if (
      (line.includes('[ ') && DEBIAN_AUTHOR.test(line)) ||
      (line.startsWith(' -- ') && DEBIAN_TRAILER.test(line)) ||
      (line.includes('@') && CHANGELOG_SIGNATURE.test(line)) ||
      (line.includes('@') && RPM_ENTRY_LINE.test(line)) ||
      (line.includes('(') && DATED_ASIDE.test(line)) ||
      (line.includes(',') && PLACE_AND_DATE.test(line)) ||
      (!paragraph && DAY_DATE_SIGNATURE.test(line) && SIGNED_BY_NAME.test(line))
    ) {
      flushParagraph();
      continue;
    }
    // .NET's "[CVE-2024-38168 | .NET Denial of Service Vulnerability](…)" on a line of its own over the advisory's prose
    // titles that advisory, as a heading would.
    const advisoryTitle = !paragraph ? line.match(ADVISORY_LINK_TITLE) : null;
    if (advisoryTitle) {
      openHeading(7, `${advisoryTitle[2]!.trim()} (${advisoryTitle[1]})`, number);
      continue;
    }
    // PostGIS's NEWS frames its sections in stars ("* Bug Fixes *"): a title, not a change.
    // Remmina's old ChangeLog: "***** 1.0.0 - 2012-02-10 *****", a release's banner.
    const framed = line.match(/^\*\s+(\p{Lu}[^*]{1,60}?)\s+\*\s*$/u) ?? line.match(/^\*{3,}\s+([^*\s][^*]{1,60}?)\s+\*{3,}\s*$/);
    if (framed) {
      openHeading(3, framed[1]!, number);
      continue;
    }
    // FreeType's CHANGES titles each release "CHANGES BETWEEN 2.10.3 and 2.10.4 (2020-Oct-20)" and numbers its sections in
    // Roman numerals and capitals: "  I. IMPORTANT BUG FIXES".
    if (!paragraph && /^CHANGES\s+(?:BETWEEN|SINCE|FROM)\s+\S.*\d/.test(line)) {
      openHeading(1, line.trim(), number);
      continue;
    }
    const numbered = !paragraph ? line.match(/^\s*[IVX]{1,4}\.\s+(\p{Lu}[\p{Lu}\d &/',-]{2,60})\s*$/u) : null;
    if (numbered) {
      openHeading(3, numbered[1]!.trim(), number);
      continue;
    }
    const label =
      !paragraph && !BULLET.test(line) && BULLET.test(nextContent(lines, index))
        ? (line.match(/^(\S.{2,60}):\s*$/) ?? indentedKindLabel(lines, index))
        : shoutedKindLabel(lines, index);
    const boldRun = line.match(/^\s*\*\*([^*]+?):?\*\*:?\s*$/) ?? italicSectionLabel(lines, index, paragraph !== null);
    const bold = boldRun ?? label;
    // "**The minimum supported Java version changes from 6 to 7.**": a sentence set in bold is said loudly, not a title
    // (a banner in capitals, "**DO NOT READ THIS FILE ON GITHUB.**", stays out of the prose); so is cosign's "**Note: … fix for
    // CVE-… [Github Security Advisory](…). Please upgrade to this release ASAP**", two sentences, the last without its stop.
    const boldSentence =
      bold !== null &&
      (/[.!]$/.test(bold[1]!.trim()) || (boldRun !== null && /[.!?]\)?\s+\p{Lu}/u.test(bold[1]!))) &&
      bold[1]!.trim().split(/\s+/).length >= 5 &&
      !SHOUTED.test(bold[1]!.replace(/<[^>]*>|https?:\/\/\S+/g, ''));
    // HoloViews' "**November 10, 2025**" under its version's heading: when it came out, no title of what follows.
    if (boldRun && DATE_LINE.test(boldRun[1]!.trim())) {
      flushParagraph();
      continue;
    }
    if (bold && !boldSentence) {
      // pugixml's "Maintenance release. Changes:": what titles the list is the label's last sentence.
      const titled = bold === label ? bold[1]!.replace(/^.*[.!?]\s+(?=\S)/, '') : bold[1]!;
      openHeading(7, bold === label && AFFECTED_UNLESS.test(line.trim()) ? 'Affected when' : titled, number);
      continue;
    }
    const bullet = line.match(BULLET);
    const last = items[items.length - 1];
    // "- [**New Features**](#new-features) - What would a major release be without them?": a table of contents points at
    // the sections below, which tell the changes; so is Rspack's "- Output optimization" over its indented links to them.
    if (bullet && (TOC_ENTRY.test(line) || (TOC_ENTRY.test(lines[index + 1] ?? '') && indentOf(lines[index + 1]!) > indentOf(line)))) {
      flushParagraph();
      // Gatsby's "Key highlight of this release:" over "- [Adapters](#adapters)": a label over links within the page titles
      // them, no change of its own.
      if (pendingHeading && pendingHeading.heading.level === 7) pendingHeading.hasBullets = true;
      continue;
    }
    if (bullet) {
      // "Here are some highlights:" closing a paragraph titles the bullets below it; c-ares' "Thanks go to these friendly
      // people for their efforts and contributions for this release:" says they are credits. Material UI's "A big thanks to the
      // 9 contributors who made this release possible. Here are some highlights ✨:" thanks them, then titles its highlights.
      flushParagraph();
      const titles = lastProse !== null && /\bhighlights?(?:\s*\p{Extended_Pictographic}\uFE0F?)*\s*:\s*$/iu.test(lastProse);
      const credits = lastProse !== null && !titles && THANKS_INTRO.test(lastProse);
      // IPython's "… a really low severity CVE that you most likely are not affected by unless:" over "You are on windows.":
      // who is affected, not what changed.
      const conditions = lastProse !== null && AFFECTED_UNLESS.test(lastProse.replace(/<[^>]+>/g, ''));
      const lastProseIntroducesBreaks = lastProse !== null && labels.length === 0 && BREAKS_INTRO.test(lastProse);
      // JupyterHub's "One high-level security vulnerability in user-initiated sharing is patched (…):" over "- [GHSA-…](…)":
      // the flaw the id alone below it names.
      const flawLeadIn = lastProse !== null && /:\s*$/.test(lastProse) && NAMED_FLAW.test(lastProse) ? lastProse : null;
      const prose = lastProse;
      const listLeadIn =
        prose !== null && labels.length === 0
          ? LIST_LEAD_INS.find((leadIn) => (leadIn.underAKind || !pendingHeading?.heading.kind) && leadIn.pattern.test(prose))
          : undefined;
      lastProse = null;
      if (conditions) openHeading(7, 'Affected when', number - 1);
      else if (listLeadIn) openHeading(7, listLeadIn.heading, number - 1);
      if (titles && labels.length === 0)
        labels.push({ indent: -1, heading: { level: 8, raw: 'Highlights', text: 'Highlights', refs: [], kind: 'feature' }, line: 0 });
      if (credits) openHeading(7, 'Thanks', number - 1);
      // Rouge 5's "**This is a major release** and includes some breaking changes:" over them: the list is of breaks.
      else if (lastProseIntroducesBreaks) openHeading(7, 'Breaking changes', number - 1);
      const indent = indentOf(line);
      // XCSoar's "* calculations", "* airspace", then "* data files" over their changes: a label beside group labels is one too.
      // Open XDMoD's "- Important Notes" over its advisories, before "- Bug Fixes" and "- Enhancements" over theirs: one before
      // them too. (Not Shairport Sync's "* **Full FFmpeg Integration**" over what it brings: a feature, named before its parts.)
      const besideGroupLabels =
        labels.some((label) => label.indent === indent && label.line > headingAt) ||
        // (Asked only of a short bullet over bullets of its own: a long list's every bullet would scan the list after it.)
        (!/:\s*$|\*\*|__/.test(line) &&
          bullet[2]!.split(/\s+/).length <= 4 &&
          indentOf(nextContent(lines, index)) > indent &&
          groupLabelFollows(lines, index + 1, indent));
      while (labels.length && labels[labels.length - 1]!.indent >= indent) labels.pop();
      // SolidStart 2.0's links to read under its Highlights' paragraphs leave the paragraphs the changes.
      if (pendingHeading && !OTHER_NOTES_LINK.test(line)) listsUnder(pendingHeading);
      // The bullet's own text runs on over the lines after it, up to a blank line, a child bullet or a
      // new block: indented past its marker, or not (CommonMark's lazy continuation, as ZenML wraps).
      let end = number;
      const texts = [bullet[2]!];
      while (end < lines.length && continuesBullet(lines, end, indent)) {
        const more = lines[end++]!.trim();
        if (CODE_LINE.test(more)) continue;
        // Convos' CPAN Changes, "Contributor: Pocas" and "Reference: https://huntr.dev/…" under a change: who and where, no
        // words of it.
        // NTP's "References: Sec 2956, CVE-2015-5300" under "* Small-step/big-step.  Close the panic gate earlier.": the
        // advisory it names is the one the change fixes, told with its first line.
        if (CREDIT_FIELD.test(more)) {
          const ids = /^references?\s*:/i.test(more) && mayNameAdvisory(more) ? advisoryIds(more) : [];
          if (ids.length > 0 && texts.length === 1) texts[0] = `${texts[0]!.replace(/[.\s]+$/, '')} (${ids.join(', ')}).`;
          continue;
        }
        // libgit2's "Blame hunk structure updates (ABI breaking change)" over "There are numerous additions to …": a title,
        // then its body; the title ends where the body's sentence starts (not "… panel OS" over "Windows to cover …").
        // cups-browsed's CHANGES does so for every change: there, a capital opening the second line starts the body ("Legacy CUPS
        // browsing is not needed any more …" under "- Removed support for legacy CUPS browsing and for LDAP").
        if (
          texts.length === 1 &&
          TITLE_OVER_BODY.test(texts[0]!) &&
          (BODY_OPENER.test(more) || (/^\p{Lu}\p{Ll}/u.test(more) && titlesOverBodiesHere())) &&
          indentOf(lines[end - 1]!) > indent
        )
          texts[0] += '.';
        // libzypp's "- Repo metadata: discard entries … outside\n  the repo (bsc#1259802, CVE-2026-25707)" over "Mirroring those
        // data locally …": the references close the change's sentence; its account starts after them.
        else if (/^\p{Lu}\p{Ll}+\s/u.test(more) && texts.at(-1)!.endsWith(')') && closesOnReferences(texts.join(' '))) texts[texts.length - 1] += '.';
        texts.push(more);
      }
      index = end - 1;
      // chasquid's "… (CVE-2023-52354). \" and Dagger's "… by @eunomie in https://… \" over their accounts: a backslash closing
      // a line is Markdown's hard line break, which ends what the line says.
      const raw = withReferenceLinks(texts.map(endingHardBreak).join(' '), targets);
      const childIndent = indentOf(nextContent(lines, end - 1));
      const hasChildren = BULLET.test(nextContent(lines, end - 1)) && childIndent > indent;
      // A short label ending in a colon groups its children ("* breaking:"); a sentence that does
      // ("Adds CLI shortcuts for the dev server:") is a change, and its children are its detail.
      if (hasChildren) {
        const clean = cleanInline(raw, repoBase);
        const text = clean.text.replace(/:$/, '');
        // rclone's "- Local" over its fixes: one plain word says no change, only where its children apply.
        // http4s' "* Various modules" over its advisory likewise: where, in words that name no one place.
        const place =
          (/^\p{L}[\p{L}\d.+-]*$/u.test(raw.trim()) && sectionKind(text) === null) ||
          /^(?:various|several|multiple|many|all|other)\s+(?:modules|components|packages|crates|libraries|plugins|backends|subsystems|areas|places|parts)$/i.test(
            text,
          );
        // "* 7.1.5 (2024-09-21)" over its changes: a version (and its date) titles the list under it.
        // HandBrake's "- Added video filters:" over "Deband", "BM3D": a change whose children name what it added.
        // etcd's "- The following flags have been removed:" over the flags likewise.
        const namesWhat =
          ENDS_WITH_COLON.test(raw) && (ADDED_LIST.test(text) || POINTS_AT_ITS_LIST.test(text)) && shortChildren(lines, end, childIndent, repoBase).length > 0;
        // Patroni's "- The following breaking changes were introduced when …:" over them: a sentence that only leads into
        // them. Scrapy's "The following runtime usage of zope.interface interfaces is removed:" names the change itself.
        // GlusterFS' "2. To resolve the security vulnerabilities following limitations were made in GlusterFS" over them, no colon.
        const leadsIntoChildren =
          (ENDS_WITH_COLON.test(raw) &&
            /^the following\s+(?:[\w-]+\s+){0,2}(?:changes|improvements|fixes|features|additions|removals|deprecations)\b/i.test(text)) ||
          // (Not Zettlr's "Security: Generously spread HTML sanitization …. The following changes have been made:", a change told first.)
          (FOLLOWING_WERE_MADE.test(text) && !/[.!?]\s/.test(text));
        const groupOnly =
          VERSION_TITLE.test(text) ||
          leadsIntoChildren ||
          (!namesWhat &&
            ((ENDS_WITH_COLON.test(raw) && text.split(/\s+/).length <= 6 && !addsToANamedThing(text, raw)) ||
              /^(?:`[^`]+`[,\s]*)+$/.test(raw.trim()) ||
              namesAGroup(text) ||
              place ||
              (besideGroupLabels && SHORT_LABEL.test(text) && !OWN_VERB.test(text) && !FINITE_VERB.test(text)) ||
              COMPONENT_LABEL.test(text) ||
              text.replace(MERGED_PULL_REQUEST, '') === ''));
        // Yosys' " * New commands and options" over "    - Added "symfpu" …", "    - Removed "-fast" …": a few words naming
        // no change over children that each do, and say their own kind.
        // Net-SNMP's "- These two CVEs can be exploited by a user with read-only credentials:" over "- CVE-2022-24805 A buffer
        // overflow …": who can exploit them, over the advisories fixed, each a change of its own.
        const listsAdvisories = ENDS_WITH_COLON.test(raw) && childrenLeadWithAdvisories(lines, end, childIndent);
        const groupsChanges =
          !groupOnly &&
          !namesWhat &&
          text.split(/\s+/).length <= 5 &&
          !/[.!?]$/.test(text) &&
          (!OWN_VERB.test(text) || GENERATED_CODE.test(text)) &&
          !FINITE_VERB.test(text) &&
          childrenAreChanges(lines, end, childIndent, GENERATED_CODE.test(text) ? 1 : 2);
        if (groupOnly || groupsChanges || listsAdvisories) {
          const kind = groupsChanges || listsAdvisories ? null : sectionKind(text);
          labels.push({ indent, heading: { level: 8, raw, text, refs: clean.refs, kind }, line: number });
          continue;
        }
      }
      // A child bullet under a change is detail of that change; under a place or a group label opened after it (dpkg's "* Perl
      // modules:" after its last change), a change of that label.
      if (
        last &&
        labels.every((label) => label.indent < indent && label.line < last.lines.start) &&
        indent > 0 &&
        last.lines.end >= number - 2 &&
        headingAt < last.lines.start &&
        isChildOf(lines, last.lines.start, indent) &&
        !startsAnotherList(lines[number - 2] ?? '', line)
      ) {
        last.lines.end = end;
        // Ultimate Member's "* Fixed: Security issue, CVE ID: CVE-2026-7761." over "  ** Restricted `get_directory_by_hash()`
        // function to only match …": an advisory named with no word of what was fixed; its first part says what.
        // (Once told so, its words name more than the id, and a later part leaves them be.)
        if (last.kind === 'security' && ONLY_AN_ID.test(last.text)) {
          const part = itemInline(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''), repoBase);
          if (part.text.split(/\s+/).length >= 4) {
            last.text = `${part.text.replace(/[.\s]+$/, '')} (${advisoryIds(last.text).join(', ')}).`;
            last.code = [...new Set([...(last.code ?? []), ...part.code])];
          }
        }
        // A child bullet's advisory ids make a fix a security fix; a security fix's own children may only retell its ids,
        // unless they are a list of ids alone.
        // Ettercap's "!! Fixed many CVE vulnerabilities" over "- CVE-2014-6395 (Length Parameter Inconsistency)": a fix that
        // names no advisory of its own is told with the ids its children lead with.
        if (
          last.kind === 'fix' ||
          last.kind === 'other' ||
          (last.kind === 'security' &&
            (namesOnlyAdvisories(line) || (LEADS_WITH_AN_ID.test(line) && (!NAMES_ADVISORY.test(last.text) || LEADS_WITH_AN_ID.test(lines[number - 2] ?? '')))))
        )
          takeAdvisories(last, line, number);
        // MiniProfiler's "- Removed jQuery (built-in) dependency" over "  - (**Major**) Drops IE 11 support": what the change
        // takes away, told under it, makes it a break, and is told with it.
        if (last.kind !== 'breaking' && last.kind !== 'security' && last.kind !== 'internal') takeDroppedSupport(last, line, number, repoBase);
        continue;
      }
      // RNP's "* Fixed a vulnerability in session key generation …" then "* CVE: [CVE-2025-13470](…)": a bullet that only names
      // the advisory of the fix before it, at its indent, is that fix's id.
      if (
        last &&
        (last.kind === 'security' || last.kind === 'fix') &&
        headingAt < last.lines.start &&
        last.lines.end >= number - 2 &&
        indentOf(lines[last.lines.start - 1]!) === indent &&
        !NAMES_ADVISORY.test(last.text) &&
        namesOnlyAdvisories(raw)
      ) {
        takeAdvisories(last, raw, number);
        last.lines.end = end;
        continue;
      }
      // A list of links into the page itself is its table of contents.
      if (/^\[[^\]]+\]\(#[^)\s]+\)$/.test(raw.trim())) continue;
      // TigerBeetle's "- [#3599](…)" over an indented paragraph: a bullet of links alone, told by the paragraph under it.
      const inline = itemInline(raw, repoBase);
      // Mopidy's "- Breaking change for extensions with their own CLI commands:" over "The `mopidy.commands` module … has been
      // removed.": a short lead-in that only says the kind, whose paragraph tells the change. (attrs' "Added a new
      // experimental way to inspect classes:" tells it itself.)
      const leadKind =
        !hasChildren && inline.text !== '' && /:\s*$/.test(raw) && inline.text.split(/\s+/).length <= 12 && /^\W*(?:breaking|security)\b/i.test(inline.text)
          ? itemKind(raw, inline.text, currentKind(), sectionPath().at(-1)).kind
          : null;
      const under = !hasChildren && (inline.text === '' || leadKind !== null) ? paragraphUnder(lines, end, indent) : null;
      if (under) {
        end = under.end;
        index = end - 1;
      }
      const told = under ? (leadKind ? under.text : `${under.text} ${raw}`) : raw;
      const clean = under ? itemInline(told, repoBase) : inline;
      const own = itemKind(told, clean.text, under && leadKind ? leadKind : currentKind(), sectionPath().at(-1));
      const said = withoutFollowing(commitListText(told, stripScope(own.text, clean.code)));
      // "… its own implementation of the following commands:" over a short list says what the list holds.
      // clap's "* **Simply Renamed**" over its list of renames: a bold label alone says nothing; its first children say what.
      const boldLabel = hasChildren && /^\s*\*\*[^*]+\*\*\s*$/.test(raw);
      // highlight.js' "(fix) Exponential backtracking fixes for: [Josh Goebel][]" over its grammars: a colon before a credit
      // still leads into the list, and a label ending "for" reads on into it without the colon.
      const listed =
        hasChildren && (/:\s*$/.test(raw) || COLON_THEN_PROFILES.test(raw))
          ? shortChildren(lines, end, childIndent, repoBase)
          : boldLabel
            ? firstChildren(lines, end, childIndent, repoBase)
            : [];
      const label = said.replace(/:$/, '');
      const text = listed.length > 0 ? `${label}${/\s(?:for|in|to|of|on|with)$/.test(label) ? '' : ':'} ${listed.join(', ')}` : said;
      if (!text) continue;
      // jemalloc's ChangeLog opens "* 5.3.1 (Apr 13, 2026)" as a bullet over its opening prose: the release's title, not a
      // change before which the prose would be a change's account.
      if (!(own.kind === 'internal' && VERSION_TITLE.test(text.trim()))) sawChange = true;
      // calibre's "Nautilus Magazine" under ":: improved recipes": a bare name says what changed only with its section.
      // Melos' "- `firebase_app_check_web` - `v0.2.0+15`" under "Packages with dependency updates only": a package and the
      // version it moved to, no change of it.
      const kind = PACKAGE_AT_VERSION.test(text)
        ? 'internal'
        : own.kind === 'feature' && BARE_NAME.test(text) && !CHANGE_VERB.test(text) && !NEW_PART_NAMED.test(text) && clean.code.length === 0
          ? 'other'
          : own.kind;
      if (flawLeadIn && ONLY_IDS.test(text)) {
        const flaw = cleanInline(flawLeadIn, repoBase).text.replace(/\s*(?:\([^()]*\)\s*)?:?\s*$/, '');
        const ids = advisoryIds(text).join(', ');
        items.push({ kind: 'security', text: `${flaw} (${ids}).`, lines: { start: lastProseStart, end }, section: sectionPath(), refs: clean.refs });
        continue;
      }
      items.push({ kind, text, lines: { start: number, end }, section: sectionPath(), refs: clean.refs, ...codeOf(clean) });
      continue;
    }
    if (!paragraph && !barelessTable && line.includes('|') && !TABLE_ROW.test(line) && next.includes('|') && TABLE_RULE.test(next)) barelessTable = true;
    const row = line.match(TABLE_ROW) ?? (barelessTable && line.includes('|') ? ['', line] : null);
    if (row && !paragraph) {
      const columns = row[1]!.split(/(?<!\\)\|/);
      // The header row (followed by its `|---|` rule) names the columns, and says whether the rows
      // are changes (an advisory table) or detail of the change above (Grafana's settings matrix).
      if (TABLE_RULE.test(next)) {
        tableListsChanges = CHANGE_COLUMNS.test(line);
        creditColumns = new Set(columns.flatMap((name, column) => (CREDIT_COLUMN.test(name.trim()) ? [column] : [])));
      }
      if (!tableListsChanges) {
        extendLast(items, number);
        if (pendingHeading) pendingHeading.end = number;
        continue;
      }
      if (pendingHeading) listsUnder(pendingHeading);
      if (TABLE_RULE.test(line) || TABLE_RULE.test(next)) continue;
      const cells = columns
        .filter((_, column) => !creditColumns.has(column))
        // JavaFX's "JDK-8335714 (not public)": the issue's key, its page closed, is a reference like any other.
        .map((cell) => cleanInline(cell.trimStart().replace(TRACKER_TYPE_TAGS, trackerTypeLabel).replace(UNPUBLISHED_KEY, '$1'), repoBase));
      // A "Type" column (Angular's `| fix |`, `| feat |`) is the Conventional Commit type: the row's kind, not its words.
      const typeCell = cells.find((cell) => TYPE_CELL.test(cell.text.trim()));
      const text = tableRowText(cells.filter((cell) => cell !== typeCell).map((cell) => cell.text));
      // MariaDB's "Fixes for the following security vulnerabilities" over a table of CVE ids and CVSS scores: the ids are
      // the fixes the sentence above them tells.
      const ids = text ? [] : advisoryIds(cells.map((cell) => cell.text).join(' '));
      if (ids.length > 0 && advisoryTable !== null && advisoryTable.lines.end === number - 1) {
        advisoryTable.text = advisoryTable.text.replace(/\)\.$/, `, ${ids.join(', ')}).`);
        advisoryTable.lines.end = number;
        advisoryTable.refs.push(...cells.flatMap((cell) => cell.refs));
        continue;
      }
      if (ids.length > 0 && lastProse !== null && namesFlaw(lastProse) && /\bfix/i.test(lastProse)) {
        const fixes = cleanInline(lastProse, repoBase)
          .text.replace(/\s+the following\b/i, '')
          .replace(/[\s.:]+$/, '');
        advisoryTable = {
          kind: 'security',
          text: `${fixes} (${ids.join(', ')}).`,
          lines: { start: lastProseStart, end: number },
          section: sectionPath(),
          refs: cells.flatMap((cell) => cell.refs),
        };
        items.push(advisoryTable);
        sawChange = true;
        continue;
      }
      if (!text) continue;
      const typed = typeCell ? `${typeCell.text.trim()}: ${text}` : text;
      const own = itemKind(line, typed, currentKind(), sectionPath().at(-1));
      sawChange = true;
      items.push({ kind: own.kind, text: own.text, lines: { start: number, end: number }, section: sectionPath(), refs: cells.flatMap((cell) => cell.refs) });
      continue;
    }
    if (lineItems) {
      const clean = itemInline(line, repoBase);
      const own = itemKind(line, clean.text, currentKind(), sectionPath().at(-1));
      const text = stripScope(own.text, clean.code);
      if (pendingHeading) listsUnder(pendingHeading);
      if (!text) continue;
      sawChange = true;
      items.push({ kind: own.kind, text, lines: { start: number, end: number }, section: sectionPath(), refs: clean.refs, ...codeOf(clean) });
      continue;
    }
    // Indented prose after a bullet is more of that bullet (Rails' paragraphs, git's wrapped lines).
    // OpenVPN's "(Bug found by …, tracked in Github: …)" paragraph under a fix credits who found it: no more of the fix.
    const credit = !paragraph && CREDIT_PARAGRAPH.test(line);
    if (last && indentOf(line) > 0 && last.lines.end >= number - 2 && !paragraph && !credit && !paragraphItems.has(last)) {
      last.lines.end = number;
      takeAdvisories(last, line, number);
      continue;
    }
    if (paragraph) paragraph.texts.push(line.trim());
    else paragraph = { start: number, texts: [line.trim()] };
  }
  flushParagraph();
  closeHeadingItem();
  // Hypothesis' one paragraph, "This release adds support for Python 3.15. …": the opening is the release's one change.
  // (Cast so TypeScript does not narrow it: the helpers above set it.)
  const opening = intro as ParsedNotes['intro'];
  if (items.length === 0 && opening && THIS_RELEASE_CHANGES.test(opening.text)) {
    // Strawberry's "This release fixes two security vulnerabilities in the WebSocket subscription handlers (CVE-…, CVE-…).".
    const fixes = RELEASE_FIXES.test(opening.text) ? (fixesFlaws(opening.text) ? 'security' : 'fix') : null;
    const kind: ChangeKind = fixes ?? (/^this \w+ (?:adds|introduces)\b/i.test(opening.text) ? 'feature' : 'other');
    items.push({ kind, text: opening.text, lines: opening.lines, section: [], refs: opening.refs });
    intro = null;
  }
  // RRDtool's and Lynx's CHANGES close each change with who made it.
  const closingCredit = closingCreditOf(source);
  // (Not zsh 5.8.1's, whose opening is the advisory it fixes: the paragraphs after it tell that flaw, which the brief takes
  // from the opening.)
  // (Gerbil 0.18's "- Gerbil v0.18; October 12, 2023" over its announcement: bullets that only date the release list no change.)
  const listsNoChange = items.every((item) => item.kind === 'internal' && VERSION_TITLE.test(item.text.trim()));
  if (listsNoChange && opening && !NAMES_ADVISORY.test(opening.text)) {
    for (const { start, end, texts } of afterOpening) {
      const told = texts.join(' ').trim();
      // (Not "For a complete log of changes, please see" over the log's address: where to read more, no change.)
      // (Nor Wave Terminal's "Lots of other smaller changes and bug fixes. See full list of PRs at …": the rest, uncounted.)
      // (Nor Nyxt's changelog, Lisp forms such as `(:nsection :title "Bindings" (:ul …`: code.)
      if (told.split(/\s+/).length < 6 || /:\s*$|\bsee\s*$/i.test(told) || /^[[<!`>|(]/.test(told) || OTHER_CHANGES_UNTOLD.test(told)) continue;
      // (wmbusmeters' "ATTENTION! Change in iem3000 driver …": the call for attention is no part of the change.)
      const unflagged = [texts[0]!.replace(/^(?:attention|warning|important|note)!\s+/i, ''), ...texts.slice(1)];
      items.push({ ...paragraphItem(unflagged, start, end, 'other'), afterOpening: true });
    }
  }
  if (opening) markBugsNamedSecurity(opening, items, source);
  markLoneFixSecurity(items, source);
  if (flawTold && items.some((item) => item !== flawTold && item.kind === 'security')) items.splice(items.indexOf(flawTold), 1);
  // picocli's "Potential breaking changes" over "This release has no breaking changes.": a section kept to say nothing happened.
  return {
    lines: source,
    intro,
    items: withoutTableOfContents(
      withoutLeadingAuthors(withoutNamedCredits(withGroupAdvisories(withAppliedAdvisories(withListedAdvisories(items, source)), source))),
      lines,
    )
      .filter((item) => !NOTHING_CHANGED.test(item.text) && !RETOLD_BELOW.test(item.text))
      // NCO's announcement letters its changes: "A. All numeric NCO operators support …", "B. …".
      .map((item) => (LETTERED_PARAGRAPH.test(item.text) ? { ...item, text: item.text.replace(LETTERED_PARAGRAPH, '') } : item))
      // Play 2.9's "# Plans for Play 2.10 / Play 3.1" over "**Removal of Java 11 Support**: … will be phased out": what a later
      // release may do is none of this one's changes, whatever its words.
      .map((item) => (item.section.some((title) => FUTURE_PLANS.test(title)) ? { ...item, kind: 'internal' as const } : item))
      // PHPStan's "List type" over "Does this create a list out of an array that wasn't a list before? `array_values` does that.":
      // a question a list of examples answers, no change.
      .map((item) => (ASKED.test(item.text) && item.kind !== 'breaking' && item.kind !== 'security' ? { ...item, kind: 'internal' as const } : item))
      // wxPython 4.2.0's "Yes, it's been a VERY long time since the last release. I'm not dead, …": the author's word, no change.
      .map((item) => (TIME_SINCE.test(item.text) && item.kind !== 'breaking' && item.kind !== 'security' ? { ...item, kind: 'internal' as const } : item))
      // (Under a security fixes' heading too: Godot Safe Resource Loader's "Another huge thanks goes out to Patou for reporting
      // these issues …" fixed nothing.)
      // sokol's "Also see issue https://… and the PRs https://… for details.", once its addresses went: where to read, no change.
      .map((item) => (SEE_FOR_DETAILS.test(item.text) ? { ...item, kind: 'internal' as const } : item))
      // Riemann 0.3.5's "Thanks to Dave Cottlehuber for a fix to Websockets being broken in 0.3.4.": the fix, told without whom.
      .map((item) => {
        const fixed = item.kind === 'breaking' || item.kind === 'security' ? null : item.text.match(THANKED_FOR_A_FIX);
        return fixed ? { ...item, kind: 'fix' as const, text: `Fixed ${fixed[1]}` } : item;
      })
      .map((item) => (item.kind !== 'breaking' && creditsOnly(item.text) ? { ...item, kind: 'internal' as const } : item))
      // FreeRADIUS' ChangeLog keeps "Configuration changes" and "Feature improvements" over nothing in a patch: a kind's title
      // with no change under it is no change.
      .map((item) => (item.kind === 'other' && isEmptyKindTitle(item, source) ? { ...item, kind: 'internal' as const } : item))
      // LogLayer 9.0.0's changeset under "Major Changes" ends "There are no breaking changes. No migration steps are necessary
      // …": its packages' major numbers moved together, and its authors say it breaks nothing.
      .map((item) =>
        item.kind === 'breaking' && item.section.at(-1) === 'Major Changes' && saysNoBreaks(item, source) ? { ...item, kind: 'feature' as const } : item,
      )
      // KivyMD's "* New feature:", "* Issues closed:" over the bullets they title: a kind's label set as a bullet, no change;
      // nor its "Issue #1852" a line, without the number that went as a reference.
      .map((item) =>
        (LABEL_BULLET.test(source[item.lines.start - 1] ?? '') && item.lines.end === item.lines.start) || ONLY_A_TRACKER_WORD.test(item.text)
          ? { ...item, kind: 'internal' as const }
          : item,
      )
      .map((item) => withMarkedBreak(withAccountKind(item, source), source))
      // OpenAuth 0.3.0's changeset "renamed authorizer -> issuer …" over "this should be a superficial change, but it's a
      // breaking change": its own lines say it breaks.
      .map((item) =>
        (item.kind === 'feature' || item.kind === 'other') &&
        ((item.lines.end > item.lines.start && saysItBreaks(item, source)) || (item.text.includes('breaking') && TOLD_AS_A_BREAK.test(item.text)))
          ? { ...item, kind: 'breaking' as const }
          : item,
      )
      .map((item) => (closingCredit?.test(item.text) ? { ...item, text: item.text.replace(closingCredit, '') } : item))
      // Firebird's "… slice packet (CVE-2026-33337)" and "([GHSA-89mq-229g-x47p](…))" two lines down, once the contributor
      // between them went: one flaw's ids, told in one bracket.
      .map((item) => (item.text.includes(') (') ? { ...item, text: item.text.replace(ADJACENT_ID_BRACKETS, '($1, $2)') } : item))
      .map((item) => (item.text.includes('- ') ? { ...item, text: item.text.replace(HYPHEN_WRAPPED, '$1-$2') } : item)),
  };
}
/**
 * CUPS' "… names as case-" wrapped over "insensitive (CVE-2026-27447)": a word the line broke at its hyphen, joined with a
 * space; not "pre- and post-processing", whose hyphen stands for the word that follows.
 */
const HYPHEN_WRAPPED = /(?<=\s|^)(\p{L}{2,})- (?!(?:and|or|to|nor|as well as)\b)(\p{Ll}{2,})/gu;

/** dnsmasq's "CVE-2023-50387 and CVE-2023-50868 apply.": a paragraph that gives ids to the change told before it. */
const IDS_APPLY = withAdvisoryId(
  String.raw`^{ID}(?:(?:\s*,\s*|\s+and\s+){ID})*\s+(?:apply|applies|(?:is|are|was|were|has been|have been)\s+(?:assigned|reserved))\b[^.]*\.(?:\s|$)`,
  '',
);
const CREDIT_DUE = /^(?:credits?\s+(?:is|are)\s+due\b|credit\s+goes\b)/i;
// Godot Safe Resource Loader's "Another huge thanks goes out to [Patou](…) for reporting these issues …".
const THANKS_TO = /^(?:(?:another|many|special|big|huge|great)\s+){0,2}thanks\s+(?:go(?:es)?\s+(?:out\s+)?)?to\s+/i;
// sslh's "Thanks to … of the SUSE security team for the security review that found these defects!": an audit found them.
const FOR_FINDING = /\sfor\s+(?:\w+\s+){0,3}(?:report\w*|finding|spotting|discover\w*|test\w*|help\w*|patch\w*|contribut\w*|analys\w*|review\w*|audit\w*)\b/gi;

/**
 * dnsmasq's "Credit is due to … for finding this vulnerability.", "Thanks to … for the bug report." as a paragraph of its own:
 * who found or helped, no change (not "Thanks to the new parser, builds are faster"). Who is thanked is read as up to 160
 * characters of the sentence before its "for": in one pattern, those characters and the words after "for" could split the
 * same text many ways, which a hostile line makes slow.
 */
function creditsOnly(text: string): boolean {
  if (CREDIT_DUE.test(text)) return true;
  const thanks = text.match(THANKS_TO);
  if (!thanks) return false;
  const rest = text.slice(thanks[0].length);
  return [...rest.split('.')[0]!.matchAll(FOR_FINDING)].some((found) => found.index >= 2 && found.index <= 160);
}

/**
 * dnsmasq 2.90's paragraph "Add limits on the resources used to do DNSSEC validation. DNSSEC introduces a potential CPU DoS
 * …", then "Credit is due to …", then "CVE 2023-50387 and CVE 2023-50868 apply.": the ids are the change's, which is a
 * security fix; the ids' paragraph is no change of its own.
 */
function withAppliedAdvisories(items: NoteItem[]): NoteItem[] {
  const joined = new Set<NoteItem>();
  for (const [index, item] of items.entries()) {
    if (!IDS_APPLY.test(item.text)) continue;
    const credit = items[index - 1] && creditsOnly(items[index - 1]!.text) ? 1 : 0;
    const change = items[index - 1 - credit];
    if (!change || joined.has(change) || change.kind === 'internal' || change.section.join('\u0000') !== item.section.join('\u0000')) continue;
    change.kind = 'security';
    change.kindMark = item.lines;
    change.lines = { ...change.lines, end: item.lines.end };
    change.text = withClosingIds(
      change.text,
      advisoryIds(item.text).filter((id) => !change.text.includes(id)),
    );
    joined.add(item);
  }
  return joined.size === 0 ? items : items.filter((item) => !joined.has(item));
}

/**
 * GlusterFS 3.12.14's "1. This release contains fix for following security vulnerabilities," over "   - https://nvd.nist.gov/vuln/
 * detail/CVE-2018-10904" and ten more: the list under a sentence that fixes vulnerabilities gives their ids, and the sentence
 * is the security fix they name.
 */
function withListedAdvisories(items: NoteItem[], lines: string[]): NoteItem[] {
  for (const item of items) {
    if (item.kind === 'security' || item.kind === 'internal' || item.lines.end === item.lines.start || !namesFlaw(item.text) || !/\bfix/i.test(item.text))
      continue;
    const below = lines.slice(item.lines.start, item.lines.end).filter((line) => line.trim() !== '');
    if (below.length === 0 || !below.every((line) => ADVISORY_ONLY_BULLET.test(line))) continue;
    const ids = [...new Set(below.flatMap(advisoryIds))].filter((id) => !item.text.includes(id));
    item.kind = 'security';
    item.text = `${item.text.replace(/\s+(?:the\s+)?following\b/i, '').replace(/[\s.,:;]+$/, '')} (${ids.join(', ')}).`;
  }
  return items;
}
/** A bullet that holds an advisory's id alone, or its address: "- https://nvd.nist.gov/vuln/detail/CVE-2018-10904". */
const ADVISORY_ONLY_BULLET = withAdvisoryId(String.raw`^\s+(?:[-*+]|\d+[.)])\s+(?:<?https?:\/\/\S*?)?{ID}>?[.,;]?\s*$`, 'i');

/** A line, no bullet, that only titles a group of changes, with a blank line or another such title after it. */
function isEmptyKindTitle(item: NoteItem, lines: string[]): boolean {
  if (item.lines.end !== item.lines.start || BULLET.test(lines[item.lines.start - 1] ?? '') || !GROUP_TITLE.test(item.text.replace(/[.:]$/, ''))) return false;
  const next = (lines[item.lines.end] ?? '').trim();
  return next === '' || GROUP_TITLE.test(next);
}
const GROUP_TITLE = /^(?:[\w-]+\s+){0,2}(?:changes|improvements|fixes|features|enhancements|updates|additions)$/i;

/**
 * coturn's "- Fix for CVE-2020-4067" over "* STUN response buffer not initialized properly": a label over changes that names the
 * advisory they fix, which no change names itself. Its first change tells the fix, with the label's line and its ids.
 */
function withGroupAdvisories(items: NoteItem[], lines: string[]): NoteItem[] {
  const told = new Set(items.flatMap((item) => item.text.match(NAMED_ADVISORIES) ?? []));
  const seen = new Set<string>();
  return items.map((item) => {
    const group = item.section.join('\u0000');
    if (seen.has(group)) return item;
    seen.add(group);
    const title = item.section.at(-1) ?? '';
    const ids = [...new Set(title.match(NAMED_ADVISORIES) ?? [])].filter((id) => !told.has(id));
    const above = item.lines.start - 1;
    if (ids.length === 0 || item.kind === 'internal' || !ids.every((id) => (lines[above - 1] ?? '').includes(id))) return item;
    for (const id of ids) told.add(id);
    return {
      ...item,
      kind: item.kind === 'fix' || item.kind === 'other' ? 'security' : item.kind,
      text: withClosingIds(item.text, ids),
      lines: { ...item.lines, start: above },
    };
  });
}

/**
 * servant's "- Server-sent events (SSE) for client-side" over "  Implement Server-sent events (SSE) for the Servant client
 * using a new combinator …": an entry titled by what it is, whose account opens by saying it was added, is a feature.
 */
function withAccountKind(item: NoteItem, lines: string[]): NoteItem {
  if (item.kind !== 'other' || item.lines.end <= item.lines.start) return item;
  const account = lines.slice(item.lines.start, item.lines.end).find((line) => line.trim() !== '');
  return account && /^\s+(?:implement|add|introduce|expose|provide)(?:s|ed)?\s+\S/i.test(account) ? { ...item, kind: 'feature' } : item;
}

/**
 * Astro's changesets mark a break inside an entry's account, under its first line: "⚠️ **BREAKING CHANGE:** The minimum
 * supported version of Astro is now v5.5.0.", or the mark alone over the paragraphs that explain it.
 */
// SWIG's "*** POTENTIAL INCOMPATIBILITY ***" closing an entry's account says the same. clog's changelogs (miette 6.0.0) list the
// commit's footer as a bullet under it: "    * **BREAKING CHANGE**: This requires an MSRV bump to 1.70.0."
const BREAK_MARK =
  /^\s*(?:[-*+]\s+)?(?:⚠\uFE0F?\s*|:warning:\s*)?(?:\*\*|__)?BREAKING CHANGES?:?(?:\*\*|__)?:?(?:\s+(\S.*))?$|^\s*\*{3}\s*POTENTIAL INCOMPATIBILITY\s*\*{3}\s*$/;
function withMarkedBreak(item: NoteItem, lines: string[]): NoteItem {
  if (item.kind === 'breaking' || item.kind === 'security' || item.kind === 'internal' || item.lines.end <= item.lines.start) return item;
  for (const [index, line] of lines.slice(item.lines.start, item.lines.end).entries()) {
    const mark = line.includes('BREAKING') || line.includes('INCOMPATIBILITY') ? line.match(BREAK_MARK) : null;
    if (!mark) continue;
    const said = mark[1] ? cleanInline(mark[1], null).text.trim() : '';
    const at = item.lines.start + 1 + index;
    return {
      ...item,
      kind: 'breaking',
      text: said && !item.text.includes(said) ? `${item.text.replace(/[.!]?$/, '.')} ${said}` : item.text,
      kindMark: { start: at, end: at },
    };
  }
  return item;
}

/** A heading's line and the prose under it, up to the next heading: its first paragraph and a few lines after it. */
function headingBody(lines: string[], line: number, firstEnd: number): string[] {
  const body = lines.slice(line - 1, firstEnd);
  for (const next of lines.slice(firstEnd, firstEnd + HEADING_BODY_LINES)) {
    if (/^\s{0,3}#{1,6}\s/.test(next)) break;
    body.push(next);
  }
  return body;
}
const HEADING_BODY_LINES = 6;

/**
 * PgBouncer's "[CVE-2015-6817](…)" on a paragraph of its own under a security fix: the advisory is the item's. SQLx's "fix:
 * audit protocol handling" over "This addresses [RUSTSEC-2024-0363] …": a fix that addresses an advisory is a security fix.
 */
const withoutLinkTargets = (line: string) => line.replace(/\]\([^)\s]*\)/g, ']');

/** "  - CVE-2024-53986 (GHSA-638j-pmjw-jq48)": a line that is advisory ids alone. */
export function namesOnlyAdvisories(line: string): boolean {
  // Forge's "  - CVE ID: [CVE-2026-33891](…)", "  - GHSA ID: …": a label for the id, and the id's link, are no more words.
  // FreeType's "https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2020-15999" on a line of its own: the advisory's page, by its id.
  const unlabelled = withoutLinkTargets(line)
    .replace(/^\s*(?:[-*+]\s+)?(?:CVE|GHSA|advisory|advisories)(?:\s+IDs?)?\s*:\s*/i, '')
    .replace(/<?(https?:\/\/[^\s>]+)>?/g, (whole, url: string) => advisoryOfAddress(url) ?? whole);
  return NAMES_ADVISORY.test(unlabelled) && unlabelled.replace(NAMED_ADVISORIES, '').replace(/[\s\-*+()[\],.]/g, '') === '';
}

/** A child line that drops support ("(**Major**) Drops IE 11 support") makes the change above it a break, told with it. */
function takeDroppedSupport(item: NoteItem, line: string, number: number, repoBase: string | null): void {
  const part = itemInline(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''), repoBase).text.replace(/^\((?:major|breaking)\)\s+/i, '');
  if (!dropsSupport(part)) return;
  item.kind = 'breaking';
  item.kindMark = { start: number, end: number };
  item.text = `${item.text.replace(/[.\s]+$/, '')}: ${part.charAt(0).toLowerCase()}${part.slice(1).replace(/[.\s]+$/, '')}.`;
}

/**
 * Ettercap's "    - CVE-2014-9381 (Signedness error)" then "    + Updated etter.finger.mac": a bullet after one of another mark
 * at its indent starts a list of its own, as Markdown reads it, not more children of the change above.
 */
function startsAnotherList(previous: string, line: string): boolean {
  const before = previous.match(/^(\s*)([-*+])\s/);
  const now = line.match(/^(\s*)([-*+])\s/);
  return before !== null && now !== null && before[1] === now[1] && before[2] !== now[2];
}

function takeAdvisories(item: NoteItem, line: string, number: number): void {
  // The ids the line says, not those in its links' addresses (Forge links "GHSA-5gfm-…" to another advisory's page).
  const advisories = [...new Set(withoutLinkTargets(line).match(NAMED_ADVISORIES) ?? [])].filter((id) => !item.text.includes(id));
  if (advisories.length === 0) return;
  // rails-html-sanitizer's untyped "* The dependency on Nokogiri is updated …" over "This change addresses CVE-2024-53985
  // (GHSA-…)." or "The CVEs addressed by this change are:" and a list of ids alone: the change fixes them.
  // StackStorm's "* Properly handle unicode strings in logs" under Fixed, over "… in locales that do not support" and "Unicode
  // characters - CVE-2021-28667.": the id closing the fix's account, where a citation of the fix reaches it, is the flaw it fixed.
  const closesAccount = item.kind === 'fix' && number - item.lines.start < MAX_CITED_LINES && ADVISORY_CLOSING_CLAUSE.test(line);
  if ((item.kind === 'fix' || item.kind === 'other') && (ADDRESSES.test(line) || namesOnlyAdvisories(line) || closesAccount)) {
    item.kind = 'security';
    item.kindMark = { start: number, end: number };
  }
  if (item.kind !== 'security') return;
  item.text = withClosingIds(item.text, advisories);
}

/** A change with advisory ids closing it; one closing on ids already ("… (CVE-2024-53986, GHSA-…)") takes them into that bracket. */
function withClosingIds(text: string, ids: string[]): string {
  const words = text.replace(/[.\s]+$/, '');
  return `${intoClosingIds(words, ids, 'after') ?? `${words} (${ids.join(', ')})`}.`;
}

/**
 * A table row as one change: its longest cell (the description) first, the short cells that
 * qualify it (a CVE, a severity, a score) after it in brackets; link-only cells (an advisory id
 * whose link is kept as a reference) add nothing.
 */
function tableRowText(cells: string[]): string {
  // An advisory id or a commit's hash in a cell of its own points at the change; it is none of its words.
  // So is a tracker's key (Yetus' "HBASE-26656"), its link kept as the reference.
  const filled = cells
    .map((cell) => cell.trim())
    .filter((cell) => cell && !/^GHSA(?:-\w{4}){3}$|^(?=[0-9a-f]*\d)[0-9a-f]{7,40}$/i.test(cell) && !/^[A-Z][A-Z\d]+-\d+$/.test(cell));
  if (filled.length === 0) return '';
  const description = filled.reduce((longest, cell) => (cell.split(' ').length > longest.split(' ').length ? cell : longest));
  if (description.split(' ').length < 3) return '';
  const qualifiers = filled.filter((cell) => cell !== description && cell.split(' ').length <= 3);
  return qualifiers.length ? `${description} (${qualifiers.join(', ')})` : description;
}

const POINTS_AT_ITS_LIST =
  /^the following\s+(\S.*?\s+(?:is|are|was|were|has been|have been)\s+(?:now\s+)?(?:removed|deprecated|added|changed|renamed|supported))\s*:?$/i;

/**
 * "The following runtime usage of zope.interface interfaces is removed:" over its list: told alone, the sentence points at
 * nothing; without "The following" it says what went. "… as follows:" likewise points at nothing.
 */
function withoutFollowing(text: string): string {
  const pointing = text.match(POINTS_AT_ITS_LIST);
  return pointing ? pointing[1]!.charAt(0).toUpperCase() + pointing[1]!.slice(1) : text.replace(/,?\s+as follows\s*:?$/i, '').replace(ADDS_THE_FOLLOWING, '$1');
}
/**
 * lens' "Add the following `Setter`s for prepending and appending elements:": what was added, said without pointing at a
 * list. (Not babashka's "Added the following to :instance-checks …", where nothing but the list says what.)
 */
const ADDS_THE_FOLLOWING =
  /^((?:Add(?:s|ed)?|Introduce[sd]?|Remove[sd]?|Deprecate[sd]?|Drop(?:s|ped)?|Expose[sd]?)\s+)the following\s+(?!(?:changes|issues|bugs|fixes|improvements|to|in|into|for|on|from|of|at|as|by)\b)(?=\S)/i;

/**
 * A change as a sentence can lead with: a leading CVE tag (Node's `(CVE-…) text`) moves to the
 * end, and on commit-list lines (Node, ESLint: `[sha] - **scope**: text (Author) [#1]`) the
 * author in brackets goes.
 */
const FIXED_IN_DEPENDENCY = withAdvisoryId(String.raw`^([\w@./-]+):\s+({ID}(?:(?:,\s*|\s+and\s+){ID})*)\.?$`, '');
// Contao's "[CVE-2025-57758]: Improper access control …", a reference link, is "(CVE-2025-57758): Improper …" once cleaned.
// MediaWiki's "(T358689, CVE-2025-3469) SECURITY: …" puts its Phabricator tasks first; Asterisk's "!GHSA-…: …" marks the
// advisory closed.
const LEADING_ADVISORIES = withAdvisoryId(String.raw`^!?\(?(?:T\d{3,}\s*,\s*)*({ID}(?:\s*[,/]\s*{ID})*)(?:\):?\s*|\s+[-–—:]\s+|:\s+|\s+(?=\p{Lu}\p{Ll}))`, 'u');
function commitListText(raw: string, text: string): string {
  // Silverstripe's generated change log dates each commit first: "- 2020-01-07 [089053b](…) Make discard … (bergice)".
  const dated = /^\s*\d{4}-\d{2}-\d{2}\s+(?=\[)/.exec(raw);
  const commitList = /^\s*\\?\[?\[`?[0-9a-f]{7,40}`?\]\(/.test(dated ? raw.slice(dated[0].length) : raw);
  const undated = dated && commitList ? text.replace(/^\s*\d{4}-\d{2}-\d{2}\s+/, '') : text;
  const words = commitList ? undated.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '') : undated;
  // Exasol's "`braces`: CVE-2024-4068": a dependency and the advisories fixed in it, told as a fix.
  const fixedIn = words.match(FIXED_IN_DEPENDENCY);
  if (fixedIn) return `Fixed ${fixedIn[2]} in ${fixedIn[1]}`;
  // Samba's "CVE-2026-58224   The CTDB protocol has …" leads with the id and a space alone.
  // CloudNativePG's "CVE-2026-55769 / GHSA-x8c2-3p4r-v9r6: search_path pinning …" leads with both of an advisory's ids.
  const cve = words.match(LEADING_ADVISORIES);
  if (!cve) return words.trim();
  // "CVE-2025-23084 - path: fix path traversal … (Medium)": the change leads, its subsystem label goes, the id and severity follow it.
  // GLib's "(CVE-2026-1484) (YWH-PGM9867-168) Integer Overflow …": the bug bounty's report id after the advisory's is no word.
  const rest = words
    .slice(cve[0].length)
    // WasmEdge's "[CVE-2025-69261] fix(runtime): overflow issue of …": a commit's type after the id is its verb, its scope goes.
    .replace(/^fix(?:\([^()]{1,40}\))?!?:\s+(?=\S)/i, 'Fix ')
    .replace(/^SECURITY:\s+(?=\S)/i, '')
    // vm2's "**GHSA-…** — `nesting: true` bypassed …": words in code before a colon are the change's own, no label.
    .replace(/^([a-z][\w,./-]{0,40}):\s+(?=\S)/, (label, name: string) => (raw.includes(`\`${name}:`) ? label : ''))
    .replace(/^\(#?[A-Z][A-Z\d]*(?:-[A-Z\d]+)+\)\s+(?=\S)/, '');
  const severity = rest.match(/\s*\((low|medium|moderate|high|critical)\)\s*$/i);
  const said = (severity ? rest.slice(0, severity.index) : rest).trim();
  return withAdvisory(said, `${cve[1]!.replace(/\s*\/\s*/g, ', ')}${severity ? `, ${severity[1]}` : ''}`);
}

/**
 * An advisory id goes inside the sentence it names ("… potential RCE (CVE-2024-31449).", not "… RCE. (CVE-2024-31449)"),
 * the first one, so a brief that keeps one sentence still names it.
 */
function withAdvisory(words: string, ids: string): string {
  const end = words.search(/(?<=[a-z0-9)`'"])[.!?]\s+(?=[A-Z])/);
  if (end >= 0) return `${words.slice(0, end)} (${ids})${words.slice(end)}`;
  const stop = /[.!]$/.test(words) ? words.slice(-1) : '';
  return `${stop ? words.slice(0, -1) : words} (${ids})${stop}`;
}

function codeOf(clean: { code: string[] }): { code?: string[] } {
  return clean.code.length ? { code: clean.code } : {};
}

/** Whether line `index` (0-based) goes on with the bullet above it, whose marker is at `indent`. */
function continuesBullet(lines: string[], index: number, indent: number): boolean {
  const line = lines[index]!;
  if (line.trim() === '' || BULLET.test(line) || FENCE.test(line) || NOISE.test(line)) return false;
  if (indentOf(line) > indent) return true;
  const next = lines[index + 1] ?? '';
  const label = /:\s*$/.test(line) && BULLET.test(next);
  return !label && !ATX.test(line) && !TABLE_ROW.test(line) && !UNDERLINE.test(line) && !UNDERLINE.test(next) && !/^\s*\*\*[^*]+\*\*:?\s*$/.test(line);
}

/** The first three bullets right under a line (their own children skipped), and "and more" when there are more. */
function firstChildren(lines: string[], from: number, indent: number, repoBase: string | null): string[] {
  const children: string[] = [];
  let more = false;
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '' || indentOf(line) > indent) continue;
    const bullet = line.match(BULLET);
    if (!bullet || indentOf(line) < indent) break;
    if (children.length === 3) {
      more = true;
      break;
    }
    children.push(itemInline(bullet[2]!, repoBase).text.replace(/[.;,]$/, ''));
  }
  return more ? [...children.slice(0, -1), `${children.at(-1)} and more`] : children;
}

const ONLY_A_BACKPORT = /^backport(?:s|ed)?(?:\s+(?:PRs?|pull requests?|and|,|from\s+\S+|to\s+\S+))*\s*[.:]?\s*$/i;

/** A speed-up told by a figure: "2x-3x faster", "~30% faster", "ten times smaller". */
export const SPEED_FIGURE = /\d+(?:\.\d+)?\s*(?:%|x|×|times)\s+(?:faster|quicker|smaller|less|fewer|lower|cheaper)\b/i;

const ONLY_SPEED = /^(?:\p{Extended_Pictographic}\uFE0F?\s*)?(?:performance|speed|optimi[sz]ations?)(?:\s+(?:improvements?|updates?|changes))?$/iu;

/** A heading that names who it is for: "For plugin developers", "Notes for packagers". */
const AUDIENCE_HEADING =
  /^(?:(?:notes?|information|changes)\s+)?for\s+(?:(?:plugin|theme|extension|library|package|app|api|module)\s+)?(?:developers|authors|maintainers|packagers|distributors|contributors|integrators|administrators|admins)$/i;

/** The words of the bullets right under a line, when they are short (a list of commands, of platforms), the first three of many; else none. */
function shortChildren(lines: string[], from: number, indent: number, repoBase: string | null): string[] {
  const children: string[] = [];
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    // A child that runs on or has children of its own is more than a name in a list.
    if (indentOf(line) > indent) return [];
    const bullet = line.match(BULLET);
    if (!bullet || indentOf(line) < indent) break;
    // lens' "* `(<>:~)`: prepend an element to the front via `(<>)`.": a name in code, then what it does; the name is listed.
    // (Not Astro's "`o + enter`: opens the site in your browser": keys pressed, told by what they do.)
    const named = bullet[2]!.match(/^`([^`\s]+)`\s*:\s+\S/);
    const words = named ? named[1]! : itemInline(bullet[2]!, repoBase).text.replace(/[.;,]$/, '');
    // Newman's "Uses the latest Postman Runtime, which adds support for:" over "JWT authentication", "NTLMv2 authentication",
    // …, then "Stripping JSON comments in the raw mode body": the short names first are the list's, told with "and more".
    // (Not RubyInstaller's advisory ids over an account of a third fix: each of those is a change of its own.)
    if (words.split(/\s+/).length > 6) return children.length >= 2 && !children.some((child) => advisoryIds(child).length > 0) ? andMore(children) : [];
    // etcd's "The following flags have been removed:" over eight flags: a long list of names is told by its first ones.
    if (children.length === 6) return andMore(children.slice(0, 3));
    children.push(words);
  }
  return children;
}

/** Names told as the first of a longer list: the last one closes with "and more". */
const andMore = (names: string[]) => [...names.slice(0, -1), `${names.at(-1)} and more`];

/** Words, then a bracket of references alone: libzypp's "… outside the repo (bsc#1259802, CVE-2026-25707)". */
function closesOnReferences(text: string): boolean {
  const bracket = text.match(/\s\(((?:CVE-\d{4}-\d+|[a-z]{2,5}#\d+|#\d+)(?:,\s*(?:CVE-\d{4}-\d+|[a-z]{2,5}#\d+|#\d+))*)\)$/);
  return (
    bracket !== null &&
    // (A bare "(#1123)" is as often a commit's, whose body goes on with what it resolved: Easy-RSA's.)
    /CVE-|[a-z]#/.test(bracket[1]!) &&
    text
      .slice(0, bracket.index)
      .replace(/\S*:\/\/\S*/g, '')
      .split(/\s+/)
      .filter((word) => /\p{L}{2}/u.test(word)).length >= 3
  );
}

/** A name alone ("Nautilus Magazine"), not a change's title-cased words ("Ember Blueprint Updates"). */
const BARE_NAME =
  /^(?!.*\b(?:Updates?|Upgrades?|Support|Improvements?|Fix(?:es)?|Changes?|Additions?)$)\p{Lu}[\p{L}\d'’&.-]*(?:\s+\p{Lu}[\p{L}\d'’&.-]*){0,3}$/u;

/** Tiptap's "**New Decorations API**": a new part of the product, named (not calibre's recipe "New York Times"). */
const NEW_PART_NAMED =
  /^New\s+(?:[\p{Lu}\d][\p{L}\d-]*\s+){0,2}(?:APIs?|Commands?|Options?|Plugins?|Hooks?|Components?|Modules?|Widgets?|Settings?|Editor|Themes?|Modes?|Engine|Formats?|Parser|Renderer|Dashboard|Interface|Integrations?|Extensions?|Endpoints?|Providers?|Backends?)$/u;

/** A change that adds or takes away what its list names: "Added video filters", "Removed options". */
const ADDED_LIST = /^(?:Add(?:s|ed)?|New|Introduce[sd]?|Remove[sd]?|Drop(?:s|ped)?|Deprecate[sd]?)\s+\S/;
/**
 * SwiftLint's "* Add configuration options to `missing_docs` rule:" over a sentence for each option: a change to a thing the
 * notes name in code, whose parts its children tell; not "Removed old deprecated methods:", which only leads into them.
 */
const addsToANamedThing = (text: string, raw: string) => ADDED_LIST.test(text) && !/^New\b/.test(text) && /\s(?:to|for|in|on)\s+(?:the\s+)?`[^`]+`/.test(raw);

/** A deprecation told as such: "… is deprecated", "… have been deprecated", "Deprecate …". */
const DEPRECATES_ONLY = /\b(?:is|are|has been|have been|was|were)\s+(?:now\s+)?deprecated\b|^deprecate[sd]?\b/i;
/** A change told by what is possible now: "can now", "now supports", "has been added", "is now available". */
/** PipeWire's "An LDAC decoder was added for bluetooth.", "More HDR colortypes are added.": something new, told in the passive. */
const NOW_POSSIBLE =
  /\b(?:can now|now (?:supports?|allows?|accepts?|offers?)|(?:(?:has|have) been|was|were|(?:is|are)(?: now)?) added\b|(?:is|are) now (?:fully |officially |generally )?(?:supported|available)|(?:support|option|setting|command|parameter)s? added\.?$)/i;
/** A change's verb leading its words: "Fix …", "Add …", "Remove …". */
const CHANGE_VERB =
  /^(?:Fix(?:es|ed)?|Add(?:s|ed)?|Remove[sd]?|Drop(?:s|ped)?|Deprecate[sd]?|Improve[sd]?|Update[sd]?|Allow(?:s|ed)?|Support(?:s|ed)?|Introduce[sd]?|Prevent(?:s|ed)?|Avoid(?:s|ed)?|Correct(?:s|ed)?|Restore[sd]?|Revert(?:s|ed)?|Handle[sd]?|Move[sd]?|Rename[sd]?)\s/;
const REMOVED_USE_INSTEAD = /^\S+(?:\s+\S+){0,3}\s+(?:removed|dropped)\s*[-–—;:,(]\s*(?:use|set|replaced?\s+(?:by|with))\s/i;
const LISTS_CONTENTS = /^(?:table of )?contents(?:\s+of\s+this\s+(?:\S+\s+)?(?:file|document|page|release|post))?\s*[:.]?\s*$/i;
// ngIRCd 27's "Now ngIRCd validates SSL/TLS certificates … by default and drops(!) connections …. Therefore you have to make
// sure that all relevant certificates are valid": what the change makes every upgrader do.
const UPGRADERS_MUST =
  /\b(?:after|when|before)\s+upgrading\b[^.]{0,80}\byou\s+(?:must|will\s+need\s+to|need\s+to|have\s+to)\b|\bthis\s+(?:step\s+)?is\s+mandatory\b|\btherefore,?\s+you\s+(?:have|need|will\s+need)\s+to\b/i;
const REMOVES_DEPRECATED =
  /^(?:remov(?:e[sd]?|al\s+of)|drop(?:s|ped)?)\s+(?:(?:all|a\s+number\s+of|several|many|the|some|most)\s+){0,3}(?:long-|previously\s+)?deprecated\s+(?:(?!(?:coverage|test|lint|build|ci)\b)[\w.:()`'-]+\s+){0,3}?(?:APIs?|functions?|methods?|options?|arguments?|flags?|settings?|modules?|classes?|interfaces?|macros?|syntax|objects?|parameters?|commands?|tools?|helpers?|aliases|endpoints?|properties|fields?|types?|keywords?|directives?|features?|constants?|hooks?|traits?)\b(?!\s+from\s+(?:the\s+)?(?:remaining\s+)?(?:tests?|ci|examples?|docs?)\b)/i;
const SPLIT_OUT = /^split\s+\S+\s+out\s+(?:to|into)\s+(?:an?\s+|its\s+own\s+)?separate\s+(?:distro|distribution|package|module|crate|gem|repo(?:sitory)?)\b/i;
export const ABI_CHANGED =
  /\b(?:API\s*\/\s*ABI|ABI|API\s+and\s+ABI)\s+(?:change|break(?:age)?|incompatibility)\b|\bABI version is (?:incremented|bumped|increased|changed)\b/;
export const MUST_REBUILD = /\b(?:must|should|need to|needs to|will need to|have to)\s+be\s+(?:rebuilt|recompiled|re-built|re-compiled)\b/i;
const RELEASE_METADATA_LINK =
  /^\s*(?:[-*+]\s+)?\*\*(?:dependency|dependencies|versioning|download|downloads|artifacts?|docs|documentation|api docs|changelog|license)\*\*\s*:\s*\[[^\]]{1,80}\]\([^)\s]+\)\s*$/i;
/** A paragraph led by a change's verb, not a title ("Fixes and enhancements in JTOpen 11.1") or a lead-in ending in a colon. */
const ledByChangeVerb = (text: string) =>
  (CHANGE_VERB.test(text) || MORE_CHANGE_VERBS.test(text)) && !/^\S+\s+(?:and|&|or)\s/i.test(text) && !/:\s*$/.test(text);
/** Verbs that lead a change told as a paragraph besides those above: Raqm's "Reject input that spans multiple paragraphs". */
const MORE_CHANGE_VERBS = /^(?:Reject(?:s|ed)?|Enable[sd]?|Disable[sd]?|Replace[sd]?|Require[sd]?|Switch(?:es|ed)?|Upgrade[sd]?|Bump(?:s|ed)?|Make[s]?)\s/;
/** Ettercap's "    - CVE-2014-6395 (Length Parameter Inconsistency)": a bullet led by an advisory's id. */
const LEADS_WITH_AN_ID = withAdvisoryId(String.raw`^\s*[-*+]\s+{ID}\b`, 'i');
const INSTALLS_WITH = /^(?:to\s+(?:get\s+started|install|upgrade|update|try\s+it)\b|(?:install|upgrade|update)\s+(?:it|the\s+latest|latest)\b)/i;
export const REQUIRES_CODE_CHANGES =
  /\b(?:this|it)\s+(?:will\s+)?requires?\s+(?:(?:very\s+)?(?:few|some|minor|small)\s+)?changes\s+to\s+(?:the|your)\s+(?:[\w-]+\s+)?(?:code|scripts?|configuration|config|plugins?)\b/i;
/** "Exit status for actions like `--version` was always set to non-zero": a subject, then what was wrong with it. */
const PAST_STATE_FAULT = /^\p{Lu}[^.!?]{0,100}?\s(?:was|were)\s+(?:always|never|not|incorrectly|wrongly)\s+\p{Ll}[^.!?]*\.?$/u;
const STOPS_USING_DEPRECATED =
  /^(?:remove[sd]?|drop(?:ped|s)?|avoid(?:s|ed)?)\s+(?:the\s+)?(?:deprecated\s+(?:use|usage|calls?)\s+of|(?:use|usage|calls?)\s+of\s+(?:the\s+)?deprecated)\s+\S/i;
export const BREAKS_WERE_MADE = /^(?:some|several|a few|a number of|many)\s+breaking\s+changes\s+(?:were|have\s+been)\s+(?:made|introduced)\b/i;
/** "Perhaps the most important change to note is that …", "The biggest change in this release is that …". */
const SINGLES_OUT_A_CHANGE =
  /^(?:perhaps\s+)?the\s+(?:most\s+important|biggest|main|most\s+notable)\s+change(?:\s+to\s+note|\s+in\s+this\s+release)?\s+is\s+that\s+(?=\S)/i;
/** One sentence led by a change's verb, nothing after its stop. */
const LONE_CHANGE = new RegExp(`${CHANGE_VERB.source}[^.!?]*(?:\\.(?=\\S)[^.!?]*)*[.!]?$`);

/**
 * "A segmentation fault from calling `freeaddrinfo` … was fixed.", "Clang compilation failure on Android were fixed.": a fault, then
 * that it was fixed, in one sentence; or what now works correctly ("UDP packets per second now reports the correct number").
 */
const FIXED_IN_ITS_SENTENCE =
  /^[^.!?]{3,100}?\b(?:was|were|(?:has|have)\s+(?:now\s+)?been)\s+(?:fixed|corrected|resolved)(?:[.,;]|$)|^[^.!?]{0,60}\bnow\s+\w+s\s+(?:the\s+)?correct(?:ly)?\b/i;

const SPEED_VERB = /^(?:improve[sd]?|boost(?:s|ed)?|increase[sd]?)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:performance|speed|throughput)\b|^speed(?:s|ed)?\s+up\b/i;

/** A change on a line of its own after its lower-case component: "plugin/forward: Add source_address directive". */
// LZ4's "cli  : multithreading compression support: …", "lib  : new level 2, …": its scope padded to a column.
// (LZ4's "build: cmake minimum version raised to 3.5" among them: a sentence in lower case after the scope, of a few words.)
const SCOPED_LINE = /^[a-z][\w./-]{0,30}(?::\s+\p{Lu}\S*\s+\S|\s+:\s+[\p{L}\d`]\S*\s+\S|:\s+[a-z\d`]\S*(?:\s+\S+){3})/u;

/** A sentence of prose that leads into paragraphs, one change each: "Contains the following new features:". */
const PROSE_LEAD_IN =
  /^(?:(?:it|this release|this version|the release)\s+)?(?:contains|includes|brings|adds|has)\s+the\s+following\s+((?:new\s+)?(?:features|changes|improvements|enhancements|fixes)):$/i;
const PROSE_LIST_END =
  /^(?:in addition|additionally|also|besides)\b[^.]*\b(?:many|several|numerous|lots of|a number of|other)\b[^.]*\b(?:fixes|improvements|changes)\b/i;
// helm-controller's "⚠️ **Breaking change:** the default post-render strategy is now `combined`": the sign before the mark.
// pyinfra 2.0's "Breaking: **the "deploy directory" concept has been removed** - …" likewise.
const BREAKING_PARAGRAPH = /^\s*(?:⚠\uFE0F?\s*)?(?:\*\*|__)?(?:BREAKING(?: CHANGES?)?|Breaking(?: changes?)?:)(?:\*\*|__)?:?\s+(?=\S)/;
// iced closes with "Many thanks to..." over its list of handles.
/** minikube's "Thank you to our contributors for this release!" over a list of names, as c-ares' "Thanks go to …:". */
/** A sentence that says the list under it is of breaking changes. */
const BREAKS_INTRO =
  /\b(?:includes?|contains?|has|have|brings?|introduces?|with)\s+(?:some|several|a few|the following|these|a number of|two|three|four|five)?\s*breaking changes?\s*:\s*$/i;
// Calamares' "This release contains contributions from (alphabetically by first name):" over the names.
// (Not bugwarrior's "Lots of updates from various contributors:": see WORK_OF_CONTRIBUTORS.)
const THANKS_INTRO = new RegExp(
  String.raw`^(?:(?:a |our )?(?:special|many|big|huge|warm)\s+)?(?:thanks|thank you)\b.*(?::|\.{3}|…|!)\s*$|^${WORK_OF_CONTRIBUTORS}.*\b(?:contributors|people who contributed|contributions (?:from|by))\b[^.]*:\s*$`,
  'i',
);
// mdadm 4.0's "This is my first release of mdadm. Please thank Neil Brown …": who cut it, no change of it.
const TIME_SINCE =
  /^(?:yes,?\s+)?(?:it['’]s|it\s+has)\s+been\s+(?:a\s+)?(?:very\s+|really\s+)?(?:long|while)\b[^.]{0,40}\bsince\b|^this\s+is\s+(?:my|our)\s+first\s+release\b/i;
const CREDIT_PARAGRAPH = /^\s*\((?:bugs? |issues? |problems? )?(?:found|reported|discovered|spotted|contributed|fixed|patch(?:ed)?|thanks)\b[^)]*\bby\b/i;

const SHOUTED = /^[^\p{Ll}]*$/u;

/**
 * NGINX Gateway Fabric's "BREAKING CHANGES:" alone between blank lines, over a link to the upgrade guide and a paragraph
 * before its list: a kind's name in capitals with its colon titles what follows, prose first.
 */
export function shoutedKindLabel(lines: string[], index: number): RegExpMatchArray | null {
  if ((lines[index - 1] ?? '').trim() !== '' || (lines[index + 1] ?? '').trim() !== '') return null;
  // NCO's "NEW FEATURES (full details always in ChangeLog):": an aside in brackets after it.
  const label = lines[index]!.match(/^(\p{Lu}[\p{Lu} &/-]{2,40})(?:\s+\([^()]{1,60}\))?:\s*$/u);
  return label && sectionKind(label[1]!) !== null ? label : null;
}

/**
 * A line that only names a kind of change ("Improved", "Bug fixes", "Important"), with no markup or stop, right above
 * plain lines: a heading in notes written for an app store, where every line under it is one change.
 */
export function isBareLabel(previous: string, line: string, next: string): boolean {
  const text = line.trim();
  if (previous.trim() !== '') return false;
  if (!/^\p{Lu}[\p{L}' ]{2,30}$/u.test(text) || text.split(' ').length > 3) return false;
  if (next.trim() === '' || BULLET.test(next) || UNDERLINE.test(next) || ATX.test(next)) return false;
  return (sectionKind(text) !== null && titlesAKind(text)) || /^(?:important|notes?|other)$/i.test(text);
}

/**
 * GNOME's NEWS: "  Fixes:" indented over "   * Fix crash …", after a blank line: a kind's label over the list indented deeper
 * than it. Only a kind's name: an indented line ending in a colon is as often a bullet's words leading into its own list;
 * without its colon, the label stands alone between blank lines.
 */
export function indentedKindLabel(lines: string[], index: number): RegExpMatchArray | null {
  if ((lines[index - 1] ?? '').trim() !== '') return null;
  const label = lines[index]!.match(/^[ \t]{1,4}(\p{Lu}[\p{L}\d .-]{2,30}):[ \t]*$/u);
  const under = indentOf(nextContent(lines, index)) - indentOf(lines[index]!);
  const alone = (lines[index + 1] ?? '').trim() === '';
  // Liferea's GNU ChangeLog indents all by a tab: "\tRemoved Features:", "\tChanges to 2.0-RC4:", each alone between blank
  // lines over "\t* …" at its own indent.
  // (Not Mopidy's "    The removed modules are:", a paragraph of the bullet above it, indented less.)
  if (label) return (sectionKind(label[1]!) !== null && under > 0) || (under === 0 && alone && !insideItemAbove(lines, index)) ? label : null;
  // Gajim's ChangeLog: "  Improvements" alone between blank lines, over "  * Preview: …" at its own indent.
  const bare = lines[index]!.match(/^[ \t]{0,4}(\p{Lu}[\p{L} ]{2,30}?)[ \t]*$/u);
  if (!bare || !alone) return null;
  // Bioconductor's NEWS: "USER VISIBLE CHANGES" in capitals between "NEW FEATURES" and "BUG FIXES", each over its "    o …"
  // items: a label, whatever it names.
  return (sectionKind(bare[1]!) !== null && titlesAKind(bare[1]!) && under >= 0) || (under > 0 && /^[\p{Lu} ]+$/u.test(bare[1]!)) ? bare : null;
}

/** Whether the line at `index` is indented under the content before it: a further paragraph of the item above. */
function insideItemAbove(lines: string[], index: number): boolean {
  const own = indentOf(lines[index]!);
  // Floki's "- This version adds … :has …", its paragraph indented under it, then "  Examples for selectors:": past the
  // item's own paragraphs, at the label's indent, to the bullet they belong to.
  for (let previous = index - 1, seen = 0; previous >= 0 && seen < 20; previous--) {
    const line = lines[previous]!;
    if (line.trim() === '') continue;
    seen++;
    if (indentOf(line) < own) return seen === 1 || BULLET.test(line);
    if (BULLET.test(line) || ATX.test(line)) return false;
  }
  return false;
}

/** The paragraph after the one ending at 1-based line `end`, with the line it ends on. */
function paragraphAfter(lines: string[], end: number): { text: string; end: number } | null {
  let at = end;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  const first = at;
  while (at < lines.length && lines[at]!.trim() !== '' && !BULLET.test(lines[at]!) && !ATX.test(lines[at]!)) at++;
  return at > first ? { text: lines.slice(first, at).join(' '), end: at } : null;
}

/** The paragraph indented under a bullet ending at 1-based line `end`, past at most one blank line. */
function paragraphUnder(lines: string[], end: number, indent: number): { text: string; end: number } | null {
  const first = (lines[end] ?? '').trim() === '' ? (lines[end + 1] ?? '') : lines[end]!;
  if (first.trim() === '' || indentOf(first) <= indent || BULLET.test(first) || FENCE.test(first)) return null;
  return paragraphAfter(lines, end);
}

/** Whether the paragraph at `from` (0-based) is the first thing under its heading (or the notes' first, with none). */
function firstParagraphUnderHeading(lines: string[], from: number): boolean {
  for (let at = from - 1; at >= 0; at--) {
    const line = lines[at]!;
    if (/^#{1,6}\s/.test(line)) return true;
    if (line.trim() !== '') return false;
  }
  return true;
}

/**
 * Whether the section that holds the paragraph at `from` (0-based) tells its changes a paragraph each: three or more
 * paragraphs of at most eight lines up to the next heading, none going on with the one before, no list, quote, table, link
 * or code between them.
 */
const GOES_ON = /^\s*(?:it|its|they|their|this|these|that|those|also|however|but|so|see|for (?:example|instance|details|more))\b/i;
function paragraphsAreChanges(lines: string[], from: number): boolean {
  return paragraphsInSection(lines, from) >= 3;
}

/** How many paragraphs the section that holds the paragraph at `from` (0-based) tells its changes in, as above; 0 where it does not. */
function paragraphsInSection(lines: string[], from: number): number {
  let start = from;
  while (start > 0 && !/^#{1,6}\s/.test(lines[start - 1]!)) start--;
  // Every paragraph of the section asks the same question: the section is read once.
  let sections = proseSections.get(lines);
  if (!sections) proseSections.set(lines, (sections = new Map()));
  let answer = sections.get(start);
  if (answer === undefined) sections.set(start, (answer = sectionOfParagraphs(lines, start)));
  return answer;
}
const proseSections = new WeakMap<string[], Map<number, number>>();

function sectionOfParagraphs(lines: string[], start: number): number {
  let paragraphs = 0;
  let length = 0;
  for (let at = start; at < lines.length && !/^#{1,6}\s/.test(lines[at]!); at++) {
    const line = lines[at]!;
    if (line.trim() === '') {
      length = 0;
      continue;
    }
    if (/^\s*(?:[-*+>|]\s|\d+[.)]\s|```|~~~|<|\[)/.test(line) || /^(?:\t| {4})/.test(line)) return 0;
    // "They share one lockfile.", "See the docs.": a paragraph going on with the one before it tells the same change.
    if (length === 0 && paragraphs > 0 && GOES_ON.test(line)) return 0;
    if (length === 0) paragraphs++;
    if (++length > 8) return 0;
  }
  return paragraphs;
}

function nextContent(lines: string[], index: number): string {
  for (let i = index + 1; i < lines.length; i++) if (lines[i]!.trim() !== '') return lines[i]!;
  return '';
}

function isChildOf(lines: string[], start: number, indent: number): boolean {
  return indentOf(lines[start - 1]!) < indent;
}

function extendLast(items: NoteItem[], line: number) {
  const last = items[items.length - 1];
  if (last && last.lines.end >= line - 2) last.lines.end = line;
}
