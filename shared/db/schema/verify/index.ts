export * from './api-keys';
export * from './memberships';
export * from './plans';
export * from './schema';
export * from './subscriptions';
export * from './tenants';
export * from './usage-ledger';
export * from './users';
