import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseResidentFormQuery } from '../../__generated__/HouseResidentFormQuery.graphql';
import type { HouseResidentFormCreateMutation } from '../../__generated__/HouseResidentFormCreateMutation.graphql';
import type { HouseResidentFormUpdateMutation } from '../../__generated__/HouseResidentFormUpdateMutation.graphql';
import { email as emailCheck, phone as phoneCheck } from '../../../../core/validators.js';
import { checked } from '../../components/fields.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { Uploader } from '../../components/Uploader.js';

const query = graphql`
  query HouseResidentFormQuery($id: ID!, $edit: Boolean!) {
    houseRoles { databaseId name assignable }
    node(id: $id) @include(if: $edit) {
      ... on Resident {
        id databaseId houseDatabaseId houseLabel firstName lastName email mobile pending personalDataEditable roleDatabaseId
        accreditationFileId accreditationFileUrl accreditationFileName canEdit
      }
    }
  }
`;

const createMutation = graphql`
  mutation HouseResidentFormCreateMutation($input: CreateResidentInput!) {
    createResident(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateResidentSuccess { data { resident { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation HouseResidentFormUpdateMutation($input: UpdateResidentInput!) {
    updateResident(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateResidentSuccess { data { resident { id firstName lastName mobile roleDatabaseId accreditationFileUrl accreditationFileName canEdit canDelete role { name } } } }
    }
  }
`;

const phone = z.string().refine((v) => v.trim() === '' || phoneCheck(v) === null, 'El teléfono debe tener 10 dígitos');
const schema = z.object({
  email: z.string(),
  firstName: z.string().trim().min(1, 'Este campo es requerido'),
  lastName: z.string(),
  mobile: phone,
  roleId: z.string().min(1, 'Elige un rol'),
});
type Values = z.infer<typeof schema>;

/**
 * Register or edit a resident. /houses/residents/form and /houses/residents/{id} act on the viewer's
 * own house; /residents/form?houseId={id} and /residents/{id} are the administrator's variants.
 */
export default function HouseResidentForm() {
  const { residentId } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const admin = pathname.startsWith('/residents');
  const data = useLazyLoadQuery<HouseResidentFormQuery>(
    query,
    { id: btoa(`Resident:${residentId ?? 0}`), edit: !!residentId },
    { fetchPolicy: 'network-only' },
  );
  const existing = residentId ? (data.node?.databaseId !== undefined ? data.node : null) : null;
  if (residentId && !existing) return <Alert color="yellow">{t('residents.notFound')}</Alert>;
  const houseId = existing?.houseDatabaseId ?? (admin ? Number(search.get('houseId')) || null : null);
  if (admin && !houseId) return <Alert color="yellow">{t('residents.noHouse')}</Alert>;
  const back = admin ? `/houses/${houseId}/residents` : '/houses/residents';
  if (existing && !existing.canEdit) return <Alert color="yellow">{t('residents.cannotEdit')}</Alert>;
  return <ResidentFields roles={data.houseRoles} existing={existing} admin={admin} houseId={houseId} back={back} />;
}

interface Existing {
  id?: string;
  houseLabel?: string;
  firstName?: string;
  lastName?: string | null;
  email?: string;
  mobile?: string | null;
  /** An invitation not accepted yet: only the e-mail typed is known. */
  pending?: boolean;
  /** The person has not registered and belongs to no other community: their name and mobile may be corrected. */
  personalDataEditable?: boolean;
  roleDatabaseId?: number;
  accreditationFileId?: string | null;
  accreditationFileUrl?: string | null;
  accreditationFileName?: string | null;
}

