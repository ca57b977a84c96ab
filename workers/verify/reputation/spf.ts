import type { DnsResolver } from '../../../shared/net/doh';
import { type Finding, lookupFailed } from './finding';
import { findingFrom, type Problem } from './problems';
import { recordsWithVersion } from './txt';

/** SPF (RFC 7208): the record, its syntax, its `all`, and the DNS look-ups an evaluation costs. */

export const SPF_LOOKUP_LIMIT = 10;
export const SPF_VOID_LOOKUP_LIMIT = 2;
/** We follow at most this many look-ups, so a record far over the limit is still counted without unbounded work. */
const FOLLOW_LIMIT = 40;
const SPF_VERSION = /^v=spf1(?:\s|$)/i;

export type SpfQualifier = '+' | '-' | '~' | '?';
export interface SpfTerm {
  text: string;
  kind: 'mechanism' | 'modifier';
  qualifier: SpfQualifier;
  /** Mechanism or modifier name, lower case. */
  name: string;
  /** The domain-spec or address after `:` (mechanisms) or `=` (modifiers); null when absent. */
  value: string | null;
}

const MECHANISMS = new Set(['all', 'include', 'a', 'mx', 'ptr', 'ip4', 'ip6', 'exists']);
const NEEDS_VALUE = new Set(['include', 'exists', 'ip4', 'ip6']);
/** Terms whose evaluation queries DNS (RFC 7208 §4.6.4). */
const COSTS_LOOKUP = new Set(['include', 'a', 'mx', 'ptr', 'exists', 'redirect']);

/** Parses one `v=spf1` record into terms and the syntax errors found (RFC 7208 §4.6.1, §12). */
export function parseSpf(record: string): { terms: SpfTerm[]; errors: string[] } {
  const terms: SpfTerm[] = [];
  const errors: string[] = [];
  for (const text of record.trim().split(/\s+/).slice(1)) {
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(text);
    if (modifier) {
      const name = modifier[1]!.toLowerCase();
      if ((name === 'redirect' || name === 'exp') && terms.some((term) => term.name === name)) errors.push(`"${name}=" appears more than once.`);
      if ((name === 'redirect' || name === 'exp') && !validDomainSpec(modifier[2]!)) errors.push(`"${text}" does not name a domain.`);
      terms.push({ text, kind: 'modifier', qualifier: '+', name, value: modifier[2]! });
      continue;
    }
    const mechanism = /^([+\-~?]?)([a-z0-9]+)(?::([^/]*))?((?:\/\/?\d+){0,2})$/i.exec(text);
    const name = mechanism?.[2]?.toLowerCase();
    if (!mechanism || !name || !MECHANISMS.has(name)) {
      errors.push(`"${text}" is not an SPF mechanism or modifier.`);
      continue;
    }
    const value = mechanism[3] ?? null;
    const term: SpfTerm = { text, kind: 'mechanism', qualifier: (mechanism[1] || '+') as SpfQualifier, name, value };
    const problem = mechanismProblem(term, mechanism[4] ?? '');
    if (problem) errors.push(`"${text}" ${problem}.`);
    terms.push(term);
  }
  return { terms, errors };
}

function mechanismProblem(term: SpfTerm, cidr: string): string | null {
  if (NEEDS_VALUE.has(term.name) && !term.value) return `needs a value after "${term.name}:"`;
  if (term.name === 'all' && (term.value !== null || cidr)) return 'takes no value';
  if (term.name === 'ip4' && !/^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/.test(term.value ?? '')) return 'is not an IPv4 address';
  if (term.name === 'ip4' && cidr && !/^\/(?:[0-9]|[12]\d|3[0-2])$/.test(cidr)) return 'has a prefix length outside 0–32';
  if (term.name === 'ip6' && !/^[0-9a-f:.]+$/i.test(term.value ?? '')) return 'is not an IPv6 address';
  if ((term.name === 'include' || term.name === 'exists' || ((term.name === 'a' || term.name === 'mx') && term.value)) && !validDomainSpec(term.value ?? '')) {
    return 'does not name a domain';
  }
  return null;
}

function validDomainSpec(spec: string): boolean {
  return /^[^\s;]+\.[^\s;.]+\.?$/.test(spec) || spec.includes('%{');
}

/** One line of the evaluation as a receiver would run it: which term of which record cost what. */
export interface SpfStep {
  /** 0 for the domain's own record, 1 for a record it includes, … */
  depth: number;
  /** The domain whose record holds the term. */
  domain: string;
  term: string;
  /** DNS look-ups this term costs against the limit of 10. */
  lookups: number;
  /** Look-ups so far, this term included. */
  total: number;
  /** Whether the term's query found nothing (a void look-up, limit 2). */
  void: boolean;
  note: string | null;
}

export interface SpfDetails {
  record: string | null;
  /** The qualifier of the top record's `all` (`-all` …), or null when it has none. */
  all: string | null;
  lookups: number;
  void_lookups: number;
  steps: SpfStep[];
}

