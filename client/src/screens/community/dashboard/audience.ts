// Whom "/" speaks to, from the account's grants (roles are the community's to rename and change, grants are
// what the account may do): the administration, the configuration administrator, a house account that pays
// its receipts or one that only lives there, or the security staff.
export type Audience = 'admin' | 'config' | 'payer' | 'dweller' | 'security' | 'member';

const holds = (grants: ReadonlySet<string>, pattern: RegExp) => [...grants].some((g) => pattern.test(g));

export function audienceOf(grants: ReadonlySet<string>, hasHouse: boolean): Audience {
  if (hasHouse) return holds(grants, /^[OS]ReceiptsRead$/) ? 'payer' : 'dweller';
  if (holds(grants, /^A[A-Z]/)) return 'admin';
  if (holds(grants, /^C[A-Z]/)) return 'config';
  if (holds(grants, /^Sec[A-Z]/)) return 'security';
  return 'member';
}
