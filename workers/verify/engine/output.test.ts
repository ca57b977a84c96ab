import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { checkEmailOutputSchema, checkEmailRequestSchema } from './output';
import { PROVIDERS, verifMethodField } from './providers';

describe('checkEmailRequestSchema', () => {
  it('needs only to_email, and fills in the defaults', () => {
    expect(checkEmailRequestSchema.parse({ to_email: 'jane@example.com' })).toEqual({
      to_email: 'jane@example.com',
      smtp_port: 25,
      check_avatar: false,
      strict_provider_rules: true,
      sandbox: false,
      webmail_a_verif_method: 'smtp',
      webmail_b_b2b_verif_method: 'smtp',
      webmail_b_b2c_verif_method: 'smtp',
      webmail_c_verif_method: 'smtp',
    });
  });

  it('takes every field', () => {
    const request = {
      to_email: 'jane@example.com',
      from_email: 'verify@example.org',
      hello_name: 'mail.example.org',
      smtp_port: 587,
      check_avatar: true,
      strict_provider_rules: false,
      sandbox: true,
      proxy: { host: 'proxy.example.org', port: 1080, username: 'user', password: 'secret' },
      webmail_a_verif_method: 'skip',
      webmail_b_b2b_verif_method: 'smtp',
      webmail_b_b2c_verif_method: 'skip',
      webmail_c_verif_method: 'skip',
    };
    expect(checkEmailRequestSchema.parse(request)).toEqual(request);
  });

  it('takes a malformed to_email: the syntax stage answers it', () => {
    expect(checkEmailRequestSchema.safeParse({ to_email: 'not an address' }).success).toBe(true);
  });

  const valid = { to_email: 'jane@example.com' };
  it.each<[string, Record<string, unknown>]>([
    ['no to_email', {}],
    ['an empty to_email', { to_email: '' }],
    ['a to_email over 512 characters', { to_email: `${'a'.repeat(501)}@example.com` }],
    ['port 26', { ...valid, smtp_port: 26 }],
    ['a port as a string', { ...valid, smtp_port: '25' }],
    ['a from_email carrying CR LF', { ...valid, from_email: 'verify@example.org\r\nRCPT TO:<victim@example.org>' }],
    ['a hello_name carrying CR LF', { ...valid, hello_name: 'mail.example.org\r\nMAIL FROM:<x@example.org>' }],
    ['a hello_name with a space', { ...valid, hello_name: 'mail example.org' }],
    ['the reserved api method', { ...valid, webmail_a_verif_method: 'api' }],
    ['an unknown method', { ...valid, webmail_c_verif_method: 'headless' }],
    ['a proxy without a port', { ...valid, proxy: { host: 'proxy.example.org' } }],
    ['a proxy on port 0', { ...valid, proxy: { host: 'proxy.example.org', port: 0 } }],
    ['a proxy on port 65536', { ...valid, proxy: { host: 'proxy.example.org', port: 65536 } }],
    ['a proxy host that is a URL', { ...valid, proxy: { host: 'socks5://proxy.example.org', port: 1080 } }],
  ])('refuses %s', (_, body) => {
    expect(checkEmailRequestSchema.safeParse(body).success).toBe(false);
  });

  it('has the method field of each webmail provider', () => {
    const fields = PROVIDERS.map(verifMethodField).filter((field) => field !== null);
    expect(new Set(fields).size).toBe(4);
    for (const field of fields) expect(checkEmailRequestSchema.shape).toHaveProperty(field);
  });
});

interface JsonSchema {
  description?: string;
  $ref?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
}

describe('the OpenAPI document of the engine’s schemas', () => {
  const app = new OpenAPIHono();
  app.openAPIRegistry.register('CheckEmailRequest', checkEmailRequestSchema);
  app.openAPIRegistry.register('CheckEmailOutput', checkEmailOutputSchema);
  const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'engine', version: '1.0.0' } });
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const schema = (name: string): JsonSchema => schemas[name] ?? {};

  it('requires every field of Reacher’s CheckEmailOutput, and ours', () => {
    const requires = (name: string, fields: string[]) => expect(schema(name).required).toEqual(expect.arrayContaining(fields));
    requires('CheckEmailOutput', ['input', 'is_reachable', 'syntax', 'mx', 'misc', 'smtp', 'debug', 'score', 'reason', 'provider']);
    requires('SyntaxDetails', ['address', 'domain', 'is_valid_syntax', 'username', 'normalized_email', 'suggestion']);
    requires('MxDetails', ['accepts_mail', 'records']);
    requires('MiscDetails', ['is_disposable', 'is_role_account', 'is_b2c', 'gravatar_url', 'haveibeenpwned']);
    requires('SmtpDetails', ['can_connect_smtp', 'has_full_inbox', 'is_catch_all', 'is_deliverable', 'is_disabled']);
    requires('DebugDetails', ['start_time', 'end_time', 'duration', 'server_name', 'smtp']);
    requires('CheckEmailInputProxy', ['host', 'port']);
    expect(schema('CheckEmailRequest').required).toEqual(['to_email']);
  });

  it('describes every field', () => {
    const documented = (property: JsonSchema) =>
      property.description !== undefined || (property.$ref !== undefined && schema(property.$ref.split('/').at(-1) ?? '').description !== undefined);
    const undocumented = (owner: JsonSchema, path: string): string[] =>
      Object.entries(owner.properties ?? {}).flatMap(([name, property]) => [
        ...(documented(property) ? [] : [`${path}.${name}`]),
        ...undocumented(property, `${path}.${name}`),
        ...(property.items ? undocumented(property.items, `${path}.${name}[]`) : []),
      ]);
    for (const [name, component] of Object.entries(schemas)) {
      expect(component.description, name).toBeDefined();
      expect(undocumented(component, name)).toEqual([]);
    }
  });

  it('lists the four SMTP ports, the method values and the sandbox triggers', () => {
    const properties = schema('CheckEmailRequest').properties ?? {};
    expect(properties.smtp_port).toMatchObject({ type: 'integer', enum: [25, 465, 587, 2525], default: 25 });
    expect(properties.webmail_b_b2c_verif_method).toMatchObject({ enum: ['smtp', 'skip'], default: 'smtp' });
    expect(properties.sandbox?.description).toContain('| `undeliverable` | `invalid` | `rejected_email` |');
  });

  it('shows the SMTP reply as nullable', () => {
    expect(schema('DebugDetails').properties?.smtp?.properties?.reply).toMatchObject({ anyOf: [expect.anything(), { type: 'null' }] });
  });
});