interface Expansion {
  record: string | null;
  /** Why the record could not be used: none, several, a failed query. */
  problem: { kind: 'none' | 'multiple' | 'failed'; text: string; records: string[]; void?: boolean } | null;
  syntaxErrors: string[];
  terms: Array<{ term: SpfTerm; void: boolean; extraLookups: number; note: string | null; child: Expansion | null; childDomain: string | null }>;
}

interface Budget {
  followed: number;
}

/** Fetches `domain`'s SPF record and every record it leads to (`include`, `redirect`), siblings in parallel. */
async function expand(resolver: DnsResolver, domain: string, ancestors: string[], budget: Budget): Promise<Expansion> {
  const answer = await resolver.query(domain, 'TXT');
  if (answer.status === 'failed') return blank({ kind: 'failed', text: answer.error, records: [] });
  const records = recordsWithVersion(answer.data, SPF_VERSION);
  if (records.length === 0) return blank({ kind: 'none', text: 'no SPF record', records: [], void: answer.data.length === 0 });
  if (records.length > 1) return blank({ kind: 'multiple', text: `${records.length} SPF records`, records });
  const record = records[0]!;
  const { terms, errors } = parseSpf(record);
  const evaluated = await Promise.all(
    terms.map(async (term) => {
      const base = { term, void: false, extraLookups: 0, note: null as string | null, child: null as Expansion | null, childDomain: null as string | null };
      if (!COSTS_LOOKUP.has(term.name) || (term.kind === 'modifier' && term.name !== 'redirect')) return base;
      const target = (term.value || domain).replace(/\.$/, '').toLowerCase();
      if (target.includes('%{')) return { ...base, note: 'uses a macro: its target depends on the message, so it is not followed' };
      if (term.name === 'ptr') return { ...base, note: 'ptr is deprecated (RFC 7208 §5.5): slow, unreliable, and some receivers ignore it' };
      if (budget.followed >= FOLLOW_LIMIT) return { ...base, note: `not followed: past the ${FOLLOW_LIMIT} look-ups we follow` };
      budget.followed += 1;
      if (term.name === 'include' || term.name === 'redirect') {
        if (ancestors.includes(target)) return { ...base, note: `loops back to ${target}` };
        const child = await expand(resolver, target, [...ancestors, target], budget);
        return { ...base, child, childDomain: target, void: child.problem?.void === true };
      }
      if (term.name === 'mx') {
        const mx = await resolver.query(target, 'MX');
        if (mx.status === 'failed') return { ...base, note: `the MX look-up failed: ${mx.error}` };
        const hosts = mx.data.filter((data) => !/^\d+\s+\.$/.test(data.trim()));
        // Each MX host's address is one more query, but they count only against the limit of 10 MX names (§4.6.4).
        const note = hosts.length > 10 ? `${hosts.length} MX hosts: more than the 10 an mx mechanism may name` : null;
        return { ...base, void: hosts.length === 0, note };
      }
      const a = await resolver.query(target, 'A');
      if (a.status === 'failed') return { ...base, note: `the A look-up failed: ${a.error}` };
      return { ...base, void: a.data.length === 0 };
    }),
  );
  return { record, problem: null, syntaxErrors: errors, terms: evaluated };
}

function blank(problem: Expansion['problem']): Expansion {
  return { record: null, problem, syntaxErrors: [], terms: [] };
}

/** The evaluation in the order a receiver runs it, with running counts. */
function flatten(root: Expansion, domain: string): { steps: SpfStep[]; nested: Array<{ domain: string; expansion: Expansion }> } {
  const steps: SpfStep[] = [];
  const nested: Array<{ domain: string; expansion: Expansion }> = [];
  let total = 0;
  const walk = (expansion: Expansion, owner: string, depth: number) => {
    for (const entry of expansion.terms) {
      const lookups = COSTS_LOOKUP.has(entry.term.name) && (entry.term.kind === 'mechanism' || entry.term.name === 'redirect') ? 1 : 0;
      total += lookups;
      const childNote = entry.child?.problem
        ? entry.child.problem.kind === 'failed'
          ? `the look-up failed: ${entry.child.problem.text}`
          : `${entry.childDomain} has ${entry.child.problem.text}`
        : null;
      steps.push({ depth, domain: owner, term: entry.term.text, lookups, total, void: entry.void, note: entry.note ?? childNote });
      if (entry.child && entry.childDomain) {
        nested.push({ domain: entry.childDomain, expansion: entry.child });
        walk(entry.child, entry.childDomain, depth + 1);
      }
    }
  };
  walk(root, domain, 0);
  return { steps, nested };
}

const EXPLANATION =
  'Gmail and Yahoo require SPF or DKIM from every sender and both from bulk senders. Receivers evaluate SPF against the envelope sender; a record that is missing, duplicated, malformed or needs more than 10 DNS look-ups is a permanent error, and the mail counts as unauthenticated.';

