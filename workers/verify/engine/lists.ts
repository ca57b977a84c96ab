import disposableDomainList from 'disposable-email-domains-js/dist/dict/disposable_email_blocklist.json';
import freeProviderDomainList from 'email-providers/all.json';
import roleLocalPartList from 'role-based-email-addresses';

// The lists are maintained npm packages, imported as data so that the Worker bundle carries them
// (the packages' own entry points use `require` of a path, or `createRequire`, which a Worker has
// no use for). Each is turned into a Set once, when the isolate first loads this module.

/** The lists compare ASCII names; a few entries are written in Unicode (`müll.email`). */
function asciiDomain(domain: string): string {
  return /^[\x00-\x7f]*$/.test(domain) ? domain.toLowerCase() : new URL(`http://${domain}`).hostname;
}

const disposableDomains = new Set(disposableDomainList.map(asciiDomain));
const freeProviderDomains = new Set(freeProviderDomainList.map(asciiDomain));
const roleLocalParts = new Set(roleLocalPartList.map((localPart) => localPart.toLowerCase()));

/**
 * Whether a domain (ASCII, as the syntax stage returns it) belongs to a disposable-address service.
 * A subdomain of a listed domain counts too: these services hand out `anything.their-domain`.
 */
export function isDisposable(domain: string): boolean {
  for (let name = domain.toLowerCase(); name.includes('.'); name = name.slice(name.indexOf('.') + 1)) {
    if (disposableDomains.has(name)) return true;
  }
  return false;
}

/** Whether a local part names a role (info@, sales@, postmaster@) rather than a person; a `+tag` is ignored. */
export function isRoleAccount(localPart: string): boolean {
  const [base = ''] = localPart.toLowerCase().split('+', 1);
  return roleLocalParts.has(base);
}

/**
 * Whether a domain is a free or consumer mail provider (gmail.com, web.de, …): Reacher's `is_b2c`.
 * Exact names only: a company's subdomain of a provider is not the provider's consumer service.
 */
export function isFreeProvider(domain: string): boolean {
  return freeProviderDomains.has(domain.toLowerCase());
}
