// The community's feed (spec 3 sections 3 to 9): one zod schema for the browser's post form and the server,
// the poll's rules and figures, and who reads a post by its privacy.
import { z } from 'zod';
import { addDays } from './amenitySlots.js';
import { boundedText, isCalendarDay } from './input.js';

export const POST_TYPES = ['TEXT', 'POLL'] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_PRIVACIES = ['NEIGHBORS', 'OWNERS', 'ONLY_ME'] as const;
export type PostPrivacy = (typeof POST_PRIVACIES)[number];
export const POST_PRIVACY_NAMES: Record<PostPrivacy, string> = {
  NEIGHBORS: 'Todos los vecinos',
  OWNERS: 'Solo propietarios',
  ONLY_ME: 'Solo yo',
};

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 5;
/** The feed pages by 10 posts; comments by 20 (spec 3 section 9). */
export const FEED_PAGE = 10;
export const COMMENTS_PAGE = 20;

export const FEED_MESSAGES = {
  created: 'La publicación ha sido creada',
  deleted: 'La publicación ha sido eliminada',
  deleteFailed: 'La publicación no pudo ser eliminada',
  voted: 'Tu voto fue completado !Gracias por participar!',
  alreadyVoted: 'Ya votaste en esta encuesta',
  commentAdded: 'El comentario ha sido agregado',
  commentDeleted: 'El comentario ha sido eliminado',
  commentDeleteFailed: 'El comentario no pudo ser eliminado',
  commentsOff: 'Los comentarios están desactivados en esta publicación',
  textRequired: 'Escribe el texto de la publicación',
  optionsRange: `Una encuesta tiene de ${MIN_OPTIONS} a ${MAX_OPTIONS} opciones`,
  optionRequired: 'Escribe el texto de cada opción',
  pollPrivacy: 'Una encuesta es para todos los vecinos o solo para propietarios',
  expiryAfterTomorrow: 'La fecha de vigencia debe ser posterior a mañana',
  expiryInvalid: 'La fecha de vigencia debe tener el formato AAAA-MM-DD',
  commentRequired: 'Escribe el comentario',
  videoHost: 'Solo se pueden insertar videos de YouTube o Vimeo',
  tooManyAttachments: 'Adjunta como máximo 10 archivos',
} as const;

/** Hosts whose videos a post may embed; the client's Content-Security-Policy frames only these (frame-src). */
export const EMBED_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * A video link as its embed address, or null when it is not a YouTube or Vimeo video: youtube.com/watch?v=ID,
 * youtu.be/ID, youtube.com/embed/ID and /shorts/ID become youtube-nocookie.com/embed/ID; vimeo.com/ID becomes
 * player.vimeo.com/video/ID.
 */
export function embedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined) => (value && /^[A-Za-z0-9_-]{6,20}$/.test(value) ? value : null);
  let youtube: string | null = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    youtube = first === 'watch' ? id(url.searchParams.get('v')) : first === 'embed' || first === 'shorts' ? id(second) : null;
  } else if (host === 'youtu.be') youtube = id(url.pathname.split('/')[1]);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const match = /^\/(?:video\/)?(\d{4,12})\/?$/.exec(url.pathname);
    if (match) return `https://player.vimeo.com/video/${match[1]}`;
  }
  return null;
}

/** The post form; `postFields(today)` checks the expiry against the community's day. */
export const PostFields = z.object({
  type: z
    .enum(POST_TYPES, 'Elige si es una publicación o una encuesta')
    .nullish()
    .transform((v) => v ?? 'TEXT'),
  text: boundedText(5_000, 'El texto de la publicación'),
  privacy: z
    .enum(POST_PRIVACIES, 'Elige quién puede ver la publicación')
    .nullish()
    .transform((v) => v ?? 'NEIGHBORS'),
  expiresAt: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v?.trim() || null),
  options: z.array(z.string().max(2_000)).max(20).nullish(),
  commentsEnabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  sendEmail: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  houseTypeIds: z.array(z.number().int().positive().max(2_147_483_647)).max(100).nullish(),
  attachmentFileIds: z.array(z.string().max(300)).max(100).nullish(),
  videoUrl: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v?.trim() || null),
});
export type PostInput = z.input<typeof PostFields>;

/**
 * A post's rules (spec 3 sections 5 and 6): text required; a poll has 2 to 5 options, each with text, for
 * everyone or owners only (ONLY_ME is for text); an expiry date, when given, after tomorrow.
 */
export function postFields(today: string) {
  return PostFields.transform((v) => ({
    ...v,
    options: v.type === 'POLL' ? (v.options ?? []).map((o) => o.trim()) : [],
    houseTypeIds: [...new Set(v.houseTypeIds ?? [])],
    attachmentFileIds: [...new Set((v.attachmentFileIds ?? []).map((a) => a.trim().split('/').pop() ?? '').filter(Boolean))],
    videoUrl: v.videoUrl ? (embedUrl(v.videoUrl) ?? v.videoUrl) : null,
  })).superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.text) issue('text', FEED_MESSAGES.textRequired);
    if (v.type === 'POLL') {
      if (v.options.length < MIN_OPTIONS || v.options.length > MAX_OPTIONS) issue('options', FEED_MESSAGES.optionsRange);
      else if (v.options.some((o) => o === '' || o.length > 200)) issue('options', FEED_MESSAGES.optionRequired);
      if (v.privacy === 'ONLY_ME') issue('privacy', FEED_MESSAGES.pollPrivacy);
    }
    if (v.videoUrl && !embedUrl(v.videoUrl)) issue('videoUrl', FEED_MESSAGES.videoHost);
    if (v.attachmentFileIds.length > 10) issue('attachmentFileIds', FEED_MESSAGES.tooManyAttachments);
    if (v.expiresAt !== null) {
      if (!isCalendarDay(v.expiresAt)) issue('expiresAt', FEED_MESSAGES.expiryInvalid);
      else if (v.expiresAt <= addDays(today, 1)) issue('expiresAt', FEED_MESSAGES.expiryAfterTomorrow);
    }
  });
}

/** A poll's option shares: percentages of all votes to 2 decimals (0 with no votes). */
export function voteShares(votes: readonly number[]): number[] {
  const total = votes.reduce((a, b) => a + b, 0);
  return votes.map((v) => (total === 0 ? 0 : Math.round((v / total) * 10_000) / 100));
}

export const CommentFields = z.object({
  text: boundedText(2_000, 'El comentario').refine((v) => v !== '', FEED_MESSAGES.commentRequired),
});
