// The package ships CommonJS without types: its module.exports is the array of role local parts.
declare module 'role-based-email-addresses' {
  const roleLocalParts: readonly string[];
  export default roleLocalParts;
}
