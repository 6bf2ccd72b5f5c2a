import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Controller } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseResidentFormQuery } from '../../../__generated__/HouseResidentFormQuery.graphql';
import type { HouseResidentForm_resident$data, HouseResidentForm_resident$key } from '../../../__generated__/HouseResidentForm_resident.graphql';
import type { HouseResidentForm_roles$key } from '../../../__generated__/HouseResidentForm_roles.graphql';
import type { HouseResidentFormCreateMutation } from '../../../__generated__/HouseResidentFormCreateMutation.graphql';
import type { HouseResidentFormUpdateMutation } from '../../../__generated__/HouseResidentFormUpdateMutation.graphql';
import { EditResidentForm, NewResidentForm, RoleOnlyResidentForm } from '../../../../../core/residents.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { Uploader } from '../../../components/Uploader.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const houseResidentFormQuery = graphql`
  query HouseResidentFormQuery($id: ID!, $edit: Boolean!, $houseNodeId: ID!, $withHouse: Boolean!) {
    ...HouseResidentForm_roles
    node(id: $id) @include(if: $edit) { ...HouseResidentForm_resident @alias }
    house: node(id: $houseNodeId) @include(if: $withHouse) { ... on House { databaseId label } }
  }
`;

const rolesFragment = graphql`
  fragment HouseResidentForm_roles on Query { houseRoles { databaseId name assignable } }
`;

const residentFragment = graphql`
  fragment HouseResidentForm_resident on Resident {
    id houseDatabaseId houseLabel firstName lastName email mobile pending personalDataEditable roleDatabaseId
    accreditationFileId accreditationFileUrl accreditationFileName canEdit
  }
`;

const createMutation = graphql`
  mutation HouseResidentFormCreateMutation($input: CreateResidentInput!) {
    createResident(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateResidentSuccess { data { resident { id ...ResidentRow_resident } } }
    }
  }
`;

const updateMutation = graphql`
  mutation HouseResidentFormUpdateMutation($input: UpdateResidentInput!) {
    updateResident(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateResidentSuccess { data { resident { ...HouseResidentForm_resident ...ResidentRow_resident } } }
    }
  }
`;

/**
 * Register or edit a resident. /houses/residents/form and /houses/residents/{id} act on the viewer's
 * own house; /residents/form?houseId={id} and /residents/{id} are the administrator's variants.
 */
export default function HouseResidentForm({ queryRef }: ScreenProps<HouseResidentFormQuery>) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const data = usePreloadedQuery<HouseResidentFormQuery>(houseResidentFormQuery, queryRef);
  const admin = pathname.startsWith('/residents');
  const resident = useFragment<HouseResidentForm_resident$key>(residentFragment, data.node?.HouseResidentForm_resident ?? null);
  const houseId = resident?.houseDatabaseId ?? (admin ? (data.house?.databaseId ?? null) : null);
  const back = admin ? (houseId ? `/houses/${houseId}/residents` : '/owners') : '/houses/residents';

  if (queryRef.variables.edit && !resident) return <EmptyState title={t('residents.notFound')} action={{ label: t('residents.backToList'), to: back }} />;
  if (admin && !houseId)
    return <EmptyState title={t('residents.noHouse')} hint={t('residents.noHouseHint')} action={{ label: t('residents.toOwners'), to: '/owners' }} />;
  if (resident && !resident.canEdit) return <EmptyState title={t('residents.cannotEdit')} action={{ label: t('residents.backToList'), to: back }} />;
  const houseLabel = resident?.houseLabel ?? (admin ? data.house?.label : null) ?? null;
  return (
    <ResidentFields
      roles={data}
      resident={resident ?? null}
      houseNodeId={admin && houseId ? globalId('House', String(houseId)) : null}
      houseLabel={houseLabel}
      back={back}
    />
  );
}

type Resident = HouseResidentForm_resident$data;

