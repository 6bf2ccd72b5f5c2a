// GraphQL of shared files (service.ts): the list the viewer reads, one file, share, edit, delete, and the upload rules.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { personName } from '../../../../core/houseLabel.js';
import { FILE_ACCESS_NAMES, FILE_ACCESSES } from '../../../../core/sharedFiles.js';
import { builder, grants, idempotencyKeyField, idPageArgs, keysetConnection, keysetPage, parseIdCursor, selectsField } from '../../../graphql/builder.js';
import { holdsAny } from '../../../auth/houseScope.js';
import { FILES_PATH } from '../../../infra/files/http.js';
import { InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import {
  createSharedFile,
  deleteSharedFile,
  FILE_CREATORS,
  FILE_DELETERS,
  FILE_UPDATERS,
  getSharedFile,
  listSharedFiles,
  type SharedFileRow,
  updateSharedFile,
  uploadConfig,
} from './service.js';

const idOf = (id: { typename: string; id: string }) => (id.typename === 'SharedFile' ? rowId(id.id) : -1);

export const SharedFileAccessEnum = builder.enumType('SharedFileAccess', {
  description: 'NEIGHBORS everyone of the community; OWNERS house owners and the administration; ONLY_ME the administration',
  values: FILE_ACCESSES,
});

export const SharedFileRef = builder.objectRef<SharedFileRow>('SharedFile').implement({
  description: 'A file the administration shares with the community (spec 3 "Shared file")',
  fields: (t) => ({
    id: t.id({ resolve: (f) => encodeGlobalID('SharedFile', f.id) }),
    databaseId: t.exposeInt('id'),
    fileName: t.exposeString('fileName'),
    tags: t.exposeStringList('tags'),
    access: t.field({ type: SharedFileAccessEnum, resolve: (f) => f.access }),
    accessName: t.string({ resolve: (f) => FILE_ACCESS_NAMES[f.access] }),
    storedFileId: t.string({ resolve: (f) => f.storedFileId }),
    downloadUrl: t.string({ description: 'GET it to download (the files endpoint checks the access)', resolve: (f) => `${FILES_PATH}/${f.storedFileId}` }),
    originalName: t.string({ resolve: (f) => f.storedFile.name }),
    size: t.int({ resolve: (f) => f.storedFile.size }),
    contentType: t.string({ resolve: (f) => f.storedFile.contentType }),
    createdByName: t.string({ resolve: (f) => personName(f.createdBy) }),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
    canUpdate: t.boolean({ resolve: (_f, _a, ctx) => holdsAny(ctx, FILE_UPDATERS) }),
    canDelete: t.boolean({ resolve: (_f, _a, ctx) => holdsAny(ctx, FILE_DELETERS) }),
  }),
});

const SharedFileConnectionRef = builder.connectionObject({
  type: SharedFileRef,
  name: 'SharedFileConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const SharedFileFilterInput = builder.inputType('SharedFileFilter', {
  fields: (t) => ({
    search: t.string({ required: false, description: 'Part of the name, or a whole tag' }),
    tag: t.string({ required: false }),
    access: t.field({ type: SharedFileAccessEnum, required: false }),
  }),
});

builder.queryField('sharedFiles', (t) =>
  t.field({
    type: SharedFileConnectionRef,
    description: "The community's shared files the viewer may read, newest first (GET files)",
    authScopes: { signedIn: true },
    args: { filter: t.arg({ type: SharedFileFilterInput, required: false }), ...idPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseIdCursor);
      const f = args.filter ?? {};
      const { rows, total } = await listSharedFiles(
        ctx,
        { search: f.search?.slice(0, 200) ?? null, tag: f.tag?.slice(0, 200) ?? null, access: f.access ?? null },
        page,
        selectsField(info, 'totalCount'),
      );
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

builder.queryField('sharedFile', (t) =>
  t.field({
    type: SharedFileRef,
    description: 'One shared file the viewer may read (GET files/{id})',
    authScopes: { signedIn: true },
    errors: { types: [NotFoundError] },
    args: { fileId: t.arg.globalID({ required: true }) },
    resolve: (_r, { fileId }, ctx) => getSharedFile(ctx, idOf(fileId)),
  }),
);

const UploadConfigRef = builder.objectRef<ReturnType<typeof uploadConfig>>('SharedFileUploadConfig').implement({
  description: 'What an upload to POST /api/1.0/files may be (OPTIONS files/config)',
  fields: (t) => ({
    maxSize: t.exposeInt('maxSize', { description: 'Bytes' }),
    pattern: t.exposeString('pattern', { description: "A regular expression the file's name matches" }),
    extensions: t.exposeStringList('extensions'),
    contentTypes: t.exposeStringList('contentTypes'),
  }),
});

builder.queryField('sharedFileUploadConfig', (t) => t.field({ type: UploadConfigRef, authScopes: { signedIn: true }, resolve: () => uploadConfig() }));

const fieldsInput = (f: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  fileName: f.string({ required: true }),
  tags: f.stringList({ required: false }),
  access: f.field({ type: SharedFileAccessEnum, required: false, description: 'NEIGHBORS by default' }),
  storedFileId: f.string({ required: false, description: 'An upload of POST /api/1.0/files (required to share; on edit, a new one replaces the file)' }),
  idempotencyKey: idempotencyKeyField(f),
});

const SharedFilePayloadRef = builder.objectRef<{ file: SharedFileRow; message: string }>('SharedFilePayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), file: t.field({ type: SharedFileRef, resolve: (p) => p.file }) }),
});

builder.mutationField('createSharedFile', (t) =>
  t.field({
    type: SharedFilePayloadRef,
    description: 'Share an upload with the community (POST files)',
    ...grants(...FILE_CREATORS),
    errors: { types: [InputError] },
    args: { input: t.arg({ type: builder.inputType('CreateSharedFileInput', { fields: fieldsInput }), required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { idempotencyKey, ...fields } = input;
      return createSharedFile(ctx, fields, idempotencyKey);
    },
  }),
);

builder.mutationField('updateSharedFile', (t) =>
  t.field({
    type: SharedFilePayloadRef,
    description: 'Edit a shared file (PUT files/{id})',
    ...grants(...FILE_UPDATERS),
    errors: { types: [InputError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateSharedFileInput', { fields: (f) => ({ fileId: f.globalID({ required: true }), ...fieldsInput(f) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { fileId, idempotencyKey, ...fields } = input;
      return updateSharedFile(ctx, idOf(fileId), fields, idempotencyKey);
    },
  }),
);

const DeletedSharedFileRef = builder.objectRef<{ id: number; message: string }>('DeletedSharedFile').implement({
  fields: (t) => ({ fileDatabaseId: t.exposeInt('id'), message: t.exposeString('message') }),
});

builder.mutationField('deleteSharedFile', (t) =>
  t.field({
    type: DeletedSharedFileRef,
    description: 'Stop sharing a file (DELETE files/{id})',
    ...grants(...FILE_DELETERS),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteSharedFileInput', {
          fields: (f) => ({ fileId: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteSharedFile(ctx, idOf(input.fileId), input.idempotencyKey),
  }),
);
