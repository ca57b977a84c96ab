/** Why an address failed the syntax stage. */
export const INVALID_SYNTAX_REASONS = [
  'empty',
  'control_character',
  'missing_at',
  'empty_local_part',
  'non_ascii_local_part',
  'local_part_too_long',
  'invalid_local_part',
  'domain_literal',
  'invalid_domain',
  'domain_too_long',
  'address_too_long',
] as const;
export type InvalidSyntaxReason = (typeof INVALID_SYNTAX_REASONS)[number];