function ResidentFields(props: {
  roles: readonly { databaseId: number; name: string; assignable: boolean }[];
  existing: Existing | null;
  admin: boolean;
  houseId: number | null;
  back: string;
}) {
  const { existing, admin, houseId, back } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useAppMutation<HouseResidentFormCreateMutation>(createMutation);
  const update = useAppMutation<HouseResidentFormUpdateMutation>(updateMutation);
  // undefined: keep the current file; null: remove it; a string: the newly uploaded file.
  const [fileId, setFileId] = useState<string | null | undefined>(undefined);
  // Name and mobile are theirs once the person registered or belongs to another community (or while invited).
  const personalLocked = !!existing && !existing.personalDataEditable;
  const schemaFor = existing ? (personalLocked ? schema.extend({ firstName: z.string() }) : schema) : schema.extend({ email: checked(emailCheck) });
  const { register, handleSubmit, control, formState } = useForm<Values>({
    resolver: zodResolver(schemaFor),
    defaultValues: {
      email: existing?.email ?? '',
      firstName: existing?.firstName ?? '',
      lastName: existing?.lastName ?? '',
      mobile: existing?.mobile ?? '',
      roleId: existing?.roleDatabaseId ? String(existing.roleDatabaseId) : '',
    },
  });
  // The current role stays visible even when the viewer could not assign it.
  const roles = props.roles.filter((r) => r.assignable || r.databaseId === existing?.roleDatabaseId);

  const save = handleSubmit(async (v) => {
    const person = { firstName: v.firstName.trim(), lastName: v.lastName.trim() || null, mobile: v.mobile.trim() || null, roleId: Number(v.roleId) };
    if (existing?.id) {
      // Locked personal data is not sent: the server keeps the person's own.
      const changes = personalLocked ? { roleId: person.roleId } : person;
      const result = await update.run(
        { input: { id: existing.id, ...changes, ...(fileId !== undefined ? { accreditationFileId: fileId } : {}) } },
        'updateResident',
      );
      if (!result) return;
      notify('success', t('residents.updated'));
    } else {
      const result = await create.run(
        { input: { houseId: admin && houseId ? btoa(`House:${houseId}`) : null, email: v.email.trim(), ...person, accreditationFileId: fileId ?? null } },
        'createResident',
      );
      if (!result) return;
      notify('success', t('residents.created'));
    }
    navigate(back);
  });

  const currentFile = fileId === undefined ? existing?.accreditationFileUrl : null;

  return (
    <Stack maw={560}>
      <div>
        <Title order={2}>{existing ? t('residents.editTitle') : t('residents.create')}</Title>
        {existing?.houseLabel && <Text c="dimmed">{t('residents.house', { label: existing.houseLabel })}</Text>}
      </div>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('residents.email')} type="email" disabled={!!existing} {...register('email')} error={formState.errors.email?.message} />
          {existing?.pending && <Alert color="yellow">{t('residents.invitedLocked')}</Alert>}
          {personalLocked && !existing?.pending && <Alert color="blue">{t('residents.personalLocked')}</Alert>}
          <TextInput label={t('residents.firstName')} disabled={personalLocked} {...register('firstName')} error={formState.errors.firstName?.message} />
          <TextInput label={t('residents.lastName')} disabled={personalLocked} {...register('lastName')} error={formState.errors.lastName?.message} />
          <TextInput label={t('residents.mobile')} disabled={personalLocked} {...register('mobile')} error={formState.errors.mobile?.message} />
          <Controller
            control={control}
            name="roleId"
            render={({ field, fieldState }) => (
              <Select
                label={t('residents.role')}
                data={roles.map((r) => ({ value: String(r.databaseId), label: r.name, disabled: !r.assignable }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('residents.accreditation')}
            </Text>
            {currentFile && (
              <Group mb="xs">
                <Anchor href={currentFile} target="_blank" rel="noopener">
                  {existing?.accreditationFileName ?? t('residents.viewFile')}
                </Anchor>
                <Button size="xs" variant="subtle" color="red" onClick={() => setFileId(null)}>
                  {t('residents.removeFile')}
                </Button>
              </Group>
            )}
            <Uploader
              endpoint="/api/1.0/files"
              maxSizeMb={10}
              pattern={/\.(pdf|png|jpe?g|webp)$/i}
              accept=".pdf,.png,.jpg,.jpeg,.webp"
              onUploaded={(id) => setFileId(id)}
              onRemoved={() => setFileId(existing?.accreditationFileId ? undefined : null)}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('residents.accreditationHint')}
            </Text>
          </div>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
