// What an owner change ended in, as the owner-change screen tells it: the server stores e-mails trimmed
// and lowercased, so the address typed is compared the same way.

/** The e-mail as the server keeps it (trimmed, lowercase). */
export const normalEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/** True when the person was invited (the house keeps its owner until they accept), not made the owner. */
export function ownerWasInvited(
  typedEmail: string,
  house: { pendingOwnerEmail?: string | null; owner?: { email: string } | null } | null | undefined,
): boolean {
  const typed = normalEmail(typedEmail);
  if (!house || !typed) return false;
  return normalEmail(house.pendingOwnerEmail) === typed && normalEmail(house.owner?.email) !== typed;
}
