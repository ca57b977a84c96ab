import { isFreeProvider } from './lists';

/** Mail providers recognized from the MX host; `other` is any MX we do not recognize. */
export const PROVIDERS = [
  'gmail',
  'google_workspace',
  'outlook',
  'microsoft_365',
  'yahoo',
  'aol',
  'icloud',
  'zoho',
  'proton',
  'fastmail',
  'mimecast',
  'proofpoint',
  'other',
] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface DetectedProvider {
  provider: Provider;
  /** A consumer mailbox (Reacher's `is_b2c`) rather than a business one. */
  isB2c: boolean;
}

interface MxRule {
  provider: Provider;
  /** Names the MX host equals or is a subdomain of. */
  domains: readonly string[];
  /** Only hosts starting with this (AOL shares Yahoo's domain). */
  hostPrefix?: string;
  /** What the MX alone says; absent, the free-provider list decides from the address's domain. */
  isB2c?: boolean;
}

// First match wins, so a narrower rule comes before a wider one on the same domain.
const MX_RULES: readonly MxRule[] = [
  // gmail.com and googlemail.com only: gmail-smtp-in.l.google.com and its alt1…alt4.
  { provider: 'gmail', domains: ['gmail-smtp-in.l.google.com'], isB2c: true },
  // Google Workspace: aspmx.l.google.com (and alt1…alt4), aspmx2…5.googlemail.com, smtp.google.com.
  { provider: 'google_workspace', domains: ['google.com', 'googlemail.com'], isB2c: false },
  // Outlook.com, Hotmail, Live, MSN: hotmail-com.olc.protection.outlook.com, eur.olc.… (as Reacher observed).
  { provider: 'outlook', domains: ['olc.protection.outlook.com'], isB2c: true },
  // Microsoft 365: <tenant>.mail.protection.outlook.com, or <tenant>.<x>-v1.mx.microsoft with DNSSEC.
  { provider: 'microsoft_365', domains: ['protection.outlook.com', 'mx.microsoft'], isB2c: false },
  // AOL and Verizon mail run on Yahoo's platform, behind mx-aol.mail.gm0.yahoodns.net.
  { provider: 'aol', domains: ['yahoodns.net'], hostPrefix: 'mx-aol.' },
  // Yahoo: mta5.am0.yahoodns.net, mx-eu.mail.am0.yahoodns.net; also hosts some business domains.
  { provider: 'yahoo', domains: ['yahoodns.net'] },
  { provider: 'icloud', domains: ['mail.icloud.com'] },
  { provider: 'zoho', domains: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au'] },
  { provider: 'proton', domains: ['protonmail.ch'] },
  { provider: 'fastmail', domains: ['messagingengine.com'] },
  // Filtering gateways in front of a company's own mail servers.
  { provider: 'mimecast', domains: ['mimecast.com', 'mimecast.co.za'], isB2c: false },
  { provider: 'proofpoint', domains: ['pphosted.com', 'ppe-hosted.com'], isB2c: false },
];

/**
 * The provider behind a domain, from its most preferred MX host (the one mail goes to first).
 * Hosts are compared lower case and without the trailing dot DNS answers carry.
 */
export function detectProvider(mxHost: string, domain: string): DetectedProvider {
  const host = mxHost.toLowerCase().replace(/\.$/, '');
  const rule = MX_RULES.find(
    (candidate) =>
      (candidate.hostPrefix === undefined || host.startsWith(candidate.hostPrefix)) &&
      candidate.domains.some((name) => host === name || host.endsWith(`.${name}`)),
  );
  return { provider: rule?.provider ?? 'other', isB2c: rule?.isB2c ?? isFreeProvider(domain) };
}

/**
 * The request field that picks the verification method for a provider's mailboxes: webmail A is
 * Google (Gmail and Workspace), B is Microsoft (b2b: Microsoft 365, b2c: Outlook.com and Hotmail),
 * C is Yahoo (with AOL, which runs on it). Other providers are always checked over SMTP.
 */
export function verifMethodField(provider: Provider) {
  switch (provider) {
    case 'gmail':
    case 'google_workspace':
      return 'webmail_a_verif_method';
    case 'microsoft_365':
      return 'webmail_b_b2b_verif_method';
    case 'outlook':
      return 'webmail_b_b2c_verif_method';
    case 'yahoo':
    case 'aol':
      return 'webmail_c_verif_method';
    default:
      return null;
  }
}

export type ProviderRuleResult = { ok: true } | { ok: false; reason: string };

interface UsernameRule {
  allows: (username: string) => boolean;
  reason: string;
}

/**
 * What the sign-up pages of the big consumer services let a username be, kept to rules stated by
 * the provider itself. Checked on the username before any `+tag`, lower case. Accounts older than
 * a rule may break it; `strict_provider_rules: false` skips these checks.
 */
const USERNAME_RULES: Partial<Record<Provider, readonly UsernameRule[]>> = {
  // Google Account Help, "Create a username": 6–30 characters; letters, numbers and periods.
  // Periods are ignored by Gmail, so the bounds are applied leniently: at least 6 characters as
  // typed, at most 30 without the periods.
  gmail: [
    { allows: (username) => /^[a-z0-9.]+$/.test(username), reason: 'Gmail usernames contain only letters, digits and periods.' },
    { allows: (username) => username.length >= 6, reason: 'Gmail usernames are at least 6 characters long.' },
    { allows: (username) => username.replaceAll('.', '').length <= 30, reason: 'Gmail usernames are at most 30 characters long.' },
  ],
  // Microsoft account sign-up: only letters, numbers, periods, hyphens and underscores.
  outlook: [
    {
      allows: (username) => /^[a-z0-9._-]+$/.test(username),
      reason: 'Outlook.com and Hotmail usernames contain only letters, digits, periods, hyphens and underscores.',
    },
  ],
  // Yahoo sign-up: a Yahoo ID is 4–32 characters, starts with a letter, and holds letters, digits,
  // underscores and periods; a disposable Yahoo address appends `-keyword`, so the length is
  // checked on the part before the first hyphen.
  yahoo: [
    { allows: (username) => /^[a-z]/.test(username), reason: 'Yahoo usernames start with a letter.' },
    {
      allows: (username) => /^[a-z0-9._-]+$/.test(username),
      reason: 'Yahoo usernames contain only letters, digits, underscores, periods and a hyphen before a keyword.',
    },
    {
      allows: (username) => {
        const [base = ''] = username.split('-', 1);
        return base.length >= 4 && base.length <= 32;
      },
      reason: 'Yahoo usernames are 4 to 32 characters long.',
    },
  ],
};

/**
 * Whether a local part can exist at a recognized consumer webmail service. Business mailboxes
 * hosted by the same companies (Workspace, Microsoft 365, Yahoo-hosted domains) follow their
 * administrators' rules, so only consumer mailboxes are checked.
 */
export function strictProviderRules(detected: DetectedProvider, localPart: string): ProviderRuleResult {
  const rules = detected.isB2c ? USERNAME_RULES[detected.provider] : undefined;
  const [username = ''] = localPart.toLowerCase().split('+', 1);
  const broken = rules?.find((rule) => !rule.allows(username));
  return broken ? { ok: false, reason: broken.reason } : { ok: true };
}