export async function checkSpf(resolver: DnsResolver, domain: string): Promise<Finding<SpfDetails>> {
  const root = await expand(resolver, domain, [domain], { followed: 0 });
  const emptyDetails: SpfDetails = { record: null, all: null, lookups: 0, void_lookups: 0, steps: [] };
  if (root.problem?.kind === 'failed') return lookupFailed('SPF (TXT)', root.problem.text, emptyDetails);
  return assessSpf(domain, root);
}

function assessSpf(domain: string, root: Expansion): Finding<SpfDetails> {
  const details: SpfDetails = { record: root.record, all: null, lookups: 0, void_lookups: 0, steps: [] };
  if (root.problem?.kind === 'none') {
    return findingFrom({
      passSummary: '',
      problems: [
        {
          status: 'fail',
          text: `${domain} publishes no SPF record.`,
          fix: `Publish one TXT record at ${domain}: "v=spf1 mx ~all", adding "include:" for each service that sends as ${domain}.`,
        },
      ],
      records: [],
      explanation: EXPLANATION,
      details,
    });
  }
  if (root.problem?.kind === 'multiple') {
    return findingFrom({
      passSummary: '',
      problems: [
        {
          status: 'fail',
          text: `${domain} publishes ${root.problem.records.length} SPF records; receivers treat that as a permanent error.`,
          fix: `Merge them into one TXT record at ${domain} and delete the others.`,
        },
      ],
      records: root.problem.records,
      explanation: EXPLANATION,
      details,
    });
  }
  const { steps, nested } = flatten(root, domain);
  details.steps = steps;
  details.lookups = steps.at(-1)?.total ?? 0;
  details.void_lookups = steps.filter((step) => step.void).length;
  const problems: Problem[] = [];
  for (const error of root.syntaxErrors)
    problems.push({ status: 'fail', text: `Syntax: ${error}`, fix: 'Correct or remove the term; one bad term makes the whole record a permanent error.' });
  for (const { domain: target, expansion } of nested) {
    if (expansion.problem?.kind === 'failed')
      problems.push({ status: 'unknown', text: `The record of ${target} could not be read (${expansion.problem.text}).`, fix: null });
    else if (expansion.problem)
      problems.push({
        status: 'fail',
        text: `${target}, which the record includes, has ${expansion.problem.text}: a permanent error.`,
        fix: `Remove the reference to ${target} or correct its record.`,
      });
    for (const error of expansion.syntaxErrors)
      problems.push({ status: 'fail', text: `Syntax in ${target}'s record: ${error}`, fix: `Ask the owner of ${target} to correct it, or stop including it.` });
  }
  if (details.lookups > SPF_LOOKUP_LIMIT) {
    problems.push({
      status: 'fail',
      text: `Evaluating the record takes ${details.lookups} DNS look-ups; the limit is ${SPF_LOOKUP_LIMIT}.`,
      fix: 'Remove includes of services that no longer send for you, replace "a" and "mx" with the ip4:/ip6: ranges they stand for, or move a sending service to a subdomain with its own record.',
    });
  }
  if (details.void_lookups > SPF_VOID_LOOKUP_LIMIT) {
    problems.push({
      status: 'fail',
      text: `${details.void_lookups} look-ups find nothing; more than ${SPF_VOID_LOOKUP_LIMIT} is a permanent error.`,
      fix: 'Remove the terms whose names no longer exist (marked void in the steps).',
    });
  }
  for (const step of steps.filter((step) => step.note?.startsWith('loops back'))) {
    problems.push({ status: 'fail', text: `${step.term} ${step.note}.`, fix: 'Break the include loop.' });
  }
  if (root.terms.some((entry) => entry.term.name === 'ptr')) {
    problems.push({ status: 'warn', text: 'The record uses "ptr", which RFC 7208 deprecates.', fix: 'Replace "ptr" with ip4:/ip6: ranges or an include.' });
  }
  const all = root.terms.find((entry) => entry.term.name === 'all')?.term;
  const redirect = root.terms.some((entry) => entry.term.name === 'redirect');
  details.all = all ? `${all.qualifier}all` : null;
  const hardened = root.record!.replace(/\s[+?]?all(?=\s|$)/i, ' ~all');
  if (all?.qualifier === '+')
    problems.push({
      status: 'fail',
      text: '"+all" lets any server on the internet send as this domain.',
      fix: `Replace the record with: "${hardened}" (or "-all" once every sender is listed).`,
    });
  if (all?.qualifier === '?')
    problems.push({ status: 'warn', text: '"?all" is neutral: mail from unlisted servers is not refused.', fix: `Replace the record with: "${hardened}".` });
  if (!all && !redirect)
    problems.push({
      status: 'warn',
      text: 'The record ends without "all", so unlisted senders are neutral.',
      fix: `End the record with "~all": "${root.record} ~all".`,
    });
  return findingFrom({
    passSummary: `One valid SPF record, ${details.lookups} of ${SPF_LOOKUP_LIMIT} look-ups, ending in "${details.all ?? 'redirect'}".`,
    problems,
    records: [root.record!],
    explanation: EXPLANATION,
    details,
  });
}
