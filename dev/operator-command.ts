import { parseArgs } from 'node:util';
import { operatorRoles, type OperatorRole } from '../shared/db/schema';

export type OperatorCommand = { action: 'create'; name: string; email: string; role: OperatorRole } | { action: 'revoke'; email: string } | { action: 'list' };

export const OPERATOR_USAGE = `npm run operator -- create --name "Jane Doe" --email jane@example.com --role admin|support
npm run operator -- revoke --email jane@example.com
npm run operator -- list`;

/** Reads the command line of `npm run operator`; a mistake is an Error whose message says what is wrong. */
export function parseOperatorCommand(argv: string[]): OperatorCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  });
  const [action, ...rest] = positionals;
  if (rest.length > 0) throw new Error(`Unexpected argument ${rest[0]}.`);
  const email = values.email?.trim().toLowerCase();
  if (action === 'list') return { action };
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error('--email must be the operator’s email address.');
  if (action === 'revoke') return { action, email };
  if (action !== 'create') throw new Error(`Unknown command ${action ?? '(none)'}.`);
  const name = values.name?.trim();
  if (!name) throw new Error('--name must name the person: every operator action is recorded under it.');
  const role = values.role ?? 'support';
  if (!(operatorRoles as readonly string[]).includes(role)) throw new Error(`--role must be one of ${operatorRoles.join(', ')}.`);
  return { action, name, email, role: role as OperatorRole };
}
