// Files the administration shares with the community (spec 3 "Shared file"): one zod schema for the browser's
// form and the server, and who reads a file by its access (docs/decisions.md «Shared files»).
import { z } from 'zod';
import { boundedText } from './input.js';

export const FILE_ACCESSES = ['NEIGHBORS', 'OWNERS', 'ONLY_ME'] as const;
export type FileAccess = (typeof FILE_ACCESSES)[number];
export const FILE_ACCESS_NAMES: Record<FileAccess, string> = {
  NEIGHBORS: 'Todos los vecinos',
  OWNERS: 'Solo propietarios',
  ONLY_ME: 'Solo la administración',
};

export const MAX_TAGS = 10;
export const MAX_TAG = 40;

export const SHARED_FILE_MESSAGES = {
  created: 'El archivo ha sido compartido',
  updated: 'El archivo ha sido actualizado',
  deleted: 'El archivo ha sido eliminado',
  fileRequired: 'Sube el archivo que vas a compartir',
  tooManyTags: `Usa como máximo ${MAX_TAGS} etiquetas`,
  tagTooLong: `Cada etiqueta debe tener como máximo ${MAX_TAG} caracteres`,
} as const;

/** Tags as typed (a comma list, or a list): trimmed, blanks dropped, repeated ones once (case-insensitive), in order. */
export function tagsOf(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag.toLocaleLowerCase('es'))) {
      seen.add(tag.toLocaleLowerCase('es'));
      tags.push(tag);
    }
  }
  return tags;
}

export const SharedFileFields = z.object({
  fileName: boundedText(200, 'El nombre del archivo', { required: true }),
  tags: z
    .union([z.string().max(2_000), z.array(z.string().max(400)).max(100)])
    .nullish()
    .transform((v) => tagsOf(v))
    .refine((tags) => tags.length <= MAX_TAGS, SHARED_FILE_MESSAGES.tooManyTags)
    .refine((tags) => tags.every((t) => t.length <= MAX_TAG), SHARED_FILE_MESSAGES.tagTooLong),
  access: z
    .enum(FILE_ACCESSES, 'Elige quién puede ver el archivo')
    .nullish()
    .transform((v) => v ?? 'NEIGHBORS'),
  storedFileId: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v || null),
});
export type SharedFileInput = z.input<typeof SharedFileFields>;

/** Who reads a file of this access: the administration every one; owners NEIGHBORS and OWNERS; everyone else NEIGHBORS. */
export function fileAccessesFor(viewer: { admin: boolean; owner: boolean }): FileAccess[] {
  if (viewer.admin) return [...FILE_ACCESSES];
  return viewer.owner ? ['NEIGHBORS', 'OWNERS'] : ['NEIGHBORS'];
}
