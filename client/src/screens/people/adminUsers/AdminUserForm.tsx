import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { fetchQuery, graphql, useFragment, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminUserFormQuery } from '../../../__generated__/AdminUserFormQuery.graphql';
import type { AdminUserForm_user$key } from '../../../__generated__/AdminUserForm_user.graphql';
import type { AdminUserForm_roles$key } from '../../../__generated__/AdminUserForm_roles.graphql';
import type { AdminUserFormLookupQuery, AdminUserFormLookupQuery$data } from '../../../__generated__/AdminUserFormLookupQuery.graphql';
import type { AdminUserFormCreateMutation } from '../../../__generated__/AdminUserFormCreateMutation.graphql';
import type { AdminUserFormUpdateMutation } from '../../../__generated__/AdminUserFormUpdateMutation.graphql';
import { AdminUserRoleSchema, AdminUserSchema, EmailSchema, ROLE_REQUIRED } from '../../../../../core/adminUsers.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const adminUserFormQuery = graphql`
  query AdminUserFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...AdminUserForm_user @alias }
    ...AdminUserForm_roles
  }
`;

const userFragment = graphql`
  fragment AdminUserForm_user on AdministrationUser { id firstName lastName email pending personalDataEditable isViewer role { id } }
`;

const rolesFragment = graphql`
  fragment AdminUserForm_roles on Query { administrationRoles { id name } }
`;

const lookupQuery = graphql`
  query AdminUserFormLookupQuery($email: String!) {
    userByEmail(email: $email) { email firstName lastName administrationUser { id } }
  }
`;

const createMutation = graphql`
  mutation AdminUserFormCreateMutation($input: CreateAdministrationUserInput!) {
    createAdministrationUser(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateAdministrationUserSuccess { data { administrationUser { id pendingSignup } } }
    }
  }
`;

const updateMutation = graphql`
  mutation AdminUserFormUpdateMutation($input: UpdateAdministrationUserInput!) {
    updateAdministrationUser(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateAdministrationUserSuccess { data { administrationUser { id firstName lastName email pendingSignup role { id name } } } }
    }
  }
