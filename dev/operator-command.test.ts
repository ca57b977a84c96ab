import { describe, expect, it } from 'vitest';
import { parseOperatorCommand } from './operator-command';

describe('npm run operator', () => {
  it('reads create, revoke and list', () => {
    expect(parseOperatorCommand(['create', '--name', ' Jane Doe ', '--email', 'Jane@Example.com', '--role', 'admin'])).toEqual({
      action: 'create',
      name: 'Jane Doe',
      email: 'jane@example.com',
      role: 'admin',
    });
    expect(parseOperatorCommand(['create', '--name', 'Sam', '--email', 'sam@example.com'])).toMatchObject({ role: 'support' });
    expect(parseOperatorCommand(['revoke', '--email', 'sam@example.com'])).toEqual({ action: 'revoke', email: 'sam@example.com' });
    expect(parseOperatorCommand(['list'])).toEqual({ action: 'list' });
  });

  it.each([
    [['create', '--email', 'sam@example.com'], /--name/],
    [['create', '--name', 'Sam', '--email', 'not an email'], /--email/],
    [['create', '--name', 'Sam', '--email', 'sam@example.com', '--role', 'root'], /--role/],
    [['promote', '--email', 'sam@example.com'], /Unknown command promote/],
    [['list', 'extra'], /Unexpected argument extra/],
    [['create', '--nmae', 'Sam'], /nmae/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOperatorCommand(argv)).toThrow(message);
  });
});
