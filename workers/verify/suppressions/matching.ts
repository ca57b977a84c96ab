import type { Provider } from '../engine/providers';
import { checkSyntax } from '../engine/syntax';

/**
 * Which suppression entries an address falls under, as pure rules. An entry is an address or a
 * whole domain. An address entry matches the address itself (ignoring case) and any address that
 * delivers to the same mailbox at a provider known to ignore parts of it:
 * - Gmail (gmail.com, googlemail.com) ignores dots and a `+tag` (Google: "Dots don't matter in
 *   Gmail addresses"; "add a plus sign and any word"), and the two domains are one service;
 * - Google Workspace, Outlook.com, Microsoft 365, iCloud, Fastmail, Proton and Zoho deliver
 *   `name+tag@` to `name@` (sub-addressing, RFC 5233) but keep dots.
 * The provider comes from the check's MX when it is known (a company domain hosted by Google or
 * Microsoft); otherwise from the consumer domains below. A domain entry matches that domain and
 * every subdomain of it.
 */

const DOT_AND_TAG_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const TAG_DOMAINS = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'zoho.com',
]);
const TAG_PROVIDERS = new Set<Provider>(['gmail', 'google_workspace', 'outlook', 'microsoft_365', 'icloud', 'fastmail', 'proton', 'zoho']);

export interface EntryKey {
  kind: 'email' | 'domain';
  /** The address (lower case, ASCII domain) or the domain. */
  value: string;
  /** For an address, the mailbox it delivers to by its domain's rules. */
  mailbox: string | null;
}

/** What to store for a suppression of `input`: an address when it holds an `@`, else a domain; null when it is neither. */
export function entryKey(input: string): EntryKey | null {
  const trimmed = input.trim();
  if (trimmed.includes('@')) {
    const syntax = checkSyntax(trimmed);
    if (!syntax.is_valid_syntax || !syntax.address) return null;
    const value = syntax.address.toLowerCase();
    return { kind: 'email', value, mailbox: mailboxOf(value, null) };
  }
  const probe = checkSyntax(`postmaster@${trimmed.replace(/^\*\./, '')}`);
  if (!probe.is_valid_syntax) return null;
  return { kind: 'domain', value: probe.domain, mailbox: null };
}

/** The mailbox a lower-case address delivers to, by its domain and, when known, its provider. */
export function mailboxOf(address: string, provider: Provider | null): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.startsWith('"')) return address;
  const plus = local.indexOf('+');
  const base = plus > 0 ? local.slice(0, plus) : local;
  if (DOT_AND_TAG_DOMAINS.has(domain) || provider === 'gmail') return `${base.replaceAll('.', '')}@${DOT_AND_TAG_DOMAINS.has(domain) ? 'gmail.com' : domain}`;
  if (TAG_DOMAINS.has(domain) || (provider !== null && TAG_PROVIDERS.has(provider))) return `${base}@${domain}`;
  return address;
}

export interface LookupKeys {
  /** The address as checked, lower case; null when it is not an address. */
  address: string | null;
  /** Values an address entry may hold (as `value` or `mailbox`) to match. */
  mailboxes: string[];
  /** The domain and its parents: values a domain entry may hold to match. */
  domains: string[];
}

export function lookupKeys(input: string, provider: Provider | null = null): LookupKeys {
  const syntax = checkSyntax(input);
  if (!syntax.is_valid_syntax || !syntax.address) {
    const fallback = input.trim().toLowerCase();
    return { address: fallback || null, mailboxes: fallback ? [fallback] : [], domains: [] };
  }
  const address = syntax.address.toLowerCase();
  const mailboxes = [...new Set([address, mailboxOf(address, null), mailboxOf(address, provider)])];
  const labels = syntax.domain.split('.');
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  return { address, mailboxes, domains };
}

/** Every provider whose rules can widen a match, so a batch can load candidates before the providers are known. */
export function widestLookupKeys(input: string): LookupKeys {
  const plain = lookupKeys(input);
  const widened = [lookupKeys(input, 'gmail'), lookupKeys(input, 'google_workspace')].flatMap((keys) => keys.mailboxes);
  return { ...plain, mailboxes: [...new Set([...plain.mailboxes, ...widened])] };
}

export type MatchedBy = 'address' | 'mailbox' | 'domain';

export interface CandidateEntry extends EntryKey {
  id: number;
  createdAt: Date;
}

/**
 * The entry that suppresses an address, among candidates: an entry for the address itself first,
 * then one for the same mailbox, then the most specific domain; the oldest entry wins a tie.
 */
export function pickMatch<T extends CandidateEntry>(keys: LookupKeys, candidates: readonly T[]): { entry: T; matchedBy: MatchedBy } | null {
  const byAge = [...candidates].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const emails = byAge.filter((entry) => entry.kind === 'email');
  const exact = keys.address === null ? undefined : emails.find((entry) => entry.value === keys.address);
  if (exact) return { entry: exact, matchedBy: 'address' };
  const mailbox = emails.find((entry) => keys.mailboxes.includes(entry.value) || (entry.mailbox !== null && keys.mailboxes.includes(entry.mailbox)));
  if (mailbox) return { entry: mailbox, matchedBy: 'mailbox' };
  for (const domain of keys.domains) {
    const entry = byAge.find((candidate) => candidate.kind === 'domain' && candidate.value === domain);
    if (entry) return { entry, matchedBy: 'domain' };
  }
  return null;
}
