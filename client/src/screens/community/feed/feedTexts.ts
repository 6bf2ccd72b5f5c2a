// Pure helpers of the feed's screens.

/** A poll option's share as the spec shows it: the percentage to 2 decimals. */
export function shareText(share: number): string {
  return `${(Number.isFinite(share) ? share : 0).toFixed(2)} %`;
}

/** Whether a poll shows its results: after the viewer voted, to its author, or once it takes no more votes. */
export function showsResults(post: { myVoteOptionId?: number | null; isMine: boolean }, closed = false): boolean {
  return post.myVoteOptionId != null || post.isMine || closed;
}

/** Whether a post's last day (YYYY-MM-DD) has gone by on the community's day. */
export function isExpired(expiresAt: string | null | undefined, today: string): boolean {
  return !!expiresAt && expiresAt < today;
}

/** Posts merged newest first by database id: `incoming` replaces those already shown, new ones join in order. */
export function mergePosts<P extends { databaseId: number }>(shown: readonly P[], incoming: readonly P[]): P[] {
  const byId = new Map<number, P>();
  for (const p of shown) byId.set(p.databaseId, p);
  for (const p of incoming) byId.set(p.databaseId, p);
  return [...byId.values()].sort((a, b) => b.databaseId - a.databaseId);
}

/** The options a poll form starts with, and one more or one less within 2 and 5. */
export function withOption(options: readonly string[], max = 5): string[] {
  return options.length >= max ? [...options] : [...options, ''];
}
export function withoutOption(options: readonly string[], index: number, min = 2): string[] {
  return options.length <= min ? [...options] : options.filter((_, i) => i !== index);
}

/** A video address the form accepts (YouTube or Vimeo) is shown as it is embedded; an image attachment inline. */
export function isImage(contentType: string): boolean {
  return /^image\/(png|jpe?g|webp|gif)$/i.test(contentType);
}
