import { describe, expect, it } from 'vitest';
import { brandCase, isBrandSlug } from './name-case';

describe('brandCase', () => {
  it.each([
    ['consul', false, 'Consul'],
    ['retrofit', false, 'Retrofit'],
    ['quilkin', false, 'Quilkin'],
    ['starship', false, 'Starship'],

    ['healthchecks', true, 'Healthchecks'],
  ])('writes %s, a name said as a word, as a brand', (slug, namedForOwner, name) => {
    expect(brandCase(slug, namedForOwner)).toBe(name);
  });

  it.each([
    ['direnv', true],
    ['libuv', true],
    ['pgvector', true],
    ['httpx', false],
    ['gitui', false],
    ['commitlint', false],
    ['minikube', false],
    ['glibc', false],
    ['gnupg', false],
    ['javascript', false],
    ['pnpm', false],
    ['mgba', false],
    ['ofetch', false],
  ])('keeps %s, a command’s or a library’s name, as its makers type it', (slug, namedForOwner) => {
    expect(brandCase(slug, namedForOwner)).toBe(slug);
  });

  it('leaves short names, and names with capitals, digits or marks, as they are', () => {
    for (const slug of ['uv', 'mise', 'clap', 'zip2', 'node-red', 'OpenVPN', 'lazy.nvim']) expect(isBrandSlug(slug, true)).toBe(false);
  });

  it('takes an organisation named for the repository as a brand’s, where the name is not said as a word', () => {
    expect(brandCase('zettlr', true)).toBe('Zettlr');
    expect(brandCase('zettlr', false)).toBe('zettlr');
  });
});