`;

const LIST = '/neighborhood/settings/users';

// The browser picks the role by its global ID; the server decodes it to the number the core schema takes.
const roleChoice = z.string(ROLE_REQUIRED).min(1, ROLE_REQUIRED);
const UserFormSchema = AdminUserSchema.extend({ roleId: roleChoice });
/** An invitation not accepted yet: only the role changes (the server's AdminUserRoleSchema); the rest is shown as is. */
const InvitedFormSchema = AdminUserRoleSchema.extend({ roleId: roleChoice, email: z.string(), firstName: z.string(), lastName: z.string().nullish() });

/** /neighborhood/settings/users/form and /{id}/edit: create (e-mail first, prefilled from a person of the community) or edit. */
export default function AdminUserForm({ queryRef }: ScreenProps<AdminUserFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<AdminUserFormQuery>(adminUserFormQuery, queryRef);
  const user = data.node?.AdminUserForm_user ?? null;
  if (queryRef.variables.edit && !user) return <Alert color="yellow">{t('adminUsers.notFound')}</Alert>;
  return <AdminUserFields user={user} roles={data} />;
}

type Lookup = AdminUserFormLookupQuery$data['userByEmail'];

function AdminUserFields({ user: userKey, roles: rolesKey }: { user: AdminUserForm_user$key | null; roles: AdminUserForm_roles$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const existing = useFragment(userFragment, userKey);
  const { administrationRoles } = useFragment(rolesFragment, rolesKey);
  const schema = useMemo(() => (existing?.pending ? InvitedFormSchema : UserFormSchema), [existing?.pending]);
  const form = useZodForm(schema, {
    defaultValues: {
      email: existing?.email ?? '',
      firstName: existing?.firstName ?? '',
      lastName: existing?.lastName ?? '',
      roleId: existing?.role.id ?? '',
    },
  });
  const [lookup, setLookup] = useState<{ email: string; found: Lookup } | null>(null);
  const [looking, setLooking] = useState(false);
  const create = useAppMutation<AdminUserFormCreateMutation>(createMutation);
  const update = useAppMutation<AdminUserFormUpdateMutation>(updateMutation);

  const email = (form.watch('email') ?? '').trim().toLowerCase();
  const found = lookup && lookup.email === email ? lookup.found : null;
  const personalLocked = existing ? !existing.personalDataEditable : !!found;
  const alreadyAdmin = !existing && !!found?.administrationUser;

  // Create: once the e-mail is complete, look the person up and take their registered name.
  const lookUp = async () => {
    if (existing || !EmailSchema.safeParse({ email }).success || lookup?.email === email) return;
    setLooking(true);
    try {
      const result = await fetchQuery<AdminUserFormLookupQuery>(environment, lookupQuery, { email }, { fetchPolicy: 'network-only' }).toPromise();
      const person = result?.userByEmail ?? null;
      setLookup({ email, found: person });
      if (person) {
        form.setValue('firstName', person.firstName, { shouldValidate: true });
        form.setValue('lastName', person.lastName ?? '');
      }
    } catch {
      setLookup(null);
    } finally {
      setLooking(false);
    }
  };

  const save = form.handleSubmit(async (values) => {
    // An invitation keeps the e-mail typed; the person's name is theirs (the server changes only the role).
    const person = existing?.pending
      ? { email: existing.email, firstName: existing.firstName, lastName: existing.lastName ?? null }
      : { email: values.email, firstName: values.firstName, lastName: values.lastName ?? null };
    const input = { ...person, roleId: values.roleId };
    const ok = existing
      ? await update.run({ input: { id: existing.id, ...input } }, 'updateAdministrationUser', { form, success: t('adminUsers.updated') })
      : await create.run({ input }, 'createAdministrationUser', { form, success: t('adminUsers.created') });
    if (ok) navigate(LIST);
  });

  const emailField = field(form, 'email');
  return (
    <Stack maw={640}>
      <PageHeader title={existing ? t('adminUsers.editTitle') : t('adminUsers.create')} secondary={{ label: t('common.back'), to: LIST }} />
      <form onSubmit={save} noValidate>
        <Stack>
          {existing?.pending && <Alert color="blue">{t('adminUsers.invitedLocked')}</Alert>}
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput
                label={t('adminUsers.email')}
                type="email"
                required
                {...emailField}
                disabled={!!existing && !existing.personalDataEditable}
                onBlur={(e) => {
                  void emailField.onBlur(e);
                  void lookUp();
                }}
                rightSection={looking ? <Loader size="xs" /> : null}
              />
              {found && !alreadyAdmin && (
                <Text size="sm" c="dimmed">
                  {t('adminUsers.existingPerson')}
                </Text>
              )}
              {alreadyAdmin && <Alert color="yellow">{t('adminUsers.alreadyAdmin', { email })}</Alert>}
              {existing && !existing.personalDataEditable && !existing.pending && (
                <Text size="sm" c="dimmed">
                  {t('adminUsers.personalLocked')}
                </Text>
              )}
              {!existing?.pending && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('adminUsers.firstName')} required {...field(form, 'firstName')} disabled={personalLocked} />
                  <TextInput label={t('adminUsers.lastName')} {...field(form, 'lastName')} disabled={personalLocked} />
                </SimpleGrid>
              )}
              <Controller
                control={form.control}
                name="roleId"
                render={({ field: f }) => (
                  <Select
                    label={t('adminUsers.role')}
                    placeholder={t('adminUsers.chooseRole')}
                    required
                    data={administrationRoles.map((r) => ({ value: r.id, label: r.name }))}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ?? '')}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    disabled={!!existing?.isViewer}
                    description={existing?.isViewer ? t('adminUsers.ownRole') : undefined}
                    allowDeselect={false}
                    error={fieldError(form, 'roleId')}
                  />
                )}
              />
            </Stack>
          </Paper>
          {!existing && (
            <Text size="sm" c="dimmed">
              {t('adminUsers.invitationHint')}
            </Text>
          )}
          <Group>
            <Button type="submit" disabled={alreadyAdmin} loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={LIST}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