function ResidentFields(props: {
  roles: HouseResidentForm_roles$key;
  resident: Resident | null;
  houseNodeId: string | null;
  houseLabel: string | null;
  back: string;
}) {
  const { resident, houseNodeId, back } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { houseRoles } = useFragment<HouseResidentForm_roles$key>(rolesFragment, props.roles);
  const create = useAppMutation<HouseResidentFormCreateMutation>(createMutation);
  const update = useAppMutation<HouseResidentFormUpdateMutation>(updateMutation);
  // undefined: keep the current file; null: remove it; a string: the newly uploaded file.
  const [fileId, setFileId] = useState<string | null | undefined>(undefined);
  // Name and mobile are theirs once the person registered or belongs to another community (or while invited).
  const personalLocked = !!resident && !resident.personalDataEditable;
  const schema = !resident ? NewResidentForm : personalLocked ? RoleOnlyResidentForm : EditResidentForm;
  const form = useZodForm(schema as typeof NewResidentForm, {
    defaultValues: {
      email: resident?.email ?? '',
      firstName: resident?.firstName ?? '',
      lastName: resident?.lastName ?? '',
      mobile: resident?.mobile ?? '',
      roleId: resident?.roleDatabaseId,
    },
  });
  // The current role stays visible even when the viewer could not assign it.
  const roles = houseRoles.filter((r) => r.assignable || r.databaseId === resident?.roleDatabaseId);

  const save = form.handleSubmit(async (values) => {
    let ok: unknown;
    if (resident) {
      // Locked personal data is not sent (the schema keeps only the role): the server keeps the person's own.
      const { email: _email, ...changes } = values;
      ok = await update.run({ input: { id: resident.id, ...changes, ...(fileId !== undefined ? { accreditationFileId: fileId } : {}) } }, 'updateResident', {
        form,
        success: t('residents.updated'),
      });
    } else {
      ok = await create.run({ input: { houseId: houseNodeId, ...values, accreditationFileId: fileId ?? null } }, 'createResident', {
        form,
        success: t('residents.created'),
      });
    }
    if (ok) navigate(back);
  });

  const currentFile = fileId === undefined ? resident?.accreditationFileUrl : null;

  return (
    <Stack maw={640}>
      <PageHeader
        title={resident ? t('residents.editTitle') : t('residents.create')}
        description={props.houseLabel ? t('residents.house', { label: props.houseLabel }) : undefined}
        secondary={{ label: t('residents.backToList'), to: back }}
      />
      <form onSubmit={save} noValidate>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack>
            <TextInput
              label={t('residents.email')}
              type="email"
              required={!resident}
              disabled={!!resident}
              description={resident ? undefined : t('residents.emailHint')}
              {...field(form, 'email')}
            />
            {resident?.pending && <Alert color="yellow">{t('residents.invitedLocked')}</Alert>}
            {personalLocked && !resident?.pending && <Alert color="blue">{t('residents.personalLocked')}</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('residents.firstName')} required={!personalLocked} disabled={personalLocked} {...field(form, 'firstName')} />
              <TextInput label={t('residents.lastName')} disabled={personalLocked} {...field(form, 'lastName')} />
              <TextInput label={t('residents.mobile')} inputMode="tel" disabled={personalLocked} {...field(form, 'mobile')} />
              <Controller
                control={form.control}
                name="roleId"
                render={({ field: role }) => (
                  <Select
                    label={t('residents.role')}
                    required
                    data={roles.map((r) => ({ value: String(r.databaseId), label: r.name, disabled: !r.assignable }))}
                    value={role.value ? String(role.value) : null}
                    onChange={(v) => role.onChange(v ? Number(v) : undefined)}
                    onBlur={role.onBlur}
                    error={fieldError(form, 'roleId')}
                    allowDeselect={false}
                  />
                )}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('residents.accreditation')}
              </Text>
              {currentFile && (
                <Group gap="xs">
                  <Anchor href={currentFile} target="_blank" rel="noopener" size="sm">
                    {resident?.accreditationFileName ?? t('residents.viewFile')}
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
                hint={t('residents.accreditationHint')}
                onUploaded={(id) => setFileId(id)}
                onRemoved={() => setFileId(resident?.accreditationFileId ? undefined : null)}
              />
            </Stack>
            <Group>
              <Button type="submit" loading={create.inFlight || update.inFlight}>
                {t('common.save')}
              </Button>
              <Button variant="default" component={Link} to={back}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
